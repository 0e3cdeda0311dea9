import { defineTexts } from '@/lib/i18n';
export { feedKeys } from './keys';

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
