import type { SearchType } from '@agora/contract';
import { defineTexts, plural } from '@/lib/i18n';

type Kind = Exclude<SearchType, 'all'>;

/** The search page's texts (issue 16 §4); the navigation bar field's are in app/texts.ts, the suggestions' and the community box's in box-texts.ts. */
export const SEARCH_TEXTS = defineTexts('search', {
  title: 'Search',
  titleFor: (q: string) => `${q} · Search`,
  heading: 'Search',
  fieldLabel: 'Search for',
  submit: 'Search',
  kindsLabel: 'Kinds of results',
  tabs: {
    all: 'All',
    discussions: 'Discussions',
    comments: 'Comments',
    blogs: 'Blogs',
    communities: 'Communities',
    people: 'People',
  } satisfies Record<SearchType, string>,
  seeAll: {
    discussions: 'See all discussions',
    comments: 'See all comments',
    blogs: 'See all blogs',
    communities: 'See all communities',
    people: 'See all people',
  } satisfies Record<Kind, string>,
  welcomeTitle: 'Search for discussions, comments, blogs, communities and people',
  welcomeHint:
    'Every word must match. Put words in "quotes" for a phrase, write -word to leave a word out, and @username for what someone wrote.',
  noResultsTitle: (q: string) => `Nothing found for “${q}”`,
  noResultsHint: 'Try removing a word, or check the spelling.',
  noResultsInCommunity: 'Try removing a word, or search everywhere instead of this community.',
  searchEverywhere: 'Search everywhere',
  inCommunity: (name: string) => `In ${name}`,
  removeCommunity: (name: string) => `Search everywhere, not only in ${name}`,
  thisCommunity: 'this community',
  loadFailed: 'Search failed. Please try again.',
  searching: 'Searching',
  moreResults: 'More results',
  resultsCount: (n: number) => plural(n, { one: '# result', other: '# results' }),
  commentIn: 'commented in',
  replyIn: 'replied in',
  blogIn: 'in',
  openDiscussion: (name: string) => `Open the discussion by ${name}`,
  openComment: (name: string, reply: boolean) => (reply ? `Open the reply by ${name}` : `Open the comment by ${name}`),
  likes: (n: number) => plural(n, { one: '# like', other: '# likes' }),
  comments: (n: number) => plural(n, { one: '# comment', other: '# comments' }),
  members: (n: number) => plural(n, { one: '# member', other: '# members' }),
  mutualFriends: (n: number) => plural(n, { one: '# mutual friend', other: '# mutual friends' }),
  privateCommunity: 'Private community',
});
