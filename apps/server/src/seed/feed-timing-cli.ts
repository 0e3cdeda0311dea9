import { parseArgs } from 'node:util';
import type { SQL } from 'drizzle-orm';
import { openCliDatabase } from '../cli/database';
import type { Db } from '../db/client';
import {
  exploreFeedQuery,
  findExploreFeed,
  findGroupFeed,
  findHomeFeed,
  groupFeedQuery,
  homeFeedQuery,
  HOME_FEED_FEW_GROUPS,
} from '../modules/discussions/discussions.queries';
import { loadConfig } from '../plugins/config';

/**
 * `npx tsx apps/server/src/seed/feed-timing-cli.ts [--runs 200] [--plans]`: times the discussion feeds' SQL on a
 * database seeded by `npm run seed:scale -- --discussions N` (the newest scale run's people, see scale.ts
 * `feedPeople`): the home feed of the typical, the 500-community and the quiet person, a community feed and Explore,
 * first and second page. Two figures per feed: the p50/p99 of the prepared statement as the server runs it (one
 * loopback round trip included) and the p50 of PostgreSQL's own "Execution Time" (EXPLAIN ANALYZE, repeated).
 * `--plans` prints one EXPLAIN (ANALYZE, BUFFERS) per feed (docs/perf/discussions.md).
 */
const { values } = parseArgs({
  options: { runs: { type: 'string', default: '200' }, plans: { type: 'boolean', default: false } },
});
const runs = Math.max(10, Math.min(5000, Number(values.runs) || 200));
const LIMIT = 11; // the default page (10) plus the one that tells whether there is a next page

const database = await openCliDatabase(loadConfig(), (m) => console.error(m));
const { db, sql } = database;

/** The statement's text with its placeholders filled in, as EXPLAIN needs it. */
function explainable(query: { toSQL: () => { sql: string; params: unknown[] } }, params: Record<string, unknown>) {
  const built = query.toSQL();
  const values = built.params.map((p) => (p && typeof p === 'object' && 'name' in p ? params[(p as { name: string }).name] : p));
  return { text: built.sql, values: values as (string | number | boolean | null)[] };
}

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

type Feed = {
  name: string;
  run: () => Promise<unknown>;
  query: { toSQL: () => { sql: string; params: unknown[] } } | SQL;
  params: Record<string, unknown>;
};

async function measure(feed: Feed) {
  for (let i = 0; i < 10; i++) await feed.run(); // warm the cache and the prepared plan
  const wall: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await feed.run();
    wall.push(performance.now() - t0);
  }
  const { text, values: args } = explainable(feed.query as never, feed.params);
  const exec: number[] = [];
  const planning: number[] = [];
  for (let i = 0; i < Math.min(runs, 100); i++) {
    const [row] = await sql.unsafe(`EXPLAIN (ANALYZE, TIMING OFF, FORMAT JSON) ${text}`, args);
    const summary = (row as unknown as { 'QUERY PLAN': { 'Execution Time': number; 'Planning Time': number }[] })['QUERY PLAN'][0]!;
    exec.push(summary['Execution Time']);
    planning.push(summary['Planning Time']);
  }
  // The plan the server's prepared statement settles on after five runs: PostgreSQL's generic plan.
  const generic: number[] = [];
  let genericPlan = '';
  await sql.begin(async (tx) => {
    await tx.unsafe(`SET LOCAL plan_cache_mode = force_generic_plan`);
    await tx.unsafe(`PREPARE feed_timing AS ${text}`);
    const call = `EXECUTE feed_timing(${args.map((a) => (a === null ? 'NULL' : `'${String(a).replace(/'/g, "''")}'`)).join(', ')})`;
    for (let i = 0; i < Math.min(runs, 100); i++) {
      const [row] = await tx.unsafe(`EXPLAIN (ANALYZE, TIMING OFF, FORMAT JSON) ${call}`);
      generic.push((row as unknown as { 'QUERY PLAN': { 'Execution Time': number }[] })['QUERY PLAN'][0]!['Execution Time']);
    }
    if (values.plans)
      genericPlan = (await tx.unsafe(`EXPLAIN (ANALYZE, COSTS OFF) ${call}`))
        .map((r) => (r as Record<string, string>)['QUERY PLAN'])
        .join('\n');
    await tx.unsafe('DEALLOCATE feed_timing');
  });
  generic.sort((a, b) => a - b);
  planning.sort((a, b) => a - b);
  wall.sort((a, b) => a - b);
  exec.sort((a, b) => a - b);
  console.log(
    `| ${feed.name} | ${percentile(wall, 0.5).toFixed(2)} | ${percentile(wall, 0.99).toFixed(2)} | ${percentile(exec, 0.5).toFixed(2)} | ${percentile(planning, 0.5).toFixed(2)} | ${percentile(generic, 0.5).toFixed(2)} |`,
  );
  if (values.plans) {
    const plan = await sql.unsafe(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${text}`, args);
    console.log(`\n${feed.name}:\n\`\`\`\n${plan.map((r) => (r as Record<string, string>)['QUERY PLAN']).join('\n')}\n\`\`\`\n`);
    console.log(`${feed.name}, generic plan:\n\`\`\`\n${genericPlan}\n\`\`\`\n`);
  }
}

try {
  const [last] = await sql<{ username: string }[]>`SELECT username FROM users WHERE email LIKE '%@scale.test' ORDER BY id DESC LIMIT 1`;
  if (!last) throw new Error('No scale people: run npm run seed:scale -- --discussions N first');
  const match = /^(.*_u)(\d+)$/.exec(last.username)!;
  const [prefix, count] = [match[1]!, Number(match[2])];
  const people = { typical: `${prefix}2`, power: `${prefix}${count - 1}`, quiet: `${prefix}${count}` };
  const [{ posts }] = (await sql`SELECT count(*)::int AS posts FROM discussions`) as unknown as [{ posts: number }];
  console.log(`${posts.toLocaleString('en-US')} discussions; LATERAL merge up to ${HOME_FEED_FEW_GROUPS} communities; ${runs} runs each\n`);
  console.log(
    '| feed | p50 ms (prepared, round trip) | p99 ms | p50 ms (execution, custom plan) | p50 ms (planning, custom plan) | p50 ms (execution, generic plan) |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  const feeds: Feed[] = [];
  for (const [label, username] of Object.entries(people)) {
    const [u] = await sql<{ id: number; groups: number }[]>`
      SELECT u.id, (SELECT count(*)::int FROM group_members m WHERE m.user_id = u.id) AS groups FROM users u WHERE u.username = ${username}`;
    const viewer = u!.id;
    const first = await findHomeFeed(db as Db, viewer, { cursor: null, limit: LIMIT });
    const name = `home, ${label} person (${u!.groups} communities)`;
    feeds.push({
      name: `${name}, page 1`,
      run: () => findHomeFeed(db, viewer, { cursor: null, limit: LIMIT }),
      query: homeFeedQuery(db, false),
      params: { viewer, limit: LIMIT },
    });
    const tail = first[LIMIT - 2];
    if (tail) {
      const cursor = { ts: tail.cursorTs, id: tail.id };
      feeds.push({
        name: `${name}, page 2`,
        run: () => findHomeFeed(db, viewer, { cursor, limit: LIMIT }),
        query: homeFeedQuery(db, true),
        params: { viewer, limit: LIMIT, cTs: cursor.ts, cId: cursor.id },
      });
    }
  }
  const [big] = await sql<{ id: number; viewer: number }[]>`
    SELECT g.id, (SELECT id FROM users WHERE username = ${people.typical}) AS viewer FROM groups g ORDER BY g.post_count DESC LIMIT 1`;
  feeds.push({
    name: 'community feed (busiest community), page 1',
    run: () => findGroupFeed(db, { id: big!.id }, big!.viewer, { cursor: null, limit: LIMIT }),
    query: groupFeedQuery(db, false),
    params: { gid: big!.id, gslug: null, viewer: big!.viewer, limit: LIMIT },
  });
  feeds.push({
    name: 'Explore, page 1',
    run: () => findExploreFeed(db, big!.viewer, { cursor: null, limit: LIMIT }),
    query: exploreFeedQuery(db, false),
    params: { viewer: big!.viewer, limit: LIMIT },
  });
  for (const feed of feeds) await measure(feed);
} finally {
  await database.release();
}
process.exit(0);
