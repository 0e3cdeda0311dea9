import { z } from 'zod';
import { notificationSchema } from './notifications';

/**
 * Socket.IO payloads (SPEC §7 Realtime). The event names are `SOCKET_EVENTS` in the zod-free social-messages.ts.
 * The client connects with `auth: { token }`; the server takes the user from that session, never from a payload.
 *
 *   client → server  user_online        (any payload, ignored)   the server answers online_users to that socket
 *   server → client  online_users       onlineUsersPayloadSchema  on connect, on user_online, and whenever a friend
 *                                                                 connects, disconnects, or becomes or stops being
 *                                                                 a friend: the whole list, replacing the last one
 *   server → client  new_notification   newNotificationPayloadSchema   after the notification's transaction commits
 *   server → client  unread_count       unreadCountPayloadSchema  after a read, delete, clear or answer (any tab)
 *
 * Presence is friends only (decision 0089): online_users lists the ids of the user's friends with at least one
 * live connection (tabs and devices counted together); never the user themself, never strangers.
 */

/** Server → client: ids of the user's friends online now. */
export const onlineUsersPayloadSchema = z.array(z.number().int());
export type OnlineUsersPayload = z.infer<typeof onlineUsersPayloadSchema>;

/** Server → client: a notification just created for this user, and their unread count including it. */
export const newNotificationPayloadSchema = z.object({ notification: notificationSchema, unreadCount: z.number().int() });
export type NewNotificationPayload = z.infer<typeof newNotificationPayloadSchema>;

/** Server → client: the user's unread count after a change made elsewhere (another tab, an answer). */
export const unreadCountPayloadSchema = z.object({ unreadCount: z.number().int() });
export type UnreadCountPayload = z.infer<typeof unreadCountPayloadSchema>;
