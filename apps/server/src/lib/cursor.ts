import { AppError } from './app-error';

/**
 * Keyset cursors (see contract/pagination.ts): the sort key of the last row of a page, as base64url JSON.
 * A cursor that does not decode to the expected shape is a 400, never a 500 or a silent first page.
 */
export type CursorValue = string | number | boolean | null;

export function encodeCursor(values: CursorValue[]): string {
  return Buffer.from(JSON.stringify(values), 'utf8').toString('base64url');
}

/**
 * One keyset page from `limit + 1` rows: the first `limit`, and the cursor of the last of them when a further row
 * came back (so a page that ends exactly at the last row says there is no next one).
 */
export function keysetPage<R>(
  rows: readonly R[],
  limit: number,
  cursorOf: (row: R) => CursorValue[],
): { page: R[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > limit && last !== undefined ? encodeCursor(cursorOf(last)) : null };
}

/**
 * Decodes a cursor whose values match `kinds` (e.g. ['ts', 'int']). Use 'ts' for timestamps: the value is the
 * PostgreSQL text of a timestamptz with its microseconds (select `created_at::text`), compared in SQL as
 * `(created_at, id) < (${ts}::timestamptz, ${id})`. A JS Date keeps only milliseconds, so rows created within
 * the same millisecond could be skipped or repeated across pages.
 */
export function decodeCursor<K extends readonly CursorKind[]>(cursor: string | undefined, kinds: K): DecodedCursor<K> | null {
  if (cursor === undefined || cursor === '') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== kinds.length) throw invalid();
  return kinds.map((kind, i) => check(kind, parsed[i])) as DecodedCursor<K>;
}

export type CursorKind = 'int' | 'ts' | 'bool' | 'string';
type KindValue<K extends CursorKind> = K extends 'int' ? number : K extends 'ts' ? string : K extends 'bool' ? boolean : string;
export type DecodedCursor<K extends readonly CursorKind[]> = { [I in keyof K]: KindValue<K[I]> };

/** PostgreSQL's timestamptz text: 2026-11-23 03:52:36.123456+00 */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)$/;

/** The same instant in the ISO form Date.parse reads (T separator, at most milliseconds, zone as ±hh:mm). */
function isoOf(ts: string): string {
  return ts
    .replace(' ', 'T')
    .replace(/(\.\d{3})\d+/, '$1')
    .replace(/([+-]\d{2})$/, '$1:00');
}

function check(kind: CursorKind, value: unknown): number | boolean | string {
  switch (kind) {
    case 'int':
      if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
      break;
    case 'bool':
      if (typeof value === 'boolean') return value;
      break;
    case 'string':
      if (typeof value === 'string' && value.length <= 200) return value;
      break;
    case 'ts':
      if (typeof value === 'string' && TIMESTAMP.test(value) && !Number.isNaN(Date.parse(isoOf(value)))) return value;
      break;
  }
  throw invalid();
}

function invalid(): AppError {
  return AppError.badRequest('Invalid cursor', { cursor: 'Invalid cursor' });
}
