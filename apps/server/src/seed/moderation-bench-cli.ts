import { parseArgs } from 'node:util';
import { fillPlaceholders } from 'drizzle-orm';
import { openCliDatabase } from '../cli/database';
import type { Db } from '../db/client';
import { registeredStatements } from '../lib/prepared';
import '../modules/blogs/blogs.queries';
import { homeFeedQuery } from '../modules/discussions/discussions.queries';
import { loadConfig } from '../plugins/config';
import { addModerationRows, countModerationRows, dropModerationRows, seedModerationWorld } from './moderation-bench';

/**
 * The moderation bench's database side (scripts/bench/moderation.mjs runs it against the server's database; see
 * moderation-bench.ts for the data). One JSON line on stdout per command:
 *   world                                  seeds the world, answers its ids and the viewer's credentials
 *   with --tag T --post P [--only blocks|removed]  adds the blocks and the 10,000 removed items (or one of the two)
 *   without --tag T --post P               deletes them again
 *   count --tag T                          how many blocks and removed items there are
 *   plans --viewer V --group G --post P [--runs 30] [--plans]
 *       the four reads' statements as the server runs them (PREPAREd, executed six times so PostgreSQL settles on
 *       its plan, then EXPLAIN ANALYZE EXECUTE): the median "Execution Time" of `--runs` runs and, with --plans,
 *       one EXPLAIN (ANALYZE, BUFFERS) each.
 */
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    tag: { type: 'string' },
    post: { type: 'string' },
    viewer: { type: 'string' },
    group: { type: 'string' },
    runs: { type: 'string', default: '30' },
    plans: { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});

const int = (name: string, value: string | undefined) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number`);
  return n;
};

type Statement = { name: string; text: string; args: unknown[] };

/** The SQL of a statement registered through lib/prepared.ts, with its placeholders filled. */
function registered(db: Db, name: string, params: Record<string, unknown>): Statement {
  const build = registeredStatements().get(name);
  if (!build) throw new Error(`no statement ${name}`);
  const built = build(db, `moderation_bench_${name}`) as { queryString: string; params: unknown[] };
  return { name, text: built.queryString, args: fillPlaceholders(built.params, params) };
}

function statements(db: Db, viewer: number, group: number, post: number): Statement[] {
  // The home feed's statement has its page size written in (11: the default 10 and the look-ahead row).
  const home = homeFeedQuery(db, false, 11).toSQL();
  const homeArgs = home.params.map((p) => (p && typeof p === 'object' && 'name' in p ? viewer : p));
  return [
    { name: 'home feed', text: home.sql, args: homeArgs },
    { ...registered(db, 'blogs_joined_page', { viewer, limit: 11 }), name: 'home blogs strip' },
    { ...registered(db, 'discussions_one', { viewer, gid: group, gslug: null, did: post }), name: 'post' },
    {
      ...registered(db, 'discussions_comments_oldest', { viewer, gid: group, gslug: null, did: post, limit: 21 }),
      name: 'comments',
    },
  ];
}

const literal = (a: unknown) => (a === null || a === undefined ? 'NULL' : `'${String(a).replace(/'/g, "''")}'`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

const database = await openCliDatabase(loadConfig(), (m) => console.error(m));
const { db, sql } = database;
let code = 0;
try {
  const command = positionals[0];
  const world = () => ({ tag: values.tag ?? '', postId: int('post', values.post) });
  if (command === 'world') console.log(JSON.stringify(await seedModerationWorld(db)));
  else if (command === 'with') {
    const only = values.only === 'blocks' || values.only === 'removed' ? values.only : null;
    console.log(JSON.stringify(await addModerationRows(db, world(), only)));
  } else if (command === 'without') console.log(JSON.stringify(await dropModerationRows(db, world())));
  else if (command === 'count') console.log(JSON.stringify(await countModerationRows(db, { tag: values.tag ?? '' })));
  else if (command === 'plans') {
    const runs = Math.max(1, Math.min(500, int('runs', values.runs)));
    const out: { name: string; executionMs: number; planningMs: number; plan?: string }[] = [];
    const list = statements(db, int('viewer', values.viewer), int('group', values.group), int('post', values.post));
    for (const [i, s] of list.entries()) {
      const name = `mb_${i}`;
      await sql.unsafe(`PREPARE ${name} AS ${s.text}`);
      const call = `EXECUTE ${name}(${s.args.map(literal).join(', ')})`;
      // Five custom plans, then PostgreSQL may switch to its generic plan: the server's connections are past that.
      for (let k = 0; k < 6; k++) await sql.unsafe(call);
      const exec: number[] = [];
      const planning: number[] = [];
      for (let k = 0; k < runs; k++) {
        const [row] = await sql.unsafe(`EXPLAIN (ANALYZE, TIMING OFF, FORMAT JSON) ${call}`);
        const summary = (row as unknown as { 'QUERY PLAN': { 'Execution Time': number; 'Planning Time': number }[] })['QUERY PLAN'][0]!;
        exec.push(summary['Execution Time']);
        planning.push(summary['Planning Time']);
      }
      const entry: (typeof out)[number] = { name: s.name, executionMs: median(exec), planningMs: median(planning) };
      if (values.plans)
        entry.plan = (await sql.unsafe(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${call}`))
          .map((r) => (r as Record<string, string>)['QUERY PLAN'])
          .join('\n');
      await sql.unsafe(`DEALLOCATE ${name}`);
      out.push(entry);
    }
    console.log(JSON.stringify(out));
  } else throw new Error(`unknown command ${command ?? '(none)'}: world, with, without, count or plans`);
} catch (error) {
  console.error(error);
  code = 1;
} finally {
  await database.release();
}
process.exit(code);
