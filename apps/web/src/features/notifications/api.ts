import { useEffect } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { toastSuccess } from '@/lib/toast';
import {
  API,
  canonicalNotificationType,
  type ClearNotificationsResponse,
  FRIEND_MESSAGES,
  newNotificationPayloadSchema,
  type NotificationCountResponse,
  type NotificationsResponse,
  SOCKET_EVENTS,
  unreadCountPayloadSchema,
  type Notification,
} from '@agora/contract';
import { call } from '@/lib/api-client';
import { useOptimisticMutation } from '@/lib/optimistic';
import { useSession } from '@/lib/session';
import { onSocketEvent } from '@/lib/socket';
import { UNREAD_POLL_MS } from '@/lib/ui-constants';
import { friendKeys } from '@/features/friends/keys';
import { groupKeys } from '@/features/groups/keys';
import { memberKeys } from '@/features/members/keys';
import { notificationKeys } from './keys';
import { isAnswerable } from './rules';
import { NOTIFICATION_TEXTS } from './texts';

/**
 * Notifications: every request the web app makes about them (SPEC §7 "Notifications", POST /friends/respond),
 * their query keys, the unread count (polled every 30 s, on focus and when the page becomes visible, and pushed
 * over the realtime connection), and the panel's mutations with their SPEC §8 texts.
 */

export { notificationKeys } from './keys';

type ListData = InfiniteData<NotificationsResponse, string | undefined>;

// ---------------------------------------------------------------------------------------------------------------
// Cache helpers: the list and the count change together, and the count never goes below 0 (SPEC §4).

function mapList(old: unknown, change: (items: Notification[]) => Notification[]): unknown {
  const data = old as ListData | undefined;
  if (!data?.pages) return old;
  return { ...data, pages: data.pages.map((page) => ({ ...page, notifications: change(page.notifications) })) };
}

function findItem(queryClient: QueryClient, id: number): Notification | undefined {
  const data = queryClient.getQueryData<ListData>(notificationKeys.list());
  return data?.pages.flatMap((p) => p.notifications).find((n) => n.id === id);
}

const lessUnread = (old: unknown, by: number) => (typeof old === 'number' ? Math.max(0, old - by) : old);

/** Adds a pushed notification at the top of the loaded list, once. */
export function prependNotification(old: unknown, notification: Notification): unknown {
  const data = old as ListData | undefined;
  if (!data?.pages?.length) return old;
  if (data.pages.some((p) => p.notifications.some((n) => n.id === notification.id))) return old;
  const [first, ...rest] = data.pages;
  return { ...data, pages: [{ ...first!, notifications: [notification, ...first!.notifications] }, ...rest] };
}

function removeFromList(queryClient: QueryClient, id: number): void {
  queryClient.setQueryData(notificationKeys.list(), (old: unknown) => mapList(old, (items) => items.filter((n) => n.id !== id)));
}

// ---------------------------------------------------------------------------------------------------------------
// Reads

/** GET /notifications, newest first, page by page; each answer also refreshes the bell's count. */
export function useNotifications(enabled = true) {
  const session = useSession();
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: notificationKeys.list(),
    queryFn: async ({ signal, pageParam }) => {
      const data = await call(API.notifications.list, { query: { cursor: pageParam }, signal });
      queryClient.setQueryData(notificationKeys.unread(), data.unreadCount);
      return data;
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: Boolean(session) && enabled,
  });
}

/**
 * The unread count for the bell and the panel's badge (SPEC §4: every 30 seconds, when the page becomes visible,
 * on window focus; the realtime push updates it in between). Read from GET /notifications with one item.
 */
export function useUnreadCount() {
  const session = useSession();
  const query = useQuery({
    queryKey: notificationKeys.unread(),
    queryFn: async ({ signal }) => (await call(API.notifications.list, { query: { limit: 1 }, signal })).unreadCount,
    enabled: Boolean(session),
    refetchInterval: UNREAD_POLL_MS,
    // Focus and visibility are handled below: TanStack Query only watches visibility, and only for stale data.
    refetchOnWindowFocus: false,
  });
  const { refetch } = query;
  const signedIn = Boolean(session);
  useEffect(() => {
    if (!signedIn) return;
    const refresh = () => {
      if (document.visibilityState === 'visible') void refetch();
    };
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, [signedIn, refetch]);
  return query;
}

// ---------------------------------------------------------------------------------------------------------------
// Realtime

const FRIEND_TYPES = new Set(['friend_request', 'friend_request_accepted', 'friend_request_rejected']);

/**
 * Applies the server's pushes (SPEC §7 Realtime, contract events.ts): a new notification goes to the top of the
 * list and sets the count; a count change from elsewhere (another tab read or cleared) sets the count and reloads
 * the list if it is on screen. A friend notification also refreshes what it changes (status, lists).
 * Mount once, in the signed-in layout.
 */
export function useNotificationsLive(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const offNew = onSocketEvent(SOCKET_EVENTS.newNotification, (payload: unknown) => {
      const parsed = newNotificationPayloadSchema.safeParse(payload);
      if (!parsed.success) return;
      const { notification, unreadCount } = parsed.data;
      queryClient.setQueryData(notificationKeys.unread(), unreadCount);
      queryClient.setQueryData(notificationKeys.list(), (old: unknown) => prependNotification(old, notification));
      if (FRIEND_TYPES.has(canonicalNotificationType(notification.noti_type))) {
        if (notification.sender_id) void queryClient.invalidateQueries({ queryKey: friendKeys.status(notification.sender_id) });
        void queryClient.invalidateQueries({ queryKey: friendKeys.lists() });
        void queryClient.invalidateQueries({ queryKey: friendKeys.mutual(notification.sender_id ?? 0) });
        void queryClient.invalidateQueries({ queryKey: friendKeys.suggestions() });
      }
      // Membership news: staff's request list (the Members tab badge), or the viewer's own place in a community.
      const type = notification.noti_type;
      if (type === 'join_request' && notification.group_id) {
        void queryClient.invalidateQueries({ queryKey: memberKeys.requests(notification.group_id) });
      } else if (type === 'join_request_approved' || type === 'role_changed' || type === 'member_removed' || type === 'banned') {
        void queryClient.invalidateQueries({ queryKey: groupKeys.details() });
        void queryClient.invalidateQueries({ queryKey: groupKeys.lists() });
      }
    });
    const offCount = onSocketEvent(SOCKET_EVENTS.unreadCount, (payload: unknown) => {
      const parsed = unreadCountPayloadSchema.safeParse(payload);
      if (!parsed.success) return;
      queryClient.setQueryData(notificationKeys.unread(), parsed.data.unreadCount);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.list(), refetchType: 'active' });
    });
    return () => {
      offNew();
      offCount();
    };
  }, [queryClient]);
}

// ---------------------------------------------------------------------------------------------------------------
// Mutations

interface Target {
  id: number;
}

const reconcileCount = (data: NotificationCountResponse, _vars: unknown, queryClient: QueryClient) =>
  queryClient.setQueryData(notificationKeys.unread(), data.unreadCount);

/** PUT /notifications/{id}/read when an item is clicked: read at once, the count drops by one (never below 0). */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useOptimisticMutation<Target, NotificationCountResponse>({
    mutationFn: ({ id }) => call(API.notifications.read, { params: [id] }),
    optimistic: ({ id }) => {
      const wasUnread = findItem(queryClient, id)?.is_read === false;
      return [
        {
          queryKey: notificationKeys.list(),
          update: (old) => mapList(old, (items) => items.map((n) => (n.id === id ? { ...n, is_read: true } : n))),
        },
        ...(wasUnread ? [{ queryKey: notificationKeys.unread(), update: (old: unknown) => lessUnread(old, 1) }] : []),
      ];
    },
    reconcile: reconcileCount,
    lockKey: ({ id }) => `notification:${id}`,
    meta: { errorMessage: NOTIFICATION_TEXTS.processFailed },
  });
}

/** DELETE /notifications/{id}: gone at once (the count drops if it was unread), "Notification deleted". */
export function useDeleteNotification() {
  const queryClient = useQueryClient();
  return useOptimisticMutation<Target, NotificationCountResponse>({
    mutationFn: ({ id }) => call(API.notifications.remove, { params: [id] }),
    optimistic: ({ id }) => {
      const wasUnread = findItem(queryClient, id)?.is_read === false;
      return [
        { queryKey: notificationKeys.list(), update: (old) => mapList(old, (items) => items.filter((n) => n.id !== id)) },
        ...(wasUnread ? [{ queryKey: notificationKeys.unread(), update: (old: unknown) => lessUnread(old, 1) }] : []),
      ];
    },
    reconcile: reconcileCount,
    lockKey: ({ id }) => `notification:${id}`,
    onSuccess: () => void toastSuccess(NOTIFICATION_TEXTS.deleted),
    meta: { errorMessage: NOTIFICATION_TEXTS.deleteFailed },
  });
}

/** DELETE /notifications: the list empties and the count is 0 at once, "All notifications cleared". */
export function useClearNotifications() {
  const queryClient = useQueryClient();
  return useOptimisticMutation<void, ClearNotificationsResponse>({
    mutationFn: () => call(API.notifications.clear),
    // The server keeps what still needs an answer (pending friend requests, invitations): so does the list.
    optimistic: () => {
      const kept = (queryClient.getQueryData<ListData>(notificationKeys.list())?.pages ?? [])
        .flatMap((p) => p.notifications)
        .filter((n) => isAnswerable(n.noti_type));
      return [
        { queryKey: notificationKeys.list(), update: (old) => mapList(old, (items) => items.filter((n) => isAnswerable(n.noti_type))) },
        { queryKey: notificationKeys.unread(), update: () => kept.filter((n) => !n.is_read).length },
      ];
    },
    reconcile: reconcileCount,
    // Later pages would still be there to load; start again from the first page.
    invalidate: () => [notificationKeys.list()],
    lockKey: () => 'notifications:clear',
    onSuccess: (data) => void toastSuccess(data.kept > 0 ? NOTIFICATION_TEXTS.clearedKept(data.kept) : NOTIFICATION_TEXTS.cleared),
    meta: { errorMessage: NOTIFICATION_TEXTS.clearFailed },
  });
}

function useRespondFriendAction(accept: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: Target) => call(API.friends.respond, { body: { notificationId: id, accept } }),
    meta: { errorMessage: accept ? NOTIFICATION_TEXTS.acceptFailed : NOTIFICATION_TEXTS.declineFailed },
    onSuccess: (data, { id }) => {
      void toastSuccess(accept ? FRIEND_MESSAGES.respondAccepted : FRIEND_MESSAGES.respondDeclined);
      // SPEC §4: an answered request leaves the list.
      removeFromList(queryClient, id);
      queryClient.setQueryData(friendKeys.status(data.userId), { status: data.status });
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      void queryClient.invalidateQueries({ queryKey: friendKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: friendKeys.mutual(data.userId) });
      void queryClient.invalidateQueries({ queryKey: friendKeys.suggestions() });
    },
  });
}

/** POST /friends/respond {notificationId, accept}: "Friend request accepted" / "Friend request declined". */
export function useRespondFriendRequest() {
  return { accept: useRespondFriendAction(true), decline: useRespondFriendAction(false) };
}

/** After an invitation was answered (groups' POST /groups/respond-invite): it leaves the list. */
export function useForgetNotification() {
  const queryClient = useQueryClient();
  return (id: number) => {
    removeFromList(queryClient, id);
    void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  };
}
