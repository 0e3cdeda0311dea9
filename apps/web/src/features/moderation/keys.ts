/** Query keys of a community's bans and moderation log (zod-free), under the communities' root key. */
const root = ['groups'] as const;

export const moderationKeys = {
  bans: (groupId: number) => [...root, 'bans', groupId] as const,
  modlog: (groupId: number) => [...root, 'modlog', groupId] as const,
};
