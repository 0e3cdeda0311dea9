/**
 * Query keys of the two feeds (zod-free: the navigation bar imports them). Their discussions are cached under
 * `[...home(), 'discussions']` and `[...explore(), 'discussions']` (features/discussions/keys.ts), so the
 * navigation's refetch of these keys when the current page's button is clicked again refreshes them (SPEC §2).
 */
export const feedKeys = {
  all: ['feed'] as const,
  home: () => [...feedKeys.all, 'home'] as const,
  explore: () => [...feedKeys.all, 'explore'] as const,
};
