import { describe, expect, it } from 'vitest';
import type { DbOrTx } from '../db/client';
import { applyLike, type LikeRows } from './likes';

/** One like row and a counter in memory, with the order of the calls. */
function memory(liked: boolean, count: number, gone = false) {
  const calls: string[] = [];
  const rows: LikeRows = {
    lock: async () => void calls.push('lock'),
    insert: async () => (calls.push('insert'), liked ? false : ((liked = true), true)),
    remove: async () => (calls.push('remove'), liked ? ((liked = false), true) : false),
    count: async (_tx, delta) => (calls.push(`count ${delta}`), gone ? null : (count += delta)),
  };
  return { rows, calls };
}
const tx = {} as DbOrTx;

describe('applyLike (posts, comments and blogs)', () => {
  it('toggles: a like, then an unlike, the counter moved by the rows changed', async () => {
    const m = memory(false, 4);
    expect(await applyLike(tx, m.rows)).toEqual({ liked: true, likeCount: 5, added: true });
    expect(await applyLike(tx, m.rows)).toEqual({ liked: false, likeCount: 4, added: false });
    expect(m.calls).toEqual(['lock', 'insert', 'count 1', 'lock', 'insert', 'remove', 'count -1']);
  });

  it('sets: liking a liked object or unliking an unliked one changes nothing', async () => {
    expect(await applyLike(tx, memory(true, 3).rows, true)).toEqual({ liked: true, likeCount: 3, added: false });
    expect(await applyLike(tx, memory(false, 3).rows, false)).toEqual({ liked: false, likeCount: 3, added: false });
    expect(await applyLike(tx, memory(true, 3).rows, false)).toEqual({ liked: false, likeCount: 2, added: false });
  });

  it('answers null when the object is gone', async () => {
    expect(await applyLike(tx, memory(false, 0, true).rows)).toBeNull();
  });
});
