import { buildApp } from './app';
import { connect } from './db/client';
import { startEmbeddedPostgres, type EmbeddedServer } from './db/embedded';
import { runMigrations } from './db/migrate';
import { loggableError } from './lib/pg-errors';
import { deleteExpiredSessions } from './modules/auth/auth.queries';
import { sweepUnattachedUploads } from './modules/uploads/uploads.service';
import { loadConfig } from './plugins/config';
import { seedDemo } from './seed/seed';

/** How often the sweeps run: expired sessions and uploads nothing attached within a day. */
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;
/** A shutdown that has not finished by then exits anyway (non-zero). */
const SHUTDOWN_DEADLINE_MS = 25_000;

/**
 * Starts the database (embedded unless DATABASE_URL), migrates, seeds an empty database, listens. The process
 * owns its signals: on SIGTERM or SIGINT it stops accepting, lets in-flight requests finish, closes the pool,
 * then stops PostgreSQL (in that order, so no request meets a stopped database). A second signal exits at once.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const log = {
    info: (m: string) => console.log(`[agora] ${m}`),
    warn: (m: string) => console.warn(`[agora] ${m}`),
  };
  let embedded: EmbeddedServer | undefined;
  let url = config.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres(config.dataDir, log);
    url = embedded.url;
  }
  const database = connect(url, { max: 20 });
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let sweepTimer: NodeJS.Timeout | undefined;
  let shuttingDown = false;
  const shutdown = async (reason: string, code = 0) => {
    if (shuttingDown) return;
    shuttingDown = true;
    log.info(`${reason}: shutting down`);
    const force = setTimeout(() => process.exit(1), SHUTDOWN_DEADLINE_MS);
    force.unref();
    try {
      clearInterval(sweepTimer);
      await app?.close();
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
      if (shuttingDown) process.exit(1);
      void shutdown(signal);
    });
  }
  // A postmaster that dies is started again (a bounded number of times); if it cannot be, the process exits
  // non-zero so a supervisor restarts the whole app. /api/health answers 503 meanwhile.
  embedded?.watch((restarted) => {
    if (restarted) log.info('The embedded PostgreSQL runs again');
    else void shutdown('The embedded PostgreSQL could not be started again', 1);
  });

  try {
    await runMigrations(database.db, config.migrationsDir);
    if (config.seedDemo) {
      const seeded = await seedDemo(database.db, config.uploadsDir);
      if (seeded) printDemo(seeded);
    }
    app = await buildApp(config, database.db);
    await app.listen({ port: config.port, host: config.host });
    const ctx = app.ctx;
    // Expired sessions no longer authenticate (the lookup checks expires_at); this only keeps the table small.
    const sweep = async () => {
      await deleteExpiredSessions(database.db);
      await sweepUnattachedUploads(ctx);
    };
    const runSweep = () => sweep().catch((error: unknown) => app?.log.warn({ err: loggableError(error) }, 'sweep failed'));
    void runSweep();
    sweepTimer = setInterval(runSweep, SWEEP_INTERVAL_MS);
    sweepTimer.unref();
    const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    log.info(
      `Agora is ready at http://${shown}:${config.port} (data in ${config.dataDir}${config.databaseUrl ? ', external PostgreSQL' : ''})`,
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
