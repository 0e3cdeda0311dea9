import { AUTH_MESSAGES } from '@agora/contract';
import type { Db } from './db/client';
import type { UserRow } from './db/schema';
import { AppEvents } from './lib/events';
import { createLimiters, type Limiters } from './lib/rate-limiter';
import { WorkQueue } from './lib/work-queue';

/**
 * What every service function receives first: the database, the limiters, shared work queues, the event hub
 * and the settings it needs. Built once in `buildApp`; services never see a `FastifyRequest`.
 */
export type AppContext = {
  db: Db;
  limiters: Limiters;
  /** argon2 hashing and verification: at most one job per core, a short line, then 503 (docs/SECURITY.md). */
  passwordWork: WorkQueue;
  events: AppEvents;
  uploadsDir: string;
  sessionTtlMs: number;
};

/** Who acts in a service call: the signed-in user, or null for a visitor. */
export type Actor = UserRow | null;

/** Builds the context for one app instance. */
export function createAppContext(opts: {
  db: Db;
  rateLimit: boolean;
  uploadsDir: string;
  sessionTtlMs: number;
  passwordWork: { concurrency: number; maxWaiting: number };
}): AppContext {
  return {
    db: opts.db,
    limiters: createLimiters(opts.rateLimit),
    passwordWork: new WorkQueue(opts.passwordWork.concurrency, opts.passwordWork.maxWaiting, AUTH_MESSAGES.serverBusy),
    events: new AppEvents(),
    uploadsDir: opts.uploadsDir,
    sessionTtlMs: opts.sessionTtlMs,
  };
}
