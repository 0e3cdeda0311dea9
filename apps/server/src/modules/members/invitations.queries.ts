import { type Role } from '@agora/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { NOTIFICATIONS_CHANNEL } from '../notifications/notifications.writer';
import { groupMembers, notifications, users } from '../../db/schema';

/** Drizzle only: invitations to a community (group_invite notifications). */

// ---------------------------------------------------------------------------------------------------------------
// Invitations (group_invite notifications)

export async function pendingInviteExists(tx: DbOrTx, groupId: number, userId: number): Promise<boolean> {
  const rows = await tx
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.groupId, groupId), eq(notifications.notiType, 'group_invite')))
    .limit(1);
  return rows.length > 0;
}

/** Deletes the recipient's own group_invite notification; returns the community it invited to, or null. */
export async function takeInvite(tx: DbOrTx, notificationId: number, recipientId: number): Promise<number | null> {
  const rows = await tx
    .delete(notifications)
    .where(and(eq(notifications.id, notificationId), eq(notifications.userId, recipientId), eq(notifications.notiType, 'group_invite')))
    .returning({ groupId: notifications.groupId });
  return rows[0]?.groupId ?? null;
}

/**
 * Inside a membership transaction: whether the user holds an invitation to the community from someone who is
 * still staff, with the sender's membership row and then the invitation share-locked until commit. A kick,
 * demotion or departure of the sender (which locks the sender's row, then deletes their invitations) and a revoke
 * (which deletes the invitation) either committed before this check (then it is false) or wait for this
 * transaction; the same row order as theirs, so no deadlock.
 */
export async function lockValidInvite(tx: DbOrTx, groupId: number, userId: number): Promise<boolean> {
  const senders = await tx.execute<{ role: Role }>(sql`
    SELECT s.role FROM ${groupMembers} s
    WHERE s.group_id = ${groupId}::int AND s.role IN ('owner', 'admin', 'moderator') AND s.user_id IN (
      SELECT n.sender_id FROM ${notifications} n
      WHERE n.user_id = ${userId}::int AND n.group_id = ${groupId}::int AND n.noti_type = 'group_invite'
    )
    ORDER BY s.user_id
    FOR SHARE OF s`);
  if ([...senders].length === 0) return false;
  const rows = await tx.execute<{ id: number }>(sql`
    SELECT n.id FROM ${notifications} n
    JOIN ${groupMembers} s ON s.group_id = n.group_id AND s.user_id = n.sender_id AND s.role IN ('owner', 'admin', 'moderator')
    WHERE n.user_id = ${userId}::int AND n.group_id = ${groupId}::int AND n.noti_type = 'group_invite'
    ORDER BY n.id
    FOR SHARE OF n`);
  return [...rows].length > 0;
}

/** The recipient's own group_invite notification: its community and sender, or null. */
export async function findInvite(
  db: DbOrTx,
  notificationId: number,
  recipientId: number,
): Promise<{ groupId: number; senderId: number | null } | null> {
  const rows = await db
    .select({ groupId: notifications.groupId, senderId: notifications.senderId })
    .from(notifications)
    .where(and(eq(notifications.id, notificationId), eq(notifications.userId, recipientId), eq(notifications.notiType, 'group_invite')));
  const row = rows[0];
  return row && row.groupId !== null ? { groupId: row.groupId, senderId: row.senderId } : null;
}

/**
 * Deletes the pending invitations `senderId` sent to this community (they are no longer staff: demoted, kicked,
 * left) and pushes each invitee's new unread count. Returns how many were deleted.
 */
export async function deleteInvitesSentBy(tx: DbOrTx, groupId: number, senderId: number): Promise<number> {
  const rows = await tx.execute<{ n: number }>(sql`
    WITH del AS (
      DELETE FROM ${notifications} WHERE group_id = ${groupId}::int AND sender_id = ${senderId}::int AND noti_type = 'group_invite'
      RETURNING user_id
    ), signalled AS (
      SELECT pg_notify(${NOTIFICATIONS_CHANNEL}, json_build_object('u', user_id)::text) FROM (SELECT DISTINCT user_id FROM del) r
    )
    SELECT (SELECT count(*)::int FROM del) AS n, (SELECT count(*) FROM signalled) AS s`);
  return [...rows][0]?.n ?? 0;
}

/** Deletes one pending invitation of the community (staff revoke it); returns the invitee, or null if none. */
export async function deleteInvitation(tx: DbOrTx, groupId: number, invitationId: number): Promise<number | null> {
  const rows = await tx
    .delete(notifications)
    .where(and(eq(notifications.id, invitationId), eq(notifications.groupId, groupId), eq(notifications.notiType, 'group_invite')))
    .returning({ userId: notifications.userId });
  return rows[0]?.userId ?? null;
}

export type InvitationRow = {
  id: number;
  userId: number;
  username: string;
  profileImage: string | null;
  senderId: number | null;
  senderUsername: string | null;
  invitedAt: string;
};

/** A community's pending invitations, oldest first, keyset-paginated on (created_at, id). */
export async function findInvitationsPage(
  db: DbOrTx,
  groupId: number,
  opts: { cursor: { ts: string; id: number } | null; limit: number },
): Promise<InvitationRow[]> {
  const rows = await db.execute<InvitationRow>(sql`
    SELECT n.id, n.user_id AS "userId", u.username, u.profile_image AS "profileImage", n.sender_id AS "senderId",
      s.username AS "senderUsername", n.created_at::text AS "invitedAt"
    FROM ${notifications} n
    JOIN ${users} u ON u.id = n.user_id
    LEFT JOIN ${users} s ON s.id = n.sender_id
    WHERE n.group_id = ${groupId}::int AND n.noti_type = 'group_invite'
      ${opts.cursor ? sql`AND (n.created_at, n.id) > (${opts.cursor.ts}::timestamptz, ${opts.cursor.id}::int)` : sql``}
    ORDER BY n.created_at, n.id
    LIMIT ${opts.limit}::int`);
  return [...rows];
}

/** Deletes the user's pending invitations to the community; returns how many there were. */
export async function deleteInvitesOf(tx: DbOrTx, groupId: number, userId: number): Promise<number> {
  const rows = await tx
    .delete(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.groupId, groupId), eq(notifications.notiType, 'group_invite')))
    .returning({ id: notifications.id });
  return rows.length;
}
