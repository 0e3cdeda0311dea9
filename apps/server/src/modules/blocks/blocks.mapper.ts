import type { BlockedUser } from '@agora/contract';
import type { BlockedRow } from './blocks.queries';

/** The one place a blocked person's row becomes the API's shape. */
export function toBlockedUser(row: BlockedRow): BlockedUser {
  return { id: row.id, username: row.username, profileImage: row.profileImage, blockedAt: row.blockedAt.toISOString() };
}
