// Issue 15 bench note: the home feed and the post panel with 1,000 blocked people. The block condition must never
// read the viewer's blocks once per row (an anti join over a materialized list of them: 14 ms instead of 0.6 ms in
// the bench, docs/perf/moderation.md), and the cost must stay that of the feed without blocks. The statements run as
// the server runs them: prepared, past the five custom plans after which PostgreSQL may settle on its generic plan
// (the one that went wrong). Prints both plans' timings (EXPLAIN ANALYZE) for the report.
import { fillPlaceholders, sql } from 'drizzle-orm';
import { registeredStatements } from '../../lib/prepared';
import { describe, expect, it } from 'vitest';
// The blogs service loads its statements (the home blogs strip's among them) into lib/prepared.ts's registry.
import '../blogs/blogs.service';
import { homeFeedQuery } from './discussions.queries';
import { createUser } from '../../test/factories';
import { useTestApp } from '../../test/test-app';

const t = useTestApp({ rateLimit: false });

const literal = (a: unknown) => (a === null || a === undefined ? 'NULL' : `'${String(a).replace(/'/g, "''")}'`);
let statements = 0;

/** EXPLAIN ANALYZE of the statement as the server runs it: PREPAREd on one connection and executed six times first. */
async function explain(query: string, params: unknown[] = []): Promise<string> {
  const connection = await t.database.sql.reserve();
  try {
    const name = `plan_${++statements}`;
    await connection.unsafe(`PREPARE ${name} AS ${query}`);
    const call = `EXECUTE ${name}(${params.map(literal).join(', ')})`;
    for (let i = 0; i < 6; i++) await connection.unsafe(call);
    const rows = await connection.unsafe<{ 'QUERY PLAN': string }[]>(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${call}`);
    await connection.unsafe(`DEALLOCATE ${name}`);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  } finally {
    connection.release();
  }
}

describe('the home feed and the post panel with 1,000 blocked people', () => {
  it('probe an index of blocks per row, never scan the viewer’s blocks', async () => {
    const viewer = await createUser(t.database.db);
    const s = t.database.sql;
    // 200 authors write 20,000 posts in the 10 communities the viewer is in; 1,000 other people write one post each
    // among them (one in 21): the people the viewer will block, as most blocked people are, a small share of a feed.
    await s`INSERT INTO users (username, email, first_name, last_name, password_hash)
      SELECT 'bench_' || i, 'bench_' || i || '@example.com', 'B', 'U', 'x' FROM generate_series(1, 1200) i`;
    await s`INSERT INTO groups (slug, group_name, name_key, owner_id, member_count)
      SELECT 'bench-g-' || i, 'Bench ' || i, 'bench ' || i, ${viewer.id}, 1 FROM generate_series(1, 10) i`;
    await s`INSERT INTO group_members (group_id, user_id, role) SELECT id, ${viewer.id}, 'owner' FROM groups WHERE slug LIKE 'bench-g-%'`;
    await s`INSERT INTO discussions (group_id, user_id, content, group_is_public, created_at)
      SELECT g.id, u.id, 'post ' || i, true, now() - (i || ' seconds')::interval
      FROM generate_series(1, 21000) i
      JOIN LATERAL (SELECT id FROM groups WHERE slug = 'bench-g-' || (1 + i % 10)) g ON true
      JOIN LATERAL (SELECT id FROM users WHERE username = 'bench_' || CASE WHEN i % 21 = 0 THEN 201 + (i / 21) % 1000 ELSE 1 + i % 200 END) u ON true`;
    // 2,000 blogs in the same communities by the same people (the home blogs strip).
    await s`INSERT INTO blogs (group_id, author_id, title, content, created_at)
      SELECT d.group_id, d.user_id, 'Blog ' || d.id, 'blog text', d.created_at FROM discussions d ORDER BY d.id LIMIT 2000`;
    await s`ANALYZE`;
    const feed = homeFeedQuery(t.database.db, false, 11).toSQL();
    // Placeholders (the viewer) take the viewer's id; plain values (the few-communities bound) stay as they are.
    const feedParams = feed.params.map((p) => (p && typeof p === 'object' && 'name' in p ? viewer.id : p));
    const statement = feed.sql.replace(/\$(\d+)/g, (_, n: string) => String(feedParams[Number(n) - 1]));
    const home = () => explain(feed.sql, feedParams);
    // The post panel's first page of comments (oldest first, 21 rows) on a post with 300 comments, 15 of them by
    // people the viewer will block.
    const [post] = await s<{ id: number; group_id: number }[]>`SELECT id, group_id FROM discussions ORDER BY created_at DESC LIMIT 1`;
    await s`INSERT INTO comments (discussion_id, user_id, content, created_at)
      SELECT ${post!.id}, u.id, 'comment ' || i, now() - ((400 - i) || ' seconds')::interval
      FROM generate_series(1, 300) i
      JOIN LATERAL (SELECT id FROM users WHERE username = 'bench_' || CASE WHEN i % 20 = 0 THEN 201 + i ELSE 1 + i % 200 END) u ON true`;
    // Other posts' comments and other people's blocks, so the tables are not small enough to read whole.
    await s`INSERT INTO comments (discussion_id, user_id, content)
      SELECT d.id, d.user_id, 'other' FROM discussions d WHERE d.id <> ${post!.id} ORDER BY d.id LIMIT 20000`;
    await s`INSERT INTO blocks (blocker_id, blocked_id)
      SELECT a.id, b.id FROM users a JOIN users b ON b.id <> a.id AND b.id % 50 = a.id % 50
      WHERE a.username LIKE 'bench_%' AND b.username LIKE 'bench_%' LIMIT 20000`;
    await s`ANALYZE`;
    const build = registeredStatements().get('discussions_comments_oldest')!;
    const prepared = build(t.database.db, 'plan_comments') as { queryString: string; params: unknown[] };
    const commentParams = fillPlaceholders(prepared.params, {
      viewer: viewer.id,
      gid: post!.group_id,
      gslug: null,
      did: post!.id,
      limit: 21,
    });
    const panel = () => explain(prepared.queryString, commentParams);

    await home(); // warm the cache, so both timings compare plans rather than disk reads
    const before = await home();
    await panel();
    const panelBefore = await panel();
    await s`INSERT INTO blocks (blocker_id, blocked_id) SELECT ${viewer.id}, id FROM users WHERE username LIKE 'bench_%' AND substr(username, 7)::int > 200`;
    await s`ANALYZE blocks`;
    await home();
    const after = await home();
    await panel();
    const panelAfter = await panel();
    const ms = (plan: string) => Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1]);
    console.log(`home feed, no blocks: ${ms(before)} ms\n${before}\n\nhome feed, 1,000 blocks: ${ms(after)} ms\n${after}`);
    console.log(
      `post panel, no blocks: ${ms(panelBefore)} ms\n${panelBefore}\n\npost panel, 1,000 blocks: ${ms(panelAfter)} ms\n${panelAfter}`,
    );
    // The page of comments: one probe of the primary key per comment looked at, never an anti join over the
    // viewer's blocks; in index order, so the scan stops after the page instead of reading the whole thread.
    expect(panelAfter).toMatch(
      /Index Only Scan using blocks_blocker_id_blocked_id_pk on blocks bk\S* \(actual[^\n]*\n\s*Index Cond: \(\(blocker_id = \S+\) AND \(blocked_id = c\S*\.user_id\)\)/,
    );
    expect(panelAfter).not.toMatch(/Anti Join|Seq Scan on blocks/);
    const pageScan = /Index Scan using comments_discussion_parent_idx on comments c_\d+ \(actual time=\S+ rows=(\d+)/.exec(panelAfter);
    expect(Number(pageScan?.[1])).toBeLessThan(50);
    // A viewer who blocked nobody: the count of blocked people's comments never runs (it reads the whole thread:
    // 3.3 ms of PostgreSQL per page at 1,700 comments in docs/perf/cluster.md), so no comment beyond the page is read.
    const commentRowsRead = (plan: string) =>
      [...plan.matchAll(/Scan[^\n]* on comments c\S* \(actual time=\S+ rows=(\d+) loops=(\d+)\)/g)].reduce(
        (n, m) => n + Number(m[1]) * Number(m[2]),
        0,
      );
    expect(commentRowsRead(panelBefore)).toBeLessThan(50);
    // With blocks it counts them over the thread (the panel says how many were left out).
    expect(commentRowsRead(panelAfter)).toBeGreaterThanOrEqual(300);
    // The home feed: the viewer's blocks read once (a hashed SubPlan), never once per post looked at.
    expect(after).toMatch(/hashed SubPlan/);
    expect(after).toMatch(/Scan (using blocks_\w+ )?on blocks bk \(actual time=\S+ rows=1000 loops=1\)/);
    expect(after).not.toMatch(/Anti Join|Join Filter: \(bk\S*\.blocked_id|Seq Scan on blocks/);
    // The home blogs strip: each community's newest blogs in index order (no bitmap scan and sort of all of them),
    // the blocks read once.
    await home();
    const strip = registeredStatements().get('blogs_joined_page')!(t.database.db, 'plan_strip') as {
      queryString: string;
      params: unknown[];
    };
    const stripPlan = await explain(strip.queryString, fillPlaceholders(strip.params, { viewer: viewer.id, limit: 11 }));
    console.log(`home blogs strip, 1,000 blocks: ${ms(stripPlan)} ms\n${stripPlan}`);
    expect(stripPlan).toMatch(/Index Scan using blogs_group_recent_idx on blogs b/);
    expect(stripPlan).not.toMatch(/Bitmap Heap Scan on blogs b|Anti Join|Join Filter: \(bk\S*\.blocked_id/);
    expect(stripPlan).toMatch(/Scan (using blocks_\w+ )?on blocks bk \(actual time=\S+ rows=1000 loops=1\)/);
    const rows = await t.database.db.execute(sql.raw(statement));
    expect([...rows]).toHaveLength(1);
  });
});
