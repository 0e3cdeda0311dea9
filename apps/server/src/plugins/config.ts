import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cronParser from 'cron-parser';
import { z } from 'zod';
import type { BackupSchedule } from '../backups/schedule';
import type { S3Settings } from '../lib/file-store';
import { DEFAULT_HTTP_LIMITS, type HttpLimits } from './connections';

/** Walks up from this file to the repository root (the package.json that declares workspaces). */
function findRepoRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (existsSync(pkg) && 'workspaces' in (JSON.parse(readFileSync(pkg, 'utf8')) as object)) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the Agora repository root');
    dir = parent;
  }
}

const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'on', 'off', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? fallback : ['true', '1', 'on', 'yes'].includes(v)));

/** An optional setting where an empty value (`S3_BUCKET=` in an env file) counts as unset. */
const unsetIfEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  /** Where uploaded files are kept (default DATA_DIR/uploads); a shared volume when several nodes run. */
  UPLOADS_DIR: unsetIfEmpty(z.string().min(1)),
  /** An S3-compatible store for uploads instead of UPLOADS_DIR: all four of endpoint, bucket and keys, or none. */
  S3_ENDPOINT: unsetIfEmpty(z.string().url()),
  S3_BUCKET: unsetIfEmpty(z.string().min(3).max(63)),
  S3_ACCESS_KEY_ID: unsetIfEmpty(z.string().min(1)),
  S3_SECRET_ACCESS_KEY: unsetIfEmpty(z.string().min(1)),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Bucket in the path (http://host/bucket/key) rather than in the host name: what MinIO and most S3-compatible servers want. */
  S3_FORCE_PATH_STYLE: flag(true),
  DATABASE_URL: z.string().url().optional(),
  RATE_LIMIT: flag(true),
  SEED_DEMO: flag(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Comma-separated origins allowed to call the API cross-origin. Empty: same origin only. */
  CORS_ORIGINS: z.string().default(''),
  TRUST_PROXY: flag(false),
  /** This node's name in logs and presence (several nodes, issue 17 §2); default host:pid. */
  NODE_ID: z
    .string()
    .regex(/^[\w.:-]{1,100}$/, 'must be 1-100 letters, digits, dots, colons, dashes or underscores')
    .optional(),
  /** Redis for the socket adapter, rate limits and presence of several nodes; unset: PostgreSQL carries them. */
  REDIS_URL: z
    .string()
    .url()
    .refine((v) => /^rediss?:\/\//i.test(v), 'must be a redis:// or rediss:// URL')
    .optional(),
  /** `true`: an unconfirmed account may not create communities, post or send friend requests until it confirms. */
  REQUIRE_EMAIL_VERIFICATION: flag(false),
  /** Open HTTP connections per address (IPv6: per /64); 0 = no cap. Default 200, or 0 with TRUST_PROXY. */
  MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(0).optional(),
  /** Socket.IO connections per signed-in user and per address at once. */
  MAX_SOCKETS_PER_USER: z.coerce.number().int().min(1).default(10),
  MAX_SOCKETS_PER_IP: z.coerce.number().int().min(1).default(50),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  WEB_DIST: z.string().optional(),
  /** The site's public origin (scheme, host, port), for absolute links such as Open Graph URLs. */
  PUBLIC_URL: z
    .string()
    .url()
    .refine((v) => /^https?:\/\//i.test(v), 'must be an http or https URL')
    .optional(),
  /** How long the sitemap and the community feeds are kept once built (issue 18 §4), in seconds; 0: not kept. */
  SITEMAP_CACHE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  /** The text search configuration of search (issue 16): a PostgreSQL one (english, simple, french…); checked at start. */
  SEARCH_LANGUAGE: z
    .string()
    .regex(/^[a-z_]{1,63}$/, 'must be a text search configuration name such as english or simple')
    .default('english'),
  /** Turns on GET /metrics (Prometheus), answered only to `Authorization: Bearer <METRICS_TOKEN>`; unset: 404. */
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{16,200}$/, 'must be 16-200 printable characters without spaces')
    .optional(),
  /** development and test accept push endpoints on localhost over http (a test's stub push service). */
  NODE_ENV: z.string().optional(),
  /** Web push's VAPID key pair and contact (issue 18 §4): all three or none; none: generated into DATA_DIR/vapid.json. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'must be the base64url P-256 public key (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be the base64url P-256 private key (43 characters)')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: address or an https URL')
    .optional(),
  /** Scheduled backups (issue 18 §1, decision 0141): cron in UTC, or `off`; default 03:30 daily with the embedded database, off with DATABASE_URL. */
  BACKUP_SCHEDULE: unsetIfEmpty(
    z
      .string()
      .refine(
        (v) => v.trim().toLowerCase() === 'off' || validCron(v),
        'must be a cron expression such as "30 3 * * *" (minute hour day month weekday), or off',
      ),
  ),
  /** How many scheduled backups are kept under DATA_DIR/backups; older ones are removed after a new one is written. */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  /** Outgoing mail server (`smtp://user:pass@host:587`, `smtps://…`); unset: mail is written under DATA_DIR/mail. */
  SMTP_URL: z
    .string()
    .url()
    .refine((v) => /^smtps?:\/\//i.test(v), 'must be an smtp:// or smtps:// URL')
    .optional(),
  /** The sender of every mail: an address, or `Name <address>`. */
  MAIL_FROM: z
    .string()
    .max(200)
    .refine((v) => !/[\r\n]/.test(v), 'must be one line')
    .default('Agora <no-reply@localhost>'),
});

/** A five-field cron expression pg-boss accepts (the same parser it uses). */
function validCron(value: string): boolean {
  if (value.trim().split(/\s+/).length !== 5) return false;
  try {
    cronParser.parseExpression(value, { tz: 'UTC' });
    return true;
  } catch {
    return false;
  }
}

/** The backup cron: BACKUP_SCHEDULE, `off` → null; unset: daily at 03:30 UTC on the embedded database, none with DATABASE_URL. */
function backupCron(value: string | undefined, external: boolean): string | null {
  if (value === undefined) return external ? null : '30 3 * * *';
  return value.trim().toLowerCase() === 'off' ? null : value.trim();
}

export type Config = {
  /** Scheduled backups (BACKUP_SCHEDULE, BACKUP_KEEP) into `dir` (DATA_DIR/backups). */
  backups: BackupSchedule;
  /** SEARCH_LANGUAGE (issue 16): the text search configuration of the search index. */
  searchLanguage: string;
  port: number;
  host: string;
  dataDir: string;
  /** UPLOADS_DIR: the uploads folder (unused while `s3` is set). */
  uploadsDir: string;
  /** S3_*: uploads in an S3-compatible bucket, or undefined for the folder. Never logged (it holds the secret key). */
  s3: S3Settings | undefined;
  /** Built data exports (issue 14 §7), kept 7 days. */
  exportsDir: string;
  databaseUrl: string | undefined;
  rateLimit: boolean;
  seedDemo: boolean;
  logLevel: string;
  corsOrigins: string[];
  trustProxy: boolean;
  sessionTtlMs: number;
  webDist: string;
  migrationsDir: string;
  /**
   * The site's public origin without a trailing slash (`PUBLIC_URL`, default http://localhost:$PORT): absolute
   * links (Open Graph `og:url`, `og:image`) are built from it, never from the request's Host header.
   */
  publicUrl: string;
  /**
   * Outgoing mail (mail/transport.ts): through `smtpUrl` when set, else each message is written as an `.eml` file
   * under `mailDir` and its subject and links are logged, so `npm start` works without a mail server.
   */
  mail: { smtpUrl: string | undefined; from: string; dir: string };
  /** REQUIRE_EMAIL_VERIFICATION: unconfirmed accounts may not create communities, post or send friend requests. */
  requireEmailVerification: boolean;
  /** Timeouts and connection bounds (plugins/connections.ts); tests shorten them. */
  http: HttpLimits;
  /** How often sockets are checked against their sessions (expired or deleted sessions lose their sockets). */
  socketSessionCheckMs: number;
  /** Socket.IO connections one user and one address (IPv6: one /64) may hold at once. */
  socketLimits: { perUser: number; perIp: number };
  /**
   * argon2 jobs at once (one per core); the longest estimated wait a sign-in or registration is queued for before
   * it is refused with 503 + Retry-After; jobs one address (IPv6: one /64) and one account may have in the queue
   * at once (with RATE_LIMIT on).
   */
  passwordWork: PasswordWork;
  /**
   * Where the state several nodes share lives (issue 17 §2, decision 0131): `local` with the
   * embedded database (one node: process memory), `postgres` with DATABASE_URL (socket adapter over LISTEN/NOTIFY,
   * rate limits and presence in tables), `redis` with REDIS_URL.
   */
  cluster: ClusterConfig;
  /** VAPID_* (issue 18 §4): the push key pair from the environment, or undefined to use DATA_DIR/vapid.json. */
  vapid: { publicKey: string; privateKey: string; subject: string } | undefined;
  /** NODE_ENV development or test: push endpoints on localhost (http) are accepted, for a local stub push service. */
  pushAllowLocalEndpoints: boolean;
  /** METRICS_TOKEN (issue 18 §3): GET /metrics is served only when set, to that bearer token (plugins/metrics.ts). */
  metricsToken: string | undefined;
  /**
   * Sitemap and feeds (modules/reach, decision 0139): URLs per sitemap page (the protocol's cap is 50,000; tests make
   * it small) and how long a built sitemap page or feed is kept in process memory (SITEMAP_CACHE_SECONDS).
   */
  reach: { sitemapPageSize: number; cacheMs: number };
};

export type ClusterConfig = {
  mode: 'local' | 'postgres' | 'redis';
  nodeId: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
};

export type PasswordWork = { concurrency: number; maxWaitMs: number; perIp: number; perAccount: number };

const S3_REQUIRED = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** The S3 settings when all four required ones are set, undefined when none is; some but not all refuse to start. */
function s3Settings(e: z.infer<typeof envSchema>): S3Settings | undefined {
  const missing = S3_REQUIRED.filter((name) => !e[name]);
  if (missing.length === S3_REQUIRED.length) return undefined;
  if (missing.length > 0) {
    // Names only: a value (the secret key above all) is never part of a message that may be logged.
    throw new Error(
      `Invalid configuration: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing: uploads go to an S3-compatible store only with all of ${S3_REQUIRED.join(', ')} set (or none, to keep them in UPLOADS_DIR)`,
    );
  }
  return {
    endpoint: e.S3_ENDPOINT!,
    bucket: e.S3_BUCKET!,
    accessKeyId: e.S3_ACCESS_KEY_ID!,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
    region: e.S3_REGION,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
  };
}

/** Parses the environment once; nothing else reads process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const vapidVars = { VAPID_PUBLIC_KEY: e.VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: e.VAPID_PRIVATE_KEY, VAPID_SUBJECT: e.VAPID_SUBJECT };
  const missingVapid = Object.entries(vapidVars)
    .filter(([, value]) => !value)
    .map(([name]) => name);
  if (missingVapid.length > 0 && missingVapid.length < 3) {
    throw new Error(
      `Invalid configuration: set all of VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT or none; missing ${missingVapid.join(', ')}`,
    );
  }
  const root = findRepoRoot();
  // A relative DATA_DIR is taken from the repository root, so `npm start` and `npm run dev` share ./data.
  const dataDir = path.resolve(root, e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    uploadsDir: e.UPLOADS_DIR ? path.resolve(root, e.UPLOADS_DIR) : path.join(dataDir, 'uploads'),
    s3: s3Settings(e),
    exportsDir: path.join(dataDir, 'exports'),
    databaseUrl: e.DATABASE_URL,
    rateLimit: e.RATE_LIMIT,
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    trustProxy: e.TRUST_PROXY,
    sessionTtlMs: e.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : path.join(root, 'apps/web/dist'),
    migrationsDir: path.join(root, 'apps/server/drizzle'),
    publicUrl: e.PUBLIC_URL ? new URL(e.PUBLIC_URL).origin : `http://localhost:${e.PORT}`,
    requireEmailVerification: e.REQUIRE_EMAIL_VERIFICATION,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, dir: path.join(dataDir, 'mail') },
    // Behind a reverse proxy every connection comes from the proxy, so the per-address cap is the proxy's job.
    http: {
      ...DEFAULT_HTTP_LIMITS,
      maxConnectionsPerIp: e.MAX_CONNECTIONS_PER_IP ?? (e.TRUST_PROXY ? 0 : DEFAULT_HTTP_LIMITS.maxConnectionsPerIp),
    },
    socketSessionCheckMs: 60_000,
    socketLimits: { perUser: e.MAX_SOCKETS_PER_USER, perIp: e.MAX_SOCKETS_PER_IP },
    searchLanguage: e.SEARCH_LANGUAGE,
    passwordWork: { concurrency: os.availableParallelism(), maxWaitMs: 5_000, perIp: 2, perAccount: 2 },
    cluster: {
      mode: e.REDIS_URL ? 'redis' : e.DATABASE_URL ? 'postgres' : 'local',
      nodeId: e.NODE_ID ?? `${os.hostname()}:${process.pid}`,
      databaseUrl: e.DATABASE_URL,
      redisUrl: e.REDIS_URL,
    },
    metricsToken: e.METRICS_TOKEN,
    pushAllowLocalEndpoints: e.NODE_ENV === 'development' || e.NODE_ENV === 'test',
    vapid:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY && e.VAPID_SUBJECT
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT }
        : undefined,
    backups: {
      cron: backupCron(e.BACKUP_SCHEDULE, Boolean(e.DATABASE_URL)),
      keep: e.BACKUP_KEEP,
      dir: path.join(dataDir, 'backups'),
    },
    reach: { sitemapPageSize: 50_000, cacheMs: e.SITEMAP_CACHE_SECONDS * 1000 },
  };
}
