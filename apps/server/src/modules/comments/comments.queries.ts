import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { commentLikes, comments, discussions } from '../../db/schema';

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

/** `removed`: taken down by the staff (issue 15 §3). */
export type CommentRef = { id: number; discussionId: number; parentId: number | null; userId: number; removed: boolean };

export async function findComment(db: DbOrTx, commentId: number): Promise<CommentRef | null> {
  const rows = await db
    .select({
      id: comments.id,
      discussionId: comments.discussionId,
      parentId: comments.parentId,
      userId: comments.userId,
      removed: sql<boolean>`${comments.removedAt} IS NOT NULL`,
    })
    .from(comments)
    .where(eq(comments.id, commentId));
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

/** Deletes a comment's replies; returns how many went. */
export async function deleteReplies(tx: DbOrTx, commentId: number): Promise<number> {
  const rows = await tx.delete(comments).where(eq(comments.parentId, commentId)).returning({ id: comments.id });
  return rows.length;
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
