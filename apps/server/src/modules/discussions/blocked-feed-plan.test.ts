// Issue 15 bench note: the home feed and the post panel with 1,000 blocked people. The block condition must be one
// probe of the blocks primary key per row looked at (never a scan of the viewer's blocks), and the cost must stay
// that of the feed without blocks. Prints both plans' timings (EXPLAIN ANALYZE) for the report.
import { fillPlaceholders, sql } from 'drizzle-orm';
import { registeredStatements } from '../../lib/prepared';
import { describe, expect, it } from 'vitest';
import { homeFeedQuery } from './discussions.queries';
import { createUser } from '../../test/factories';
import { useTestApp } from '../../test/test-app';

const t = useTestApp({ rateLimit: false });

async function explain(query: string, params: unknown[] = []): Promise<string> {
  const rows = await t.database.sql.unsafe<{ 'QUERY PLAN': string }[]>(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${query}`, params as never[]);
  return rows.map((r) => r['QUERY PLAN']).join('\n');
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
    await s`ANALYZE`;
    const feed = homeFeedQuery(t.database.db, false, 11).toSQL();
    // Placeholders (the viewer) take the viewer's id; plain values (the few-communities bound) stay as they are.
    const statement = feed.sql.replace(/\$(\d+)/g, (_, n: string) => {
      const param = feed.params[Number(n) - 1];
      return typeof param === 'number' ? String(param) : String(viewer.id);
    });
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

    await explain(statement); // warm the cache, so both timings compare plans rather than disk reads
    const before = await explain(statement);
    await panel();
    const panelBefore = await panel();
    await s`INSERT INTO blocks (blocker_id, blocked_id) SELECT ${viewer.id}, id FROM users WHERE username LIKE 'bench_%' AND substr(username, 7)::int > 200`;
    await s`ANALYZE blocks`;
    await explain(statement);
    const after = await explain(statement);
    await panel();
    const panelAfter = await panel();
    const ms = (plan: string) => Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1]);
    console.log(`home feed, no blocks: ${ms(before)} ms\n${before}\n\nhome feed, 1,000 blocks: ${ms(after)} ms\n${after}`);
    console.log(
      `post panel, no blocks: ${ms(panelBefore)} ms\n${panelBefore}\n\npost panel, 1,000 blocks: ${ms(panelAfter)} ms\n${panelAfter}`,
    );
    expect(panelAfter).toMatch(/Index (Only )?Scan using blocks_(blocker_id_blocked_id_pk|blocked_idx) on blocks/);
    expect(panelAfter).not.toMatch(/Seq Scan on blocks/);
    // An index probe of blocks per post looked at (the primary key, or blocks_blocked_idx when the planner prefers it).
    expect(after).toMatch(/Index (Only )?Scan using blocks_(blocker_id_blocked_id_pk|blocked_idx) on blocks/);
    expect(after).not.toMatch(/Seq Scan on blocks/);
    const rows = await t.database.db.execute(sql.raw(statement));
    expect([...rows]).toHaveLength(1);
  });
});
