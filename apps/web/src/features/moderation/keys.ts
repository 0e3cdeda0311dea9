import type { ReportStatus } from '@agora/contract';
/** Query keys of a community's bans and moderation log (zod-free), under the communities' root key. */
const root = ['groups'] as const;

export const moderationKeys = {
  bans: (groupId: number) => [...root, 'bans', groupId] as const,
  modlog: (groupId: number) => [...root, 'modlog', groupId] as const,
};


/** Query keys of reports (issue 15 §2). */
export const reportKeys = {
  all: ['reports'] as const,
  group: (groupId: number) => [...reportKeys.all, 'group', groupId] as const,
  queue: (groupId: number, status: ReportStatus) => [...reportKeys.group(groupId), 'queue', status] as const,
  /** The open count alone (the badge): seeded by the open queue, set by the `report_count` push. */
  count: (groupId: number) => [...reportKeys.group(groupId), 'count'] as const,
  site: () => [...reportKeys.all, 'site'] as const,
};
