/** Query keys of the friends feature (zod-free, so anything may invalidate them without loading the API module). */
export const friendKeys = {
  all: ['friends'] as const,
  lists: () => [...friendKeys.all, 'list'] as const,
  /** Someone's friends (SPEC "My Friends (n)", "All Friends (n)", the friends panel). */
  list: (userId: number) => [...friendKeys.lists(), userId] as const,
  mutual: (userId: number) => [...friendKeys.all, 'mutual', userId] as const,
  suggestions: () => [...friendKeys.all, 'suggestions'] as const,
  suggestionSearch: (search: string) => [...friendKeys.suggestions(), search] as const,
  statuses: () => [...friendKeys.all, 'status'] as const,
  /** The signed-in user's status towards `userId` (SPEC §3 friend status values). */
  status: (userId: number) => [...friendKeys.statuses(), userId] as const,
};
