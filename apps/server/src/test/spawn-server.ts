import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export type SpawnedServer = {
  child: ChildProcess;
  url: string;
  dataDir: string;
  output: () => string;
  exited: Promise<number | null>;
  postmasterPid: () => number;
  cleanup: () => void;
};

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** Polls `GET /api/health` until it answers `status` (bounded by `ms`); returns whether it did. */
export async function waitForHealth(url: string, status: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const got = await fetch(`${url}/api/health`).then(
      (r) => r.status,
      () => 0,
    );
    if (got === status) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..', '..');

/**
 * Starts the real server process (src/main.ts through tsx) on a free port with its own embedded PostgreSQL in a
 * temporary DATA_DIR, as `npm start` would, and waits until it is healthy. `viaNpmStart` runs the whole chain
 * instead, `npm start` → scripts/start.mjs → the server (without building), in a process group of its own whose
 * id is `child.pid`, so a test can signal the group as a terminal or systemd would.
 */
export async function spawnServer(
  env: Record<string, string> = {},
  opts: { viaNpmStart?: boolean; dataDir?: string } = {},
): Promise<SpawnedServer> {
  // `dataDir`: the DATA_DIR of an earlier run (a restart); the caller removes it, `cleanup` leaves it.
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'agora-proc-'));
  chmodSync(dataDir, 0o755);
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    ...env,
  };
  delete childEnv.DATABASE_URL;
  const child = opts.viaNpmStart
    ? spawn('npm', ['start', '--silent'], {
        cwd: repoRoot,
        env: { ...childEnv, AGORA_SERVER_ENTRY: 'apps/server/src/main.ts' },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      })
    : spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, '..', 'main.ts')], {
        env: childEnv,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const serverPids: number[] = [];
  const url = `http://127.0.0.1:${port}`;
  const server: SpawnedServer = {
    child,
    url,
    dataDir,
    output: () => output,
    exited,
    postmasterPid: () => Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]),
    cleanup: () => {
      if (child.exitCode === null) child.kill('SIGKILL');
      // The whole `npm start` chain: the server runs in a process group of its own (scripts/start.mjs).
      if (opts.viaNpmStart) for (const pid of serverPids) killQuietly(pid);
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  if (!(await waitForHealth(url, 200, 60_000))) {
    server.cleanup();
    throw new Error(`the server did not become healthy:\n${output}`);
  }
  if (opts.viaNpmStart) serverPids.push(...descendants(child.pid!));
  return server;
}

function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** Every process below `pid` (Linux /proc), children first. */
export function descendants(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // exited meanwhile
    }
  }
  const out: number[] = [];
  const walk = (p: number) => (parents.get(p) ?? []).forEach((c) => (out.push(c), walk(c)));
  walk(pid);
  return out;
}

/** Registers an account on the spawned server through the real API and signs it in; returns the session token. */
export async function signIn(url: string, username = 'load_test'): Promise<string> {
  const user = { firstName: 'Load', lastName: 'Test', email: `${username}@example.com`, username, password: 'shutdown-drill-42' };
  const reg = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...user, confirmPassword: user.password }),
  });
  if (reg.status !== 201) throw new Error(`registration answered ${reg.status}: ${await reg.text()}`);
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ emailOrUsername: user.username, password: user.password }),
  });
  return ((await login.json()) as { token: string }).token;
}
