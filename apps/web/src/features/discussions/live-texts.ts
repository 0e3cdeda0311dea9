import { defineTexts, plural } from '@/lib/i18n';

/**
 * Texts of the live updates (issue 17 §1): the "N new posts" pill of the feeds and the post panel's deleted state.
 * Apart from texts.ts so the post cards a visitor's "/" loads do not carry them.
 */
export const LIVE_TEXTS = defineTexts('live', {
  /** The pill at the top of a feed, and what the polite live region announces. */
  newPosts: (n: number) => plural(n, { one: '# new post', other: '# new posts' }),
  /** The post panel when the post was deleted while it was open. */
  postDeleted: 'This post was deleted',
  postDeletedText: 'Its author or the community’s staff deleted it while you were reading.',
});
