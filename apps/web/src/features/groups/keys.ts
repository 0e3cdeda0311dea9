/** Query keys of the communities feature (zod-free, so the navigation bar can refresh them without loading the API module). */
export type ListOwner = number | 'me';

export const groupKeys = {
  all: ['groups'] as const,
  details: () => [...groupKeys.all, 'detail'] as const,
  /** Keyed by what the URL says (slug or id): both resolve to the same community. */
  detail: (idOrSlug: string) => [...groupKeys.details(), idOrSlug] as const,
  members: (groupId: number) => [...groupKeys.all, 'members', groupId] as const,
  memberSearch: (groupId: number, search: string) => [...groupKeys.members(groupId), search] as const,
  requests: (groupId: number) => [...groupKeys.all, 'requests', groupId] as const,
  invitations: (groupId: number) => [...groupKeys.all, 'invitations', groupId] as const,
  lists: () => [...groupKeys.all, 'list'] as const,
  joined: (owner: ListOwner) => [...groupKeys.lists(), 'joined', owner] as const,
  mine: (owner: ListOwner) => [...groupKeys.lists(), 'mine', owner] as const,
  explore: (search: string) => [...groupKeys.lists(), 'explore', search] as const,
  suggested: () => [...groupKeys.lists(), 'suggested'] as const,
};
