// Communities scenarios for `npm run bench` (issue 6). Hooked into scenarios.mjs (`groupsSetup` in `setup`,
// `groupScenarios` in `buildScenarios`).
//
// Setup seeds the bench database at scale with `npm run seed:scale` (apps/server/src/seed/scale.ts): BENCH_GROUPS
// communities (default 10,000), BENCH_USERS people (default 100,000), community no. 1 with BENCH_BIG_GROUP members
// (default: everyone). BENCH_GROUPS=0 skips the communities scenarios. Run it at 1,000 and at 10,000 communities to
// see that the figures stay flat (docs/perf/groups.md).
//
// Scenarios: GET /groups/{slug} as a visitor and as a member, GET /groups (Explore), GET /groups/{id}/members (first
// page and a search) on the big community, and a leave/join pair by 50 people of it. After the pair, `verify`
// checks that member_count equals a recount of the membership rows.

import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SEED_TIMEOUT_MS = 900_000;
const PAIR_PEOPLE = 50;

function envInt(name, fallback, min, max) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new Error(`${name} must be an integer in ${min}..${max} (got "${raw}")`);
  return value;
}

/** Runs the scale seeder against the bench database; resolves with its JSON summary. */
function seedScale(databaseUrl, { groups, users, big, discussions }) {
  const tsx = path.join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'tsx.cmd' : 'tsx');
  const args = [
    'apps/server/src/seed/scale-cli.ts',
    '--groups',
    String(groups),
    '--users',
    String(users),
    '--big-group-members',
    String(big),
    '--discussions',
    String(discussions),
    '--json',
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, args, { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    const timer = setTimeout(() => child.kill('SIGTERM'), SEED_TIMEOUT_MS);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code !== 0) return reject(new Error(`seed:scale exited with ${code}`));
      try {
        resolve(JSON.parse(out.trim().split('\n').at(-1)));
      } catch (error) {
        reject(new Error(`seed:scale printed no summary: ${error.message}`));
      }
    });
  });
}

/**
 * Seeds the communities, makes the reader (a demo user) a member of the big community, and signs in 50 of its people
 * for the leave/join pair. Returns null when BENCH_GROUPS=0.
 */
export async function groupsSetup(baseUrl, { databaseUrl, token, login, requestJson }) {
  const groups = envInt('BENCH_GROUPS', 10_000, 0, 1_000_000);
  if (groups === 0) return null;
  const users = envInt('BENCH_USERS', 100_000, PAIR_PEOPLE + 1, 10_000_000);
  const big = envInt('BENCH_BIG_GROUP', users, PAIR_PEOPLE + 1, users);
  // Posts for the discussions scenarios (discussions.mjs); 0 skips them.
  const discussions = envInt('BENCH_DISCUSSIONS', 200_000, 0, 10_000_000);
  const t0 = Date.now();
  const seeded = await seedScale(databaseUrl, { groups, users, big, discussions });
  console.log(
    `[bench] seed:scale: ${seeded.users} people, ${seeded.groups} communities, ${seeded.memberships} memberships, ${seeded.discussions} posts in ${seeded.totalSeconds} s ` +
      `(big community ${seeded.bigGroup.slug}: ${seeded.bigGroup.memberCount} members; ${((Date.now() - t0) / 1000).toFixed(1)} s with start-up)`,
  );
  const joined = await requestJson(baseUrl, {
    method: 'POST',
    path: `/api/groups/${seeded.bigGroup.id}/join`,
    headers: { authorization: `Bearer ${token}` },
  });
  if (joined.status !== 200 || joined.json?.isMember !== true)
    throw new Error(`The reader could not join the big community: HTTP ${joined.status}`);
  // People 2..51 of the big community (1 is its owner), all ordinary members.
  const pairTokens = [];
  for (let i = 2; i < 2 + PAIR_PEOPLE; i++) pairTokens.push((await login(baseUrl, `${seeded.usernamePrefix}${i}`, seeded.password)).token);
  // A search term that matches about a dozen of the big community's people (rare site-wide: the trigram path).
  const search = `u${Math.floor(big / 23)}`.slice(0, 6);
  return { seeded, big: seeded.bigGroup, pairTokens, search, databaseUrl };
}

/** member_count of the big community against a recount of its rows (after the leave/join load). */
async function recount(databaseUrl, groupId) {
  const { default: postgres } = await import('postgres');
  const sql = postgres(databaseUrl, { max: 1, connect_timeout: 10, onnotice: () => {} });
  try {
    const [row] = await sql`SELECT member_count AS cached, (SELECT count(*)::int FROM group_members WHERE group_id = ${groupId}) AS rows
      FROM groups WHERE id = ${groupId}`;
    return { ok: row.cached === row.rows, detail: `member_count ${row.cached}, recount ${row.rows}` };
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** The communities scenarios (reads: ≥ 25% of /api/health with ≤ 2 database round trips). */
export function groupScenarios(ctx, { connections }) {
  const g = ctx.groups;
  if (!g) return [];
  const auth = { authorization: `Bearer ${ctx.token}` };
  const readGoal = { minPctOfBaseline: 25, maxDbXactPerRequest: 2 };
  const label = `${g.seeded.groups.toLocaleString('en-US')} communities`;
  let next = 0;
  const as = (req, context) => ({ ...req, headers: { ...req.headers, authorization: `Bearer ${context.token}` } });
  return [
    {
      name: 'GET /groups/{slug} (visitor)',
      method: 'GET',
      path: `/groups/${g.big.slug}`,
      connections,
      note: `one statement: group, sections, viewer relation (${label})`,
      goal: readGoal,
      check: (status, json) => status === 200 && json?.group?.id === g.big.id && json.isMember === false,
    },
    {
      name: 'GET /groups/{slug} (member)',
      method: 'GET',
      path: `/groups/${g.big.slug}`,
      headers: auth,
      connections,
      note: 'session lookup + the same statement',
      goal: readGoal,
      check: (status, json) => status === 200 && json?.isMember === true && json.role === 'member',
    },
    {
      name: 'GET /groups (Explore)',
      method: 'GET',
      path: '/groups',
      headers: auth,
      connections,
      note: `session + first 10 public communities by size with is_member (${label})`,
      goal: readGoal,
      check: (status, json) => status === 200 && json?.groups?.length === 10,
    },
    {
      name: 'GET /groups/{id}/members',
      method: 'GET',
      path: `/groups/${g.big.id}/members`,
      headers: auth,
      connections,
      note: `session + one statement: access check and the first 20 of ${g.big.memberCount.toLocaleString('en-US')} members`,
      goal: readGoal,
      check: (status, json) => status === 200 && json?.members?.length === 20 && json.members[0].role_name === 'owner',
    },
    {
      name: 'GET /groups/{id}/members?search',
      method: 'GET',
      path: `/groups/${g.big.id}/members?search=${g.search}`,
      headers: auth,
      connections,
      note: `session + one statement: "${g.search}" through the trigram index among ${g.big.memberCount.toLocaleString('en-US')} members`,
      goal: readGoal,
      check: (status, json) => status === 200 && json?.members?.length > 0 && json.members.every((m) => m.username.includes(g.search)),
    },
    {
      name: 'POST leave + join (pair)',
      method: 'POST',
      path: `/api/groups/${g.big.id}/leave`,
      headers: { authorization: `Bearer ${g.pairTokens[0]}` },
      connections: Math.min(connections, g.pairTokens.length),
      note: `${g.pairTokens.length} members leave and join again (each request: session + one transaction); member_count checked after`,
      autocannon: {
        requests: [
          {
            method: 'POST',
            path: `/api/groups/${g.big.id}/leave`,
            setupRequest: (req, context) => {
              context.token = g.pairTokens[next++ % g.pairTokens.length];
              return as(req, context);
            },
          },
          { method: 'POST', path: `/api/groups/${g.big.id}/join`, setupRequest: as },
        ],
      },
      check: (status) => status === 200,
      verify: () => recount(g.databaseUrl, g.big.id),
    },
  ];
}
