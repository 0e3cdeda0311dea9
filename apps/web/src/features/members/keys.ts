/**
 * Query keys of a community's members, join requests and invitations (zod-free). They sit under the communities'
 * root key (`['groups']`, features/groups/keys.ts), so refreshing every community query refreshes these too.
 */
const root = ['groups'] as const;

export const memberKeys = {
  members: (groupId: number) => [...root, 'members', groupId] as const,
  memberSearch: (groupId: number, search: string) => [...memberKeys.members(groupId), search] as const,
  requests: (groupId: number) => [...root, 'requests', groupId] as const,
  invitations: (groupId: number) => [...root, 'invitations', groupId] as const,
};
