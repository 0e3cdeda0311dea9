import type { DbOrTx } from '../db/client';

/**
 * The one like algorithm of posts, comments and blogs. One like row per person and object (the primary key) is
 * the truth; the counter moves by the rows actually inserted or deleted, never by what the client believed.
 * `wanted` sets the state (true: like, false: unlike); undefined toggles. The caller runs it in a transaction,
 * notifies on `added`, and answers `liked` and `likeCount` under its kind's spec field names.
 */
export type LikeRows = {
  /** Serialises this person's likes of this object until commit (blogs: each click flips exactly once). */
  lock?: (tx: DbOrTx) => Promise<void>;
  /** Inserts the like row; true when it is new. */
  insert: (tx: DbOrTx) => Promise<boolean>;
  /** Deletes the like row; true when there was one. */
  remove: (tx: DbOrTx) => Promise<boolean>;
  /** Moves the counter by `delta` (0 reads it); null when the object is gone. */
  count: (tx: DbOrTx, delta: number) => Promise<number | null>;
};

export type LikeOutcome = { liked: boolean; likeCount: number; added: boolean };

export async function applyLike(tx: DbOrTx, rows: LikeRows, wanted?: boolean): Promise<LikeOutcome | null> {
  await rows.lock?.(tx);
  let delta = 0;
  let liked: boolean;
  if (wanted === false) liked = false;
  else if (await rows.insert(tx)) {
    delta = 1;
    liked = true;
  } else liked = wanted === true;
  if (!liked && (await rows.remove(tx))) delta = -1;
  const likeCount = await rows.count(tx, delta);
  return likeCount === null ? null : { liked, likeCount, added: delta > 0 };
}
