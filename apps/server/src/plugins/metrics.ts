import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { ErrorBody } from '@agora/contract';
import type { Db } from '../db/client';
import type { Limiter } from '../lib/rate-limiter';

/** The route label of a request that matched no route: every unknown URL shares it (bounded label cardinality). */
export const UNMATCHED_ROUTE = 'unmatched';
/** Methods that get their own label; anything else is counted as OTHER. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** Database and job-queue figures are read at most this often: a scrape every few seconds costs two cheap queries. */
const STATE_CACHE_MS = 5_000;
/** The job states worth watching: waiting (created, retry), running (active) and failed (kept until archived). */
const JOB_STATES = ['created', 'retry', 'active', 'failed'] as const;

type DbState = {
  pool: Record<'active' | 'idle' | 'idle_in_transaction' | 'other', number>;
  longestQuerySeconds: number;
  jobs: { queue: string; state: string; count: number }[];
};

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Constant-time check of an `Authorization: Bearer <token>` header (both sides hashed: equal lengths). */
function bearerMatches(header: string | undefined, expected: Buffer): boolean {
  const match = /^Bearer (\S+)$/i.exec(header ?? '');
  return timingSafeEqual(digest(match?.[1] ?? ''), expected) && Boolean(match);
}

async function readDbState(db: Db, warn: (error: unknown) => void): Promise<DbState> {
  const sql = db.$client;
  const name = String((sql.options.connection as Record<string, unknown>).application_name ?? '');
  const pool: DbState['pool'] = { active: 0, idle: 0, idle_in_transaction: 0, other: 0 };
  // This pool's connections (its unique application_name), this statement's own included (it is one in use).
  const rows = await sql<{ state: string | null; count: number; longest: number | null }[]>`
    SELECT state, count(*)::int AS count,
           max(extract(epoch FROM now() - query_start)) FILTER (WHERE state = 'active')::float8 AS longest
    FROM pg_stat_activity
    WHERE application_name = ${name}
    GROUP BY state`;
  let longestQuerySeconds = 0;
  for (const row of rows) {
    const key =
      row.state === 'idle in transaction' ? 'idle_in_transaction' : row.state === 'active' || row.state === 'idle' ? row.state : 'other';
    pool[key] += row.count;
    longestQuerySeconds = Math.max(longestQuerySeconds, row.longest ?? 0);
  }
  // pg-boss's jobs by queue and state (completed and cancelled ones are history, not work).
  const jobs = await sql<{ queue: string; state: string; count: number }[]>`
    SELECT name AS queue, state::text AS state, count(*)::int AS count
    FROM pgboss.job
    WHERE state::text IN ${sql([...JOB_STATES])}
    GROUP BY 1, 2`.catch((error: unknown) => {
    warn(error); // no pgboss schema yet (no JobQueue ever started on this database), or no access to it
    return [];
  });
  return { pool, longestQuerySeconds, jobs: [...jobs] };
}

/**
 * GET /metrics in the Prometheus text format (issue 18 §3, decision 0137), served only when METRICS_TOKEN is set
 * and only to `Authorization: Bearer <token>`; without the token the path is unknown (404 like any other). Each
 * node serves its own figures (Prometheus scrapes every node), labelled with its NODE_ID.
 *
 * Label policy: a request is counted under its route pattern (`/api/groups/:slug`), never its URL, and every
 * request that matched no route under one `unmatched` label, so the number of series is bounded by the routes.
 *
 * Registered before the routes (its onResponse hook sees every request); socket and presence counts are read
 * from `app.io` and `app.presence` at scrape time (plugins/realtime.ts decorates them later).
 */
export function registerMetrics(app: FastifyInstance, opts: { token: string | undefined; nodeId: string; db: Db }): void {
  if (!opts.token) return;
  const expected = digest(opts.token);
  const register = new Registry();
  register.setDefaultLabels({ node: opts.nodeId });
  // process_resident_memory_bytes, nodejs_heap_size_used_bytes, nodejs_eventloop_lag_p99_seconds, GC, handles…
  collectDefaultMetrics({ register, eventLoopMonitoringPrecision: 20 });

  const requests = new Counter({
    name: 'agora_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status', 'status_class'],
    registers: [register],
  });
  const duration = new Histogram({
    name: 'agora_http_request_duration_seconds',
    help: 'Time from the request arriving to its answer being written, by method, route pattern and status class',
    labelNames: ['method', 'route', 'status_class'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [register],
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    const method = METHODS.has(request.method) ? request.method : 'OTHER';
    const status = reply.statusCode;
    const statusClass = `${Math.floor(status / 100)}xx`;
    requests.inc({ method, route, status: String(status), status_class: statusClass });
    duration.observe({ method, route, status_class: statusClass }, reply.elapsedTime / 1000);
    done();
  });

  const limiters = () => Object.values(app.ctx.limiters as Record<string, Limiter>);
  new Counter({
    name: 'agora_rate_limit_refusals_total',
    help: 'Requests refused with 429 by a rate limit, by limiter',
    labelNames: ['limiter'],
    registers: [register],
    collect() {
      this.reset();
      for (const limiter of limiters()) this.inc({ limiter: limiter.name }, limiter.refused);
    },
  });
  new Gauge({
    name: 'agora_sockets',
    help: 'Socket.IO connections open on this node',
    registers: [register],
    collect() {
      this.set(app.hasDecorator('io') ? app.io.engine.clientsCount : 0);
    },
  });
  new Gauge({
    name: 'agora_online_users',
    help: 'Users with at least one socket open on this node',
    registers: [register],
    collect() {
      this.set(app.hasDecorator('presence') ? app.presence.onlineCount : 0);
    },
  });

  let cached: { at: number; state: Promise<DbState | null> } | null = null;
  const dbState = () => {
    if (!cached || Date.now() - cached.at > STATE_CACHE_MS) {
      const state = readDbState(opts.db, (error) => app.log.warn({ err: error }, 'metrics: job figures unavailable')).catch(
        (error: unknown) => {
          app.log.warn({ err: error }, 'metrics: database figures unavailable');
          return null;
        },
      );
      cached = { at: Date.now(), state };
    }
    return cached.state;
  };
  const poolMax = opts.db.$client.options.max;
  new Gauge({
    name: 'agora_db_pool_max',
    help: 'Connections this node’s database pool may open',
    registers: [register],
    collect() {
      this.set(poolMax);
    },
  });
  new Gauge({
    name: 'agora_db_pool_connections',
    help: 'This node’s pool connections by state (pg_stat_activity; read at most every 5 s)',
    labelNames: ['state'],
    registers: [register],
    async collect() {
      const state = await dbState();
      this.reset();
      if (state) for (const [key, count] of Object.entries(state.pool)) this.set({ state: key }, count);
    },
  });
  new Gauge({
    name: 'agora_db_longest_active_query_seconds',
    help: 'Age of the longest statement running on this node’s pool (pg_stat_activity; read at most every 5 s)',
    registers: [register],
    async collect() {
      this.set((await dbState())?.longestQuerySeconds ?? 0);
    },
  });
  new Gauge({
    name: 'agora_jobs',
    help: 'Jobs in the queue by queue and state: created and retry wait, active run, failed are kept until archived',
    labelNames: ['queue', 'state'],
    registers: [register],
    async collect() {
      const state = await dbState();
      this.reset();
      for (const job of state?.jobs ?? []) this.set({ queue: job.queue, state: job.state }, job.count);
    },
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, expected)) {
      void reply.header('www-authenticate', 'Bearer');
      const body: ErrorBody = { message: 'A valid metrics token is required', code: 'unauthorized', requestId: request.id };
      return reply.status(401).send(body);
    }
    void reply.header('content-type', register.contentType);
    void reply.header('cache-control', 'no-store');
    return reply.send(await register.metrics());
  });
}
