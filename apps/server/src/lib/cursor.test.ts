import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, keysetPage } from './cursor';

describe('keyset cursors', () => {
  it('round-trips a timestamp with microseconds and an id', () => {
    const cursor = encodeCursor(['2026-11-23 03:52:36.123456+00', 42]);
    expect(decodeCursor(cursor, ['ts', 'int'] as const)).toEqual(['2026-11-23 03:52:36.123456+00', 42]);
  });

  it('reads an absent cursor as the first page', () => {
    expect(decodeCursor(undefined, ['int'] as const)).toBeNull();
    expect(decodeCursor('', ['int'] as const)).toBeNull();
  });

  it.each([
    ['not base64 json', 'zzz'],
    ['wrong arity', encodeCursor([1])],
    ['wrong type', encodeCursor(['x', 1])],
    ['not a timestamp', encodeCursor(["1'; DROP TABLE users; --", 1])],
    ['unsafe integer', encodeCursor(['2026-01-01 00:00:00+00', 2 ** 60])],
  ])('refuses %s with a 400', (_name, cursor) => {
    expect(() => decodeCursor(cursor, ['ts', 'int'] as const)).toThrowError(expect.objectContaining({ statusCode: 400 }));
  });
});

describe('keysetPage', () => {
  const rows = [1, 2, 3].map((id) => ({ id, ts: `t${id}` }));
  it('keeps the first `limit` rows and gives the cursor of the last when a further row came back', () => {
    const { page, nextCursor } = keysetPage(rows, 2, (r) => [r.ts, r.id]);
    expect(page.map((r) => r.id)).toEqual([1, 2]);
    expect(decodeCursor(nextCursor!, ['string', 'int'] as const)).toEqual(['t2', 2]);
  });
  it('has no next cursor when the page ends at the last row, or is empty', () => {
    expect(keysetPage(rows, 3, (r) => [r.id]).nextCursor).toBeNull();
    expect(keysetPage([], 3, () => [])).toEqual({ page: [], nextCursor: null });
  });
});
