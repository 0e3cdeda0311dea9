import { defineTexts, plural } from '@/lib/i18n';

/**
 * What blocking says (issue 15 §6), wherever it shows: the profile panel's Block and Unblock, the settings page's
 * "Blocked people", the post panel's hidden-comments line. In account, the lowest feature, so every feature above
 * may use them.
 */
export const BLOCK_TEXTS = defineTexts('blocking', {
  block: 'Block',
  unblock: 'Unblock',
  blockNamed: (username: string) => `Block ${username}`,
  unblockNamed: (username: string) => `Unblock ${username}`,
  confirmTitle: (username: string) => `Block ${username}?`,
  confirmHint:
    "They won't be able to send you friend requests or reply to your comments, and you won't get notifications from them. Their discussions, comments and blogs will be hidden from you. Any friendship or friend request between you ends. They won't be told.",
  confirmAction: 'Yes, Block',
  cancel: 'Cancel',
  blockFailed: 'Could not block this person. Please try again.',
  unblockFailed: 'Could not unblock this person. Please try again.',
  youBlocked: "You blocked this person. You don't see their posts and they can't contact you.",
  heading: 'Blocked people',
  intro: "People you blocked. They aren't told.",
  none: "You haven't blocked anyone.",
  loadFailed: 'The people you blocked could not be loaded.',
  tryAgain: 'Try again',
  showMore: 'Show more',
  blockedOn: (when: string) => `Blocked: ${when}`,
  hiddenComments: (n: number) =>
    plural(n, { one: '# hidden comment from a blocked person', other: '# hidden comments from blocked people' }),
  hiddenReplies: (n: number) => plural(n, { one: '# hidden reply from a blocked person', other: '# hidden replies from blocked people' }),
});
