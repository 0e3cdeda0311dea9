import type { LiveRoomKind, Role } from '@agora/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { groupMembers } from '../../db/schema';

/** What the community policy needs to decide whether a person may follow a room, and the room's community. */
export type LiveTargetRow = {
  groupId: number;
  isPrivate: boolean;
  ownerId: number;
  /** The person's role in the community, null when not a member. */
  role: Role | null;
  /** Removed by staff (issue 15 §3): only its author and the staff may still read it. */
  removed: boolean;
  authorId: number | null;
};

/** The community of a `group:`, `discussion:` or `blog:` room and the person's role in it; null when it does not exist. */
export async function findLiveTarget(db: DbOrTx, kind: LiveRoomKind, id: number, userId: number): Promise<LiveTargetRow | null> {
  const item = {
    group: sql`SELECT g.id AS "groupId", false AS removed, NULL::int AS "authorId" FROM groups g WHERE g.id = ${id}`,
    discussion: sql`SELECT d.group_id AS "groupId", d.removed_at IS NOT NULL AS removed, d.user_id AS "authorId"
      FROM discussions d WHERE d.id = ${id}`,
    blog: sql`SELECT b.group_id AS "groupId", b.removed_at IS NOT NULL AS removed, b.author_id AS "authorId" FROM blogs b WHERE b.id = ${id}`,
  }[kind];
  const rows = await db.execute<LiveTargetRow>(sql`
    SELECT i."groupId", g.is_private AS "isPrivate", g.owner_id AS "ownerId", m.role, i.removed, i."authorId"
    FROM (${item}) i
    JOIN groups g ON g.id = i."groupId"
    LEFT JOIN group_members m ON m.group_id = g.id AND m.user_id = ${userId}`);
  return [...rows][0] ?? null;
}

/** The communities whose feed a person follows on connect (the home feed): newest joined first, at most `limit`. */
export async function findFeedGroupIds(db: DbOrTx, userId: number, limit: number): Promise<number[]> {
  const rows = await db.execute<{ groupId: number }>(sql`
    SELECT m.group_id AS "groupId" FROM group_members m WHERE m.user_id = ${userId}
    ORDER BY m.joined_at DESC LIMIT ${limit}`);
  return [...rows].map((r) => r.groupId);
}

/** A community's privacy and owner, and the roles of `userIds` in it (absent: not a member); null when it is gone. */
export async function findAccessOf(
  db: DbOrTx,
  groupId: number,
  userIds: number[],
): Promise<{ isPrivate: boolean; ownerId: number; roles: Map<number, Role> } | null> {
  const group = [
    ...(await db.execute<{ isPrivate: boolean; ownerId: number }>(
      sql`SELECT g.is_private AS "isPrivate", g.owner_id AS "ownerId" FROM groups g WHERE g.id = ${groupId}`,
    )),
  ][0];
  if (!group) return null;
  const roles = new Map<number, Role>();
  if (userIds.length > 0) {
    const rows = await db
      .select({ userId: groupMembers.userId, role: groupMembers.role })
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, groupId), inArray(groupMembers.userId, userIds)));
    for (const row of rows) roles.set(row.userId, row.role);
  }
  return { ...group, roles };
}

/** People who blocked `authorId`: their sockets do not receive the author's content (as their feeds hide it). */
export async function findBlockerIds(db: DbOrTx, authorId: number): Promise<number[]> {
  const rows = await db.execute<{ blockerId: number }>(
    sql`SELECT bk.blocker_id AS "blockerId" FROM blocks bk WHERE bk.blocked_id = ${authorId}`,
  );
  return [...rows].map((r) => r.blockerId);
}
