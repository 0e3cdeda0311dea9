#!/usr/bin/env node
// `npm run cluster -- --nodes 3`: several Agora nodes behind HAProxy on this machine (issue 17 §2), to try and for
// the cluster tests. Starts Debian's PostgreSQL in a temporary directory (or uses DATABASE_URL), N nodes on free
// ports (TRUST_PROXY, one NODE_ID each, one shared DATA_DIR for uploads; REDIS_URL is passed on when set), and
// HAProxy in front with deploy/haproxy.cfg's settings; prints the URL. Ctrl-C or SIGTERM stops everything.
//
// Options: --nodes N (default 3), --port P (HAProxy's port; default 8080, 0 for a free one), --source (run
// apps/server/src/main.ts through tsx instead of building: the tests use it), --json (one `CLUSTER {...}` line with
// the URL, the database URL and each node's id, port and pid, for scripts). A node that exits is started again (as
// a supervisor would): a test kills or restarts one with a signal and waits for its `NODE <id> ready` line; after
// SIGUSR2 to this script, nodes that exit stay down.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { newestMtime } from './lib/newest-mtime.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
const count = Number(option('nodes', '3'));
const wantedPort = Number(option('port', '8080'));
const fromSource = args.includes('--source');
const json = args.includes('--json');
if (!Number.isInteger(count) || count < 1 || count > 32) {
  console.error('--nodes must be a whole number from 1 to 32');
  process.exit(2);
}
const HAPROXY = process.env.HAPROXY ?? '/usr/sbin/haproxy';
const log = (message) => console.log(`[cluster] ${message}`);

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const work = mkdtempSync(path.join(os.tmpdir(), 'agora-cluster-'));
chmodSync(work, 0o755);
const children = new Set();
let stopping = false;
const cleanups = [];

async function stopAll(code = 0) {
  if (stopping) return;
  stopping = true;
  log('stopping');
  const exits = [...children].map(
    (child) => new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', resolve))),
  );
  for (const child of children) child.kill('SIGTERM');
  const deadline = setTimeout(() => [...children].forEach((child) => child.kill('SIGKILL')), 35_000);
  await Promise.all(exits);
  clearTimeout(deadline);
  for (const cleanup of cleanups.reverse()) {
    try {
      cleanup();
    } catch (error) {
      console.error(error);
    }
  }
  rmSync(work, { recursive: true, force: true });
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void stopAll(0));
// SIGUSR2: nodes that exit from now on stay down (a test then sees what the others do about a dead node).
let restarting = true;
process.on('SIGUSR2', () => {
  restarting = false;
  console.log('RESTARTS off');
});

/** Debian's PostgreSQL in `work/pg` (as the postgres user when this runs as root: initdb refuses root). */
async function startPostgres() {
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a)) : [];
  const bin = versions.map((v) => `/usr/lib/postgresql/${v}/bin`).find((dir) => existsSync(`${dir}/initdb`));
  if (!bin) throw new Error('Debian PostgreSQL not found (apt-get install postgresql) and DATABASE_URL not set');
  const dir = path.join(work, 'pg');
  mkdirSync(dir, { mode: 0o755 });
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    if (spawnSync('id', ['postgres']).status !== 0)
      execFileSync('useradd', ['--system', '--home-dir', dir, '--shell', '/bin/sh', 'postgres']);
    execFileSync('chown', ['postgres', dir]);
  }
  const run = (file, argv) =>
    asRoot
      ? execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', [file, ...argv].map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(' ')], {
          stdio: 'pipe',
        })
      : execFileSync(file, argv, { stdio: 'pipe' });
  const password = 'cluster-secret';
  writeFileSync(path.join(dir, 'pw'), password);
  if (asRoot) execFileSync('chown', ['postgres', path.join(dir, 'pw')]);
  run(`${bin}/initdb`, ['-D', `${dir}/data`, '-U', 'postgres', '-A', 'scram-sha-256', `--pwfile=${dir}/pw`]);
  const port = await freePort();
  // Room for N nodes' pools (20 each), their LISTEN connections and the job queue.
  const maxConnections = String(Math.max(100, count * 40));
  run(`${bin}/pg_ctl`, [
    '-D',
    `${dir}/data`,
    '-l',
    `${dir}/log`,
    '-w',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=${maxConnections}`,
    'start',
  ]);
  cleanups.push(() => run(`${bin}/pg_ctl`, ['-D', `${dir}/data`, '-m', 'fast', '-w', 'stop']));
  log(`PostgreSQL ${path.basename(path.dirname(bin))} on 127.0.0.1:${port}`);
  return `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
}

function ensureBuilt() {
  const build = (name, output, sources) => {
    const out = path.join(root, output);
    if (existsSync(out) && newestMtime([out]) >= newestMtime(sources.map((s) => path.join(root, s)))) return;
    log(`building ${name}`);
    const result = spawnSync('npm', ['run', 'build', '-w', name], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`build of ${name} failed`);
  };
  build('@agora/web', 'apps/web/dist/index.html', ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'packages/contract/src']);
  build('@agora/server', 'apps/server/dist/main.js', ['apps/server/src', 'packages/contract/src']);
}

const health = async (port) => {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    return res.status === 200;
  } catch {
    return false;
  }
};
async function waitFor(test, ms, what) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await test()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** One node, started again whenever it exits (until the cluster stops). */
function startNode(node, env) {
  const entry = fromSource
    ? ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')]
    : [path.join(root, 'apps/server/dist/main.js')];
  const child = spawn(process.execPath, ['--enable-source-maps', ...entry], {
    cwd: root,
    env: { ...env, PORT: String(node.port), NODE_ID: node.id },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: Ctrl-C reaches this script alone, which stops the nodes once, with SIGTERM.
    detached: true,
  });
  node.pid = child.pid;
  children.add(child);
  const prefix = (stream, out) =>
    stream.on('data', (chunk) => {
      for (const line of chunk.toString().split('\n')) if (line.trim()) out.write(`[${node.id}] ${line}\n`);
    });
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (stopping) return;
    console.log(`NODE ${node.id} exited ${signal ?? code}`);
    if (!restarting) return;
    setTimeout(() => {
      if (stopping) return;
      startNode(node, env);
      void waitFor(() => health(node.port), 60_000, `${node.id}`).then(
        () => console.log(`NODE ${node.id} ready ${node.pid}`),
        (error) => console.error(error.message),
      );
    }, 500);
  });
  return child;
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL || (await startPostgres());
  if (!fromSource) ensureBuilt();
  const dataDir = path.join(work, 'data');
  mkdirSync(dataDir);
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    DATA_DIR: process.env.DATA_DIR ?? dataDir,
    TRUST_PROXY: 'true',
    HOST: '127.0.0.1',
  };
  const nodes = [];
  for (let i = 1; i <= count; i += 1) nodes.push({ id: `node${i}`, port: await freePort(), pid: 0 });
  // The first node migrates and seeds; the others start once it is up (they would wait on its lock anyway).
  startNode(nodes[0], env);
  await waitFor(() => health(nodes[0].port), 120_000, 'node1');
  for (const node of nodes.slice(1)) startNode(node, env);
  await Promise.all(nodes.slice(1).map((node) => waitFor(() => health(node.port), 120_000, node.id)));

  const port = wantedPort === 0 ? await freePort() : wantedPort;
  const template = readFileSync(path.join(root, 'deploy/haproxy.cfg'), 'utf8');
  const servers = nodes.map((n) => `    server ${n.id} 127.0.0.1:${n.port} check cookie ${n.id}`).join('\n');
  const config = template
    .replace(/ {4}bind :\d+/, `    bind 127.0.0.1:${port}`)
    .replace(/( *# nodes begin\n)[\s\S]*?( *# nodes end)/, `$1${servers}\n$2`);
  const cfg = path.join(work, 'haproxy.cfg');
  writeFileSync(cfg, config);
  const haproxy = spawn(HAPROXY, ['-db', '-f', cfg], { stdio: ['ignore', 'inherit', 'inherit'], detached: true });
  children.add(haproxy);
  haproxy.on('exit', (code) => {
    children.delete(haproxy);
    if (!stopping) {
      console.error(`[cluster] haproxy exited (${code})`);
      void stopAll(1);
    }
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    () =>
      fetch(`${url}/api/health`).then(
        (r) => r.status === 200,
        () => false,
      ),
    30_000,
    'haproxy',
  );
  log(`${count} node${count === 1 ? '' : 's'} behind HAProxy: ${url}  (Ctrl-C stops everything)`);
  for (const n of nodes) log(`  ${n.id}: http://127.0.0.1:${n.port} (pid ${n.pid})`);
  if (json) console.log(`CLUSTER ${JSON.stringify({ url, databaseUrl, haproxyPid: haproxy.pid, nodes })}`);
}

main().catch((error) => {
  console.error(`[cluster] ${error.message}`);
  void stopAll(1);
});
