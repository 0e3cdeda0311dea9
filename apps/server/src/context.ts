import { AUTH_MESSAGES } from '@agora/contract';
import type { Db } from './db/client';
import type { UserRow } from './db/schema';
import type { PasswordWork } from './plugins/config';
import { createJobSender, type JobSender } from './jobs/queue';
import { AppEvents } from './lib/events';
import type { UploadStore } from './lib/file-store';
import { createLimiters, type Limiters, type LimiterStore } from './lib/rate-limiter';
import { WorkQueue } from './lib/work-queue';

/**
 * What every service function receives first: the database, the limiters, shared work queues, the event hub
 * and the settings it needs. Built once in `buildApp`; services never see a `FastifyRequest`.
 */
export type AppContext = {
  db: Db;
  limiters: Limiters;
  /** argon2 hashing and verification: one job per core, queued while the wait is short, then 503 (docs/SECURITY.md). */
  passwordWork: WorkQueue;
  events: AppEvents;
  /** Where uploaded files live: UPLOADS_DIR or an S3-compatible bucket (lib/file-store.ts). */
  uploads: UploadStore;
  /** Built data exports (issue 14 §7). */
  exportsDir: string;
  sessionTtlMs: number;
  /** Work that runs later (jobs/queue.ts): mail is only ever enqueued here, inside the write's transaction. */
  jobs: JobSender;
  /** The site's public origin: links in mail start with it. */
  publicUrl: string;
  /** REQUIRE_EMAIL_VERIFICATION (account/verified.ts). */
  requireEmailVerification: boolean;
  /** RATE_LIMIT: off lifts the limiters and the site-wide posting limits (modules/posting). */
  rateLimit: boolean;
  /** SEARCH_LANGUAGE: the text search configuration of the search index and queries (modules/search). */
  searchLanguage: string;
  /** Web push (issue 18 §4, modules/push): filled in by buildApp (keys) and the realtime plugin (presence). */
  push: PushState;
};

/** What sending a web push needs beside the database. */
export type PushState = {
  /** The VAPID key pair and contact (VAPID_* or DATA_DIR/vapid.json); null where nothing pushes (the CLI). */
  vapid: { publicKey: string; privateKey: string; subject: string } | null;
  /** Whether the user has an open socket on any node (cluster presence); a push is sent only when not. */
  isOnline: (userId: number) => Promise<boolean>;
  /** Accept http://localhost endpoints (tests and development only; a browser's push service is always https). */
  allowLocalEndpoints: boolean;
};

/** Who acts in a service call: the signed-in user, or null for a visitor. */
export type Actor = UserRow | null;

/** The actor of a service that a sign-in check guards (the route's `requireUser`, or the service's first line). */
export type SignedIn = NonNullable<Actor>;

/** Builds the context for one app instance. */
export function createAppContext(opts: {
  db: Db;
  rateLimit: boolean;
  /** Where the limiters count (lib/rate-limiter.ts): memory unless several nodes share a store. */
  limiterStore?: LimiterStore;
  uploads: UploadStore;
  exportsDir: string;
  sessionTtlMs: number;
  passwordWork: PasswordWork;
  publicUrl: string;
  requireEmailVerification?: boolean;
  searchLanguage?: string;
}): AppContext {
  return {
    db: opts.db,
    limiters: createLimiters(opts.rateLimit, opts.limiterStore),
    passwordWork: new WorkQueue({
      concurrency: opts.passwordWork.concurrency,
      maxWaitMs: opts.passwordWork.maxWaitMs,
      initialJobMs: 100,
      // The per-client shares are rate limits: RATE_LIMIT=off lifts them with the others.
      perKey: opts.rateLimit ? { ip: opts.passwordWork.perIp, account: opts.passwordWork.perAccount } : undefined,
      busyMessage: AUTH_MESSAGES.serverBusy,
    }),
    events: new AppEvents(),
    uploads: opts.uploads,
    exportsDir: opts.exportsDir,
    sessionTtlMs: opts.sessionTtlMs,
    jobs: createJobSender(opts.db),
    publicUrl: opts.publicUrl,
    requireEmailVerification: opts.requireEmailVerification ?? false,
    rateLimit: opts.rateLimit,
    searchLanguage: opts.searchLanguage ?? 'english',
    push: { vapid: null, isOnline: async () => false, allowLocalEndpoints: false },
  };
}
