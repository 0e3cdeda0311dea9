import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { NOTIFICATIONS_CHANNEL } from '../notifications/notifications.writer';
import { groupJoinRequests, notifications, users } from '../../db/schema';

/** Drizzle only: pending requests to join a community. */

// ---------------------------------------------------------------------------------------------------------------
// Join requests

/** Stores a pending request; true when it is new (a repeat changes nothing). */
export async function insertJoinRequest(tx: DbOrTx, groupId: number, userId: number): Promise<boolean> {
  const rows = await tx
    .insert(groupJoinRequests)
    .values({ groupId, userId })
    .onConflictDoNothing()
    .returning({ userId: groupJoinRequests.userId });
  return rows.length > 0;
}

/**
 * Deletes the join_request notifications staff got about these requesters (every requester when null): the
 * request was answered or withdrawn, so the item leaves their panels. Pushes each recipient's new unread count.
 */
export async function deleteRequestNotifications(tx: DbOrTx, groupId: number, requesterIds: number[] | null): Promise<void> {
  if (requesterIds !== null && requesterIds.length === 0) return;
  await tx.execute(sql`
    WITH del AS (
      DELETE FROM ${notifications} WHERE group_id = ${groupId}::int AND noti_type = 'join_request'
        ${requesterIds === null ? sql`` : sql`AND sender_id IN ${requesterIds}`}
      RETURNING user_id
    )
    SELECT pg_notify(${NOTIFICATIONS_CHANNEL}, json_build_object('u', user_id)::text) FROM (SELECT DISTINCT user_id FROM del) r`);
}

/** Deletes one pending request; true when there was one. */
export async function deleteJoinRequest(tx: DbOrTx, groupId: number, userId: number): Promise<boolean> {
  const rows = await tx
    .delete(groupJoinRequests)
    .where(and(eq(groupJoinRequests.groupId, groupId), eq(groupJoinRequests.userId, userId)))
    .returning({ userId: groupJoinRequests.userId });
  return rows.length > 0;
}

/** Deletes every pending request of a community (and staff's notifications of them); returns the requesters. */
export async function takeAllJoinRequests(tx: DbOrTx, groupId: number): Promise<number[]> {
  const rows = await tx
    .delete(groupJoinRequests)
    .where(eq(groupJoinRequests.groupId, groupId))
    .returning({ userId: groupJoinRequests.userId });
  if (rows.length > 0) await deleteRequestNotifications(tx, groupId, null);
  return rows.map((r) => r.userId);
}

export type JoinRequestRow = { id: number; username: string; profileImage: string | null; requestedAt: string };

export async function findJoinRequestsPage(
  db: DbOrTx,
  groupId: number,
  opts: { cursor: { ts: string; id: number } | null; limit: number },
): Promise<JoinRequestRow[]> {
  return db
    .select({
      id: groupJoinRequests.userId,
      username: users.username,
      profileImage: users.profileImage,
      requestedAt: sql<string>`${groupJoinRequests.createdAt}::text`,
    })
    .from(groupJoinRequests)
    .innerJoin(users, eq(users.id, groupJoinRequests.userId))
    .where(
      and(
        eq(groupJoinRequests.groupId, groupId),
        opts.cursor
          ? sql`(${groupJoinRequests.createdAt}, ${groupJoinRequests.userId}) > (${opts.cursor.ts}::timestamptz, ${opts.cursor.id}::int)`
          : undefined,
      ),
    )
    .orderBy(groupJoinRequests.createdAt, groupJoinRequests.userId)
    .limit(opts.limit);
}
