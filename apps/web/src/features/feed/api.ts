export { feedKeys } from './keys';

export const FEED_TEXTS = {
  noCommunity: "You haven't joined any community yet",
  noDiscussion: 'No discussion to show right now..',
  noSuggested: 'No suggested communities available..',
  noBlogs: 'No blogs to show at the moment..',
  tagline: 'Build. Grow. Connect.',
} as const;
