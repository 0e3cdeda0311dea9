import type { Role } from '@agora/contract';
import { and, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { blogs, comments, discussions, groupMembers, groups, heldNotifications, notifications } from '../../db/schema';

/** Drizzle only: taking an item down and putting it back (issue 15 §3). The removals service decides. */

export type RemovableKind = 'discussion' | 'comment' | 'blog';

const TABLES = { discussion: discussions, comment: comments, blog: blogs } as const;

const iso = (column: SQL) => sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The author's membership role in the community now (null: not a member, or no author). */
export async function memberRole(db: DbOrTx, groupId: number, userId: number | null): Promise<Role | null> {
  if (userId === null) return null;
  const rows = await db
    .select({ role: groupMembers.role })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
  return (rows[0]?.role as Role | undefined) ?? null;
}

/**
 * Marks the item removed, only if it is not already (a concurrent removal loses: null). The three columns are set
 * together (CHECK `*_removal_whole`). Returns the time written.
 */
export async function markRemoved(
  tx: DbOrTx,
  kind: RemovableKind,
  id: number,
  values: { by: number; reason: string },
): Promise<{ at: string } | null> {
  const table = TABLES[kind];
  const rows = await tx
    .update(table)
    .set({ removedAt: sql`now()`, removedBy: values.by, removedReason: values.reason })
    .where(and(eq(table.id, id), isNull(table.removedAt)))
    .returning({ at: iso(sql`${table.removedAt}`) });
  return rows[0] ?? null;
}

/** Clears the removal, only if the item is removed (a concurrent restore loses: false). */
export async function clearRemoved(tx: DbOrTx, kind: RemovableKind, id: number): Promise<boolean> {
  const table = TABLES[kind];
  const rows = await tx
    .update(table)
    .set({ removedAt: null, removedBy: null, removedReason: null })
    .where(and(eq(table.id, id), isNotNull(table.removedAt)))
    .returning({ id: table.id });
  return rows.length > 0;
}

/** The notifications' columns, in one order, for moving rows between `notifications` and `held_notifications`. */
const NOTE_COLUMNS = sql.raw(
  'id, user_id, sender_id, noti_type, noti_content, noti_link, group_id, discussion_id, comment_id, blog_id, is_read, created_at',
);

const aboutItem = (kind: RemovableKind, id: number, alias: string) =>
  sql`${sql.raw(`${alias}.${kind === 'discussion' ? 'discussion_id' : kind === 'comment' ? 'comment_id' : 'blog_id'}`)} = ${id}::int`;

/**
 * Takes away the notifications about a removed item (a mention in it, the reply it made, the comments on a removed
 * post) held by someone who may no longer see it: neither its author nor staff of the community. They move to
 * `held_notifications` (decision 0118) until `releaseNotifications`. Returns whose unread count may have changed.
 */
export async function holdHiddenNotifications(
  tx: DbOrTx,
  kind: RemovableKind,
  id: number,
  groupId: number,
  authorId: number | null,
): Promise<number[]> {
  const rows = await tx.execute<{ user_id: number }>(sql`WITH moved AS (
      DELETE FROM ${notifications} n WHERE ${aboutItem(kind, id, 'n')}
        AND n.user_id IS DISTINCT FROM ${authorId}::int
        AND NOT EXISTS (SELECT 1 FROM ${groups} g WHERE g.id = ${groupId}::int AND g.owner_id = n.user_id)
        AND NOT EXISTS (SELECT 1 FROM ${groupMembers} m WHERE m.group_id = ${groupId}::int AND m.user_id = n.user_id
          AND m.role IN ('owner', 'admin', 'moderator'))
      RETURNING ${NOTE_COLUMNS})
    INSERT INTO ${heldNotifications} (${NOTE_COLUMNS}) SELECT ${NOTE_COLUMNS} FROM moved RETURNING user_id`);
  return [...new Set([...rows].map((r) => r.user_id))];
}

/**
 * Gives back the held notifications about a restored item whose post, comment and blog are all no longer removed
 * (one about a comment of a still-removed post waits for the post). Returns whose unread count may have changed.
 */
export async function releaseNotifications(tx: DbOrTx, kind: RemovableKind, id: number): Promise<number[]> {
  const rows = await tx.execute<{ user_id: number }>(sql`WITH back AS (
      DELETE FROM ${heldNotifications} h WHERE ${aboutItem(kind, id, 'h')}
        AND NOT EXISTS (SELECT 1 FROM ${discussions} d WHERE d.id = h.discussion_id AND d.removed_at IS NOT NULL)
        AND NOT EXISTS (SELECT 1 FROM ${comments} c WHERE c.id = h.comment_id AND c.removed_at IS NOT NULL)
        AND NOT EXISTS (SELECT 1 FROM ${blogs} b WHERE b.id = h.blog_id AND b.removed_at IS NOT NULL)
      RETURNING ${NOTE_COLUMNS})
    INSERT INTO ${notifications} (${NOTE_COLUMNS}) OVERRIDING SYSTEM VALUE SELECT ${NOTE_COLUMNS} FROM back RETURNING user_id`);
  return [...new Set([...rows].map((r) => r.user_id))];
}

/** A comment with what a removal needs: its post, its author, whether it is removed. */
export async function findCommentFacts(
  db: DbOrTx,
  commentId: number,
): Promise<{ id: number; discussionId: number; userId: number; removed: boolean } | null> {
  const rows = await db
    .select({
      id: comments.id,
      discussionId: comments.discussionId,
      userId: comments.userId,
      removed: sql<boolean>`${comments.removedAt} IS NOT NULL`,
    })
    .from(comments)
    .where(eq(comments.id, commentId));
  return rows[0] ?? null;
}

/** The blog if it belongs to the community: its author, whether it is removed. */
export async function findBlogFacts(
  db: DbOrTx,
  blogId: number,
  groupId: number,
): Promise<{ id: number; authorId: number | null; removed: boolean } | null> {
  const rows = await db
    .select({ id: blogs.id, authorId: blogs.authorId, removed: sql<boolean>`${blogs.removedAt} IS NOT NULL` })
    .from(blogs)
    .where(and(eq(blogs.id, blogId), eq(blogs.groupId, groupId)));
  return rows[0] ?? null;
}

/** A comment's thread position and its post's comment count now (after a removal), null when it is gone. */
export async function findCommentLiveState(
  db: DbOrTx,
  commentId: number,
): Promise<{ discussionId: number; parentId: number | null; kept: boolean; commentCount: number } | null> {
  const rows = await db.execute<{ discussionId: number; parentId: number | null; kept: boolean; commentCount: number }>(sql`
    SELECT c.discussion_id AS "discussionId", c.parent_id AS "parentId", c.reply_count > 0 AS kept, d.comment_count AS "commentCount"
    FROM comments c JOIN discussions d ON d.id = c.discussion_id WHERE c.id = ${commentId}`);
  return [...rows][0] ?? null;
}
