import { useRealtimeConnection } from '@/lib/socket';
import { useNotificationsLive } from '@/features/notifications/api';
import { useReportCountLive } from '@/features/moderation/api';

/**
 * The signed-in layout's live part (SPEC §4 Realtime presence): the one Socket.IO connection, following the
 * session, the notification pushes it carries, and the staff's report count (issue 15 §2). Renders nothing; loaded apart so visitors never fetch it.
 */
export function Realtime() {
  useRealtimeConnection();
  useNotificationsLive();
  useReportCountLive();
  return null;
}
