import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { blocks, friendships, notifications, users } from '../../db/schema';

/** Drizzle only: the blocks table (issue 15 §6) and what a new block ends between two people. */

/** Stores the block; false when it was there already (blocking again changes nothing). */
export async function insertBlock(tx: DbOrTx, blockerId: number, blockedId: number): Promise<boolean> {
  const rows = await tx.insert(blocks).values({ blockerId, blockedId }).onConflictDoNothing().returning({ id: blocks.blockedId });
  return rows.length > 0;
}

/** Removes the block; false when there was none. */
export async function deleteBlock(tx: DbOrTx, blockerId: number, blockedId: number): Promise<boolean> {
  const rows = await tx
    .delete(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
    .returning({ id: blocks.blockedId });
  return rows.length > 0;
}

/**
 * Deletes whatever friendship row the pair has (accepted, or pending in either direction; the pair index serves
 * the condition as written) and the friend_request notifications between them. Returns the deleted row's status.
 */
export async function endRelation(tx: DbOrTx, a: number, b: number): Promise<'accepted' | 'pending' | null> {
  const rows = await tx
    .delete(friendships)
    .where(
      sql`least(${friendships.requesterId}, ${friendships.addresseeId}) = least(${a}::int, ${b}::int)
        AND greatest(${friendships.requesterId}, ${friendships.addresseeId}) = greatest(${a}::int, ${b}::int)`,
    )
    .returning({ status: friendships.status });
  await tx
    .delete(notifications)
    .where(
      and(
        eq(notifications.notiType, 'friend_request'),
        or(
          and(eq(notifications.userId, a), eq(notifications.senderId, b)),
          and(eq(notifications.userId, b), eq(notifications.senderId, a)),
        ),
      ),
    );
  return rows[0]?.status ?? null;
}

/** Whether `blockerId` blocked `blockedId` (one primary-key probe). */
export async function hasBlocked(db: DbOrTx, blockerId: number, blockedId: number): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
    .limit(1);
  return rows.length > 0;
}

/** Whether either of the two blocked the other (two primary-key probes). */
export async function eitherBlocked(db: DbOrTx, a: number, b: number): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(blocks)
    .where(or(and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)), and(eq(blocks.blockerId, b), eq(blocks.blockedId, a))))
    .limit(1);
  return rows.length > 0;
}

/** A person who may be blocked: exists and is not deleted. */
export async function findPerson(db: DbOrTx, id: number): Promise<{ id: number; username: string } | null> {
  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  return rows[0] ?? null;
}

export type BlockedRow = { id: number; username: string; profileImage: string | null; blockedAt: Date; cursorTs: string };

/** The people `blockerId` blocked, newest block first (blocks_blocker_recent_idx), `limit` rows after the cursor. */
export async function findBlockedPage(
  db: DbOrTx,
  blockerId: number,
  opts: { cursor: { ts: string; id: number } | null; limit: number },
): Promise<{ total: number; rows: BlockedRow[] }> {
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      profileImage: users.profileImage,
      blockedAt: blocks.createdAt,
      cursorTs: sql<string>`${blocks.createdAt}::text`,
    })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(
      and(
        eq(blocks.blockerId, blockerId),
        opts.cursor
          ? sql`(${blocks.createdAt}, ${blocks.blockedId}) < (${opts.cursor.ts}::timestamptz, ${opts.cursor.id}::int)`
          : undefined,
      ),
    )
    .orderBy(sql`${blocks.createdAt} DESC`, sql`${blocks.blockedId} DESC`)
    .limit(opts.limit);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(blocks)
    .where(eq(blocks.blockerId, blockerId));
  return { total: count?.total ?? 0, rows };
}
