/**
 * Query keys of the two feeds. The feeds' queries arrive with communities; the navigation already refetches
 * these keys when the current page's button is clicked again (SPEC §2 Navigation bar).
 */
export const feedKeys = {
  all: ['feed'] as const,
  home: () => [...feedKeys.all, 'home'] as const,
  explore: () => [...feedKeys.all, 'explore'] as const,
};

export const FEED_TEXTS = {
  noCommunity: "You haven't joined any community yet",
  noDiscussion: 'No discussion to show right now..',
  noSuggested: 'No suggested communities available..',
  noBlogs: 'No blogs to show at the moment..',
  tagline: 'Build. Grow. Connect.',
} as const;
