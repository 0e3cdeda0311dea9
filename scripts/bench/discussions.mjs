// Discussions scenarios for `npm run bench` (issue 7). Hooked into scenarios.mjs (`discussionsSetup` after the
// communities setup, `discussionScenarios` in `buildScenarios`); they need the scale seed of groups.mjs, which adds
// BENCH_DISCUSSIONS posts (default 200,000; 0 skips these scenarios) with comments and likes in proportion, a person
// in 500 communities and one in two quiet ones (apps/server/src/seed/scale-discussions.ts).
//
// Reads: the home feed of the 500-community person and of the quiet person, a community feed, the post panel (the
// post + its first page of comments, two requests as the web app sends them). Writes by 50 members of the big
// community: new posts, new comments, like toggles. After the writes, `verify` compares every counter of the big
// community's posts and comments with a recount of the rows. The feeds' SQL alone is timed by
// apps/server/src/seed/feed-timing-cli.ts (docs/perf/discussions.md).

const WRITERS = 50;

/** Signs in the feed people and 50 writers, and picks the post the panel scenario reads. Null when not seeded. */
export async function discussionsSetup(baseUrl, { groups, token, login, requestJson }) {
  if (!groups || !groups.seeded.discussions || !groups.seeded.feedPeople) return null;
  const { seeded } = groups;
  const power = await login(baseUrl, seeded.feedPeople.power, seeded.password);
  const quiet = await login(baseUrl, seeded.feedPeople.quiet, seeded.password);
  // People 60..109 of the big community (2..51 leave and join in the communities' pair scenario).
  const writers = [];
  for (let i = 60; i < 60 + WRITERS; i++) writers.push((await login(baseUrl, `${seeded.usernamePrefix}${i}`, seeded.password)).token);
  const feed = await requestJson(baseUrl, {
    path: `/groups/${seeded.bigGroup.id}/discussions?limit=50`,
    headers: { authorization: `Bearer ${token}` },
  });
  const post = feed.json?.discussions?.find((d) => d.comment_count > 0);
  if (feed.status !== 200 || !post) throw new Error(`No post with comments in the big community: HTTP ${feed.status}`);
  return { power: power.token, quiet: quiet.token, writers, post, groupId: seeded.bigGroup.id };
}

/** Counters of the big community's posts and comments against recounts of their rows. */
async function recount(databaseUrl, groupId) {
  const { default: postgres } = await import('postgres');
  const sql = postgres(databaseUrl, { max: 1, connect_timeout: 10, onnotice: () => {} });
  try {
    const [row] = await sql`
      SELECT count(*)::int AS posts,
        count(*) FILTER (WHERE d.like_count <> (SELECT count(*) FROM discussion_likes l WHERE l.discussion_id = d.id)
          OR d.comment_count <> (SELECT count(*) FROM comments c WHERE c.discussion_id = d.id))::int AS bad_posts,
        (SELECT count(*)::int FROM comments c JOIN discussions dd ON dd.id = c.discussion_id WHERE dd.group_id = ${groupId}
          AND (c.like_count <> (SELECT count(*) FROM comment_likes l WHERE l.comment_id = c.id)
            OR c.reply_count <> (SELECT count(*) FROM comments r WHERE r.parent_id = c.id))) AS bad_comments,
        (SELECT post_count FROM groups WHERE id = ${groupId}) = count(*) AS post_count_ok
      FROM discussions d WHERE d.group_id = ${groupId}`;
    return {
      ok: row.bad_posts === 0 && row.bad_comments === 0 && row.post_count_ok,
      detail: `${row.posts} posts: ${row.bad_posts} with a wrong like/comment count, ${row.bad_comments} comments with a wrong like/reply count, post_count ${row.post_count_ok ? 'equal' : 'NOT equal'} to the rows`,
    };
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** The discussions scenarios (reads: ≥ 10% of the bare route; p99 ≤ 30 ms is read from the table). */
export function discussionScenarios(ctx, { connections }) {
  const d = ctx.discussions;
  if (!d) return [];
  const g = ctx.groups;
  const auth = (token) => ({ authorization: `Bearer ${token}` });
  const readGoal = { minPctOfBare: 10 };
  const label = `${g.seeded.discussions.toLocaleString('en-US')} posts`;
  const postPath = `/groups/${d.groupId}/discussions/${d.post.id}`;
  const rotating = () => {
    let next = 0;
    return (req) => ({ ...req, headers: { ...req.headers, ...auth(d.writers[next++ % d.writers.length]) } });
  };
  const verify = () => recount(g.databaseUrl, d.groupId);
  const json = { 'content-type': 'application/json' };
  return [
    {
      name: 'GET home feed (500 communities)',
      method: 'GET',
      path: '/groups/joined/discussions',
      headers: auth(d.power),
      connections,
      note: `session + one statement: newest posts of 500 communities, global index walk (${label})`,
      goal: readGoal,
      check: (status, body) => status === 200 && body?.discussions?.length === 10,
    },
    {
      name: 'GET home feed (2 quiet communities)',
      method: 'GET',
      path: '/groups/joined/discussions',
      headers: auth(d.quiet),
      connections,
      note: `session + one statement: per-community top-N merged, 6 old posts among ${label}`,
      goal: readGoal,
      check: (status, body) => status === 200 && body?.discussions?.length === 6,
    },
    {
      name: 'GET community feed',
      method: 'GET',
      path: `/groups/${d.groupId}/discussions`,
      headers: auth(ctx.token),
      connections,
      note: 'session + one statement: access check, pinned first then newest',
      goal: readGoal,
      check: (status, body) => status === 200 && body?.discussions?.length > 0,
    },
    {
      name: 'GET post panel (post + comments)',
      method: 'GET',
      path: postPath,
      headers: auth(ctx.token),
      connections,
      note: 'two requests per round (the post, then its first page of comments): req/s counts both',
      goal: readGoal,
      autocannon: {
        requests: [
          { method: 'GET', path: postPath },
          { method: 'GET', path: `${postPath}/comments` },
        ],
      },
      check: (status, body) => status === 200 && body?.discussion?.id === d.post.id,
    },
    {
      name: 'POST discussion',
      method: 'POST',
      path: `/groups/${d.groupId}/discussions`,
      headers: { ...json, ...auth(d.writers[0]) },
      body: JSON.stringify({ content: 'Bench post: anyone up for a walk on Saturday?' }),
      connections: Math.min(connections, WRITERS),
      note: `${WRITERS} members post (session + one transaction: row, post_count, activity)`,
      autocannon: { requests: [{ setupRequest: rotating() }] },
      check: (status) => status === 201,
      verify,
    },
    {
      name: 'POST comment',
      method: 'POST',
      path: `${postPath}/comments`,
      headers: { ...json, ...auth(d.writers[0]) },
      body: JSON.stringify({ content: 'Bench comment: count me in.' }),
      connections: Math.min(connections, WRITERS),
      note: `${WRITERS} members comment on one post (row, comment_count, notification to the author)`,
      autocannon: { requests: [{ setupRequest: rotating() }] },
      check: (status) => status === 201 || status === 200,
      verify,
    },
    {
      name: 'POST like (toggle)',
      method: 'POST',
      path: `${postPath}/like`,
      headers: auth(d.writers[0]),
      connections: Math.min(connections, WRITERS),
      note: `${WRITERS} members toggle their like on one post (insert or delete + like_count, notification)`,
      autocannon: { requests: [{ setupRequest: rotating() }] },
      check: (status, body) => status === 200 && typeof body?.liked === 'boolean',
      verify,
    },
  ];
}
