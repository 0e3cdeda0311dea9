import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import type { Actor, AppContext } from '../context';
import type { Db } from '../db/client';
import * as schema from '../db/schema';
import { searchEverything, type SearchInput } from '../modules/search/search.service';
import { createLimiters } from '../lib/rate-limiter';
import { loadConfig } from '../plugins/config';
import { SCALE_MARKERS } from './scale-text';

/**
 * `npx tsx apps/server/src/seed/search-timing-cli.ts [--runs 100] [--types all,discussions,comments] [--plans]`:
 * search at the SQL level (issue 16 §3) on a database seeded by `npm run seed:scale -- --discussions N` (DATABASE_URL):
 * the service call of one `GET /api/search` (searchEverything: every statement of the request, in order, without
 * HTTP) for the bench markers of scale-text.ts (a rare word, a common word, a two-word phrase, a prefix) as the newest
 * scale run's typical person (1-2 communities) and its person in 500 communities. p50/p99 of the whole call over
 * `--runs` runs after 3 warm-up runs, and the number of statements it sent.
 * Also the CPU milliseconds per call of the PostgreSQL backend (/proc, same machine only) and of this Node process:
 * on a shared machine the wall times include waiting for a core, the CPU times are what a quiet machine would take.
 * `--set jit=off,max_parallel_workers_per_gather=0` runs with those settings on the connection (to compare).
 * `--plans` prints EXPLAIN (ANALYZE, BUFFERS) of every statement of one call per case, through auto_explain (the
 * role must be allowed to LOAD it: a superuser, as on the bench cluster of docs/perf/search.md).
 */
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '100' },
    types: { type: 'string', default: 'all,discussions,comments' },
    plans: { type: 'boolean', default: false },
    only: { type: 'string' },
    set: { type: 'string' },
  },
});
const runs = Math.max(5, Math.min(5000, Number(values.runs) || 100));
const types = values.types!.split(',') as SearchInput['type'][];
const QUERIES = [
  { name: 'rare word', q: SCALE_MARKERS.rare.query },
  { name: 'common word', q: SCALE_MARKERS.common.query },
  { name: 'two-word phrase', q: SCALE_MARKERS.phrase.query },
  { name: 'prefix', q: SCALE_MARKERS.prefix.query },
].filter((q) => !values.only || values.only.split(',').includes(q.q));

const config = loadConfig();
const databaseUrl = config.databaseUrl;
if (!databaseUrl) throw new Error('DATABASE_URL must name a database seeded by npm run seed:scale');
const notices: string[] = [];
let statementsSent = 0;
const client = postgres(databaseUrl, {
  max: 1,
  onnotice: (n) => notices.push(n.message ?? ''),
  debug: () => {
    statementsSent += 1;
  },
});
const db = drizzle(client, { schema, casing: 'snake_case' }) as unknown as Db;
const ctx = { db, searchLanguage: config.searchLanguage, limiters: createLimiters(false) } as unknown as AppContext;
const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

const ticks = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(f[11]) + Number(f[12]);
  } catch {
    return Number.NaN;
  }
};

try {
  for (const setting of (values.set ?? '').split(',').filter(Boolean)) {
    const [name, value] = setting.split('=');
    await client.unsafe(`SET ${name!.replace(/[^a-z_]/g, '')} = '${value!.replace(/'/g, '')}'`);
  }
  const [{ pid: backend }] = (await client`SELECT pg_backend_pid() AS pid`) as unknown as [{ pid: number }];
  const [last] = await client<{ username: string }[]>`SELECT username FROM users WHERE email LIKE '%@scale.test' ORDER BY id DESC LIMIT 1`;
  if (!last) throw new Error('No scale people: run npm run seed:scale -- --discussions N first');
  const [, prefix, count] = /^(.*_u)(\d+)$/.exec(last.username)!;
  const people = [
    { role: 'typical', username: `${prefix}2` },
    { role: 'power', username: `${prefix}${Number(count) - 1}` },
  ];
  const [sizes] = await client`
    SELECT (SELECT count(*) FROM discussions)::int AS discussions, (SELECT count(*) FROM comments)::int AS comments,
      (SELECT count(*) FROM blogs)::int AS blogs, (SELECT count(*) FROM users)::int AS people, (SELECT count(*) FROM groups)::int AS communities`;
  console.log(
    `${Object.entries(sizes!)
      .map(([k, v]) => `${Number(v).toLocaleString('en-US')} ${k}`)
      .join(', ')}; ${runs} runs per case\n`,
  );
  console.log(`settings: ${values.set ?? 'server defaults'}\n`);
  console.log('| person | query | type | hits | statements | p50 ms | p99 ms | CPU ms/call PostgreSQL | CPU ms/call Node |');
  console.log('| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  const plans: string[] = [];
  for (const person of people) {
    const [user] = await db.select().from(schema.users).where(eq(schema.users.username, person.username));
    const [{ groups }] = (await client`SELECT count(*)::int AS groups FROM group_members WHERE user_id = ${user!.id}`) as unknown as [
      { groups: number },
    ];
    const actor = user as unknown as Actor;
    for (const query of QUERIES)
      for (const type of types) {
        const input = { q: query.q, type } as SearchInput;
        let result = await searchEverything(ctx, actor, input, {});
        for (let i = 0; i < 2; i++) result = await searchEverything(ctx, actor, input, {});
        const hits =
          result.discussions.length + result.comments.length + result.blogs.length + result.communities.length + result.people.length;
        const before = statementsSent;
        const [pg0, node0] = [ticks(backend), process.cpuUsage()];
        const wall: number[] = [];
        for (let i = 0; i < runs; i++) {
          const t0 = performance.now();
          await searchEverything(ctx, actor, input, {});
          wall.push(performance.now() - t0);
        }
        const statements = (statementsSent - before) / runs;
        const pgMs = ((ticks(backend) - pg0) * 10) / runs;
        const nodeUsage = process.cpuUsage(node0);
        const nodeMs = (nodeUsage.user + nodeUsage.system) / 1000 / runs;
        wall.sort((a, b) => a - b);
        const label = `${person.role} (${groups} communities)`;
        console.log(
          `| ${label} | ${query.name} \`${query.q}\` | ${type} | ${hits} | ${statements.toFixed(1)} | ${percentile(wall, 0.5).toFixed(1)} | ${percentile(wall, 0.99).toFixed(1)} | ${pgMs.toFixed(1)} | ${nodeMs.toFixed(1)} |`,
        );
        if (values.plans) {
          await client.unsafe(
            `LOAD 'auto_explain'; SET auto_explain.log_min_duration = 0; SET auto_explain.log_analyze = on; SET auto_explain.log_buffers = on; SET auto_explain.log_level = notice; SET auto_explain.log_format = text`,
          );
          notices.length = 0;
          await searchEverything(ctx, actor, input, {});
          await client.unsafe(`SET auto_explain.log_min_duration = -1`);
          plans.push(`### ${label}, ${query.name} \`${query.q}\`, type=${type}\n\n\`\`\`\n${notices.join('\n\n')}\n\`\`\`\n`);
        }
      }
  }
  if (plans.length > 0) console.log(`\n${plans.join('\n')}`);
} finally {
  await client.end({ timeout: 5 });
}
process.exit(0);
