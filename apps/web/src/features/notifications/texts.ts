import { defineTexts, formatNumber, plural } from '@/lib/i18n';
/** What the notifications panel says (SPEC §2 Notifications panel, §8). */
export const NOTIFICATION_TEXTS = defineTexts('notifications', {
  title: 'Notifications',
  empty: 'No notifications yet',
  emptyHint: "When you get notifications, they'll appear here",
  noMatch: 'No matching notifications found',
  noMatchHint: 'Try a different search term',
  search: 'Search notifications...',
  clear: 'Clear notifications',
  accept: 'Accept',
  decline: 'Decline',
  delete: 'Delete notification',
  unread: 'Unread',
  unreadCount: (n: number) => `${formatNumber(n)} unread`,

  deleted: 'Notification deleted',
  cleared: 'All notifications cleared',
  /** Clear keeps pending friend requests and invitations (issue 12 §2.1). */
  clearedKept: (n: number) =>
    plural(n, {
      one: 'Notifications cleared. Kept # that still needs your answer',
      other: 'Notifications cleared. Kept # that still need your answer',
    }),
  loadFailed: 'Failed to load notifications',
  deleteFailed: 'Failed to delete notification',
  clearFailed: 'Failed to clear notifications',
  processFailed: 'Failed to process notification',
  acceptFailed: 'Failed to accept request',
  declineFailed: 'Failed to decline request',
  retry: 'Try again',
  closePanel: 'Close notifications',
  clearShort: 'Clear',
  friendRequestFrom: (name: string) => `friend request from ${name}`,
  invitationTo: (group: string | null) => `invitation to ${group ?? 'the community'}`,
  /** The server's own notifications (no sender): shown from this catalogue, not the stored English text. */
  exportReady: 'Your data export is ready to download',
});
