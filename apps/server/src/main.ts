import { buildApp } from './app';
import { connect } from './db/client';
import { startEmbeddedPostgres, type EmbeddedServer } from './db/embedded';
import { runMigrations } from './db/migrate';
import { loadConfig } from './plugins/config';
import { deleteExpiredSessions } from './modules/auth/auth.queries';
import { seedDemo } from './seed/seed';

/** Starts the database (embedded unless DATABASE_URL), migrates, seeds an empty database, listens; stops on SIGTERM/SIGINT. */
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
  let shuttingDown = false;
  const shutdown = async (signal: string, code = 0) => {
    if (shuttingDown) return;
    shuttingDown = true;
    log.info(`${signal}: shutting down`);
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    try {
      await app?.close();
      await database.close();
      await embedded?.stop();
    } catch (error) {
      console.error(error);
      code = code || 1;
    }
    process.exit(code);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    await runMigrations(database.db, config.migrationsDir);
    if (config.seedDemo) {
      const seeded = await seedDemo(database.db, config.uploadsDir);
      if (seeded) printDemo(seeded);
    }
    app = await buildApp(config, database.db);
    await app.listen({ port: config.port, host: config.host });
    // Expired sessions no longer authenticate (the lookup checks expires_at); this only keeps the table small.
    const sweep = () => deleteExpiredSessions(database.db).catch((error: unknown) => app?.log.warn({ err: error }, 'session sweep failed'));
    void sweep();
    setInterval(sweep, 6 * 60 * 60 * 1000).unref();
    const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    log.info(
      `Agora is ready at http://${shown}:${config.port} (data in ${config.dataDir}${config.databaseUrl ? ', external PostgreSQL' : ''})`,
    );
  } catch (error) {
    console.error(error);
    await shutdown('startup failure', 1);
  }
}

function printDemo(accounts: { username: string; email: string; password: string }[]): void {
  console.log('[agora] Demo accounts (sign in with the username or email):');
  for (const a of accounts) console.log(`[agora]   ${a.username.padEnd(14)} ${a.email.padEnd(28)} password: ${a.password}`);
}

void main();
