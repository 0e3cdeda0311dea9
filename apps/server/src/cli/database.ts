import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { connect, type Database } from '../db/client';
import { startEmbeddedPostgres } from '../db/embedded';
import { runMigrations } from '../db/migrate';
import type { Config } from '../plugins/config';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The URL of the embedded PostgreSQL that a running Agora started under DATA_DIR, or null: its postmaster.pid
 * names a live process (line 1) and the port (line 4); the password is in DATA_DIR/secrets.json.
 */
export function runningEmbeddedUrl(dataDir: string): string | null {
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  const secretsFile = path.join(dataDir, 'secrets.json');
  if (!existsSync(pidFile) || !existsSync(secretsFile)) return null;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid) || !Number.isInteger(port) || port <= 0) return null;
  const { dbPassword } = JSON.parse(readFileSync(secretsFile, 'utf8')) as { dbPassword: string };
  return `postgres://agora:${encodeURIComponent(dbPassword)}@127.0.0.1:${port}/agora`;
}

export type CliDatabase = Database & { how: 'DATABASE_URL' | 'running embedded' | 'started embedded'; release: () => Promise<void> };

/**
 * The database an operator command works on, whether or not Agora is running: DATABASE_URL if set; else the
 * embedded PostgreSQL of DATA_DIR if it is running (the app's); else that one started for the command (migrated
 * first, so a fresh DATA_DIR works) and stopped by `release`.
 */
export async function openCliDatabase(config: Config, log: (message: string) => void): Promise<CliDatabase> {
  if (config.databaseUrl) {
    const database = connect(config.databaseUrl, { max: 1 });
    return { ...database, how: 'DATABASE_URL', release: database.close };
  }
  const running = runningEmbeddedUrl(config.dataDir);
  if (running) {
    const database = connect(running, { max: 1 });
    return { ...database, how: 'running embedded', release: database.close };
  }
  const embedded = await startEmbeddedPostgres(config.dataDir, { info: log, warn: log });
  const database = connect(embedded.url, { max: 1 });
  try {
    await runMigrations(database.db, config.migrationsDir);
  } catch (error) {
    await database.close();
    await embedded.stop();
    throw error;
  }
  return {
    ...database,
    how: 'started embedded',
    release: async () => {
      await database.close();
      await embedded.stop();
    },
  };
}
