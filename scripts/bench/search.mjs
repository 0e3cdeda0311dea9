#!/usr/bin/env node
// `npm run bench:search`: search at scale over HTTP (issue 16 §3), against a database seeded by
//   npm run seed:scale -- --groups 10000 --users 100000 --discussions 2000000 --comments-per-post 1 --blogs 20000
// given as DATABASE_URL (seeding 2,000,000 posts takes minutes: seed once, bench many times; docs/perf/search.md).
// The SQL-level figures and the plans come from apps/server/src/seed/search-timing-cli.ts.
//
// Sections (BENCH_SEARCH_SECTIONS, comma-separated, default "reads"):
//   reads   GET /api/search for the four bench markers of scale-text.ts (a rare word, a common word, a two-word
//           phrase, a prefix) as the newest scale run's typical person (1-2 communities) and its person in 500
//           communities, with type=all and type=discussions: p50/p99 with one connection (latency), then req/s with
//           BENCH_CONNECTIONS connections as a % of the bare Fastify route measured just before (same run).
//   writes  POST a discussion and POST a comment (the typical person, in the big community) with BENCH_CONNECTIONS
//           connections: req/s, p50, p99, CPU µs per request of the server and of PostgreSQL (BENCH_PG_PID: the
//           postmaster of DATABASE_URL's cluster, whose processes are counted). Run it once against a database
//           without the search migration (and BENCH_SERVER_BUNDLE built before it) and once with, alternately.
//
// Environment: DATABASE_URL (required), BENCH_DURATION (s per burst, default 5), BENCH_ROUNDS (default 2),
// BENCH_CONNECTIONS (default 8), BENCH_PG_PID, BENCH_SERVER_BUNDLE (see run.mjs). Writes bench-results/search.json.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { ensureServerBuilt, startBareServer, startServer, stopServer, waitForHealth } from './run.mjs';
import { requestJson } from './scenarios.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const env = (name, fallback) => (process.env[name] ? Number(process.env[name]) : fallback);
const DURATION = env('BENCH_DURATION', 5);
const ROUNDS = env('BENCH_ROUNDS', 2);
const CONNECTIONS = env('BENCH_CONNECTIONS', 8);
const PG_PID = env('BENCH_PG_PID', 0);
const SECTIONS = (process.env.BENCH_SEARCH_SECTIONS ?? 'reads').split(',').map((s) => s.trim());
const SCALE_PASSWORD = 'agora-scale'; // apps/server/src/seed/scale.ts
// The markers of apps/server/src/seed/scale-text.ts (SCALE_MARKERS): documents holding each are known.
const QUERIES = [
  { name: 'rare word', q: 'quokka' },
  { name: 'common word', q: 'weekend' },
  { name: 'two-word phrase', q: '"harvest moon"' },
  { name: 'prefix', q: 'photog' },
];
const TYPES = (process.env.BENCH_SEARCH_TYPES ?? 'all,discussions').split(',');
const log = (msg) => console.log(`[bench:search] ${msg}`);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

function run(opts) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ timeout: 10, ...opts }, (error, result) => (error ? reject(error) : resolve(result)));
    const watchdog = setTimeout(() => instance.stop(), (opts.duration + 20) * 1000);
    instance.on('done', () => clearTimeout(watchdog));
  });
}

/** CPU ticks (1/100 s) of a process and, separately, of all its descendants, from /proc. */
function cpuTicks(pid) {
  const table = new Map();
  for (const name of readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      table.set(Number(name), { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) });
    } catch {
      // gone meanwhile
    }
  }
  const own = table.get(pid)?.ticks ?? 0;
  let descendants = 0;
  for (const [p, row] of table) {
    for (let q = row.ppid; q; q = table.get(q)?.ppid) {
      if (q === pid && p !== pid) {
        descendants += row.ticks;
        break;
      }
    }
  }
  return { own, descendants };
}

/** The newest scale run's people (scale.ts `feedPeople`) and the big community. */
async function scalePeople(databaseUrl) {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const [last] = await sql`SELECT username FROM users WHERE email LIKE '%@scale.test' ORDER BY id DESC LIMIT 1`;
    if (!last) throw new Error('No scale people in DATABASE_URL: run npm run seed:scale -- --discussions N first');
    const [, prefix, count] = /^(.*_u)(\d+)$/.exec(last.username);
    const people = { typical: `${prefix}2`, power: `${prefix}${Number(count) - 1}` };
    const rows = await sql`
      SELECT u.username, (SELECT count(*)::int FROM group_members m WHERE m.user_id = u.id) AS groups FROM users u
      WHERE u.username IN ${sql(Object.values(people))}`;
    const groupsOf = Object.fromEntries(rows.map((r) => [r.username, r.groups]));
    const [big] = await sql`SELECT id FROM groups WHERE slug = ${`scale-${prefix.slice(1, -2)}-1`}`;
    const sizes = await sql`
      SELECT (SELECT count(*) FROM discussions)::int AS discussions, (SELECT count(*) FROM comments)::int AS comments,
        (SELECT count(*) FROM blogs)::int AS blogs, (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM groups)::int AS groups`;
    return {
      people: Object.entries(people).map(([role, username]) => ({ role, username, groups: groupsOf[username] })),
      bigGroupId: big?.id,
      sizes: sizes[0],
    };
  } finally {
    await sql.end({ timeout: 5 });
  }
}

async function login(baseUrl, username) {
  const res = await requestJson(baseUrl, {
    method: 'POST',
    path: '/api/auth/login',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ emailOrUsername: username, password: SCALE_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login ${username}: HTTP ${res.status} ${res.text.slice(0, 200)}`);
  return res.json.token;
}

async function reads(server, bare, people) {
  const cases = [];
  for (const person of people)
    for (const query of QUERIES)
      for (const type of TYPES) {
        const url = `${server.baseUrl}/api/search?q=${encodeURIComponent(query.q)}&type=${type}`;
        const headers = { authorization: `Bearer ${person.token}` };
        const first = await requestJson(server.baseUrl, { path: new URL(url).pathname + new URL(url).search, headers });
        if (first.status !== 200) throw new Error(`${query.q} as ${person.role}: HTTP ${first.status} ${first.text.slice(0, 200)}`);
        const hits = ['discussions', 'comments', 'blogs', 'communities', 'people'].reduce((n, k) => n + (first.json[k]?.length ?? 0), 0);
        cases.push({ person: person.role, groups: person.groups, query: query.name, q: query.q, type, url, headers, hits, rounds: [] });
      }
  for (let round = 1; round <= ROUNDS; round++) {
    for (const c of cases) {
      // Latency: one connection, so the figure is the request's own time, not a queue's.
      await run({ url: c.url, headers: c.headers, connections: 1, duration: 1 });
      const lat = await run({ url: c.url, headers: c.headers, connections: 1, duration: DURATION });
      const b = await run({ url: `${bare.baseUrl}/hello`, connections: CONNECTIONS, duration: DURATION });
      const x = await run({ url: c.url, headers: c.headers, connections: CONNECTIONS, duration: DURATION });
      for (const r of [lat, x]) if (r.non2xx || r.errors) throw new Error(`${c.q} ${c.type}: ${r.non2xx} non-2xx, ${r.errors} errors`);
      c.rounds.push({
        p50: lat.latency.p50,
        p99: lat.latency.p99,
        requests: lat.requests.total,
        rps: x.requests.average,
        bareRps: b.requests.average,
        pct: (100 * x.requests.average) / b.requests.average,
      });
      log(
        `round ${round}: ${c.person} ${c.query} type=${c.type}: p50 ${lat.latency.p50} p99 ${lat.latency.p99} ms (${lat.requests.total} requests); ` +
          `${x.requests.average.toFixed(0)} req/s at ${CONNECTIONS} connections = ${((100 * x.requests.average) / b.requests.average).toFixed(1)}% of bare ${b.requests.average.toFixed(0)}; load ${os.loadavg()[0].toFixed(1)}`,
      );
    }
  }
  console.log('\n| person | query | type | hits | p50 ms | p99 ms | req/s | % of bare |');
  console.log('| --- | --- | --- | ---: | ---: | ---: | ---: | ---: |');
  for (const c of cases) {
    const m = (k) => median(c.rounds.map((r) => r[k]));
    console.log(
      `| ${c.person} (${c.groups} communities) | ${c.query} \`${c.q}\` | ${c.type} | ${c.hits} | ${m('p50')} | ${m('p99')} | ${m('rps').toFixed(0)} | ${m('pct').toFixed(1)} |`,
    );
  }
  return cases.map(({ headers: _h, ...c }) => c);
}

async function writes(server, people, bigGroupId) {
  const typical = people.find((p) => p.role === 'typical');
  const auth = { authorization: `Bearer ${typical.token}`, 'content-type': 'application/json' };
  const body = (i) =>
    JSON.stringify({
      content: `Write bench ${i}: the summer fair moves to the village green this year.\n\nBring a chair, some bread and cheese to share, and a lantern for the walk home after sunset.`,
    });
  const post = await requestJson(server.baseUrl, {
    method: 'POST',
    path: `/groups/${bigGroupId}/discussions`,
    headers: auth,
    body: body(0),
  });
  if (post.status >= 300) throw new Error(`post: HTTP ${post.status} ${post.text.slice(0, 200)}`);
  const postId = post.json.id ?? post.json.discussion?.id;
  const targets = [
    { name: 'POST discussion', path: `/groups/${bigGroupId}/discussions` },
    { name: 'POST comment', path: `/groups/${bigGroupId}/discussions/${postId}/comments` },
  ];
  const results = targets.map((t) => ({ ...t, rounds: [] }));
  const pid = server.child.pid;
  for (let round = 1; round <= ROUNDS; round++) {
    for (const t of results) {
      const opts = { url: `${server.baseUrl}${t.path}`, method: 'POST', headers: auth, body: body(round), connections: CONNECTIONS };
      await run({ ...opts, duration: 1 });
      const node0 = cpuTicks(pid).own;
      const pg0 = PG_PID ? cpuTicks(PG_PID).descendants : 0;
      const x = await run({ ...opts, duration: DURATION });
      const node1 = cpuTicks(pid).own;
      const pg1 = PG_PID ? cpuTicks(PG_PID).descendants : 0;
      if (x.non2xx || x.errors) throw new Error(`${t.name}: ${x.non2xx} non-2xx, ${x.errors} errors`);
      const r = {
        rps: x.requests.average,
        p50: x.latency.p50,
        p99: x.latency.p99,
        nodeUs: Math.round(((node1 - node0) * 10_000) / x.requests.total),
        pgUs: PG_PID ? Math.round(((pg1 - pg0) * 10_000) / x.requests.total) : null,
      };
      t.rounds.push(r);
      log(
        `round ${round}: ${t.name} ${r.rps.toFixed(0)} req/s p50 ${r.p50} p99 ${r.p99} ms; CPU µs/req node ${r.nodeUs}` +
          (PG_PID ? ` PostgreSQL ${r.pgUs}` : '') +
          `; load ${os.loadavg()[0].toFixed(1)}`,
      );
    }
  }
  console.log('\n| write | req/s | p50 ms | p99 ms | CPU µs/req Node | CPU µs/req PostgreSQL |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const t of results) {
    const m = (k) => median(t.rounds.map((r) => r[k] ?? 0));
    console.log(`| ${t.name} | ${m('rps').toFixed(0)} | ${m('p50')} | ${m('p99')} | ${m('nodeUs')} | ${PG_PID ? m('pgUs') : ''} |`);
  }
  return results;
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL must name a database seeded by npm run seed:scale (see the top of this file)');
  const scale = await scalePeople(databaseUrl);
  log(
    `data: ${Object.entries(scale.sizes)
      .map(([k, v]) => `${v.toLocaleString('en-US')} ${k}`)
      .join(', ')}; load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  await ensureServerBuilt();
  const server = await startServer({ databaseUrl, env: { SEED_DEMO: 'false' } });
  let bare = null;
  const out = { at: new Date().toISOString(), durationS: DURATION, rounds: ROUNDS, connections: CONNECTIONS, sizes: scale.sizes };
  try {
    await waitForHealth(server, 600_000);
    bare = await startBareServer();
    const people = [];
    for (const p of scale.people) people.push({ ...p, token: await login(server.baseUrl, p.username) });
    if (SECTIONS.includes('reads')) out.reads = await reads(server, bare, people);
    if (SECTIONS.includes('writes')) out.writes = await writes(server, people, scale.bigGroupId);
    out.loadAfter = os.loadavg();
    mkdirSync(path.join(root, 'bench-results'), { recursive: true });
    writeFileSync(path.join(root, 'bench-results/search.json'), JSON.stringify(out, null, 2));
    log(
      `load average at the end: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    return 0;
  } finally {
    if (bare) await stopServer(bare);
    await stopServer(server);
  }
}

process.exit(await main());
