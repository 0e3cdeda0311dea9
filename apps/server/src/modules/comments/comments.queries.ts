import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Role } from '@agora/contract';
import { commentLikes, comments, discussions, groupMembers, users } from '../../db/schema';

/**
 * Drizzle only: writing comments and replies, their counters and their likes. A post's comment page is read by
 * the discussions statements (it shares their community check, discussions.queries.ts `findComments`).
 */
/** ISO 8601 in UTC with milliseconds, as the API answers dates (the same expression as the discussions statements). */
const iso = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export async function insertCommentLike(tx: DbOrTx, commentId: number, userId: number): Promise<boolean> {
  const rows = await tx.insert(commentLikes).values({ commentId, userId }).onConflictDoNothing().returning({ id: commentLikes.commentId });
  return rows.length > 0;
}

export async function deleteCommentLike(tx: DbOrTx, commentId: number, userId: number): Promise<boolean> {
  const rows = await tx
    .delete(commentLikes)
    .where(and(eq(commentLikes.commentId, commentId), eq(commentLikes.userId, userId)))
    .returning({ id: commentLikes.commentId });
  return rows.length > 0;
}

export async function moveCommentLikes(
  tx: DbOrTx,
  commentId: number,
  delta: number,
): Promise<{ likeCount: number; authorId: number } | null> {
  const rows =
    delta === 0
      ? await tx.select({ likeCount: comments.likeCount, authorId: comments.userId }).from(comments).where(eq(comments.id, commentId))
      : await tx
          .update(comments)
          .set({ likeCount: sql`${comments.likeCount} + ${delta}` })
          .where(eq(comments.id, commentId))
          .returning({ likeCount: comments.likeCount, authorId: comments.userId });
  return rows[0] ?? null;
}

/** `removed`: taken down by the staff (issue 15 §3); `deleted`: deleted with replies, kept as "[deleted]" (§1). */
export type CommentRef = { id: number; discussionId: number; parentId: number | null; userId: number; removed: boolean; deleted: boolean };

const refColumns = {
  id: comments.id,
  discussionId: comments.discussionId,
  parentId: comments.parentId,
  userId: comments.userId,
  removed: sql<boolean>`${comments.removedAt} IS NOT NULL`,
  deleted: sql<boolean>`${comments.deletedAt} IS NOT NULL`,
};

export async function findComment(db: DbOrTx, commentId: number): Promise<CommentRef | null> {
  const rows = await db.select(refColumns).from(comments).where(eq(comments.id, commentId));
  return rows[0] ?? null;
}

/** A comment with what an edit, a delete or its history needs: its text, counters, times and author. */
export type CommentDetail = CommentRef & {
  content: string;
  replyCount: number;
  likeCount: number;
  datePosted: string;
  editedAt: string | null;
  username: string;
  profileImage: string | null;
  /** `viewerId` likes it. */
  liked: boolean;
  /** The author's role in the post's community, and the removal (issue 15 §3), as the comment mapper wants them. */
  authorRole: Role | null;
  removedAt: string | null;
  removedReason: string | null;
};

/** The comment, its row locked for the rest of the transaction with `lock` (an edit or a delete). */
export async function findCommentDetail(
  db: DbOrTx,
  commentId: number,
  opts: { lock?: boolean; viewerId?: number } = {},
): Promise<CommentDetail | null> {
  const viewer = opts.viewerId ?? 0;
  const query = db
    .select({
      ...refColumns,
      content: comments.content,
      replyCount: comments.replyCount,
      likeCount: comments.likeCount,
      datePosted: sql<string>`${iso(sql`${comments.createdAt}`)}`,
      editedAt: sql<string | null>`${iso(sql`${comments.editedAt}`)}`,
      username: users.username,
      profileImage: users.profileImage,
      liked: sql<boolean>`EXISTS (SELECT 1 FROM ${commentLikes} l WHERE l.comment_id = ${comments.id} AND l.user_id = ${viewer}::int)`,
      authorRole: sql<Role | null>`(SELECT m.role FROM ${groupMembers} m JOIN ${discussions} d ON d.group_id = m.group_id
        WHERE d.id = ${comments.discussionId} AND m.user_id = ${comments.userId})`,
      removedAt: sql<string | null>`${iso(sql`${comments.removedAt}`)}`,
      removedReason: comments.removedReason,
    })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(eq(comments.id, commentId));
  const rows = opts.lock ? await query.for('update', { of: comments }) : await query;
  return rows[0] ?? null;
}

/** The new text, edited now; returns the edit's time. */
export async function updateCommentContent(tx: DbOrTx, commentId: number, content: string): Promise<string> {
  const [row] = await tx
    .update(comments)
    .set({ content, editedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(comments.id, commentId))
    .returning({ editedAt: sql<string>`${iso(sql`${comments.editedAt}`)}` });
  return row!.editedAt;
}

/**
 * Keeps a comment that has replies as "[deleted]": its text emptied, its likes gone (decision 0113); the row and
 * its author id stay for the thread and the foreign keys.
 */
export async function markCommentDeleted(tx: DbOrTx, commentId: number): Promise<void> {
  await tx.delete(commentLikes).where(eq(commentLikes.commentId, commentId));
  await tx
    .update(comments)
    .set({ content: '', likeCount: 0, deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(comments.id, commentId));
}

/** Moves a comment's reply_count; returns it and whether that comment is itself deleted ("[deleted]"). */
export async function moveReplyCountOf(
  tx: DbOrTx,
  commentId: number,
  delta: number,
): Promise<{ replyCount: number; deleted: boolean } | null> {
  const rows = await tx
    .update(comments)
    .set({ replyCount: sql`${comments.replyCount} + ${delta}` })
    .where(eq(comments.id, commentId))
    .returning({ replyCount: comments.replyCount, deleted: sql<boolean>`${comments.deletedAt} IS NOT NULL` });
  return rows[0] ?? null;
}

export type InsertedComment = { id: number; datePosted: string };

export async function insertComment(
  tx: DbOrTx,
  values: { discussionId: number; userId: number; parentId: number | null; content: string },
): Promise<InsertedComment> {
  const [row] = await tx
    .insert(comments)
    .values(values)
    .returning({ id: comments.id, datePosted: sql<string>`${iso(sql`${comments.createdAt}`)}` });
  return row!;
}

/** Moves the post's comment_count (comments and replies both count); returns it and the post's author. */
export async function moveCommentCount(
  tx: DbOrTx,
  discussionId: number,
  delta: number,
): Promise<{ commentCount: number; authorId: number } | null> {
  const rows = await tx
    .update(discussions)
    .set({ commentCount: sql`${discussions.commentCount} + ${delta}` })
    .where(eq(discussions.id, discussionId))
    .returning({ commentCount: discussions.commentCount, authorId: discussions.userId });
  return rows[0] ?? null;
}

export async function moveReplyCount(tx: DbOrTx, commentId: number, delta: number): Promise<number | null> {
  const rows = await tx
    .update(comments)
    .set({ replyCount: sql`${comments.replyCount} + ${delta}` })
    .where(eq(comments.id, commentId))
    .returning({ replyCount: comments.replyCount });
  return rows[0]?.replyCount ?? null;
}

/** Deletes one comment of that post; returns its parent (null for top-level), or undefined when it was not there. */
export async function deleteCommentRow(
  tx: DbOrTx,
  commentId: number,
  discussionId: number,
): Promise<{ parentId: number | null } | undefined> {
  const rows = await tx
    .delete(comments)
    .where(and(eq(comments.id, commentId), eq(comments.discussionId, discussionId)))
    .returning({ parentId: comments.parentId });
  return rows[0];
}
