import { drizzle, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import * as schema from './schema';

/** The Drizzle handle; `$client` is its postgres.js pool (realtime LISTENs through it). */
export type Db = PostgresJsDatabase<typeof schema> & { $client: postgres.Sql };
/** A transaction handle: services that write several rows pass it to the queries they call. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Queries take either, so they run alone or inside a caller's transaction. */
export type DbOrTx = Db | Tx;
export type Database = { db: Db; sql: postgres.Sql; close: () => Promise<void> };

/**
 * Seconds before a closed pool connection dials again, after `retries` failed attempts in a row (shared by the
 * pool). postgres.js's default grows to 20 s, and a query handed to a connection waiting out that delay waits
 * with it: after a database restart requests hung 5–19 s and health stayed 503 for 9 s while the database was
 * back. Capped at 1 s (with jitter): a failed attempt costs one refused TCP connection.
 */
export function reconnectDelaySeconds(retries: number): number {
  return (0.5 + Math.random() / 2) * Math.min(0.05 * 2 ** retries, 1);
}

let pools = 0;
/** `agora <pid>.<n>`: one name per pool of one process (PostgreSQL keeps the first 63 bytes). */
function poolName(): string {
  return `agora ${process.pid}.${(pools += 1)}`;
}

/**
 * Opens a pool on any PostgreSQL URL (embedded or external); with `socket`, through that Unix socket instead of the
 * URL's host and port (the URL still gives the user, password and database).
 */
export function connect(url: string, options: { max?: number; socket?: string | null } = {}): Database {
  const sql = postgres(url, {
    ...(options.socket ? { path: options.socket } : {}),
    max: options.max ?? 10,
    idle_timeout: 30,
    connect_timeout: 15,
    backoff: reconnectDelaySeconds,
    onnotice: () => {},
    // Every statement of the app is a short OLTP read or write: JIT compilation (30-98 ms a search statement on
    // Debian's PostgreSQL) and parallel workers (30-74 ms to start) cost more than they save (docs/perf/search.md,
    // decision 0124). Sent as startup parameters, so they hold on every connection of the pool, on any server (as
    // strings: postgres.js drops a falsy value such as the number 0).
    // application_name: unique to this pool, so GET /metrics counts this pool's connections in pg_stat_activity
    // (postgres.js exposes no pool counts; plugins/metrics.ts).
    connection: { jit: 'off', max_parallel_workers_per_gather: '0', application_name: poolName() },
  });
  const db = drizzle(sql, { schema, casing: 'snake_case' });
  return { db, sql, close: () => sql.end({ timeout: 5 }) };
}
