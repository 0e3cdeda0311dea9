#!/usr/bin/env node
// `npm run bench:cluster`: several nodes behind HAProxy on one PostgreSQL (issue 17 §3 "Bench"), on this machine.
//
// 1. Starts `scripts/cluster.mjs --nodes 3 --json` (Debian's PostgreSQL in a temporary directory, three built nodes,
//    HAProxy), seeds through the API (5 communities, BENCH_CLUSTER_POSTS posts, one post with 300 comments, the demo
//    user maya_chen a member of all five), then, for 1, 2 and 3 nodes, runs a HAProxy of its own (deploy/haproxy.cfg's
//    settings, the first N nodes as servers) and measures through it: the home feed (signed in), the post panel (the
//    post, then its first comments page, as the web asks), and a write mix (8 reads : 1 comment on another post :
//    1 like). Each figure: req/s (also as a % of a bare Fastify route measured in the same round), p50/p99,
//    PostgreSQL's CPU share of the machine, and CPU µs per request of the nodes (sum) and of PostgreSQL, from
//    /proc/<pid>/stat.
// 2. Push fan-out: BENCH_CLUSTER_SOCKETS (1,000) socket.io clients signed in as leo_okafor (MAX_SOCKETS_PER_USER is
//    raised for the bench), subscribed to `discussion:<id>`, on node1 only, then spread over the three nodes; one
//    comment is posted to node1 and the `comment_created` arrival is timed on every socket from the POST's start.
//    BENCH_CLUSTER_REDIS=1 repeats it on a second cluster with REDIS_URL (a redis-server started here).
// 3. During each fan-out the nodes' CPU is read, and the bench clients send no HTTP request after the push.
//
// Short on purpose (the machine is shared): BENCH_DURATION seconds (default 10) per measurement after a 1 s warm-up,
// BENCH_ROUNDS rounds (default 1) of the HTTP part, BENCH_FANOUT_ROUNDS (default 5) comments per fan-out setting.
// Writes bench-results/cluster.json. Results: docs/perf/cluster.md.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { io as connectClient } from 'socket.io-client';
import { freePort, startBareServer, stopServer } from './run.mjs';
import { processTable } from './server-cpu.mjs';
import { DEMO_PASSWORD, requestJson } from './scenarios.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const env = (name, fallback) => (process.env[name] ? Number(process.env[name]) : fallback);
const DURATION = env('BENCH_DURATION', 10);
const ROUNDS = env('BENCH_ROUNDS', 1);
const CONNECTIONS = env('BENCH_CONNECTIONS', 50);
const POSTS = env('BENCH_CLUSTER_POSTS', 2000);
const SOCKETS = env('BENCH_CLUSTER_SOCKETS', 1000);
const FANOUT_ROUNDS = env('BENCH_FANOUT_ROUNDS', 5);
// BENCH_CLUSTER_ORDER: the node counts in the order they run (default 1,2,3; 3,2,1 shows what the order does).
const ORDER = (process.env.BENCH_CLUSTER_ORDER ?? '1,2,3').split(',').map(Number);
const HAPROXY = process.env.HAPROXY ?? '/usr/sbin/haproxy';
const log = (msg) => console.log(`[bench:cluster] ${msg}`);
const TICK_US = 10_000; // a clock tick is 10 ms

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : null;
};

// ---- /proc ----
/** Ticks of each node pid and of the postmaster with all its backends. */
function cpu(nodePids, postmasterPid) {
  const t = processTable();
  const nodes = nodePids.map((pid) => t.get(pid)?.ticks ?? 0);
  let db = 0;
  for (const [pid, row] of t) if (pid === postmasterPid || row.ppid === postmasterPid) db += row.ticks;
  const total = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]
    .split(/\s+/)
    .slice(1)
    .reduce((a, b) => a + Number(b || 0), 0);
  return { nodes, db, total, at: Date.now() };
}
/** The PostgreSQL postmaster listening on `port` (its command line carries `-p <port>`). */
function findPostmaster(port) {
  for (const pid of readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    try {
      const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (!/postgres$/.test(argv[0])) continue;
      const i = argv.indexOf('-p');
      if (i >= 0 && argv[i + 1] === String(port)) return Number(pid);
    } catch {
      // gone
    }
  }
  throw new Error(`no postmaster found on port ${port}`);
}

// ---- the cluster ----
async function startCluster(extraEnv = {}) {
  const child = spawn(process.execPath, [path.join(root, 'scripts/cluster.mjs'), '--nodes', '3', '--port', '0', '--json'], {
    cwd: root,
    env: {
      ...process.env,
      RATE_LIMIT: 'off',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      MAX_CONNECTIONS_PER_IP: '0',
      MAX_SOCKETS_PER_USER: String(SOCKETS + 10),
      MAX_SOCKETS_PER_IP: '100000',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const info = await new Promise((resolve, reject) => {
    let buffer = '';
    child.stdout.on('data', (d) => {
      buffer += d;
      const m = buffer.match(/^CLUSTER (.*)$/m);
      if (m) resolve(JSON.parse(m[1]));
      if (buffer.length > 100_000) buffer = buffer.slice(-10_000);
    });
    exited.then((code) => reject(new Error(`cluster.mjs exited (${code}) before it was ready`)));
  });
  child.stdout.resume();
  const dbPort = Number(new URL(info.databaseUrl).port);
  return { child, exited, ...info, postmaster: findPostmaster(dbPort) };
}
async function stopCluster(cluster) {
  cluster.child.kill('SIGTERM');
  await cluster.exited;
}

/** HAProxy with deploy/haproxy.cfg's settings in front of the given nodes (as cluster.mjs writes it). */
async function startHaproxy(nodes, work) {
  const port = await freePort();
  const template = readFileSync(path.join(root, 'deploy/haproxy.cfg'), 'utf8');
  const servers = nodes.map((n) => `    server ${n.id} 127.0.0.1:${n.port} check cookie ${n.id}`).join('\n');
  const config = template
    .replace(/ {4}bind :\d+/, `    bind 127.0.0.1:${port}`)
    .replace(/( *# nodes begin\n)[\s\S]*?( *# nodes end)/, `$1${servers}\n$2`);
  const cfg = path.join(work, `haproxy-${nodes.length}.cfg`);
  writeFileSync(cfg, config);
  const child = spawn(HAPROXY, ['-db', '-f', cfg], { stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 150; i++) {
    const up = await fetch(`${url}/api/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (up) return { child, url };
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error('haproxy did not answer');
}

// ---- seeding ----
async function ok(res, what) {
  if (res.status >= 300) throw new Error(`${what}: HTTP ${res.status} ${res.text.slice(0, 200)}`);
  return res.json;
}
async function inBatches(items, width, fn) {
  for (let i = 0; i < items.length; i += width) await Promise.all(items.slice(i, i + width).map((x, j) => fn(x, i + j)));
}
async function login(baseUrl, username) {
  const body = JSON.stringify({ emailOrUsername: username, password: DEMO_PASSWORD });
  const res = await ok(
    await requestJson(baseUrl, { method: 'POST', path: '/api/auth/login', headers: { 'content-type': 'application/json' }, body }),
    `login ${username}`,
  );
  return { token: res.token, userId: res.user.id, auth: { authorization: `Bearer ${res.token}`, 'content-type': 'application/json' } };
}
async function seed(baseUrl) {
  const maya = await login(baseUrl, 'maya_chen');
  const leo = await login(baseUrl, 'leo_okafor');
  const t0 = Date.now();
  const stamp = Date.now().toString(36);
  const groups = [];
  for (let i = 0; i < 5; i++) {
    const body = JSON.stringify({ group_name: `Cluster bench ${stamp} ${i + 1}`, aboutText: 'A community for the cluster bench.' });
    groups.push(await ok(await requestJson(baseUrl, { method: 'POST', path: '/api/groups', headers: maya.auth, body }), 'community'));
  }
  await inBatches([...Array(POSTS).keys()], 8, async (i) => {
    const groupId = groups[i % groups.length].group_id;
    const body = JSON.stringify({ content: `Cluster bench post ${i}: a walk along the river on Saturday? Bring water and good shoes.` });
    await ok(await requestJson(baseUrl, { method: 'POST', path: `/groups/${groupId}/discussions`, headers: maya.auth, body }), 'post');
  });
  const groupId = groups[0].group_id;
  const feed = await ok(await requestJson(baseUrl, { path: `/groups/${groupId}/discussions`, headers: maya.auth }), 'feed');
  const postId = feed.discussions[0].id;
  // The write mix comments on another post, so the panel's post keeps its 300 comments whatever ran before.
  const otherPostId = feed.discussions[1].id;
  const commentPath = `/groups/${groupId}/discussions/${postId}/comments`;
  await inBatches([...Array(300).keys()], 8, async (i) => {
    const body = JSON.stringify({ content: `Count me in, comment ${i}. I will bring a thermos of tea for everyone.` });
    await ok(await requestJson(baseUrl, { method: 'POST', path: commentPath, headers: maya.auth, body }), 'comment');
  });
  log(`seeded 5 communities, ${POSTS} posts, 300 comments on one post in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return { maya, leo, groupId, postId, otherPostId };
}

// ---- HTTP measurements ----
function cannon(opts) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ timeout: 10, ...opts }, (error, result) => (error ? reject(error) : resolve(result)));
    const watchdog = setTimeout(() => instance.stop(), (opts.duration + 20) * 1000);
    instance.on('done', () => clearTimeout(watchdog));
  });
}

function workloads(s) {
  const g = `/groups/${s.groupId}/discussions`;
  const post = `${g}/${s.postId}`;
  const auth = { authorization: `Bearer ${s.maya.token}` };
  const json = { ...auth, 'content-type': 'application/json' };
  const panel = [
    { method: 'GET', path: post, headers: auth },
    { method: 'GET', path: `${post}/comments?order=oldest`, headers: auth },
  ];
  let n = 0;
  const comment = () => ({
    method: 'POST',
    path: `${g}/${s.otherPostId}/comments`,
    headers: json,
    body: JSON.stringify({ content: `Write mix comment ${++n}: see you there.` }),
  });
  // The like goes to one of the latest posts of community 1 (liked: true, so a repeat is a no-op write).
  return [
    { name: 'home feed', requests: [{ method: 'GET', path: '/groups/joined/discussions', headers: auth }] },
    { name: 'post panel', requests: panel },
    {
      name: 'write mix',
      requests: [
        { method: 'GET', path: '/groups/joined/discussions', headers: auth },
        ...panel,
        { method: 'GET', path: g, headers: auth },
        ...panel,
        { method: 'GET', path: '/groups/joined/discussions', headers: auth },
        { method: 'GET', path: `${post}/comments?order=oldest`, headers: auth },
        { method: 'POST', path: `${g}/${s.otherPostId}/comments`, headers: json, setupRequest: (req) => ({ ...req, ...comment() }) },
        { method: 'POST', path: `${post}/like`, headers: json, body: JSON.stringify({ liked: true }) },
      ],
    },
  ];
}

async function measureHttp(cluster, s, bare, work) {
  const results = [];
  for (const n of ORDER) {
    const nodes = cluster.nodes.slice(0, n);
    const proxy = await startHaproxy(nodes, work);
    try {
      for (let round = 1; round <= ROUNDS; round++) {
        const b = await cannon({ url: `${bare.baseUrl}/hello`, connections: CONNECTIONS, duration: DURATION });
        for (const w of workloads(s)) {
          await cannon({ url: proxy.url, requests: w.requests, connections: CONNECTIONS, duration: 1 });
          const c0 = cpu(
            cluster.nodes.map((x) => x.pid),
            cluster.postmaster,
          );
          const x = await cannon({ url: proxy.url, requests: w.requests, connections: CONNECTIONS, duration: DURATION });
          const c1 = cpu(
            cluster.nodes.map((x) => x.pid),
            cluster.postmaster,
          );
          if (x.non2xx || x.errors) log(`  ${w.name}: ${x.non2xx} non-2xx, ${x.errors} errors`);
          const total = x.requests.total || 1;
          const nodeTicks = c1.nodes.map((t, i) => t - c0.nodes[i]);
          const row = {
            nodes: n,
            round,
            name: w.name,
            rps: Math.round(x.requests.average),
            pctOfBare: Number(((100 * x.requests.average) / b.requests.average).toFixed(1)),
            bareRps: Math.round(b.requests.average),
            p50: x.latency.p50,
            p99: x.latency.p99,
            non2xx: x.non2xx,
            errors: x.errors,
            // Share of the whole machine's CPU time (all cores) spent in PostgreSQL, and in the nodes.
            dbShare: Number(((100 * (c1.db - c0.db)) / (c1.total - c0.total)).toFixed(1)),
            nodesShare: Number(((100 * nodeTicks.reduce((a, b) => a + b, 0)) / (c1.total - c0.total)).toFixed(1)),
            nodeUsPerReq: Math.round((nodeTicks.reduce((a, b) => a + b, 0) * TICK_US) / total),
            perNodeUsPerReq: nodeTicks.slice(0, n).map((t) => Math.round((t * TICK_US * n) / total)),
            dbUsPerReq: Math.round(((c1.db - c0.db) * TICK_US) / total),
          };
          results.push(row);
          log(
            `${n} node(s) ${w.name}: ${row.rps} req/s (${row.pctOfBare}% of bare ${row.bareRps}), p50 ${row.p50} p99 ${row.p99} ms, ` +
              `PostgreSQL ${row.dbShare}% of the machine, CPU µs/req nodes ${row.nodeUsPerReq} (each ~${row.perNodeUsPerReq.join('/')}) + db ${row.dbUsPerReq}`,
          );
        }
      }
    } finally {
      proxy.child.kill('SIGTERM');
    }
  }
  return results;
}

// ---- push fan-out ----
async function openSockets(urls, token, discussionId) {
  const sockets = [];
  await inBatches([...Array(SOCKETS).keys()], 50, async (i) => {
    const socket = connectClient(urls[i % urls.length], {
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    await new Promise((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const ack = await socket.timeout(10_000).emitWithAck('subscribe', { room: `discussion:${discussionId}` });
    if (!ack?.ok) throw new Error(`subscribe refused: ${JSON.stringify(ack)}`);
    sockets.push(socket);
  });
  return sockets;
}

async function fanout(cluster, s, label, nodeCount) {
  const urls = cluster.nodes.slice(0, nodeCount).map((n) => `http://127.0.0.1:${n.port}`);
  const t0 = Date.now();
  const sockets = await openSockets(urls, s.leo.token, s.postId);
  log(`${label}: ${sockets.length} sockets subscribed over ${nodeCount} node(s) in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const rounds = [];
  try {
    for (let round = 1; round <= FANOUT_ROUNDS; round++) {
      const marker = `Fan-out ${label} round ${round} ${Date.now()}`;
      const arrivals = [];
      const done = new Promise((resolve) => {
        const timer = setTimeout(resolve, 15_000);
        for (const socket of sockets) {
          const onEvent = (payload) => {
            if (!JSON.stringify(payload).includes(marker)) return;
            socket.off('comment_created', onEvent);
            arrivals.push(Date.now());
            if (arrivals.length === sockets.length) {
              clearTimeout(timer);
              resolve();
            }
          };
          socket.on('comment_created', onEvent);
        }
      });
      const pids = cluster.nodes.map((n) => n.pid);
      const c0 = cpu(pids, cluster.postmaster);
      const start = Date.now();
      const res = await requestJson(`http://127.0.0.1:${cluster.nodes[0].port}`, {
        method: 'POST',
        path: `/groups/${s.groupId}/discussions/${s.postId}/comments`,
        headers: s.maya.auth,
        body: JSON.stringify({ content: marker }),
      });
      const answered = Date.now() - start;
      if (res.status >= 300) throw new Error(`fan-out comment: HTTP ${res.status}`);
      await done;
      const c1 = cpu(pids, cluster.postmaster);
      const d = arrivals.map((t) => t - start);
      const windowMs = Math.max(1, c1.at - c0.at);
      const row = {
        label,
        nodes: nodeCount,
        round,
        sockets: sockets.length,
        received: d.length,
        postMs: answered,
        p50: pct(d, 50),
        p99: pct(d, 99),
        max: Math.max(...d),
        windowMs,
        nodesCpuMs: c1.nodes.reduce((a, t, i) => a + t - c0.nodes[i], 0) * 10,
        dbCpuMs: (c1.db - c0.db) * 10,
        // The bench clients only listen: no request after the push (the web client patches its cache, see the
        // component tests); the only HTTP request in the window is the POST itself.
        clientRequestsAfterPush: 0,
      };
      rounds.push(row);
      log(
        `${label} round ${round}: ${row.received}/${row.sockets} delivered, POST answered in ${row.postMs} ms, ` +
          `p50 ${row.p50} p99 ${row.p99} max ${row.max} ms; nodes CPU ${row.nodesCpuMs} ms, PostgreSQL ${row.dbCpuMs} ms in ${windowMs} ms`,
      );
      await new Promise((r) => setTimeout(r, 300));
    }
  } finally {
    for (const socket of sockets) socket.disconnect();
    await new Promise((r) => setTimeout(r, 1000));
  }
  return rounds;
}

async function startRedis(work) {
  const port = await freePort();
  const child = spawn(
    '/usr/bin/redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', work],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  await new Promise((r) => setTimeout(r, 500));
  return { child, url: `redis://127.0.0.1:${port}` };
}

async function main() {
  const work = mkdtempSync(path.join(os.tmpdir(), 'agora-bench-cluster-'));
  const out = {
    at: new Date().toISOString(),
    loadavg: os.loadavg(),
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    durationS: DURATION,
    connections: CONNECTIONS,
  };
  let bare = null;
  let cluster = null;
  let redis = null;
  try {
    bare = await startBareServer();
    cluster = await startCluster();
    log(`cluster up: ${cluster.nodes.map((n) => `${n.id}:${n.port}`).join(', ')}; PostgreSQL postmaster pid ${cluster.postmaster}`);
    const s = await seed(cluster.url);
    if (process.env.BENCH_CLUSTER_ONLY !== 'fanout') out.http = await measureHttp(cluster, s, bare, work);
    out.fanout = [];
    if (process.env.BENCH_CLUSTER_ONLY !== 'http') {
      out.fanout.push(...(await fanout(cluster, s, 'PostgreSQL adapter, 1 node', 1)));
      out.fanout.push(...(await fanout(cluster, s, 'PostgreSQL adapter, 3 nodes', 3)));
    }
    await stopCluster(cluster);
    cluster = null;
    if (process.env.BENCH_CLUSTER_REDIS === '1' && process.env.BENCH_CLUSTER_ONLY !== 'http') {
      redis = await startRedis(work);
      cluster = await startCluster({ REDIS_URL: redis.url });
      const s2 = await seed(cluster.url);
      out.fanout.push(...(await fanout(cluster, s2, 'Redis adapter, 3 nodes', 3)));
    }
  } finally {
    if (cluster) await stopCluster(cluster);
    if (redis) redis.child.kill('SIGTERM');
    if (bare) await stopServer(bare);
    rmSync(work, { recursive: true, force: true });
  }
  out.loadavgAfter = os.loadavg();
  mkdirSync(path.join(root, 'bench-results'), { recursive: true });
  writeFileSync(path.join(root, 'bench-results/cluster.json'), JSON.stringify(out, null, 2));
  console.log('');
  if (out.http) {
    console.log('nodes  workload      req/s  % bare   p50   p99  PG % machine  µs/req nodes  µs/req PG');
    for (const r of out.http)
      console.log(
        `${String(r.nodes).padStart(5)}  ${r.name.padEnd(11)} ${String(r.rps).padStart(7)} ${String(r.pctOfBare).padStart(7)} ${String(r.p50).padStart(5)} ${String(r.p99).padStart(5)} ${String(r.dbShare).padStart(12)} ${String(r.nodeUsPerReq).padStart(13)} ${String(r.dbUsPerReq).padStart(10)}`,
      );
  }
  const labels = [...new Set(out.fanout.map((r) => r.label))];
  for (const label of labels) {
    const rs = out.fanout.filter((r) => r.label === label);
    console.log(
      `${label}: delivered ${rs.map((r) => `${r.received}/${r.sockets}`).join(', ')}; p50 median ${median(rs.map((r) => r.p50))} ms (${rs.map((r) => r.p50).join(', ')}), p99 median ${median(rs.map((r) => r.p99))} ms (${rs.map((r) => r.p99).join(', ')})`,
    );
  }
  return 0;
}

process.exit(await main());
