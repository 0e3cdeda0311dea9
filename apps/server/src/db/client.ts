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

/** Opens a pool on any PostgreSQL URL (embedded or external). */
export function connect(url: string, options: { max?: number } = {}): Database {
  const sql = postgres(url, {
    max: options.max ?? 10,
    idle_timeout: 30,
    connect_timeout: 15,
    onnotice: () => {},
  });
  const db = drizzle(sql, { schema, casing: 'snake_case' });
  return { db, sql, close: () => sql.end({ timeout: 5 }) };
}
