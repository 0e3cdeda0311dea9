import { DrizzleQueryError } from 'drizzle-orm';

/**
 * PostgreSQL errors as postgres.js raises them, possibly wrapped by Drizzle (`DrizzleQueryError`, whose
 * message and `params` hold the query's parameter values: hashes, emails, text a user typed).
 */
type PgError = {
  code: string;
  severity?: string;
  constraint_name?: string;
  table_name?: string;
  column_name?: string;
  routine?: string;
};

/** The PostgreSQL error inside an error (walking `cause`), or null when there is none. */
export function pgErrorOf(error: unknown): PgError | null {
  for (let e = error as { code?: unknown; severity?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; depth += 1) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && typeof e.severity === 'string') return e as PgError;
    e = e.cause as typeof e;
  }
  return null;
}

/** PostgreSQL's unique_violation, with the constraint (index) that fired. */
export function uniqueViolation(error: unknown): string | null {
  const pg = pgErrorOf(error);
  return pg?.code === '23505' ? (pg.constraint_name ?? '') : null;
}

/**
 * SQLSTATE class 22 ("data exception": 22021 bad byte sequence such as NUL, 22P02 bad text for a type, 22001
 * value too long, 22003 out of range, 22007/22008 bad date): the request carried a value the database cannot
 * store, so it is the client's error (400), never a 500.
 */
export function isDataException(error: unknown): boolean {
  return pgErrorOf(error)?.code.startsWith('22') ?? false;
}

/**
 * What may be logged about a database error: SQLSTATE, constraint, table, column, routine. Never the message,
 * the detail or the query parameters, which can carry values (password hashes, emails, what a user typed).
 */
export function redactDbError(error: unknown): Record<string, string | undefined> | null {
  const pg = pgErrorOf(error);
  if (!pg) return null;
  return {
    type: 'DatabaseError',
    sqlstate: pg.code,
    severity: pg.severity,
    constraint: pg.constraint_name,
    table: pg.table_name,
    column: pg.column_name,
    routine: pg.routine,
  };
}

/** The first string `code` in an error's cause chain (e.g. CONNECTION_CLOSED, ECONNREFUSED), never a message. */
function codeIn(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && typeof e === 'object' && depth < 5; depth += 1) {
    if (typeof e.code === 'string') return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

/** A log-safe form of any error: redacted for database errors, name and stack (no message) for Drizzle's wrapper. */
export function loggableError(error: unknown): unknown {
  const db = redactDbError(error);
  if (db) return db;
  if (error instanceof DrizzleQueryError) return { type: 'DrizzleQueryError', code: codeIn(error) };
  return error;
}

/** postgres.js's own codes for a connection that closed, could not open, or was ended under a query. */
const DRIVER_CONNECTION_CODES = new Set(['CONNECTION_CLOSED', 'CONNECTION_DESTROYED', 'CONNECTION_ENDED', 'CONNECT_TIMEOUT']);

/**
 * Socket errors. They mean the database went away only when the driver raised them (its socket to PostgreSQL);
 * the same codes come from the HTTP request stream when a client aborts an upload (ECONNRESET "aborted").
 */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);

const own = (e: object, key: string) => Object.prototype.hasOwnProperty.call(e, key);

/**
 * An error the database driver raised: Drizzle's wrapper of a failed query, or an error postgres.js rejected a
 * query with (it tags every such error, its socket's included, with own `query` and `parameters` properties).
 */
function isDriverError(e: object): boolean {
  return e instanceof DrizzleQueryError || (own(e, 'query') && own(e, 'parameters'));
}

/**
 * The database could not be reached or went away under the query: postgres.js's connection codes, a socket error
 * the driver raised (never one from the HTTP request), SQLSTATE class 08 (connection exception), 57P01–57P03 (the
 * server shut down, crashed, or cannot take connections yet). Such a request is answered 503 with Retry-After
 * (the client may try again) and health stops answering 200.
 */
export function isConnectionLoss(error: unknown): boolean {
  let fromDriver = false;
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && typeof e === 'object' && depth < 5; depth += 1) {
    fromDriver ||= isDriverError(e);
    if (typeof e.code === 'string') {
      if (DRIVER_CONNECTION_CODES.has(e.code) || /^08[0-9A-Z]{3}$/.test(e.code) || /^57P0[123]$/.test(e.code)) return true;
      if (SOCKET_CODES.has(e.code) && fromDriver) return true;
    }
    e = e.cause as typeof e;
  }
  return false;
}
