import type { EditHistoryResponse } from '@agora/contract';
import type { DbOrTx } from '../../db/client';
import { deleteCommentEdits, type EditKind, findEdits, insertEdit } from './history.queries';
import { type CurrentItem, versionsOf } from './history.versions';

/**
 * Edit history (issue 15 §1) as the posts, comments and blogs services use it: record an edit inside the edit's
 * transaction, answer an item's versions, forget a deleted comment's. Who may read or edit is the caller's check.
 */

export type { CurrentItem, EditKind };

/** Keeps the text (and a blog's title) as it was before an edit by `editorId`. */
export async function recordEdit(
  tx: DbOrTx,
  kind: EditKind,
  values: { itemId: number; editorId: number; content: string; title?: string },
): Promise<void> {
  await insertEdit(tx, kind, values);
}

/** Every version of the item, newest first, the current one (`item`) included. */
export async function editHistory(db: DbOrTx, kind: EditKind, itemId: number, item: CurrentItem): Promise<EditHistoryResponse> {
  return versionsOf(item, await findEdits(db, kind, itemId));
}

/** A comment kept as "[deleted]" keeps no earlier words either (decision 0113). */
export async function forgetCommentEdits(tx: DbOrTx, commentId: number): Promise<void> {
  await deleteCommentEdits(tx, commentId);
}
