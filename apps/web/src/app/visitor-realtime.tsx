import { useVisitorConnection } from '@/lib/socket';
import { useLiveUpdates } from '@/features/live/use-live-updates';

/**
 * A visitor's live part (issue 17 §1, docs/decisions/0134-visitors-live-sockets.md): while a page follows a live
 * room (a public community's feed, an open post panel, a blog page), a connection without a token and the same
 * cache patches a member's pages get. Renders nothing; loaded apart, and only once a page follows a room, so a
 * visitor's first load never carries it nor the socket client.
 */
export function VisitorRealtime() {
  useVisitorConnection();
  useLiveUpdates();
  return null;
}
