import { parseArgs } from 'node:util';
import postgres from 'postgres';

/**
 * `npx tsx apps/server/src/seed/search-write-cost-cli.ts --before URL --after URL [--rows 1000] [--rounds 3]`:
 * what keeping the search index current costs a write (issue 16 §3: at most 20% more), at the SQL level. Two copies of
 * the same `seed:scale` database, one before the search migration and one after it (`CREATE DATABASE … TEMPLATE`,
 * then `npm run db:migrate` on one); on each, alternately, `--rows` posts are inserted one statement and one
 * transaction each (as the API writes them), then a comment on each. The texts are those of the newest seeded posts
 * and comments (varied, of the usual length). Prints the mean and p50 per statement on each side and the ratio.
 * `synchronous_commit` is off for these sessions so the WAL flush (the same on both sides) does not drown the difference.
 * The rows are deleted at the end (in one statement per table, not measured).
 */
const { values } = parseArgs({
  options: {
    before: { type: 'string' },
    after: { type: 'string' },
    rows: { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '3' },
  },
});
if (!values.before || !values.after) {
  console.error('--before URL (without the search migration) and --after URL (with it) are required');
  process.exit(2);
}
const rows = Math.max(10, Math.min(100_000, Number(values.rows) || 1000));
const rounds = Math.max(1, Math.min(20, Number(values.rounds) || 3));
const sides = [
  { name: 'before', sql: postgres(values.before, { max: 1, onnotice: () => {} }) },
  { name: 'after', sql: postgres(values.after, { max: 1, onnotice: () => {} }) },
];
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

try {
  const source = sides[0]!.sql;
  const [scale] = await source<{ groupId: number; userId: number }[]>`
    SELECT g.id AS "groupId", g.owner_id AS "userId" FROM groups g WHERE g.slug LIKE 'scale-%-1' ORDER BY g.id DESC LIMIT 1`;
  if (!scale) throw new Error('No scale data: run npm run seed:scale -- --discussions N first');
  const posts = (await source<{ content: string }[]>`SELECT content FROM discussions ORDER BY id DESC LIMIT ${rows}`).map((r) => r.content);
  const comments = (await source<{ content: string }[]>`SELECT content FROM comments ORDER BY id DESC LIMIT ${rows}`).map((r) => r.content);
  const times: Record<string, { post: number[]; comment: number[] }> = {
    before: { post: [], comment: [] },
    after: { post: [], comment: [] },
  };
  const made: Record<string, number[]> = { before: [], after: [] };
  for (const side of sides) await side.sql`SET synchronous_commit = off`;
  for (let round = 0; round < rounds; round++) {
    for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
      const ids: number[] = [];
      for (const content of posts) {
        const t0 = performance.now();
        const [row] = await side.sql<{ id: number }[]>`
          INSERT INTO discussions (group_id, user_id, content, group_is_public) VALUES (${scale.groupId}, ${scale.userId}, ${content}, true) RETURNING id`;
        times[side.name]!.post.push(performance.now() - t0);
        ids.push(row!.id);
      }
      for (let i = 0; i < comments.length; i++) {
        const t0 = performance.now();
        await side.sql`INSERT INTO comments (discussion_id, user_id, content) VALUES (${ids[i % ids.length]!}, ${scale.userId}, ${comments[i]!})`;
        times[side.name]!.comment.push(performance.now() - t0);
      }
      made[side.name]!.push(...ids);
      console.log(
        `round ${round + 1} ${side.name}: post mean ${mean(times[side.name]!.post.slice(-rows)).toFixed(3)} ms, comment mean ${mean(times[side.name]!.comment.slice(-rows)).toFixed(3)} ms`,
      );
    }
  }
  console.log('\n| statement | before mean ms | after mean ms | after / before | before p50 ms | after p50 ms |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const kind of ['post', 'comment'] as const) {
    const [b, a] = [times.before![kind], times.after![kind]];
    console.log(
      `| INSERT ${kind === 'post' ? 'discussion' : 'comment'} (${b.length} each side) | ${mean(b).toFixed(3)} | ${mean(a).toFixed(3)} | ${(mean(a) / mean(b)).toFixed(2)} | ${p50(b).toFixed(3)} | ${p50(a).toFixed(3)} |`,
    );
  }
  for (const side of sides) {
    const ids = made[side.name]!;
    if (ids.length > 0) await side.sql`DELETE FROM discussions WHERE id IN ${side.sql(ids)}`;
  }
} finally {
  for (const side of sides) await side.sql.end({ timeout: 5 });
}
process.exit(0);
