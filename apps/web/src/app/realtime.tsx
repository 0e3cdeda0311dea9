import { useRealtimeConnection } from '@/lib/socket';
import { useNotificationsLive } from '@/features/notifications/api';
import { useReportCountLive } from '@/features/moderation/api';
import { useLiveUpdates } from '@/features/live/use-live-updates';

/**
 * The signed-in layout's live part (SPEC §4 Realtime presence): the one Socket.IO connection, following the
 * session, the notification pushes it carries, the staff's report count (issue 15 §2), and the live updates of
 * what the pages show (issue 17 §1). Renders nothing; loaded apart so visitors never fetch it (a
 * visitor's live pages use visitor-realtime.tsx instead).
 */
export function Realtime() {
  useRealtimeConnection();
  useNotificationsLive();
  useReportCountLive();
  useLiveUpdates();
  return null;
}
