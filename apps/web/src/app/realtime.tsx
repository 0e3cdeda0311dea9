import { useRealtimeConnection } from '@/lib/socket';
import { useNotificationsLive } from '@/features/notifications/api';

/**
 * The signed-in layout's live part (SPEC §4 Realtime presence): the one Socket.IO connection, following the
 * session, and the notification pushes it carries. Renders nothing; loaded apart so visitors never fetch it.
 */
export function Realtime() {
  useRealtimeConnection();
  useNotificationsLive();
  return null;
}
