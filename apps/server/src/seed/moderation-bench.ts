import { sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../db/client';
import { seedScale } from './scale';

/**
 * The data of the moderation bench (issue 15, "Bench": the home feed and the post panel with 1,000 blocked people
 * and 10,000 removed items stay within 10% of their figures without them; scripts/bench/moderation.mjs runs it).
 *
 * `seedModerationWorld`: a scale run (scale.ts: 3,000 people, 200 communities, 100,000 posts by their owners over 17
 * days, with comments and likes) and, on top, one viewer who is a plain member (never staff, who would see removed
 * items) of 27 communities, 20 of them where 1,800 other members write 6,000 posts and 2,000 blogs over the same days
 * (5% by the 1,000 people the viewer will block), 8,000 blogs elsewhere, and an open post with 300 comments (15 by
 * those people). Set-based SQL, one transaction, seconds. Removed items are then about a tenth of each kind.
 *
 * `addModerationRows` ("with") and `dropModerationRows` ("without") add and delete, in one transaction each, the
 * rows the bench compares: the viewer's 1,000 blocks, 200 people who blocked the viewer, and 10,000 removed items
 * (4,000 discussions, 5,000 comments, 1,000 blogs), 40% of them in the viewer's communities (100 comments on the open
 * post) and the rest elsewhere, spread over the same 17 days as the visible ones. The counters they move
 * (comment_count, post_count) move with them, as the API would have left them. Both end with VACUUM (ANALYZE) of the
 * tables they touched, so each state has fresh statistics, as autovacuum would leave it.
 */

/** What the bench sizes are; docs/perf/moderation.md quotes them. */
export const MODERATION_BENCH = {
  scale: { groups: 200, users: 3000, bigGroupMembers: 500, membersPerGroup: 30, discussions: 100_000 },
  viewerCommunities: 20,
  memberPosts: 6000,
  panelComments: 300,
  blogsInViewerCommunities: 2000,
  blogsElsewhere: 8000,
  blocked: 1000,
  blockers: 200,
  removed: {
    discussions: { viewerCommunities: 1600, elsewhere: 2400 },
    comments: { openPost: 100, viewerCommunities: 1900, elsewhere: 3000 },
    blogs: { viewerCommunities: 200, elsewhere: 800 },
  },
} as const;

/** Removed rows carry this reason, so "without" deletes exactly what "with" added. */
const REMOVED_REASON = 'Spam (moderation bench)';

export type ModerationWorld = {
  tag: string;
  usernamePrefix: string;
  password: string;
  viewer: { id: number; username: string };
  /** The community of the open post, and the post (the post panel). */
  groupId: number;
  postId: number;
  seconds: Record<string, number>;
};

const B = MODERATION_BENCH;
// Scale person numbers: 1..200 own the communities; 201..1000 are the ordinary authors of the viewer's communities,
// 1001..2000 the people the viewer blocks, 2001..2200 those who block the viewer; the viewer is person 2998.
const AUTHORS = { from: 201, count: 800 };
const BLOCKED_FROM = 1001;
const BLOCKERS_FROM = 2001;
const VIEWER_I = 2998;
// The viewer's communities are scale communities 2..21 (never the big one, never the quiet last two).
const VC = { from: 2, count: B.viewerCommunities };

/** The temp tables `mb_people (id, i)` and `mb_groups (id, g)` of a scale run, in the current transaction. */
async function tagTables(tx: DbOrTx, tag: string): Promise<void> {
  const prefix = `s${tag}_u`;
  await tx.execute(sql`
    CREATE TEMP TABLE mb_people ON COMMIT DROP AS
    SELECT id, substring(username FROM ${`^${prefix}(\\d+)$`})::int AS i FROM users WHERE email LIKE ${`${prefix}%@scale.test`}`);
  await tx.execute(sql`CREATE UNIQUE INDEX ON mb_people (i)`);
  await tx.execute(sql`
    CREATE TEMP TABLE mb_groups ON COMMIT DROP AS
    SELECT id, substring(slug FROM ${`^scale-${tag}-(\\d+)$`})::int AS g FROM groups WHERE slug LIKE ${`scale-${tag}-%`}`);
  await tx.execute(sql`CREATE UNIQUE INDEX ON mb_groups (g)`);
  await tx.execute(sql`ANALYZE mb_people`);
  await tx.execute(sql`ANALYZE mb_groups`);
}

const VACUUMED = sql`users, groups, group_members, discussions, comments, blogs, blocks`;

async function timed(seconds: Record<string, number>, name: string, run: () => Promise<unknown>) {
  const t0 = performance.now();
  await run();
  seconds[name] = Math.round(performance.now() - t0) / 1000;
}

/** `discussions`: the scale run's posts (100,000; a test takes fewer). */
export async function seedModerationWorld(db: Db, opts: { discussions?: number } = {}): Promise<ModerationWorld> {
  const seconds: Record<string, number> = {};
  let scale!: Awaited<ReturnType<typeof seedScale>>;
  await timed(
    seconds,
    'scale',
    async () => (scale = await seedScale(db, { ...B.scale, discussions: opts.discussions ?? B.scale.discussions })),
  );
  const { tag, usernamePrefix, password } = scale;
  let world!: { viewerId: number; groupId: number; postId: number };
  await timed(seconds, 'viewer world', () =>
    db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL synchronous_commit = off`);
      await tagTables(tx, tag);
      const vc = sql`mg.g BETWEEN ${VC.from} AND ${VC.from + VC.count - 1}`;
      // The viewer, the ordinary authors and the people the viewer will block join the viewer's 20 communities.
      await tx.execute(sql`
        INSERT INTO group_members (group_id, user_id, role, joined_at)
        SELECT mg.id, p.id, 'member', now() - interval '30 days' FROM mb_groups mg JOIN mb_people p
          ON p.i = ${VIEWER_I} OR p.i BETWEEN ${AUTHORS.from} AND ${BLOCKED_FROM + B.blocked - 1}
        WHERE ${vc}
        ON CONFLICT DO NOTHING`);
      // 4,000 posts by members over the same 3.5 days as the scale posts; every 20th by someone the viewer will block.
      await tx.execute(sql`
        INSERT INTO discussions (group_id, user_id, content, group_is_public, created_at, updated_at)
        SELECT mg.id, p.id, 'Member post ' || n || ': the river path is open again, who walks on Sunday?', NOT g.is_private,
          now() - make_interval(secs => n * 250), now() - make_interval(secs => n * 250)
        FROM generate_series(1, ${B.memberPosts}) n
        JOIN mb_groups mg ON mg.g = ${VC.from} + (n % ${VC.count})
        JOIN groups g ON g.id = mg.id
        JOIN mb_people p ON p.i = CASE WHEN n % 20 = 7 THEN ${BLOCKED_FROM} + (n * 13) % ${B.blocked}
          ELSE ${AUTHORS.from} + (n * 31) % ${AUTHORS.count} END`);
      // The open post (the post panel): the newest of community 2, 300 top-level comments, 15 by blocked people.
      const [post] = (await tx.execute(sql`
        INSERT INTO discussions (group_id, user_id, content, group_is_public, comment_count, created_at, updated_at)
        SELECT mg.id, p.id, 'The open post: what should the community plan for the spring?', NOT g.is_private, ${B.panelComments},
          now() - interval '2 hours', now() - interval '2 hours'
        FROM mb_groups mg JOIN groups g ON g.id = mg.id JOIN mb_people p ON p.i = ${AUTHORS.from}
        WHERE mg.g = ${VC.from}
        RETURNING id, group_id AS "groupId"`)) as unknown as { id: number; groupId: number }[];
      await tx.execute(sql`
        INSERT INTO comments (discussion_id, user_id, content, created_at, updated_at)
        SELECT ${post!.id}::int, p.id, 'Comment ' || n || ': a picnic by the lake, and a clean-up morning before it.',
          now() - interval '2 hours' + make_interval(secs => n * 20), now() - interval '2 hours' + make_interval(secs => n * 20)
        FROM generate_series(1, ${B.panelComments}) n
        JOIN mb_people p ON p.i = CASE WHEN n % 20 = 3 THEN ${BLOCKED_FROM} + (n * 17) % ${B.blocked}
          ELSE ${AUTHORS.from} + (n * 7) % ${AUTHORS.count} END`);
      // Blogs: 10 per viewer community by members (every 20th by a blocked person), 800 elsewhere by the owners.
      await tx.execute(sql`
        INSERT INTO blogs (group_id, author_id, title, content, created_at, updated_at)
        SELECT mg.id, p.id, 'Member blog ' || n, 'Notes from the last walk, with the route and where to park.',
          now() - make_interval(secs => n * 750), now() - make_interval(secs => n * 750)
        FROM generate_series(1, ${B.blogsInViewerCommunities}) n
        JOIN mb_groups mg ON mg.g = ${VC.from} + (n % ${VC.count})
        JOIN mb_people p ON p.i = CASE WHEN n % 20 = 7 THEN ${BLOCKED_FROM} + (n * 13) % ${B.blocked}
          ELSE ${AUTHORS.from} + (n * 31) % ${AUTHORS.count} END`);
      await tx.execute(sql`
        INSERT INTO blogs (group_id, author_id, title, content, created_at, updated_at)
        SELECT g.id, g.owner_id, 'Owner blog ' || n, 'What happened in the community this month.',
          now() - make_interval(secs => n * 187), now() - make_interval(secs => n * 187)
        FROM generate_series(1, ${B.blogsElsewhere}) n
        JOIN mb_groups mg ON mg.g = ${VC.from + VC.count} + (n % (${B.scale.groups} - 2 - ${VC.from + VC.count - 1}))
        JOIN groups g ON g.id = mg.id`);
      await tx.execute(sql`
        UPDATE groups g SET post_count = (SELECT count(*)::int FROM discussions d WHERE d.group_id = g.id),
          member_count = (SELECT count(*)::int FROM group_members m WHERE m.group_id = g.id)
        FROM mb_groups mg WHERE mg.id = g.id AND ${vc}`);
      const [viewer] = (await tx.execute(sql`SELECT id FROM mb_people WHERE i = ${VIEWER_I}`)) as unknown as { id: number }[];
      world = { viewerId: viewer!.id, groupId: post!.groupId, postId: post!.id };
    }),
  );
  await timed(seconds, 'vacuum', () => db.execute(sql`VACUUM (ANALYZE) ${VACUUMED}`));
  return {
    tag,
    usernamePrefix,
    password,
    viewer: { id: world.viewerId, username: `${usernamePrefix}${VIEWER_I}` },
    groupId: world.groupId,
    postId: world.postId,
    seconds,
  };
}

export type ModerationCounts = { blocks: number; blockedBy: number; discussions: number; comments: number; blogs: number };

/** "With": the viewer's 1,000 blocks, 200 blocks of the viewer, 10,000 removed items. Returns what it added. */
export async function addModerationRows(
  db: Db,
  world: Pick<ModerationWorld, 'tag' | 'postId'>,
  only: 'blocks' | 'removed' | null = null,
): Promise<ModerationCounts> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL synchronous_commit = off`);
    await tagTables(tx, world.tag);
    if (only !== 'removed') await addBlocks(tx);
    if (only !== 'blocks') await addRemoved(tx, world.postId);
  });
  await db.execute(sql`VACUUM (ANALYZE) ${VACUUMED}`);
  return countModerationRows(db, world);
}

async function addBlocks(tx: Tx): Promise<void> {
  const viewer = sql`(SELECT id FROM mb_people WHERE i = ${VIEWER_I})`;
  await tx.execute(sql`
      INSERT INTO blocks (blocker_id, blocked_id, created_at)
      SELECT ${viewer}, p.id, now() - make_interval(mins => p.i) FROM mb_people p
      WHERE p.i BETWEEN ${BLOCKED_FROM} AND ${BLOCKED_FROM + B.blocked - 1}`);
  await tx.execute(sql`
      INSERT INTO blocks (blocker_id, blocked_id, created_at)
      SELECT p.id, ${viewer}, now() - make_interval(mins => p.i) FROM mb_people p
      WHERE p.i BETWEEN ${BLOCKERS_FROM} AND ${BLOCKERS_FROM + B.blockers - 1}`);
}

async function addRemoved(tx: Tx, postId: number): Promise<void> {
  const R = B.removed;
  // Removed posts, spread over the same 3.5 days: in the viewer's communities by their members (some by blocked
  // people), elsewhere by the communities' owners; removed an hour after posting by the owner.
  const removal = (created: SQL) => sql`${created} + interval '1 hour', g.owner_id, ${REMOVED_REASON}`;
  await tx.execute(sql`
      INSERT INTO discussions (group_id, user_id, content, group_is_public, created_at, updated_at, removed_at, removed_by, removed_reason)
      SELECT g.id, p.id, 'Removed post ' || n || ': buy cheap followers now', NOT g.is_private,
        now() - make_interval(secs => n * 937), now() - make_interval(secs => n * 937), ${removal(sql`now() - make_interval(secs => n * 937)`)}
      FROM generate_series(1, ${R.discussions.viewerCommunities}) n
      JOIN mb_groups mg ON mg.g = ${VC.from} + ((n * 7) % ${VC.count})
      JOIN groups g ON g.id = mg.id
      JOIN mb_people p ON p.i = CASE WHEN n % 10 = 3 THEN ${BLOCKED_FROM} + (n * 11) % ${B.blocked}
        ELSE ${AUTHORS.from} + (n * 29) % ${AUTHORS.count} END`);
  await tx.execute(sql`
      INSERT INTO discussions (group_id, user_id, content, group_is_public, created_at, updated_at, removed_at, removed_by, removed_reason)
      SELECT g.id, g.owner_id, 'Removed post ' || n || ': buy cheap followers now', NOT g.is_private,
        now() - make_interval(secs => n * 625), now() - make_interval(secs => n * 625), ${removal(sql`now() - make_interval(secs => n * 625)`)}
      FROM generate_series(1, ${R.discussions.elsewhere}) n
      JOIN mb_groups mg ON mg.g = ${VC.from + VC.count} + (n % (${B.scale.groups} - 2 - ${VC.from + VC.count - 1}))
      JOIN groups g ON g.id = mg.id`);
  // Removed comments: 100 among the open post's, 1,900 on the viewer's communities' other posts, 3,000 elsewhere.
  await tx.execute(sql`
      INSERT INTO comments (discussion_id, user_id, content, created_at, updated_at, removed_at, removed_by, removed_reason)
      SELECT d.id, p.id, 'Removed comment ' || n || ': click this link',
        d.created_at + make_interval(secs => n * 60 + 10), d.created_at + make_interval(secs => n * 60 + 10),
        d.created_at + make_interval(secs => n * 60 + 70), g.owner_id, ${REMOVED_REASON}
      FROM generate_series(1, ${R.comments.openPost}) n
      JOIN discussions d ON d.id = ${postId}::int JOIN groups g ON g.id = d.group_id
      JOIN mb_people p ON p.i = ${AUTHORS.from} + (n * 53) % ${AUTHORS.count}`);
  await tx.execute(sql`
      WITH posts AS (
        SELECT d.id, d.created_at, g.owner_id, row_number() OVER (ORDER BY d.id) AS k FROM discussions d
        JOIN groups g ON g.id = d.group_id JOIN mb_groups mg ON mg.id = d.group_id
        WHERE mg.g BETWEEN ${VC.from} AND ${VC.from + VC.count - 1} AND d.removed_at IS NULL AND d.id <> ${postId}::int
      )
      INSERT INTO comments (discussion_id, user_id, content, created_at, updated_at, removed_at, removed_by, removed_reason)
      SELECT posts.id, p.id, 'Removed comment ' || n || ': click this link', posts.created_at + interval '5 minutes',
        posts.created_at + interval '5 minutes', posts.created_at + interval '65 minutes', posts.owner_id, ${REMOVED_REASON}
      FROM generate_series(1, ${R.comments.viewerCommunities}) n
      JOIN posts ON posts.k = 1 + (n * 97) % (SELECT count(*) FROM posts)
      JOIN mb_people p ON p.i = ${AUTHORS.from} + (n * 41) % ${AUTHORS.count}`);
  await tx.execute(sql`
      WITH posts AS (
        SELECT d.id, d.created_at, g.owner_id, row_number() OVER (ORDER BY d.id) AS k FROM discussions d
        JOIN groups g ON g.id = d.group_id JOIN mb_groups mg ON mg.id = d.group_id
        WHERE mg.g > ${VC.from + VC.count - 1} AND d.removed_at IS NULL
      )
      INSERT INTO comments (discussion_id, user_id, content, created_at, updated_at, removed_at, removed_by, removed_reason)
      SELECT posts.id, posts.owner_id, 'Removed comment ' || n || ': click this link', posts.created_at + interval '5 minutes',
        posts.created_at + interval '5 minutes', posts.created_at + interval '65 minutes', posts.owner_id, ${REMOVED_REASON}
      FROM generate_series(1, ${R.comments.elsewhere}) n
      JOIN posts ON posts.k = 1 + (n * 97) % (SELECT count(*) FROM posts)`);
  // Removed blogs: 10 per viewer community (every 10th by a blocked person), 800 elsewhere.
  await tx.execute(sql`
      INSERT INTO blogs (group_id, author_id, title, content, created_at, updated_at, removed_at, removed_by, removed_reason)
      SELECT g.id, p.id, 'Removed blog ' || n, 'Cheap followers, click this link.',
        now() - make_interval(secs => n * 7000), now() - make_interval(secs => n * 7000), ${removal(sql`now() - make_interval(secs => n * 7000)`)}
      FROM generate_series(1, ${R.blogs.viewerCommunities}) n
      JOIN mb_groups mg ON mg.g = ${VC.from} + ((n * 3) % ${VC.count})
      JOIN groups g ON g.id = mg.id
      JOIN mb_people p ON p.i = CASE WHEN n % 10 = 3 THEN ${BLOCKED_FROM} + (n * 11) % ${B.blocked}
        ELSE ${AUTHORS.from} + (n * 29) % ${AUTHORS.count} END`);
  await tx.execute(sql`
      INSERT INTO blogs (group_id, author_id, title, content, created_at, updated_at, removed_at, removed_by, removed_reason)
      SELECT g.id, g.owner_id, 'Removed blog ' || n, 'Cheap followers, click this link.',
        now() - make_interval(secs => n * 1750), now() - make_interval(secs => n * 1750), ${removal(sql`now() - make_interval(secs => n * 1750)`)}
      FROM generate_series(1, ${R.blogs.elsewhere}) n
      JOIN mb_groups mg ON mg.g = ${VC.from + VC.count} + (n % (${B.scale.groups} - 2 - ${VC.from + VC.count - 1}))
      JOIN groups g ON g.id = mg.id`);
  await recount(tx, +1);
}

/**
 * comment_count counts removed comments (a removal leaves it alone) and post_count removed posts: moved by the
 * bench's removed rows, up when they are added (`sign` +1, before nothing else changed) and down before they go.
 */
async function recount(tx: Tx, sign: 1 | -1): Promise<void> {
  await tx.execute(sql`
    UPDATE discussions d SET comment_count = d.comment_count + ${sign}::int * c.n
    FROM (SELECT discussion_id, count(*)::int AS n FROM comments WHERE removed_reason = ${REMOVED_REASON} GROUP BY discussion_id) c
    WHERE d.id = c.discussion_id`);
  await tx.execute(sql`
    UPDATE groups g SET post_count = g.post_count + ${sign}::int * c.n
    FROM (SELECT group_id, count(*)::int AS n FROM discussions WHERE removed_reason = ${REMOVED_REASON} GROUP BY group_id) c
    WHERE g.id = c.group_id`);
}

/** "Without": deletes what `addModerationRows` added (the blocks of and on the viewer, the bench's removed items). */
export async function dropModerationRows(db: Db, world: Pick<ModerationWorld, 'tag' | 'postId'>): Promise<ModerationCounts> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL synchronous_commit = off`);
    await tagTables(tx, world.tag);
    const viewer = sql`(SELECT id FROM mb_people WHERE i = ${VIEWER_I})`;
    await tx.execute(sql`DELETE FROM blocks WHERE blocker_id = ${viewer} OR blocked_id = ${viewer}`);
    await recount(tx, -1);
    await tx.execute(sql`DELETE FROM comments WHERE removed_reason = ${REMOVED_REASON}`);
    await tx.execute(sql`DELETE FROM discussions WHERE removed_reason = ${REMOVED_REASON}`);
    await tx.execute(sql`DELETE FROM blogs WHERE removed_reason = ${REMOVED_REASON}`);
  });
  await db.execute(sql`VACUUM (ANALYZE) ${VACUUMED}`);
  return countModerationRows(db, world);
}

/** How many blocks and removed items the database holds now (all of them, not only the bench's). */
export async function countModerationRows(db: Db, world: Pick<ModerationWorld, 'tag'>): Promise<ModerationCounts> {
  const prefix = `s${world.tag}_u`;
  const [row] = (await db.execute(sql`
    WITH v AS (SELECT id FROM users WHERE username = ${`${prefix}${VIEWER_I}`})
    SELECT (SELECT count(*)::int FROM blocks WHERE blocker_id = (SELECT id FROM v)) AS blocks,
      (SELECT count(*)::int FROM blocks WHERE blocked_id = (SELECT id FROM v)) AS "blockedBy",
      (SELECT count(*)::int FROM discussions WHERE removed_at IS NOT NULL) AS discussions,
      (SELECT count(*)::int FROM comments WHERE removed_at IS NOT NULL) AS comments,
      (SELECT count(*)::int FROM blogs WHERE removed_at IS NOT NULL) AS blogs`)) as unknown as ModerationCounts[];
  return row!;
}
