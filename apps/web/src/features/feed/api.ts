import { defineTexts } from '@/lib/i18n';
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

export const FEED_TEXTS = defineTexts('feed', {
  noCommunity: "You haven't joined any community yet",
  noDiscussion: 'No discussion to show right now..',
  noSuggested: 'No suggested communities available..',
  noBlogs: 'No blogs to show at the moment..',
  tagline: 'Build. Grow. Connect.',
  explore: 'Explore',
  exploreIntro: 'Find communities around what you love, join the conversation, or start your own.',
  createCommunity: 'Create a community',
  joinAgora: 'Join Agora',
  signIn: 'Sign in',
  suggestedCommunities: 'Suggested communities',
  suggestedDescription: 'Public communities you might like.',
  discussions: 'Discussions',
  discussionsDescription: 'What people are talking about.',
  exploreLoading: 'Discussions from suggested communities',
  welcome: 'Welcome',
  welcomeBack: 'Welcome back',
  greeting: (greeting: string, name: string) => `${greeting}, ${name}`,
  yourFeed: 'Your feed',
  feedIntro: 'Blogs and discussions from the communities you joined.',
  latestBlogs: 'Latest blogs',
  joinToSee: 'Join a community to see its blogs and discussions here.',
  exploreCommunities: 'Explore communities',
  feedLoading: 'Discussions from your communities',
});
