#!/usr/bin/env node
// `npm run bench:reads`: the four reads of the first screens (home feed, community feed, a post, its comments) as a
// ratio of a bare Fastify route measured in the same run, on the data an outside measurement used (issue 12 §5):
// 2,000 posts in 20 communities, seeded through the API by one person who is a member of all 20.
//
// Short bursts on purpose (the machine is shared): BENCH_ROUNDS rounds (default 3) of [bare, home, community, post,
// comments], each BENCH_DURATION seconds (default 8) after a 1 s warm-up; the median ratio per read is reported
// with its p99. BENCH_SERVER_ARGS passes node flags to the server, e.g.
//   BENCH_SERVER_ARGS="--cpu-prof --cpu-prof-dir=bench-results/prof" npm run bench:reads
// (the profile is written when the server stops). Writes bench-results/reads.json (with CPU µs per request of Node and PostgreSQL).
// Results: docs/perf/reads.md, docs/perf/2026-11-26-reads.md.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { ensureServerBuilt, startBareServer, startServer, stopServer, waitForHealth } from './run.mjs';
import { requestJson, DEMO_PASSWORD } from './scenarios.mjs';
import { serverCpu } from './server-cpu.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const env = (name, fallback) => (process.env[name] ? Number(process.env[name]) : fallback);
const DURATION = env('BENCH_DURATION', 8);
const ROUNDS = env('BENCH_ROUNDS', 3);
const CONNECTIONS = env('BENCH_CONNECTIONS', 50);
const COMMUNITIES = env('BENCH_READS_COMMUNITIES', 20);
const POSTS = env('BENCH_READS_POSTS', 2000);
const log = (msg) => console.log(`[bench:reads] ${msg}`);

function run(opts) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ timeout: 10, ...opts }, (error, result) => (error ? reject(error) : resolve(result)));
    const watchdog = setTimeout(() => instance.stop(), (opts.duration + 20) * 1000);
    instance.on('done', () => clearTimeout(watchdog));
  });
}

async function ok(res, what) {
  if (res.status >= 300) throw new Error(`${what}: HTTP ${res.status} ${res.text.slice(0, 200)}`);
  return res.json;
}

/** In batches of `width` at a time. */
async function inBatches(items, width, fn) {
  for (let i = 0; i < items.length; i += width) await Promise.all(items.slice(i, i + width).map(fn));
}

async function seed(baseUrl) {
  const login = await ok(
    await requestJson(baseUrl, {
      method: 'POST',
      path: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ emailOrUsername: 'maya_chen', password: DEMO_PASSWORD }),
    }),
    'login',
  );
  const auth = { authorization: `Bearer ${login.token}`, 'content-type': 'application/json' };
  const groups = [];
  const stamp = Date.now().toString(36);
  for (let i = 0; i < COMMUNITIES; i++) {
    const body = JSON.stringify({ group_name: `Reads bench ${stamp} ${i + 1}`, aboutText: 'A community for the reads bench.' });
    groups.push(await ok(await requestJson(baseUrl, { method: 'POST', path: '/api/groups', headers: auth, body }), 'create community'));
  }
  const posts = [];
  for (let i = 0; i < POSTS; i++) posts.push(groups[i % groups.length].group_id);
  const t0 = Date.now();
  await inBatches(posts, 8, async (groupId, index) => {
    const body = JSON.stringify({
      content: `Reads bench post ${index}: who is up for a walk along the river on Saturday morning? Bring water and good shoes.`,
    });
    await ok(await requestJson(baseUrl, { method: 'POST', path: `/groups/${groupId}/discussions`, headers: auth, body }), 'post');
  });
  const groupId = groups[0].group_id;
  const feed = await ok(await requestJson(baseUrl, { path: `/groups/${groupId}/discussions`, headers: auth }), 'feed');
  const post = feed.discussions[0];
  await inBatches([...Array(20).keys()], 8, async (i) => {
    const body = JSON.stringify({ content: `Count me in, comment ${i}. I will bring a thermos of tea for everyone.` });
    await ok(
      await requestJson(baseUrl, { method: 'POST', path: `/groups/${groupId}/discussions/${post.id}/comments`, headers: auth, body }),
      'comment',
    );
  });
  log(`seeded ${COMMUNITIES} communities, ${POSTS} posts, 20 comments in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return { token: login.token, groupId, postId: post.id };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

async function main() {
  await ensureServerBuilt();
  const server = await startServer({ serverArgs: (process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean) });
  let bare = null;
  try {
    await waitForHealth(server);
    bare = await startBareServer();
    const s = await seed(server.baseUrl);
    const headers = { authorization: `Bearer ${s.token}` };
    const reads = [
      { name: 'home feed', url: `${server.baseUrl}/groups/joined/discussions` },
      { name: 'community feed', url: `${server.baseUrl}/groups/${s.groupId}/discussions` },
      { name: 'post', url: `${server.baseUrl}/groups/${s.groupId}/discussions/${s.postId}` },
      { name: 'comments', url: `${server.baseUrl}/groups/${s.groupId}/discussions/${s.postId}/comments` },
    ];
    // BENCH_READS_VISITOR=1: the post and the community feed once more without a token (a public community), which
    // skips the session lookup: the difference is what that round trip costs.
    if (process.env.BENCH_READS_VISITOR === '1') {
      reads.push(
        { name: 'feed, visitor', url: `${server.baseUrl}/groups/${s.groupId}/discussions`, visitor: true },
        { name: 'post, visitor', url: `${server.baseUrl}/groups/${s.groupId}/discussions/${s.postId}`, visitor: true },
      );
    }
    for (const r of reads) {
      const res = await requestJson(server.baseUrl, { path: new URL(r.url).pathname, headers: r.visitor ? {} : headers });
      if (res.status !== 200) throw new Error(`${r.name}: HTTP ${res.status}`);
      r.bytes = Buffer.byteLength(res.text);
      r.rounds = [];
    }
    const bareRounds = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const b = await run({ url: `${bare.baseUrl}/hello`, connections: CONNECTIONS, duration: DURATION });
      bareRounds.push(b.requests.average);
      for (const r of reads) {
        const h = r.visitor ? {} : headers;
        await run({ url: r.url, headers: h, connections: CONNECTIONS, duration: 1 });
        const cpu0 = serverCpu(server.child.pid);
        const x = await run({ url: r.url, headers: h, connections: CONNECTIONS, duration: DURATION });
        const cpu1 = serverCpu(server.child.pid);
        if (x.non2xx || x.errors) throw new Error(`${r.name}: ${x.non2xx} non-2xx, ${x.errors} errors`);
        r.rounds.push({
          rps: x.requests.average,
          pct: (100 * x.requests.average) / b.requests.average,
          p50: x.latency.p50,
          p99: x.latency.p99,
          // µs of CPU per request (a tick is 10 ms): the server's Node process, and PostgreSQL.
          nodeUs: Math.round(((cpu1.node - cpu0.node) * 10_000) / x.requests.total),
          dbUs: Math.round(((cpu1.db - cpu0.db) * 10_000) / x.requests.total),
        });
      }
      log(
        `round ${round}: bare ${b.requests.average.toFixed(0)} req/s; ` +
          reads
            .map((r) => {
              const x = r.rounds.at(-1);
              return `${r.name} ${x.rps.toFixed(0)} req/s ${x.pct.toFixed(1)}% p50 ${x.p50} p99 ${x.p99} ms, CPU µs/req node ${x.nodeUs} db ${x.dbUs}`;
            })
            .join('; '),
      );
    }
    console.log('');
    console.log(
      `read            % of bare (median, per round)         p99 ms (median, per round)   bytes  CPU µs/req node + db   bare req/s ${median(bareRounds).toFixed(0)}`,
    );
    const summary = reads.map((r) => {
      const pct = median(r.rounds.map((x) => x.pct));
      const p99 = median(r.rounds.map((x) => x.p99));
      console.log(
        `${r.name.padEnd(15)} ${pct.toFixed(1).padStart(5)}  (${r.rounds.map((x) => x.pct.toFixed(1)).join(', ')})`.padEnd(54) +
          `${String(p99).padStart(5)}  (${r.rounds.map((x) => x.p99).join(', ')})`.padEnd(29) +
          String(r.bytes).padStart(7) +
          `  ${median(r.rounds.map((x) => x.nodeUs))} + ${median(r.rounds.map((x) => x.dbUs))}`.padStart(22),
      );
      const cpu = { nodeUs: median(r.rounds.map((x) => x.nodeUs)), dbUs: median(r.rounds.map((x) => x.dbUs)) };
      return { name: r.name, pctOfBare: pct, p99Ms: p99, bytes: r.bytes, cpu, rounds: r.rounds, goalMet: pct >= 10 && p99 <= 50 };
    });
    mkdirSync(path.join(root, 'bench-results'), { recursive: true });
    writeFileSync(
      path.join(root, 'bench-results/reads.json'),
      JSON.stringify(
        { at: new Date().toISOString(), durationS: DURATION, rounds: ROUNDS, connections: CONNECTIONS, bare: bareRounds, reads: summary },
        null,
        2,
      ),
    );
    return summary.every((r) => r.goalMet) ? 0 : 2;
  } finally {
    if (bare) await stopServer(bare);
    await stopServer(server);
  }
}

process.exit(await main());
