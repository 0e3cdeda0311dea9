import PgBoss from 'pg-boss';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';

/**
 * Every kind of work that runs later, with its retry policy (docs/decisions/0092-job-queue-pg-boss.md). `mail`: a failed delivery
 * is tried again with exponential back-off from 30 s (about 2 h in all) and a job left active by a killed process
 * is taken up again once it expires. `sweep`: the periodic clean-ups, one at a time across every app node.
 */
export const QUEUES = {
  mail: { retryLimit: 8, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
  account: { retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 60 },
  sweep: { retryLimit: 2, retryDelay: 60, retryBackoff: false, expireInSeconds: 600, policy: 'singleton' },
  // The email digests (decision 0106): one run at a time; a retried run sends nobody twice (digest_sent_at).
  digest: { retryLimit: 3, retryDelay: 300, retryBackoff: false, expireInSeconds: 1800, policy: 'singleton' },
  // Web push (decision 0145): one job per message and device; a push service's 429/5xx is retried by a new job
  // after its Retry-After (modules/push/push.sender.ts), so pg-boss only retries a crash of the handler itself.
  push: { retryLimit: 2, retryDelay: 30, retryBackoff: true, expireInSeconds: 60 },
  // Scheduled backups (BACKUP_SCHEDULE, decision 0141): one at a time; a failed one is tried once more 10 minutes later.
  backup: { retryLimit: 1, retryDelay: 600, retryBackoff: false, expireInSeconds: 3600, policy: 'singleton' },
} as const satisfies Record<string, Omit<PgBoss.Queue, 'name'>>;

export type QueueName = keyof typeof QUEUES;

/** Workers per queue on each node: mail waits on the SMTP server, so several deliveries run at once. */
const WORKERS: Record<QueueName, number> = { mail: 4, account: 2, sweep: 1, digest: 1, push: 4, backup: 1 };

/** Recurring work: cron in UTC; pg-boss runs each schedule once per cluster, however many app nodes there are. */
export const SCHEDULES: { queue: QueueName; cron: string; data: object }[] = [
  // Expired sessions and uploads never attached to anything: hourly, at a minute no other schedule uses.
  { queue: 'sweep', cron: '17 * * * *', data: {} },
  // Email digests at 08:00 UTC every day (decision 0106; notifications/digest.service.ts).
  { queue: 'digest', cron: '0 8 * * *', data: {} },
];

export type JobHandler = (data: unknown, job: { id: string; retryCount: number }) => Promise<void>;

/** The schema pg-boss keeps its tables in (created and upgraded by pg-boss itself on start). */
const SCHEMA = 'pgboss';

/** A value as node-postgres would send it: undefined is NULL (it would vanish from the statement), objects JSON. */
function asParameter(value: unknown): unknown {
  if (value === undefined) return null;
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date) && !Buffer.isBuffer(value)) {
    return JSON.stringify(value);
  }
  return value;
}

/**
 * pg-boss's SQL ($1, $2 placeholders) run through a Drizzle transaction, so a job is enqueued in the same
 * transaction as the change that causes it: committed together or not at all (no mail for a rolled-back sign-up,
 * no sign-up without its mail).
 */
function through(tx: DbOrTx): PgBoss.Db {
  return {
    async executeSql(text, values) {
      const parts = text.split(/\$(\d+)/);
      const chunks: SQL[] = [];
      parts.forEach((part, i) => chunks.push(i % 2 ? sql`${asParameter(values[Number(part) - 1])}` : sql.raw(part)));
      const rows = await tx.execute(sql.join(chunks));
      return { rows: [...(rows as unknown as unknown[])] };
    },
  };
}

export type SendOptions = { tx?: DbOrTx; singletonKey?: string; /** Seconds to wait before the job may run. */ startAfter?: number };

/** What services use to enqueue work: `ctx.jobs.send('mail', message, { tx })`. */
export type JobSender = { send(queue: QueueName, data: object, options?: SendOptions): Promise<string | null> };

/**
 * An enqueue-only pg-boss on the app's own pool (never started: no workers, no extra connections). The schema and
 * queues exist once any process has started a JobQueue on this database (main.ts, before the app listens).
 */
export function createJobSender(db: DbOrTx): JobSender {
  const boss = new PgBoss({ db: through(db), schema: SCHEMA });
  return {
    send: (queue, data, options = {}) =>
      boss.send(queue, data, {
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
        // As a date: pg-boss's "seconds" form reaches PostgreSQL typed as a timestamp through this adapter.
        ...(options.startAfter ? { startAfter: new Date(Date.now() + options.startAfter * 1000) } : {}),
        db: through(options.tx ?? db),
      }),
  };
}

export type JobQueueOptions = {
  /** Take jobs and run schedules on this node (off in a process that only enqueues, such as a CLI). */
  work: boolean;
  handlers: Partial<Record<QueueName, JobHandler>>;
  log: { info(message: string): void; warn(message: string): void };
  /** How often an idle worker looks for new jobs. */
  pollingIntervalSeconds?: number;
  /** Changes to a queue's policy (tests shorten the retry delay and expiry). */
  policies?: Partial<Record<QueueName, Partial<Omit<PgBoss.Queue, 'name'>>>>;
  /** How often pg-boss expires stale active jobs and archives finished ones (default 120 s). */
  maintenanceIntervalSeconds?: number;
  /**
   * This process is the only one that works on this database (the embedded PostgreSQL, which one app process owns):
   * a job still `active` at start was left by a process that died (SIGKILL, power loss) and is handed back at once,
   * instead of after its `expireInSeconds` and the next maintenance (2–4 minutes for a mail). Never with an external
   * database, where an active job may belong to another node that is alive.
   */
  soleWorker?: boolean;
  /** BACKUP_SCHEDULE (cron, UTC) of the `backup` queue, or null: no scheduled backups (an older schedule is removed). */
  backupCron?: string | null;
};

/** The durable job queue on PostgreSQL (pg-boss), started once per process. */
export class JobQueue {
  private constructor(
    private readonly boss: PgBoss,
    private readonly log: JobQueueOptions['log'],
  ) {}

  /** Installs or upgrades pg-boss's schema, creates the queues, and (with `work`) starts the workers and schedules. */
  static async start(databaseUrl: string, options: JobQueueOptions): Promise<JobQueue> {
    const boss = new PgBoss({
      connectionString: databaseUrl,
      schema: SCHEMA,
      max: 3,
      application_name: 'agora-jobs',
      schedule: options.work,
      supervise: options.work,
      ...(options.maintenanceIntervalSeconds ? { maintenanceIntervalSeconds: options.maintenanceIntervalSeconds } : {}),
    });
    boss.on('error', (error: Error) => options.log.warn(`job queue: ${error.message}`));
    await boss.start();
    const queue = new JobQueue(boss, options.log);
    for (const [name, defaults] of Object.entries(QUEUES) as [QueueName, Omit<PgBoss.Queue, 'name'>][]) {
      const policy = { name, ...defaults, ...options.policies?.[name] };
      if (await boss.getQueue(name)) await boss.updateQueue(name, policy);
      else await boss.createQueue(name, policy);
    }
    if (options.work && options.soleWorker) await queue.takeBackOrphans();
    if (options.work) {
      for (const [name, handler] of Object.entries(options.handlers) as [QueueName, JobHandler][]) {
        for (let n = 0; n < WORKERS[name]; n += 1) {
          let workerId = '';
          workerId = await boss.work(name, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, batchSize: 1 }, async ([job]) => {
            if (!job) return;
            await handler(job.data, { id: job.id, retryCount: (job as { retryCount?: number }).retryCount ?? 0 });
            // A job was there: look for the next at once instead of after the polling interval (pg-boss waits the
            // interval after every fetch otherwise, which would cap a queue at one job per interval per worker).
            boss.notifyWorker(workerId);
          });
        }
      }
      for (const schedule of SCHEDULES) await boss.schedule(schedule.queue, schedule.cron, schedule.data, { tz: 'UTC' });
      // The schedule lives in the database: the node started last decides, and `off` removes it for the cluster.
      if (options.backupCron) await boss.schedule('backup', options.backupCron, {}, { tz: 'UTC' });
      else if (options.backupCron === null) await boss.unschedule('backup');
    }
    return queue;
  }

  /**
   * Jobs left `active` by a dead process go back to `created` (pg-boss's own cancel then resume: same job, same id,
   * same retry count), before any worker starts. Only when no other process can be working on them (`soleWorker`).
   */
  private async takeBackOrphans(): Promise<void> {
    const { rows } = (await this.boss.getDb().executeSql(`SELECT name, id FROM ${SCHEMA}.job WHERE state = 'active'`, [])) as {
      rows: { name: string; id: string }[];
    };
    if (rows.length === 0) return;
    const byQueue = new Map<string, string[]>();
    for (const row of rows) byQueue.set(row.name, [...(byQueue.get(row.name) ?? []), row.id]);
    for (const [name, ids] of byQueue) {
      await this.boss.cancel(name, ids);
      await this.boss.resume(name, ids);
    }
    this.log.info(`The job queue took back ${rows.length} job(s) left running by a process that stopped without finishing them`);
  }

  /**
   * Enqueues a job; with `tx`, inside that transaction (it exists only if the transaction commits). Resolves with
   * the job id, or null when a singleton queue already holds one.
   */
  async send(queue: QueueName, data: object, options: SendOptions = {}): Promise<string | null> {
    return this.boss.send(queue, data, {
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      ...(options.tx ? { db: through(options.tx) } : {}),
    });
  }

  /** Jobs of a queue not yet completed (waiting, retrying or running). */
  async pending(queue: QueueName): Promise<number> {
    return this.boss.getQueueSize(queue, { before: 'completed' });
  }

  /** Stops taking jobs, lets running ones finish (at most `timeoutMs`), then closes the queue's connections. */
  async stop(timeoutMs = 10_000): Promise<void> {
    await this.boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
    this.log.info('The job queue stopped');
  }
}
