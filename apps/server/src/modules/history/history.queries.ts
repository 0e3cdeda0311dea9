import { EDIT_HISTORY_MAX } from '@agora/contract';
import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { blogEdits, commentEdits, discussionEdits, users } from '../../db/schema';

/**
 * Drizzle only: the edit history tables (issue 15 §1). A row is one edit: the text (and a blog's title) as it was
 * before it, who made it, when. Written in the edit's transaction; read newest first.
 */

const iso = (column: SQL | AnyPgColumn) => sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export type EditKind = 'discussion' | 'comment' | 'blog';

/** One stored edit with its editor's current name and picture (null once the account is gone). */
export type EditRow = {
  title: string | null;
  content: string;
  editorId: number | null;
  username: string | null;
  profileImage: string | null;
  editedAt: string;
  /** How many edits the item has in all (the rows answered are the newest `EDIT_HISTORY_MAX`). */
  total: number;
};

export async function insertEdit(
  tx: DbOrTx,
  kind: EditKind,
  values: { itemId: number; editorId: number; content: string; title?: string },
): Promise<void> {
  const { itemId, editorId, content } = values;
  if (kind === 'discussion') await tx.insert(discussionEdits).values({ discussionId: itemId, editorId, content });
  else if (kind === 'comment') await tx.insert(commentEdits).values({ commentId: itemId, editorId, content });
  else await tx.insert(blogEdits).values({ blogId: itemId, editorId, content, title: values.title ?? '' });
}

/** The item's newest edits, newest first (`<kind>_edits_item_idx`). */
export async function findEdits(db: DbOrTx, kind: EditKind, itemId: number): Promise<EditRow[]> {
  const table = kind === 'discussion' ? discussionEdits : kind === 'comment' ? commentEdits : blogEdits;
  const item = kind === 'discussion' ? discussionEdits.discussionId : kind === 'comment' ? commentEdits.commentId : blogEdits.blogId;
  return db
    .select({
      title: kind === 'blog' ? blogEdits.title : sql<string | null>`null`,
      content: table.content,
      editorId: table.editorId,
      username: users.username,
      profileImage: users.profileImage,
      editedAt: iso(table.editedAt),
      total: sql<number>`(count(*) OVER ())::int`,
    })
    .from(table)
    .leftJoin(users, eq(users.id, table.editorId))
    .where(eq(item, itemId))
    .orderBy(desc(table.id))
    .limit(EDIT_HISTORY_MAX);
}

/** A deleted comment keeps no earlier words either. */
export async function deleteCommentEdits(tx: DbOrTx, commentId: number): Promise<void> {
  await tx.delete(commentEdits).where(eq(commentEdits.commentId, commentId));
}
