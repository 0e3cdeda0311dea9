import { buildApp } from './app';
import { connect } from './db/client';
import { startEmbeddedPostgres, type EmbeddedServer } from './db/embedded';
import { DataMajorMismatch } from './db/upgrade/binaries';
import { runMigrations } from './db/migrate';
import { syncSearchLanguage } from './modules/search/search-language';
import { createUploadStore } from './lib/file-store';
import { loggableError } from './lib/pg-errors';
import { jobHandlers } from './jobs/handlers';
import { JobQueue } from './jobs/queue';
import { createMailer } from './mail/transport';
import { loadConfig } from './plugins/config';
import { seedDemo } from './seed/seed';

/** A shutdown that has not finished by then exits anyway (non-zero). */
const SHUTDOWN_DEADLINE_MS = 25_000;
/**
 * A stop signal repeated within this time is the same request delivered twice (to the process group and forwarded
 * by `npm start`, or systemd and a supervisor) and is ignored; one after it is a person insisting: exit at once.
 */
const REPEATED_SIGNAL_GRACE_MS = 3_000;

/**
 * Starts the database (embedded unless DATABASE_URL), migrates, seeds an empty database, listens. The process
 * owns its signals: on SIGTERM or SIGINT it stops accepting, lets in-flight requests finish, closes the pool,
 * then stops PostgreSQL (in that order, so no request meets a stopped database). A repeated signal within
 * REPEATED_SIGNAL_GRACE_MS is ignored; a later one exits at once. Started by `npm start` (scripts/start.mjs, with an
 * IPC channel), the process also shuts down when that parent goes away.
 */
/** The advisory lock key held while a node migrates and seeds ('agora' in ASCII). */
const STARTUP_LOCK_KEY = 0x61676f7261;

async function main(): Promise<void> {
  const config = loadConfig();
  const log = {
    info: (m: string) => console.log(`[agora] ${m}`),
    warn: (m: string) => console.warn(`[agora] ${m}`),
  };
  let embedded: EmbeddedServer | undefined;
  let url = config.databaseUrl;
  if (!url) {
    try {
      embedded = await startEmbeddedPostgres(config.dataDir, log);
    } catch (error) {
      // Data of another PostgreSQL major: one clear message (it names the upgrade command), no stack.
      if (!(error instanceof DataMajorMismatch)) throw error;
      console.error(`[agora] ${error.message}`);
      process.exit(1);
    }
    url = embedded.url;
  }
  const database = connect(url, { max: 20, socket: embedded?.socket });
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let jobs: JobQueue | undefined;
  let shuttingDown = false;
  let shutdownAt = 0;
  const shutdown = async (reason: string, code = 0) => {
    if (shuttingDown) return;
    shuttingDown = true;
    shutdownAt = Date.now();
    log.info(`${reason}: shutting down`);
    const force = setTimeout(() => process.exit(1), SHUTDOWN_DEADLINE_MS);
    force.unref();
    try {
      await app?.close();
      await jobs?.stop();
      await database.close();
      await embedded?.stop();
    } catch (error) {
      console.error(loggableError(error));
      code = code || 1;
    }
    process.exit(code);
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (!shuttingDown) return void shutdown(signal);
      if (Date.now() - shutdownAt < REPEATED_SIGNAL_GRACE_MS) return log.info(`${signal} again: already shutting down`);
      log.warn(`${signal} again: exiting without finishing the shutdown`);
      process.exit(1);
    });
  }
  // scripts/start.mjs runs this process in its own process group with an IPC channel: if that parent dies without
  // forwarding a signal (SIGKILL), the channel closes and this process stops rather than run on orphaned.
  if (process.send) process.on('disconnect', () => void shutdown('The parent process exited'));
  // A postmaster that dies is started again (a bounded number of times); if it cannot be, the process exits
  // non-zero so a supervisor restarts the whole app. /api/health answers 503 meanwhile.
  embedded?.watch((restarted) => {
    if (restarted) log.info('The embedded PostgreSQL runs again');
    else void shutdown('The embedded PostgreSQL could not be started again', 1);
  });

  try {
    // The upload store (UPLOADS_DIR or S3) is checked before anything is written to it: a wrong bucket stops here.
    const uploads = createUploadStore(config);
    await uploads.check();
    // Several nodes may start at once on one database (issue 17 §2): one at a time migrates and seeds, under a
    // session advisory lock on a reserved connection; the others then find nothing left to do.
    const startupLock = await database.sql.reserve();
    try {
      await startupLock`SELECT pg_advisory_lock(${STARTUP_LOCK_KEY}::bigint)`;
      await runMigrations(database.db, config.migrationsDir);
      // SEARCH_LANGUAGE into the search index (rebuilt when it changed: modules/search/search-language.ts).
      await syncSearchLanguage(database.db, config.searchLanguage);
      if (config.seedDemo) {
        const seeded = await seedDemo(database.db, uploads);
        if (seeded) printDemo(seeded);
      }
    } finally {
      await startupLock`SELECT pg_advisory_unlock(${STARTUP_LOCK_KEY}::bigint)`.catch(() => {});
      startupLock.release();
    }
    app = await buildApp(config, database.db);
    // Work that runs later (mail, the periodic sweeps) on the durable queue in the same database.
    const mailer = createMailer(config.mail, log);
    // On the embedded PostgreSQL this process is the only worker: jobs a killed run left active are retaken at once.
    // Scheduled backups (BACKUP_SCHEDULE, decision 0141) run on whichever node takes the job, once per cluster.
    const backups = { schedule: config.backups, migrationsDir: config.migrationsDir, log: (m: string) => log.info(m) };
    jobs = await JobQueue.start(url, {
      work: true,
      handlers: jobHandlers(app.ctx, mailer, backups),
      log,
      soleWorker: Boolean(embedded),
      backupCron: config.backups.cron,
    });
    await jobs.send('sweep', {});
    await app.listen({ port: config.port, host: config.host });
    const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    log.info(
      `Agora is ready at http://${shown}:${config.port} (data in ${config.dataDir}${config.databaseUrl ? ', external PostgreSQL' : ''}; node ${config.cluster.nodeId}, shared state: ${config.cluster.mode})`,
    );
  } catch (error) {
    console.error(loggableError(error));
    await shutdown('startup failure', 1);
  }
}

function printDemo(accounts: { username: string; email: string; password: string }[]): void {
  console.log('[agora] Demo accounts (sign in with the username or email):');
  for (const a of accounts) console.log(`[agora]   ${a.username.padEnd(14)} ${a.email.padEnd(28)} password: ${a.password}`);
}

void main();
