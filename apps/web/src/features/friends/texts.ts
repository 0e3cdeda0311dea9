import { defineTexts, plural } from '@/lib/i18n';
/**
 * What the friends screens say (SPEC §2, §4, §5, §8). Success toasts are the server's `message` (the contract's
 * FRIEND_MESSAGES, which are SPEC §8's texts); the failure defaults below show when the server sent no message.
 */
export const FRIEND_TEXTS = defineTexts('friends', {
  addFriend: 'Add Friend',
  cancelRequest: 'Cancel Request',
  accept: 'Accept',
  reject: 'Reject',
  unfriend: 'Unfriend',
  confirmUnfriend: (name: string) => `Are you sure you want to unfriend ${name}?`,
  confirmUnfriendAction: 'Yes, Unfriend',
  /** SPEC §5: removing someone from one's own list ("unfriend from the list", SPEC §6). */
  confirmRemove: 'Are you sure you want to remove this friend?',
  confirmRemoveAction: 'Remove',
  cancel: 'Cancel',

  requestFailed: 'Failed to send friend request',
  cancelFailed: 'Failed to cancel friend request',
  acceptFailed: 'Failed to accept friend request',
  // SPEC §8 has no text for a rejection from the profile; the notifications panel's "decline" text fits it.
  rejectFailed: 'Failed to decline request',
  removeFailed: 'Failed to remove friend',

  myFriends: (n: number | null) => `My Friends (${n ?? '…'})`,
  allFriends: (n: number | null) => `All Friends (${n ?? '…'})`,
  mutualFriends: 'Mutual Friends',
  suggestions: 'Suggestions',
  searchSuggestions: 'Search by username...',
  searchSuggestionsLabel: 'Search suggestions by username',
  noFriends: 'No friends yet',
  noFriendsOwnHint: 'Add people from the suggestions below.',
  noMutualFriends: 'No mutual friends',
  noSuggestions: 'No suggestions right now',
  noSuggestionsMatching: (term: string) => `Nobody whose username starts with "${term}"`,
  loadFailed: 'This list could not be loaded.',
  friendsPanel: 'Friends',
  viewProfile: 'View Profile',
  online: 'Online',
  offline: 'Offline',
  mutualCount: (n: number) => plural(n, { one: '# mutual friend', other: '# mutual friends' }),
  sharedCommunities: (n: number) => plural(n, { one: '# shared community', other: '# shared communities' }),
  removeFriend: 'Remove friend',
  removeUser: (name: string) => `Remove ${name}`,
  profileOf: (name: string) => `${name}'s profile`,
});
