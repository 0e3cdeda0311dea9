/** Query keys of the notifications feature (zod-free: the bell and other features use them without the API module). */
export const notificationKeys = {
  all: ['notifications'] as const,
  /** The panel's list, newest first, keyset-paginated. */
  list: () => [...notificationKeys.all, 'list'] as const,
  /** The bell's unread count (a number), polled and pushed. */
  unread: () => [...notificationKeys.all, 'unread'] as const,
};
