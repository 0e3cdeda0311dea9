import type { Db } from './db/client';
import type { UserRow } from './db/schema';
import type { Limiters } from './lib/rate-limiter';

/**
 * What every service function receives first: the database, the limiters and the settings it needs. Built once
 * in `buildApp`; services never see a `FastifyRequest`.
 */
export type AppContext = { db: Db; limiters: Limiters; uploadsDir: string; sessionTtlMs: number };

/** Who acts in a service call: the signed-in user, or null for a visitor. */
export type Actor = UserRow | null;
