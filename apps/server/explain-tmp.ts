import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import * as schema from './src/db/schema';
import { startEmbeddedPostgres } from './src/db/embedded';
import { findExplorePage, findGroupDetail, findMembersPage, findSuggested, findUserGroups } from './src/modules/groups/groups.queries';

const dir = process.argv[2]!;
const server = await startEmbeddedPostgres(dir, { info: () => {}, warn: console.warn });
let last: { query: string; params: unknown[] } | null = null;
const client = postgres(server.url, { max: 1, onnotice: () => {}, debug: (_c, query, params) => { if (!/^EXPLAIN/.test(query)) last = { query, params: params as unknown[] }; } });
const db = drizzle(client, { schema, casing: 'snake_case' });
const [big] = await client`SELECT g.id, g.slug FROM groups g ORDER BY member_count DESC LIMIT 1`;
const [member] = await client`SELECT user_id FROM group_members WHERE group_id = ${big!.id} AND role = 'member' ORDER BY joined_at DESC LIMIT 1`;
const viewer = member!.user_id as number;
async function explain(title: string, run: () => Promise<unknown>) {
  await run(); await run();
  const q = last!;
  const plan = await client.unsafe(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${q.query}`, q.params as never[]);
  console.log(`\n### ${title}\n\n\`\`\`sql\n${q.query}\n\`\`\`\nparams: ${JSON.stringify(q.params)}\n\n\`\`\`\n${plan.map((r: any) => r['QUERY PLAN']).join('\n')}\n\`\`\``);
}
const [counts] = await client`SELECT (SELECT count(*) FROM groups)::int AS groups, (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM group_members)::int AS members, ${big!.slug}::text AS big`;
console.log(`Data: ${JSON.stringify(counts)}`);
await explain('GET /groups/{slug} (member)', () => findGroupDetail(db, { slug: big!.slug }, viewer));
await explain('GET /groups/{id}/members, first page', () => findMembersPage(db, { id: big!.id }, viewer, { cursor: null, search: null, limit: 21 }));
const page = await findMembersPage(db, { id: big!.id }, viewer, { cursor: null, search: null, limit: 21 });
const lastRow = page.members.at(-1)!;
await explain('GET /groups/{id}/members, next page (cursor)', () => findMembersPage(db, { id: big!.id }, viewer, { cursor: { role: lastRow.role, joinedAt: lastRow.joinedAt, userId: lastRow.id }, search: null, limit: 21 }));
await explain('GET /groups/{id}/members?search=u4242', () => findMembersPage(db, { id: big!.id }, viewer, { cursor: null, search: 'u4242', limit: 21 }));
await explain('GET /groups/{id}/members?search=a (common)', () => findMembersPage(db, { id: big!.id }, viewer, { cursor: null, search: 's', limit: 21 }));
await explain('GET /groups (Explore)', () => findExplorePage(db, viewer, { cursor: null, search: null, limit: 11 }));
await explain('GET /groups?search=community 42', () => findExplorePage(db, viewer, { cursor: null, search: 'community 42', limit: 11 }));
await explain('GET /groups, next page (cursor)', () => findExplorePage(db, viewer, { cursor: { memberCount: 20, id: 5000 }, search: null, limit: 11 }));
await explain('GET /groups/suggested', () => findSuggested(db, viewer, 10));
await explain('GET /groups/joined', () => findUserGroups(db, 'joined', viewer, viewer, { cursor: null, limit: 101 }));
await client.end(); await server.stop();
