import { z } from 'zod';

/** Socket.IO events (SPEC §7 Realtime). The client authenticates with `auth: { token }` on connect. */
export const SOCKET_EVENTS = {
  userOnline: 'user_online',
  onlineUsers: 'online_users',
} as const;

/** Server → client: ids of the users online now. */
export const onlineUsersPayloadSchema = z.array(z.number().int());
export type OnlineUsersPayload = z.infer<typeof onlineUsersPayloadSchema>;
