// `npm run bench`: HTTP benchmark of the Agora server (autocannon, programmatic API).
//
// What it does, every step bounded in time and count:
//   1. builds apps/server/dist/main.js if it is missing or older than the server/contract sources;
//   2. starts the server as a child process on a free 127.0.0.1 port with a fresh temp DATA_DIR (embedded PostgreSQL),
//      or against DATABASE_URL when set (external PostgreSQL), RATE_LIMIT=off, LOG_LEVEL=info (as npm start), SEED_DEMO=true;
//      waits for /api/health (120 s at most);
//   3. signs in as demo users (scenarios.mjs `setup`) and sends one preflight request per scenario;
//   4. starts a bare Fastify hello route (bare-server.mjs: same Fastify, no plugins, its own process) beside it;
//   5. runs the scenarios of scenarios.mjs: the bare route and /api/health alternate for BENCH_ROUNDS rounds (the
//      median round of each is kept, so a burst of other load on the machine hits both alike), then the others
//      one after another; each run is a warm-up, then the measured run;
//   5b. the mail queue (mail.mjs): 1,000 password-reset mails through the API to a local SMTP sink (SMTP_URL),
//      mails per second and the read route's latency while the queue drains, beside idle and the bare route;
//   6. measures the web app (web.mjs): the JavaScript each first page loads in Chromium, and Lighthouse scores;
//   7. prints the tables (every req/s also as a % of the bare route and of /api/health) and writes
//      bench-results/latest.json; exits 1 if any request failed (non-2xx, error, timeout).
//   The servers are stopped (SIGTERM, SIGKILL after 20 s) and the temp DATA_DIR removed in a `finally` and on SIGINT/SIGTERM.
//
// Environment (all optional):
//   BENCH_DURATION     seconds measured per scenario          (default 10, 1..600)
//   BENCH_WARMUP       seconds of warm-up per scenario         (default 2, 0..60)
//   BENCH_CONNECTIONS  connections for read scenarios          (default 50, 1..1000; login uses min(8, this))
//   BENCH_MAX_REQUESTS hard cap on requests per measured run   (default 5,000,000)
//   BENCH_ROUNDS       alternating rounds of the bare route and /api/health (default 5, 1..20)
//   BENCH_WEB          0 skips the web section (JS sizes and Lighthouse)         (default 1)
//   BENCH_LIGHTHOUSE_RUNS Lighthouse runs per page; the median is reported       (default 3, 0..9; 0 skips Lighthouse)
//   BENCH_ONLY         comma-separated scenario names to run (plus the bare route and health; `sockets` for the socket
//                      section of social.mjs, `mail` for the mail queue section of mail.mjs); for profiling
//   BENCH_MAILS, BENCH_MAIL_DURATION, BENCH_MAIL_DEADLINE: the mail section's count (1,000), idle seconds (5), limit (300 s)
//   BENCH_SERVER_BUNDLE another server bundle to run instead of apps/server/dist/main.js (A/B experiments; not rebuilt)
//   BENCH_LOG_LEVEL    the server's LOG_LEVEL                                   (default info, as npm start)
//   BENCH_SERVER_ARGS  extra node arguments for the server, e.g. "--cpu-prof --cpu-prof-dir=bench-results/prof"
//   DATABASE_URL       benchmark against this PostgreSQL instead of the embedded one
//
// "db xact/req" column: transactions committed + rolled back in the application database (pg_stat_database, sampled
// every second during the measured run) divided by the responses completed in between. The server runs its queries in
// autocommit, so this is the number of database round trips per request. Backends flush these counters at most once
// a second, so expect about ±0.1 of noise; blank if the stats cannot be read (the run itself is unaffected).
//
// External PostgreSQL (what CI or a person runs to prove that path): scripts/bench/external-pg.sh does it all.
// By hand, as root, with Debian's PostgreSQL 15 (`apt-get install -y postgresql` if /usr/lib/postgresql/15/bin is missing):
//   PGBIN=/usr/lib/postgresql/15/bin; D=$(mktemp -d); chmod 755 "$D"; chown postgres "$D"; PORT=55432
//   runuser -u postgres -- $PGBIN/initdb -D "$D/data" -U postgres --auth-local=trust --auth-host=scram-sha-256
//   runuser -u postgres -- $PGBIN/pg_ctl -D "$D/data" -l "$D/log" -w -o "-c listen_addresses=127.0.0.1 -p $PORT -k $D" start
//   runuser -u postgres -- psql -h "$D" -p $PORT -d postgres -c "CREATE ROLE agora_bench LOGIN PASSWORD 'bench-pw'" -c "CREATE DATABASE agora_bench OWNER agora_bench"
//   DATABASE_URL=postgres://agora_bench:bench-pw@127.0.0.1:$PORT/agora_bench npm run bench
//   runuser -u postgres -- $PGBIN/pg_ctl -D "$D/data" -m fast -w stop; rm -rf "$D"

import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { newestMtime } from '../lib/newest-mtime.mjs';
import { buildScenarios, requestJson, setup } from './scenarios.mjs';
import { mailBench, printMail, startSmtpSink } from './mail.mjs';
import { printSockets, socketBench } from './social.mjs';
import { measureWeb, printWeb, webGoals } from './web.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
// BENCH_SERVER_BUNDLE: benchmark another build (e.g. an experimental copy of the server) instead; never rebuilt here.
const SERVER_BUNDLE = process.env.BENCH_SERVER_BUNDLE
  ? path.resolve(process.env.BENCH_SERVER_BUNDLE)
  : path.join(root, 'apps/server/dist/main.js');
const HEALTH_TIMEOUT_MS = 120_000;
const KILL_AFTER_MS = 20_000;
const BUILD_TIMEOUT_MS = 300_000;
const REQUEST_TIMEOUT_S = 10;
const LOOPBACK = '127.0.0.1';

const log = (msg) => console.log(`[bench] ${msg}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function envInt(name, fallback, min, max) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new Error(`${name} must be an integer in ${min}..${max} (got "${raw}")`);
  return value;
}

export function loadOptions() {
  return {
    duration: envInt('BENCH_DURATION', 10, 1, 600),
    warmup: envInt('BENCH_WARMUP', 2, 0, 60),
    connections: envInt('BENCH_CONNECTIONS', 50, 1, 1000),
    maxRequests: envInt('BENCH_MAX_REQUESTS', 5_000_000, 1000, 100_000_000),
    rounds: envInt('BENCH_ROUNDS', 5, 1, 20),
    web: envInt('BENCH_WEB', 1, 0, 1) === 1,
    lighthouseRuns: envInt('BENCH_LIGHTHOUSE_RUNS', 3, 0, 9),
    only: (process.env.BENCH_ONLY ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    serverArgs: (process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean),
    databaseUrl: process.env.DATABASE_URL || undefined,
  };
}

/** A database URL with its password hidden. */
function redact(url) {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparseable URL)';
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Build

/** Runs a child to completion with a time limit; resolves with its exit code. */
function runChild(command, args, { timeoutMs, ...options }) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    const timer = setTimeout(() => {
      log(`${command} ${args.join(' ')} took longer than ${timeoutMs / 1000} s: stopping it`);
      child.kill('SIGTERM');
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

export async function ensureServerBuilt() {
  if (process.env.BENCH_SERVER_BUNDLE) {
    if (!existsSync(SERVER_BUNDLE)) throw new Error(`BENCH_SERVER_BUNDLE not found: ${SERVER_BUNDLE}`);
    log(`Using BENCH_SERVER_BUNDLE=${SERVER_BUNDLE} as is`);
    return null;
  }
  const sources = ['apps/server/src', 'apps/server/drizzle', 'packages/contract/src'].map((p) => path.join(root, p));
  let reason = null;
  if (!existsSync(SERVER_BUNDLE)) reason = 'missing';
  else if (statSync(SERVER_BUNDLE).mtimeMs < newestMtime(sources)) reason = 'older than its sources';
  if (!reason) return null;
  log(`Server bundle ${reason}: npm run build -w @agora/server`);
  const code = await runChild(npm, ['run', 'build', '-w', '@agora/server'], { cwd: root, timeoutMs: BUILD_TIMEOUT_MS });
  if (code !== 0 || !existsSync(SERVER_BUNDLE)) throw new Error(`Server build failed (exit ${code})`);
  return reason;
}

/** Builds the web app if apps/web/dist is missing or older than its sources (as `npm start` does). */
async function ensureWebBuilt() {
  const out = path.join(root, 'apps/web/dist/index.html');
  const sources = [
    'apps/web/src',
    'apps/web/public',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/web/build',
    'packages/contract/src',
  ];
  if (existsSync(out) && statSync(out).mtimeMs >= newestMtime(sources.map((p) => path.join(root, p)))) return;
  log('Web build missing or stale: npm run build -w @agora/web');
  const code = await runChild(npm, ['run', 'build', '-w', '@agora/web'], { cwd: root, timeoutMs: BUILD_TIMEOUT_MS });
  if (code !== 0 || !existsSync(out)) throw new Error(`Web build failed (exit ${code})`);
}

// ---------------------------------------------------------------------------------------------------------------
// Server lifecycle

/** A free TCP port on the loopback interface. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, LOOPBACK, () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port'))));
    });
  });
}

/** Keeps the last lines a child printed, to show them when something goes wrong. */
function tail(limit = 60) {
  const lines = [];
  return {
    push(chunk) {
      for (const line of String(chunk).split('\n')) {
        if (!line) continue;
        lines.push(line);
        if (lines.length > limit) lines.shift();
      }
    },
    lines,
  };
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/**
 * Starts the server bundle. Returns { child, baseUrl, dataDir, output, exited } where `exited` resolves with
 * { code, signal } when the process ends.
 */
export async function startServer({ databaseUrl, serverArgs = [], env: extraEnv = {} }) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'agora-bench-'));
  // When we are root the embedded PostgreSQL runs as user "postgres": it must be able to enter DATA_DIR.
  chmodSync(dataDir, 0o755);
  const port = await freePort();
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: LOOPBACK,
    PORT: String(port),
    DATA_DIR: dataDir,
    RATE_LIMIT: 'off',
    // Every load generator and the socket bench's 1,000 people connect from this one address.
    MAX_CONNECTIONS_PER_IP: '0',
    MAX_SOCKETS_PER_IP: '100000',
    // As `npm start` runs it (no line per request: see app.ts); BENCH_LOG_LEVEL=warn for an older build that logged each.
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    SEED_DEMO: 'true',
    ...extraEnv,
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  // The probe (server-probe.mjs) reports the server's event-loop delay and RSS when asked (the sockets section).
  const probeFile = path.join(dataDir, 'probe.json');
  env.AGORA_BENCH_PROBE = probeFile;
  const probeArgs = ['--import', pathToFileURL(path.join(root, 'scripts/bench/server-probe.mjs')).href];
  const output = tail();
  const child = spawn(process.execPath, ['--enable-source-maps', ...probeArgs, ...serverArgs, SERVER_BUNDLE], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => output.push(d));
  child.stderr.on('data', (d) => output.push(d));
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  child.on('error', (error) => output.push(`spawn error: ${error.message}`));
  return { child, baseUrl: `http://${LOOPBACK}:${port}`, port, dataDir, probeFile, output, exited };
}

/**
 * Starts the bare Fastify reference route (bare-server.mjs) on a free loopback port; resolves once it listens.
 * Same shape as startServer's result, so stopServer stops it too.
 */
export async function startBareServer() {
  const port = await freePort();
  const output = tail(20);
  const child = spawn(process.execPath, [path.join(root, 'scripts/bench/bare-server.mjs'), String(port)], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  child.stderr.on('data', (d) => output.push(d));
  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('bare Fastify did not start within 30 s')), 30_000);
    child.stdout.on('data', (d) => {
      output.push(d);
      if (String(d).includes('listening')) {
        clearTimeout(timer);
        resolve();
      }
    });
    exited.then(({ code }) => {
      clearTimeout(timer);
      reject(new Error(`bare Fastify exited (code ${code}): ${output.lines.join(' ')}`));
    });
  });
  const server = { child, baseUrl: `http://${LOOPBACK}:${port}`, port, dataDir: null, output, exited };
  try {
    await ready;
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return server;
}

/** Polls /api/health until it answers {status:'ok'}; fails if the server exits or the time runs out. */
export async function waitForHealth(server, timeoutMs = HEALTH_TIMEOUT_MS) {
  const deadline = Date.now() + timeoutMs;
  let exitedWith = null;
  server.exited.then((r) => (exitedWith = r));
  while (Date.now() < deadline) {
    if (exitedWith) throw new Error(`Server exited during startup (code ${exitedWith.code}, signal ${exitedWith.signal})`);
    try {
      const res = await fetch(`${server.baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      const body = await res.json().catch(() => null);
      if (res.status === 200 && body?.status === 'ok') return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`Server not healthy after ${timeoutMs / 1000} s`);
}

/** The embedded PostgreSQL's postmaster pid under DATA_DIR, if its pid file is there. */
function embeddedPostmaster(dataDir) {
  try {
    const lines = readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n');
    return { pid: Number(lines[0]), port: Number(lines[3]) };
  } catch {
    return null;
  }
}

async function waitExit(pid, ms) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await sleep(100);
  }
  return !isAlive(pid);
}

/**
 * Stops the server: SIGTERM (it stops its embedded PostgreSQL itself), SIGKILL after 20 s. If it had to be killed,
 * the embedded postmaster it started (pid from DATA_DIR/postgres/postmaster.pid) is stopped by pid too. Then removes
 * the temp DATA_DIR.
 */
export async function stopServer(server) {
  const { child, dataDir } = server;
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
    const timer = sleep(KILL_AFTER_MS).then(() => 'timeout');
    if ((await Promise.race([server.exited, timer])) === 'timeout') {
      log(`Server did not stop within ${KILL_AFTER_MS / 1000} s: SIGKILL`);
      child.kill('SIGKILL');
      await server.exited;
    }
  }
  if (!dataDir) return;
  const pm = embeddedPostmaster(dataDir);
  if (pm && Number.isInteger(pm.pid) && pm.pid > 0 && isAlive(pm.pid)) {
    log(`Stopping the embedded PostgreSQL left running (pid ${pm.pid})`);
    process.kill(pm.pid, 'SIGINT');
    if (!(await waitExit(pm.pid, 15_000))) {
      process.kill(pm.pid, 'SIGKILL');
      await waitExit(pm.pid, 5_000);
    }
  }
  rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
}

// ---------------------------------------------------------------------------------------------------------------
// Database round trips (pg_stat_database)

/** The URL of the application database: DATABASE_URL, or the embedded one found under DATA_DIR. */
function statsUrl(server, databaseUrl) {
  if (databaseUrl) return databaseUrl;
  const secrets = JSON.parse(readFileSync(path.join(server.dataDir, 'secrets.json'), 'utf8'));
  const pm = embeddedPostmaster(server.dataDir);
  if (!pm?.port) throw new Error('embedded PostgreSQL port not found');
  return `postgres://agora:${encodeURIComponent(secrets.dbPassword)}@${LOOPBACK}:${pm.port}/agora`;
}

/** Reads committed + rolled back transactions of the current database; null reader if unavailable. */
async function openStatsReader(url) {
  try {
    const { default: postgres } = await import('postgres');
    const sql = postgres(url, { max: 1, connect_timeout: 10, idle_timeout: 0, onnotice: () => {} });
    // Bounded: a stuck database must not hold up the run (the sampler awaits this).
    const read = async () => {
      let timer;
      const timeout = new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('stats read timed out')), 5_000)));
      try {
        const query = sql`SELECT (xact_commit + xact_rollback)::text AS n FROM pg_stat_database WHERE datname = current_database()`;
        const [row] = await Promise.race([query, timeout]);
        return Number(row.n);
      } finally {
        clearTimeout(timer);
      }
    };
    await read();
    return { read, close: () => sql.end({ timeout: 5 }) };
  } catch (error) {
    log(`Database round-trip counting unavailable: ${error.message}`);
    return null;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Load

let currentRun = null;
let interrupted = false;

/** One bounded autocannon run; a watchdog stops it if it overruns its duration. */
function cannon(opts, { onResponse } = {}) {
  return new Promise((resolve, reject) => {
    if (interrupted) return reject(new Error('interrupted'));
    const instance = autocannon({ timeout: REQUEST_TIMEOUT_S, ...opts });
    currentRun = instance;
    if (onResponse) instance.on('response', onResponse);
    const watchdog = setTimeout(
      () => {
        log(`${opts.title}: still running ${opts.duration + REQUEST_TIMEOUT_S + 10} s after start: stopping it`);
        instance.stop();
      },
      (opts.duration + REQUEST_TIMEOUT_S + 10) * 1000,
    );
    instance.then(
      (result) => {
        clearTimeout(watchdog);
        currentRun = null;
        if (interrupted) reject(new Error('interrupted'));
        else resolve(result);
      },
      (error) => {
        clearTimeout(watchdog);
        currentRun = null;
        reject(error);
      },
    );
  });
}

export async function runScenario(baseUrl, scenario, options, stats, serverPid = null) {
  const base = {
    url: new URL(scenario.path, baseUrl).toString(),
    method: scenario.method,
    headers: scenario.headers ?? {},
    body: scenario.body,
    connections: scenario.connections,
    // Extra autocannon options of a scenario, e.g. a `requests` sequence (scripts/bench/groups.mjs).
    ...scenario.autocannon,
  };
  if (!new URL(base.url).hostname.match(/^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/))
    throw new Error(`Refusing a non-loopback target: ${base.url}`);
  let warm = null;
  if (options.warmup > 0) {
    warm = await cannon({
      ...base,
      title: `${scenario.name} (warm-up)`,
      duration: options.warmup,
      maxOverallRequests: Math.max(options.maxRequests, scenario.connections),
    });
  }
  // Round trips: sample (transactions, responses) every second while the load runs and use the first and last
  // samples, so the stats each backend still holds unflushed are about the same at both ends and cancel out.
  const before = stats ? await stats.read().catch(() => null) : null;
  let responses = 0;
  let sampling = true;
  const samples = [];
  const sampler = (async () => {
    if (!stats || before === null) return;
    await sleep(1000);
    while (sampling) {
      const r = responses;
      const x = await stats.read().catch(() => null);
      if (x !== null && sampling) samples.push({ x, r });
      await sleep(1000);
    }
  })();
  let result;
  const cpuBefore = serverPid ? cpuTicks(serverPid) : null;
  try {
    result = await cannon(
      {
        ...base,
        title: scenario.name,
        duration: options.duration,
        maxOverallRequests: Math.max(options.maxRequests, scenario.connections),
      },
      { onResponse: () => responses++ },
    );
  } finally {
    sampling = false;
    await sampler;
  }
  const completed = result.requests.total;
  const cpuAfter = serverPid ? cpuTicks(serverPid) : null;
  const cpuUsPerRequest =
    cpuBefore !== null && cpuAfter !== null && completed > 0 ? ((cpuAfter - cpuBefore) * 1e6) / CLOCK_TICKS / completed : null;
  let dbXactPerRequest = null;
  const first = samples[0];
  const last = samples.at(-1);
  if (samples.length >= 3 && last.r - first.r >= 100) {
    dbXactPerRequest = (last.x - first.x) / (last.r - first.r);
  } else if (before !== null && completed > 0) {
    // Short or slow runs: before/after the whole run (under-counts by what is still unflushed at the end).
    const after = await stats.read().catch(() => null);
    if (after !== null) dbXactPerRequest = (after - before) / completed;
  }
  return {
    name: scenario.name,
    method: scenario.method,
    path: scenario.path.replace(/\/\d+(?=$|\/)/g, '/{id}'),
    connections: scenario.connections,
    note: scenario.note ?? null,
    durationS: result.duration,
    requestsPerSec: result.requests.average,
    cpuUsPerRequest,
    bytesPerResponse: result.requests.average > 0 ? result.throughput.average / result.requests.average : null,
    requestsTotal: completed,
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      average: result.latency.average,
      max: result.latency.max,
    },
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, v]) => [code, v.count])),
    dbXactPerRequest,
    warmup: warm ? { durationS: warm.duration, requestsTotal: warm.requests.total, non2xx: warm.non2xx, errors: warm.errors } : null,
    goal: scenario.goal ?? null,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Report

const fmt = (n, digits = 0) =>
  n === null || n === undefined || Number.isNaN(n)
    ? ''
    : n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

export function printTable(results) {
  const rows = results.map((r) => [
    r.name,
    String(r.connections),
    fmt(r.requestsPerSec, 1),
    fmt(r.pctOfBare, 1),
    fmt(r.pctOfBaseline, 1),
    fmt(r.latencyMs.p50, 0),
    fmt(r.latencyMs.p99, 0),
    fmt(r.cpuUsPerRequest, 1),
    fmt(r.bytesPerResponse, 0),
    String(r.non2xx),
    String(r.errors + r.timeouts),
    fmt(r.dbXactPerRequest, 2),
  ]);
  const header = [
    'endpoint',
    'conns',
    'req/s (avg)',
    '% of bare',
    '% of health',
    'p50 ms',
    'p99 ms',
    'bytes/resp',
    'non-2xx',
    'errors',
    'db xact/req',
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log('');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
  console.log('');
  for (const r of results) if (r.note) console.log(`  ${r.name}: ${r.note}`);
  console.log('  CPU µs/req: CPU time of the serving process (user + system, /proc) per completed request');
  console.log('  bytes/resp: response bytes as sent, headers included (autocannon throughput / requests)');
}

/** Kernel clock ticks per second (USER_HZ), 100 on Linux. */
const CLOCK_TICKS = 100;

/**
 * CPU time (user + system, in clock ticks) a process has used, from /proc/<pid>/stat; null where there is no /proc.
 * Per request, it is steadier than req/s on a busy machine: other processes slow the server down, but barely change
 * how much CPU each request takes.
 */
function cpuTicks(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/** The median of `values`; for an even count, the lower middle (an observed value, not an average). */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** Of several runs of one scenario, the run with the median req/s (its latencies belong to that run). */
function medianRun(runs) {
  const target = median(runs.map((r) => r.requestsPerSec));
  return { ...runs.find((r) => r.requestsPerSec === target), rounds: runs.map((r) => Math.round(r.requestsPerSec)) };
}

function evaluateGoals(results, pairedRatio) {
  const goals = [];
  for (const r of results) {
    if (!r.goal) continue;
    if (r.goal.minPctOfBare !== undefined) {
      // The median of the per-round ratios: each round measured both routes back to back.
      const actual = r.baseline && pairedRatio !== null ? pairedRatio : r.pctOfBare;
      goals.push({
        endpoint: r.name,
        goal: `req/s >= ${r.goal.minPctOfBare}% of the bare Fastify route`,
        actual: actual === null ? null : `${actual.toFixed(1)}%`,
        met: actual !== null && actual >= r.goal.minPctOfBare,
      });
    }
    if (r.goal.minPctOfBaseline !== undefined) {
      goals.push({
        endpoint: r.name,
        goal: `req/s >= ${r.goal.minPctOfBaseline}% of /api/health`,
        actual: r.pctOfBaseline === null ? null : `${r.pctOfBaseline.toFixed(1)}%`,
        met: r.pctOfBaseline !== null && r.pctOfBaseline >= r.goal.minPctOfBaseline,
      });
    }
    if (r.goal.maxDbXactPerRequest !== undefined) {
      const v = r.dbXactPerRequest;
      goals.push({
        endpoint: r.name,
        goal: `<= ${r.goal.maxDbXactPerRequest} database round trip(s) per request`,
        actual: v === null ? null : v.toFixed(2),
        met: v === null ? null : Math.round(v) <= r.goal.maxDbXactPerRequest,
      });
    }
  }
  return goals;
}

// ---------------------------------------------------------------------------------------------------------------
// Main

export async function main() {
  const options = loadOptions();
  const database = options.databaseUrl ? { kind: 'external', url: redact(options.databaseUrl) } : { kind: 'embedded', url: null };
  let server = null;
  let bare = null;
  let stats = null;
  let sink = null;
  let stopping = null;
  const cleanup = async () => {
    stopping ??= (async () => {
      currentRun?.stop();
      await stats?.close().catch(() => {});
      if (bare) await stopServer(bare);
      if (server) await stopServer(server);
      await sink?.close();
    })();
    return stopping;
  };
  const onSignal = (signal) => {
    log(`${signal}: stopping`);
    interrupted = true;
    cleanup()
      .catch((error) => console.error(error))
      .finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    const rebuilt = await ensureServerBuilt();
    log(
      `Node ${process.version}, ${os.availableParallelism()} CPU(s) (${os.cpus()[0]?.model ?? 'unknown'}), database: ${database.kind}${database.url ? ` ${database.url}` : ''}`,
    );
    log(`duration ${options.duration} s after ${options.warmup} s warm-up per endpoint, ${options.connections} connections for reads`);
    await ensureWebBuilt();
    // Every mail the server sends goes to a local SMTP sink (the mail section counts them there).
    sink = await startSmtpSink();
    server = await startServer({ ...options, env: { SMTP_URL: sink.url } });
    log(`Starting the server on ${server.baseUrl} (DATA_DIR ${server.dataDir})`);
    const t0 = Date.now();
    try {
      await waitForHealth(server);
    } catch (error) {
      console.error(server.output.lines.join('\n'));
      throw error;
    }
    log(`Healthy after ${((Date.now() - t0) / 1000).toFixed(1)} s`);

    bare = await startBareServer();
    log(`Bare Fastify reference route on ${bare.baseUrl}/hello`);

    const ctx = await setup(server.baseUrl, { databaseUrl: statsUrl(server, options.databaseUrl) });
    const scenarios = buildScenarios(ctx, options).filter(
      (s) => s.paired || s.baseline || options.only.length === 0 || options.only.includes(s.name),
    );
    if (scenarios.filter((s) => s.baseline).length !== 1) throw new Error('Exactly one scenario must be the baseline');
    if (scenarios.filter((s) => s.bare).length !== 1) throw new Error('Exactly one scenario must be the bare route');
    const targetOf = (s) => (s.bare ? bare.baseUrl : server.baseUrl);
    for (const s of scenarios) {
      const res = await requestJson(targetOf(s), s);
      const ok = s.check ? s.check(res.status, res.json, res) : res.status >= 200 && res.status < 300;
      if (!ok) {
        throw new Error(`Preflight ${s.name} failed: HTTP ${res.status} ${res.text.slice(0, 300)}`);
      }
    }
    try {
      stats = await openStatsReader(statsUrl(server, options.databaseUrl));
    } catch (error) {
      log(`Database round-trip counting unavailable: ${error.message}`);
    }

    const run = async (s, label = '') => {
      log(`${s.name}${label}: ${s.connections} connections, ${options.warmup} s warm-up + ${options.duration} s`);
      const r = await runScenario(targetOf(s), s, options, s.bare ? null : stats, (s.bare ? bare : server).child.pid);
      if (server.child.exitCode !== null || server.child.signalCode !== null) {
        throw new Error(`The server exited during ${s.name} (code ${server.child.exitCode}, signal ${server.child.signalCode})`);
      }
      log(
        `  ${fmt(r.requestsPerSec, 1)} req/s, p50 ${r.latencyMs.p50} ms, p99 ${r.latencyMs.p99} ms, non-2xx ${r.non2xx}, errors ${r.errors + r.timeouts}`,
      );
      // A scenario may check the database after its load (e.g. member_count equal to a recount).
      if (s.verify) log(`  verify: ${(r.verify = await s.verify()).detail} ${r.verify.ok ? 'OK' : 'FAILED'}`);
      return { ...r, bare: Boolean(s.bare), baseline: Boolean(s.baseline) };
    };

    // The bare route and /api/health alternate, so both see the same machine (other processes come and go).
    const paired = scenarios.filter((s) => s.paired);
    const pairedRuns = new Map(paired.map((s) => [s.name, []]));
    const roundRatios = [];
    const cpuRatios = [];
    for (let round = 1; round <= options.rounds; round += 1) {
      const byName = {};
      for (const s of paired) {
        byName[s.name] = await run(s, ` (round ${round}/${options.rounds})`);
        pairedRuns.get(s.name).push(byName[s.name]);
      }
      const bareRun = paired.find((s) => s.bare);
      const healthRun = paired.find((s) => s.baseline);
      if (bareRun && healthRun && byName[bareRun.name].requestsPerSec > 0)
        roundRatios.push((100 * byName[healthRun.name].requestsPerSec) / byName[bareRun.name].requestsPerSec);
      const cpuBare = bareRun && byName[bareRun.name].cpuUsPerRequest;
      const cpuHealth = healthRun && byName[healthRun.name].cpuUsPerRequest;
      if (cpuBare && cpuHealth) cpuRatios.push((100 * cpuBare) / cpuHealth);
    }
    const results = [];
    for (const s of scenarios) results.push(s.paired ? medianRun(pairedRuns.get(s.name)) : await run(s));
    const pairedRatio = roundRatios.length ? median(roundRatios) : null;
    const bareResult = results.find((r) => r.bare);
    const baseline = results.find((r) => r.baseline);
    for (const r of results) {
      r.pctOfBaseline = baseline.requestsPerSec > 0 ? (100 * r.requestsPerSec) / baseline.requestsPerSec : null;
      r.pctOfBare = bareResult.requestsPerSec > 0 ? (100 * r.requestsPerSec) / bareResult.requestsPerSec : null;
    }

    console.log('');
    console.log(
      `Agora HTTP benchmark: Node ${process.version}, ${os.availableParallelism()} CPU(s), database ${database.kind}${database.url ? ` (${database.url})` : ' (embedded PostgreSQL)'}; load generator on the same machine`,
    );
    printTable(results);
    if (pairedRatio !== null)
      console.log(
        `  /api/health vs the bare route, per round: ${roundRatios.map((r) => `${r.toFixed(1)}%`).join(', ')} (median ${pairedRatio.toFixed(1)}%)`,
      );
    if (cpuRatios.length)
      console.log(
        `  the same by CPU per request (bare µs / health µs), per round: ${cpuRatios.map((r) => `${r.toFixed(1)}%`).join(', ')} (median ${median(cpuRatios).toFixed(1)}%)`,
      );
    // Many sockets with presence changes and pushes (scripts/bench/social.mjs): RSS and event-loop delay.
    const sockets = options.only.length === 0 || options.only.includes('sockets') ? await socketBench(server, ctx, { log }) : null;
    printSockets(sockets);
    const mail =
      options.only.length === 0 || options.only.includes('mail')
        ? await mailBench(server, bare, ctx, sink, { log, connections: options.connections })
        : null;
    printMail(mail);
    let web = null;
    if (options.web) {
      web = await measureWeb(server.baseUrl, { session: ctx.session, lighthouseRuns: options.lighthouseRuns, log });
      printWeb(web);
    }
    const goals = [...evaluateGoals(results, pairedRatio), ...(web ? webGoals(web) : [])];
    if (goals.length) {
      console.log('');
      for (const g of goals)
        console.log(
          `  goal ${g.endpoint}: ${g.goal}: ${g.actual ?? 'n/a'} ${g.met === null ? '(not measured)' : g.met ? 'MET' : 'NOT MET'}`,
        );
    }
    // Zero completed requests is a failure too (e.g. a server that stopped answering: requests pending past the end of
    // the run are neither errors nor timeouts in autocannon's counts).
    const failed = results.filter((r) => r.non2xx > 0 || r.errors > 0 || r.timeouts > 0 || r.requestsTotal === 0 || r.verify?.ok === false);
    const report = {
      startedAt: new Date(t0).toISOString(),
      finishedAt: new Date().toISOString(),
      node: process.version,
      platform: `${process.platform} ${os.release()} ${process.arch}`,
      cpus: os.availableParallelism(),
      cpuModel: os.cpus()[0]?.model ?? null,
      database,
      serverBundleRebuilt: rebuilt,
      options: {
        duration: options.duration,
        warmup: options.warmup,
        connections: options.connections,
        maxRequests: options.maxRequests,
        rounds: options.rounds,
        lighthouseRuns: options.web ? options.lighthouseRuns : 0,
      },
      baseline: baseline.name,
      bare: bareResult.name,
      healthVsBarePerRound: roundRatios,
      healthVsBareCpuPerRound: cpuRatios,
      results,
      sockets,
      mail,
      web,
      goals,
      ok: failed.length === 0,
    };
    const outDir = path.join(root, 'bench-results');
    mkdirSync(outDir, { recursive: true });
    writeFileSync(path.join(outDir, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
    console.log('');
    log(`Wrote ${path.relative(root, path.join(outDir, 'latest.json'))}`);
    if (failed.length) {
      const detail = (r) =>
        `${r.name} (status ${JSON.stringify(r.statusCodes)}, ${r.requestsTotal} completed, errors ${r.errors}, timeouts ${r.timeouts})`;
      console.error(
        `[bench] FAILED: non-2xx responses, errors or no responses in ${failed.map(detail).join('; ')}: a benchmark of failing requests is meaningless`,
      );
      return 1;
    }
    return 0;
  } catch (error) {
    if (interrupted) return 130;
    console.error(`[bench] ${error.stack ?? error}`);
    if (server?.output.lines.length) console.error(`[bench] last server output:\n${server.output.lines.join('\n')}`);
    return 1;
  } finally {
    await cleanup().catch((error) => console.error(`[bench] cleanup: ${error.stack ?? error}`));
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
