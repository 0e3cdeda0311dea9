/**
 * Query keys of the communities feature (zod-free, so the navigation bar can refresh them without loading the API
 * module). Members, join requests and invitations: features/members/keys.ts, under the same root.
 */
export type ListOwner = number | 'me';

export const groupKeys = {
  all: ['groups'] as const,
  details: () => [...groupKeys.all, 'detail'] as const,
  /** Keyed by what the URL says (slug or id): both resolve to the same community. */
  detail: (idOrSlug: string) => [...groupKeys.details(), idOrSlug] as const,
  lists: () => [...groupKeys.all, 'list'] as const,
  joined: (owner: ListOwner) => [...groupKeys.lists(), 'joined', owner] as const,
  mine: (owner: ListOwner) => [...groupKeys.lists(), 'mine', owner] as const,
  explore: (search: string) => [...groupKeys.lists(), 'explore', search] as const,
  suggested: () => [...groupKeys.lists(), 'suggested'] as const,
  /** A community's posting rules (its staff only). */
  postingRules: (groupId: number) => [...groupKeys.all, 'posting-rules', groupId] as const,
};
