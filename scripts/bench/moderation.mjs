#!/usr/bin/env node
// `npm run bench:moderation`: issue 15's bench line. The home feed and the post panel with 1,000 blocked people and
// 10,000 removed items in the database stay within 10% of their figures without them.
//
// The data (apps/server/src/seed/moderation-bench.ts, through moderation-bench-cli.ts against the server's own
// embedded PostgreSQL): a scale run (3,000 people, 200 communities, 100,000 posts) and one viewer, a plain member of
// 27 communities with a realistic home feed, and an open post with 300 comments. "With" adds the viewer's 1,000
// blocks, 200 people who blocked the viewer and 10,000 removed items (4,000 discussions, 5,000 comments, 1,000 blogs;
// 40% in the viewer's communities, 100 of the comments on the open post); "without" deletes them again. Each switch
// ends with VACUUM (ANALYZE).
//
// Measured per state, alternating without/with for BENCH_ROUNDS rounds (default 3; the machine is shared, so the
// medians are compared): the bare Fastify route (bare-server.mjs), then the four reads of the home page and the post
// panel (home feed, home blogs strip, the post, its comments oldest first), each a 1 s warm-up and BENCH_DURATION
// seconds (default 5) of autocannon with BENCH_CONNECTIONS (default 50); and each read's SQL as the server's prepared
// statement runs it (median EXPLAIN ANALYZE "Execution Time" of 30 runs; the full EXPLAIN (ANALYZE, BUFFERS) of the
// first round of each state is written to the JSON). Reported: req/s, % of the bare route, p99, CPU µs per request
// (Node and PostgreSQL), SQL ms, and with/without ratios of the medians. Writes bench-results/moderation.json; exits
// 2 if a read's CPU per request or its SQL time is more than 10% worse with the rows (the % of bare is reported too,
// but on a shared machine it scatters by more than 10% between rounds of one state). Results: docs/perf/moderation.md.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { ensureServerBuilt, startBareServer, startServer, stopServer, waitForHealth } from './run.mjs';
import { requestJson } from './scenarios.mjs';
import { serverCpu } from './server-cpu.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const env = (name, fallback) => (process.env[name] ? Number(process.env[name]) : fallback);
const DURATION = env('BENCH_DURATION', 5);
const ROUNDS = env('BENCH_ROUNDS', 3);
const CONNECTIONS = env('BENCH_CONNECTIONS', 50);
const LIMIT = 1.1; // "within 10%"
const log = (msg) => console.log(`[bench:moderation] ${msg}`);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

function run(opts) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ timeout: 10, ...opts }, (error, result) => (error ? reject(error) : resolve(result)));
    const watchdog = setTimeout(() => instance.stop(), (opts.duration + 20) * 1000);
    instance.on('done', () => clearTimeout(watchdog));
  });
}

/** moderation-bench-cli.ts against the running server's database; resolves with its JSON answer. */
function cli(server, args) {
  return new Promise((resolve, reject) => {
    const tsx = path.join(root, 'node_modules/.bin/tsx');
    const child = spawn(tsx, [path.join(root, 'apps/server/src/seed/moderation-bench-cli.ts'), ...args], {
      cwd: root,
      // DATABASE_URL (an external PostgreSQL) when the server has it, else the server's running embedded one.
      env: { ...process.env, DATA_DIR: server.dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    const timer = setTimeout(() => child.kill('SIGTERM'), 300_000);
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code !== 0) return reject(new Error(`moderation-bench-cli ${args[0]} exited ${code}: ${err.slice(-2000)}`));
      resolve(JSON.parse(out.trim().split('\n').at(-1)));
    });
  });
}

async function main() {
  await ensureServerBuilt();
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const server = await startServer({ databaseUrl, env: { SEED_DEMO: 'false' } });
  let bare = null;
  try {
    await waitForHealth(server);
    bare = await startBareServer();
    const t0 = Date.now();
    const world = await cli(server, ['world']);
    log(`seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s (${JSON.stringify(world.seconds)}); viewer ${world.viewer.username}`);
    const login = await requestJson(server.baseUrl, {
      method: 'POST',
      path: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ emailOrUsername: world.viewer.username, password: world.password }),
    });
    if (login.status !== 200) throw new Error(`login: HTTP ${login.status} ${login.text.slice(0, 200)}`);
    const headers = { authorization: `Bearer ${login.json.token}` };
    const post = `/groups/${world.groupId}/discussions/${world.postId}`;
    const reads = [
      { name: 'home feed', path: '/groups/joined/discussions' },
      { name: 'home blogs strip', path: '/groups/joined/blogs?limit=10' },
      { name: 'post', path: post },
      { name: 'comments', path: `${post}/comments?order=oldest` },
    ];
    const planArgs = ['plans', '--viewer', String(world.viewer.id), '--group', String(world.groupId), '--post', String(world.postId)];
    const states = { without: { rounds: [], plans: null, counts: null }, with: { rounds: [], plans: null, counts: null } };
    for (let round = 1; round <= ROUNDS; round++) {
      for (const state of ['without', 'with']) {
        const s = states[state];
        s.counts = await cli(server, [state, '--tag', world.tag, '--post', String(world.postId)]);
        const first = s.plans === null;
        const sqlTimes = await cli(server, [...planArgs, ...(first ? ['--plans'] : [])]);
        if (first) s.plans = Object.fromEntries(sqlTimes.map((p) => [p.name, p.plan]));
        const b = await run({ url: `${bare.baseUrl}/hello`, connections: CONNECTIONS, duration: DURATION });
        const figures = { bare: b.requests.average, reads: {} };
        for (const r of reads) {
          const url = `${server.baseUrl}${r.path}`;
          const check = await requestJson(server.baseUrl, { path: r.path, headers });
          if (check.status !== 200) throw new Error(`${r.name}: HTTP ${check.status}`);
          await run({ url, headers, connections: CONNECTIONS, duration: 1 });
          const cpu0 = serverCpu(server.child.pid);
          const x = await run({ url, headers, connections: CONNECTIONS, duration: DURATION });
          const cpu1 = serverCpu(server.child.pid);
          if (x.non2xx || x.errors) throw new Error(`${r.name}: ${x.non2xx} non-2xx, ${x.errors} errors`);
          figures.reads[r.name] = {
            rps: x.requests.average,
            pct: (100 * x.requests.average) / b.requests.average,
            p99: x.latency.p99,
            bytes: Buffer.byteLength(check.text),
            // µs of CPU per request (a tick is 10 ms): the server's Node process, and PostgreSQL.
            nodeUs: Math.round(((cpu1.node - cpu0.node) * 10_000) / x.requests.total),
            dbUs: Math.round(((cpu1.db - cpu0.db) * 10_000) / x.requests.total),
            sqlMs: sqlTimes.find((p) => p.name === r.name).executionMs,
          };
        }
        s.rounds.push(figures);
        log(
          `round ${round} ${state.padEnd(7)} (os load ${os.loadavg()[0].toFixed(2)}): bare ${b.requests.average.toFixed(0)} req/s; ` +
            reads
              .map((r) => {
                const x = figures.reads[r.name];
                return `${r.name} ${x.rps.toFixed(0)} req/s ${x.pct.toFixed(1)}% p99 ${x.p99} ms CPU ${x.nodeUs}+${x.dbUs} µs SQL ${x.sqlMs} ms`;
              })
              .join('; '),
        );
      }
    }
    const med = (state, name, key) => median(states[state].rounds.map((f) => f.reads[name][key]));
    console.log('');
    console.log(`without: ${JSON.stringify(states.without.counts)}\nwith:    ${JSON.stringify(states.with.counts)}`);
    console.log(
      `bare req/s median: without ${median(states.without.rounds.map((f) => f.bare)).toFixed(0)}, with ${median(states.with.rounds.map((f) => f.bare)).toFixed(0)}`,
    );
    console.log(
      'read               % of bare (without → with, ratio)   req/s (without → with)   CPU µs/req node+db (ratio)         SQL ms (ratio)',
    );
    const summary = reads.map((r) => {
      const f = (key) => ({ without: med('without', r.name, key), with: med('with', r.name, key) });
      const pct = f('pct');
      const rps = f('rps');
      const sqlMs = f('sqlMs');
      const nodeUs = f('nodeUs');
      const dbUs = f('dbUs');
      const pctRatio = pct.with / pct.without;
      const sqlRatio = sqlMs.with / sqlMs.without;
      const cpuRatio = (nodeUs.with + dbUs.with) / (nodeUs.without + dbUs.without);
      console.log(
        `${r.name.padEnd(18)} ${pct.without.toFixed(1).padStart(5)} → ${pct.with.toFixed(1).padStart(5)} (${pctRatio.toFixed(3)})`.padEnd(
          54,
        ) +
          `${rps.without.toFixed(0).padStart(6)} → ${rps.with.toFixed(0).padStart(6)}`.padEnd(25) +
          `${nodeUs.without}+${dbUs.without} → ${nodeUs.with}+${dbUs.with} (${cpuRatio.toFixed(2)})`.padEnd(35) +
          `${sqlMs.without.toFixed(3)} → ${sqlMs.with.toFixed(3)} (${sqlRatio.toFixed(2)})`,
      );
      return {
        name: r.name,
        path: r.path,
        pctOfBare: pct,
        rps,
        p99Ms: f('p99'),
        nodeUs,
        dbUs,
        sqlMs,
        pctRatio,
        cpuRatio,
        sqlRatio,
        withinTenPercent: cpuRatio <= LIMIT && sqlRatio <= LIMIT,
      };
    });
    mkdirSync(path.join(root, 'bench-results'), { recursive: true });
    writeFileSync(
      path.join(root, 'bench-results/moderation.json'),
      JSON.stringify(
        {
          at: new Date().toISOString(),
          loadavg: os.loadavg(),
          durationS: DURATION,
          rounds: ROUNDS,
          connections: CONNECTIONS,
          world,
          counts: { without: states.without.counts, with: states.with.counts },
          reads: summary,
          perRound: { without: states.without.rounds, with: states.with.rounds },
          plans: { without: states.without.plans, with: states.with.plans },
        },
        null,
        2,
      ),
    );
    return summary.every((r) => r.withinTenPercent) ? 0 : 2;
  } finally {
    if (bare) await stopServer(bare);
    await stopServer(server);
  }
}

process.exit(await main());
