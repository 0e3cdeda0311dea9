// The mail queue section of `npm run bench` (issue 14): how fast the job queue sends queued mail to an SMTP server,
// and what the app's requests feel meanwhile. A section of `npm run bench` (BENCH_ONLY=mail for it alone), and
// `npm run bench:mail` runs it by itself on a fresh server, without the other scenarios' seeding (about a minute).
//
// The server runs with SMTP_URL pointing at a local sink (smtp-server on a free loopback port: accepts every message,
// counts it by recipient, keeps nothing). The section then
//   1. measures, idle, the bare Fastify route and a read route (GET /users/profile: session lookup + user row),
//      BENCH_MAIL_DURATION seconds each (default 5; saturated after a 1 s warm-up);
//   2. sends BENCH_MAILS (default 1,000) POST /api/auth/password/forgot for one demo address through the real API
//      (20 at a time): each answers at once and queues an `account` job, whose handler creates the reset token and
//      queues the `mail` job, which a mail worker delivers: the whole path a reset mail takes;
//   3. meanwhile runs the read route at BENCH_MAIL_READ_RATE req/s (default 200, 10 connections) from the first
//      request until the sink has every mail (at most BENCH_MAIL_DEADLINE seconds, default 300), and reports mails
//      per second end to end (first request → last mail accepted by the SMTP server), the server's CPU seconds, and
//      the read route's p50 and p99 while the queue drains beside the same rate idle and the bare route's.
// BENCH_SMTP_QUERY adds nodemailer settings to SMTP_URL (`pool=true`: pooled connections instead of one per mail).
// Step 1 also runs both routes at that fixed rate (latency) and saturated (req/s as a % of the bare route).
import { fork } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const here = path.dirname(fileURLToPath(import.meta.url));

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const env = (name, fallback) => (process.env[name] ? Number(process.env[name]) : fallback);

/**
 * The SMTP sink (smtp-sink.mjs) in a child process: accepts every message, counted here per recipient. Its own
 * process, so autocannon's busy event loop in this one never delays its SMTP answers.
 */
export async function startSmtpSink() {
  const byRecipient = new Map();
  let total = 0;
  const child = fork(path.join(here, 'smtp-sink.mjs'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the SMTP sink did not start within 10 s')), 10_000);
    child.once('exit', (code) => reject(new Error(`the SMTP sink exited (code ${code})`)));
    child.on('message', (m) => {
      if (m.type === 'ready') {
        clearTimeout(timer);
        resolve(m.port);
      } else if (m.type === 'mail') {
        total += 1;
        for (const address of m.to) byRecipient.set(address, (byRecipient.get(address) ?? 0) + 1);
      }
    });
  });
  return {
    // BENCH_SMTP_QUERY: nodemailer settings in the URL for an A/B run, e.g. `pool=true` (pooled SMTP connections).
    url: `smtp://127.0.0.1:${port}${process.env.BENCH_SMTP_QUERY ? `?${process.env.BENCH_SMTP_QUERY}` : ''}`,
    count: (address) => byRecipient.get(address) ?? 0,
    total: () => total,
    close: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

function cannon(opts) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ timeout: 10, ...opts }, (error, result) => (error ? reject(error) : resolve({ result, instance })));
    opts.onStart?.(instance);
  });
}

function figures(r) {
  return {
    requestsPerSec: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

async function measure(url, headers, connections, duration) {
  await cannon({ url, headers, connections, duration: 1 });
  return figures((await cannon({ url, headers, connections, duration })).result);
}

/** Sends `count` requests, `width` at a time; resolves with their latencies (ms) and statuses. */
async function burst(count, width, send) {
  const latencies = [];
  const statuses = new Map();
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next += 1;
      const t = performance.now();
      const res = await send();
      latencies.push(performance.now() - t);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  return { latencies: latencies.sort((a, b) => a - b), statuses: Object.fromEntries(statuses) };
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** CPU seconds (user + system) a process has used so far (Linux /proc; null elsewhere). */
function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/**
 * CPU seconds used so far by the embedded PostgreSQL under `dataDir` (the postmaster and its backends, /proc), or
 * null (external database, or not Linux). Backends that exited in between are not counted: the app's pool and
 * pg-boss's keep theirs open.
 */
function pgCpuSeconds(dataDir) {
  try {
    const postmaster = Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
    let total = cpuSeconds(postmaster) ?? 0;
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster) total += cpuSeconds(Number(entry)) ?? 0;
      } catch {
        // exited meanwhile
      }
    }
    return total;
  } catch {
    return null;
  }
}

export async function mailBench(server, bare, ctx, sink, { log, connections }) {
  const mails = env('BENCH_MAILS', 1000);
  const duration = env('BENCH_MAIL_DURATION', 5);
  const deadlineS = env('BENCH_MAIL_DEADLINE', 300);
  const rate = env('BENCH_MAIL_READ_RATE', 200);
  const readUrl = `${server.baseUrl}/users/profile`;
  const auth = { authorization: `Bearer ${ctx.token}` };
  const account = await (await fetch(`${server.baseUrl}/api/account`, { headers: auth })).json();
  const address = account.email;
  if (!address) throw new Error('mail bench: no address for the reader');
  // Latency is compared at a fixed request rate (10 connections, `rate` req/s in all): at full load it would be
  // autocannon's own queueing; the capacity left is the saturated req/s beside the bare route.
  const paced = { connections: 10, overallRate: rate };

  log(
    `Mail: idle, saturated (${connections} connections) then at ${rate} req/s: the bare route and GET /users/profile, ${duration} s each`,
  );
  const bareIdle = await measure(`${bare.baseUrl}/hello`, {}, connections, duration);
  const readIdle = await measure(readUrl, auth, connections, duration);
  const bareIdlePaced = figures((await cannon({ url: `${bare.baseUrl}/hello`, ...paced, duration })).result);
  const readIdlePaced = figures((await cannon({ url: readUrl, headers: auth, ...paced, duration })).result);

  log(`Mail: ${mails} password-reset requests for ${address}; GET /users/profile at ${rate} req/s until the SMTP server has them all`);
  const before = sink.count(address);
  const cpu0 = cpuSeconds(server.child.pid);
  const pg0 = server.dataDir ? pgCpuSeconds(server.dataDir) : null;
  let reader;
  const reading = cannon({ url: readUrl, headers: auth, ...paced, duration: deadlineS, onStart: (i) => (reader = i) });
  const t0 = performance.now();
  const sent = await burst(mails, 20, () =>
    fetch(`${server.baseUrl}/api/auth/password/forgot`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: address }),
    }).then(async (res) => (await res.arrayBuffer(), res)),
  );
  const enqueuedAt = performance.now();
  const deadline = t0 + deadlineS * 1000;
  while (sink.count(address) - before < mails && performance.now() < deadline) await sleep(20);
  const drainedAt = performance.now();
  const cpu1 = cpuSeconds(server.child.pid);
  const pg1 = server.dataDir ? pgCpuSeconds(server.dataDir) : null;
  reader.stop();
  const readDraining = figures((await reading).result);
  const delivered = sink.count(address) - before;
  const seconds = (drainedAt - t0) / 1000;
  // Mails that arrive after the count was reached would be duplicates: wait a moment and look.
  await sleep(2000);
  const result = {
    mails,
    delivered,
    afterwards: sink.count(address) - before,
    seconds,
    mailsPerSec: delivered / seconds,
    serverCpuSeconds: cpu0 !== null && cpu1 !== null ? cpu1 - cpu0 : null,
    postgresCpuSeconds: pg0 !== null && pg1 !== null && !process.env.DATABASE_URL ? pg1 - pg0 : null,
    loadAverage: os.loadavg()[0],
    cpus: os.availableParallelism(),
    enqueue: {
      seconds: (enqueuedAt - t0) / 1000,
      statuses: sent.statuses,
      p50: pct(sent.latencies, 50),
      p99: pct(sent.latencies, 99),
    },
    rate,
    bareIdle,
    readIdle,
    bareIdlePaced,
    readIdlePaced,
    readDraining,
  };
  log(`  ${delivered}/${mails} mails in ${seconds.toFixed(1)} s: ${result.mailsPerSec.toFixed(1)} mails/s`);
  return result;
}

export function printMail(m) {
  if (!m) return;
  const num = (v, w, d = 0) => (v === null || v === undefined ? '' : v.toFixed(d)).padStart(w);
  const row = (name, f, bareRps) =>
    `  ${name.padEnd(44)} ${num(f.requestsPerSec, 8)} ${bareRps ? `${((100 * f.requestsPerSec) / bareRps).toFixed(1)}%`.padStart(9) : ''.padStart(9)} ${num(f.p50, 7, 1)} ${num(f.p99, 7, 1)} ${String(f.non2xx + f.errors).padStart(7)}`;
  console.log('');
  console.log(
    `Mail queue: ${m.delivered} of ${m.mails} queued mails delivered to the SMTP server in ${m.seconds.toFixed(1)} s = ${m.mailsPerSec.toFixed(1)} mails/s end to end${m.afterwards !== m.delivered ? ` (${m.afterwards - m.delivered} more arrived afterwards: duplicates)` : ''}`,
  );
  console.log(
    `  the ${m.mails} POST /api/auth/password/forgot (20 at a time) took ${m.enqueue.seconds.toFixed(1)} s, p50 ${m.enqueue.p50.toFixed(1)} ms, p99 ${m.enqueue.p99.toFixed(1)} ms, statuses ${JSON.stringify(m.enqueue.statuses)}`,
  );
  if (m.serverCpuSeconds !== null)
    console.log(
      `  CPU meanwhile, reads included: the server process ${m.serverCpuSeconds.toFixed(1)} s (${((1000 * m.serverCpuSeconds) / m.mails).toFixed(1)} ms per mail)${m.postgresCpuSeconds !== null ? `, PostgreSQL ${m.postgresCpuSeconds.toFixed(1)} s (${((1000 * m.postgresCpuSeconds) / m.mails).toFixed(1)} ms per mail)` : ''}; load average ${m.loadAverage.toFixed(1)} on ${m.cpus} CPU(s)`,
    );
  console.log(
    `  ${'route'.padEnd(44)} ${'req/s'.padStart(8)} ${'% bare'.padStart(9)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'failed'.padStart(7)}`,
  );
  console.log(row('bare Fastify GET /hello (idle, saturated)', m.bareIdle, m.bareIdle.requestsPerSec));
  console.log(row('GET /users/profile (idle, saturated)', m.readIdle, m.bareIdle.requestsPerSec));
  console.log(row(`bare Fastify GET /hello (idle, ${m.rate} req/s)`, m.bareIdlePaced, null));
  console.log(row(`GET /users/profile (idle, ${m.rate} req/s)`, m.readIdlePaced, null));
  console.log(row(`GET /users/profile (draining, ${m.rate} req/s)`, m.readDraining, null));
  const ratio = (a, b) => (b ? (a / b).toFixed(2) : 'n/a');
  console.log(
    `  at ${m.rate} req/s, /users/profile while draining vs idle: p50 ×${ratio(m.readDraining.p50, m.readIdlePaced.p50)}, p99 ×${ratio(m.readDraining.p99, m.readIdlePaced.p99)}; vs the bare route idle: p50 ×${ratio(m.readDraining.p50, m.bareIdlePaced.p50)}, p99 ×${ratio(m.readDraining.p99, m.bareIdlePaced.p99)}`,
  );
}

/** `npm run bench:mail`: the section alone (server, bare route, sink started here); writes bench-results/mail.json. */
async function standalone() {
  const { ensureServerBuilt, startBareServer, startServer, stopServer, waitForHealth } = await import('./run.mjs');
  const log = (msg) => console.log(`[bench:mail] ${msg}`);
  await ensureServerBuilt();
  const sink = await startSmtpSink();
  const server = await startServer({ serverArgs: [], env: { SMTP_URL: sink.url } });
  let bare = null;
  try {
    await waitForHealth(server);
    bare = await startBareServer();
    const login = await fetch(`${server.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ emailOrUsername: 'maya_chen', password: 'agora-demo' }),
    });
    const { token } = await login.json();
    const result = await mailBench(server, bare, { token }, sink, { log, connections: env('BENCH_CONNECTIONS', 50) });
    printMail(result);
    const out = path.join(here, '../../bench-results');
    mkdirSync(out, { recursive: true });
    writeFileSync(path.join(out, 'mail.json'), `${JSON.stringify({ at: new Date().toISOString(), ...result }, null, 2)}\n`);
    return result.delivered === result.mails && result.afterwards === result.mails ? 0 : 1;
  } finally {
    if (bare) await stopServer(bare);
    await stopServer(server);
    await sink.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  // Not awaited at the top level: run.mjs imports this module, and a top-level await here would wait on itself.
  void standalone().then(
    (code) => process.exit(code),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
