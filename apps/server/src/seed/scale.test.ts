import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app';
import { seedScale } from './scale';
import { POWER_USER_GROUPS, QUIET_GROUPS, QUIET_POSTS } from './scale-discussions';
import { SCALE_MARKERS } from './scale-text';

const t = useTestApp({ rateLimit: false });

describe('seed:scale --discussions', () => {
  it('makes posts, comments, replies and likes whose counters equal their rows and that keep the API rules', async () => {
    const groups = 40;
    const result = await seedScale(t.database.db, { groups, users: 120, bigGroupMembers: 120, membersPerGroup: 6, discussions: 900 });
    const [row] = await t.database.sql<
      {
        posts: number;
        comments: number;
        replies: number;
        likes: number;
        commentLikes: number;
        badPosts: number;
        badComments: number;
        badGroups: number;
        outsiders: number;
        deep: number;
        wrongCopy: number;
      }[]
    >`
      SELECT (SELECT count(*)::int FROM discussions) AS posts,
        (SELECT count(*)::int FROM comments WHERE parent_id IS NULL) AS comments,
        (SELECT count(*)::int FROM comments WHERE parent_id IS NOT NULL) AS replies,
        (SELECT count(*)::int FROM discussion_likes) AS likes,
        (SELECT count(*)::int FROM comment_likes) AS "commentLikes",
        (SELECT count(*)::int FROM discussions d WHERE d.like_count <> (SELECT count(*) FROM discussion_likes l WHERE l.discussion_id = d.id)
          OR d.comment_count <> (SELECT count(*) FROM comments c WHERE c.discussion_id = d.id)) AS "badPosts",
        (SELECT count(*)::int FROM comments c WHERE c.like_count <> (SELECT count(*) FROM comment_likes l WHERE l.comment_id = c.id)
          OR c.reply_count <> (SELECT count(*) FROM comments r WHERE r.parent_id = c.id)) AS "badComments",
        (SELECT count(*)::int FROM groups g WHERE g.post_count <> (SELECT count(*) FROM discussions d WHERE d.group_id = g.id)) AS "badGroups",
        (SELECT count(*)::int FROM (
          SELECT d.group_id, d.user_id FROM discussions d
          UNION ALL SELECT d.group_id, c.user_id FROM comments c JOIN discussions d ON d.id = c.discussion_id
          UNION ALL SELECT d.group_id, l.user_id FROM discussion_likes l JOIN discussions d ON d.id = l.discussion_id
          UNION ALL SELECT d.group_id, l.user_id FROM comment_likes l JOIN comments c ON c.id = l.comment_id JOIN discussions d ON d.id = c.discussion_id
        ) x WHERE NOT EXISTS (SELECT 1 FROM group_members m WHERE m.group_id = x.group_id AND m.user_id = x.user_id)) AS outsiders,
        (SELECT count(*)::int FROM comments c JOIN comments p ON p.id = c.parent_id WHERE p.parent_id IS NOT NULL) AS deep,
        (SELECT count(*)::int FROM discussions d JOIN groups g ON g.id = d.group_id WHERE d.group_is_public = g.is_private) AS "wrongCopy"`;
    expect(row).toMatchObject({
      posts: 900,
      comments: 450,
      replies: 112,
      badPosts: 0,
      badComments: 0,
      badGroups: 0,
      outsiders: 0,
      deep: 0,
      wrongCopy: 0,
    });
    expect(row!.likes).toBeGreaterThan(500);
    expect(row!.commentLikes).toBeGreaterThan(150);

    // The feed people: the power person in min(500, all but the big one) communities, the quiet one in two.
    const people = await t.database.sql<{ username: string; memberships: number; posts: number }[]>`
      SELECT u.username, count(m.group_id)::int AS memberships,
        (SELECT count(*)::int FROM discussions d JOIN group_members mm ON mm.group_id = d.group_id AND mm.user_id = u.id) AS posts
      FROM users u LEFT JOIN group_members m ON m.user_id = u.id
      WHERE u.username IN ${t.database.sql([result.feedPeople.power, result.feedPeople.quiet])}
      GROUP BY u.id, u.username`;
    const by = Object.fromEntries(people.map((p) => [p.username, p]));
    expect(by[result.feedPeople.power]!.memberships).toBe(Math.min(POWER_USER_GROUPS + 1, groups));
    expect(by[result.feedPeople.quiet]).toMatchObject({ memberships: QUIET_GROUPS, posts: QUIET_GROUPS * QUIET_POSTS });
  });
});

describe('seed:scale text, --comments-per-post and --blogs (issue 16 §3)', () => {
  it('writes varied text with the bench markers in known shares, more comments and blogs, counters still equal to rows', async () => {
    const discussions = 2000;
    const result = await seedScale(t.database.db, {
      groups: 30,
      users: 100,
      bigGroupMembers: 100,
      membersPerGroup: 5,
      discussions,
      commentsPerPost: 2,
      blogs: 200,
    });
    // This run's rows only (the file's first test seeded the same database).
    const mine = t.database.sql`(SELECT id FROM groups WHERE slug LIKE ${`scale-${result.tag}-%`})`;
    const [row] = await t.database.sql<
      { comments: number; blogs: number; badPosts: number; badComments: number; outsiders: number; distinct: number; words: number }[]
    >`
      WITH d AS (SELECT * FROM discussions WHERE group_id IN ${mine}),
        c AS (SELECT c.* FROM comments c JOIN d ON d.id = c.discussion_id),
        b AS (SELECT * FROM blogs WHERE group_id IN ${mine})
      SELECT (SELECT count(*)::int FROM c) AS comments, (SELECT count(*)::int FROM b) AS blogs,
        (SELECT count(*)::int FROM d WHERE d.comment_count <> (SELECT count(*) FROM comments c WHERE c.discussion_id = d.id)) AS "badPosts",
        (SELECT count(*)::int FROM c WHERE c.reply_count <> (SELECT count(*) FROM comments r WHERE r.parent_id = c.id)) AS "badComments",
        (SELECT count(*)::int FROM (
          SELECT d.group_id, c.user_id FROM c JOIN d ON d.id = c.discussion_id
          UNION ALL SELECT b.group_id, b.author_id FROM b
        ) x WHERE NOT EXISTS (SELECT 1 FROM group_members m WHERE m.group_id = x.group_id AND m.user_id = x.user_id)) AS outsiders,
        (SELECT count(DISTINCT content)::int FROM d) AS distinct,
        (SELECT count(DISTINCT w)::int FROM d, regexp_split_to_table(lower(d.content), '[^a-z]+') w) AS words`;
    expect(row).toMatchObject({ comments: result.comments, blogs: 200, badPosts: 0, badComments: 0, outsiders: 0 });
    // 2,000 posts · (0.5 + 0.125 + 2) comments each.
    expect(result.comments).toBe(5250);
    // Not one repeated sentence: every post differs, and together they use over a thousand distinct words.
    expect(row!.distinct).toBe(discussions);
    expect(row!.words).toBeGreaterThan(1000);

    const count = async (table: 'discussions' | 'comments' | 'blogs', query: string) => {
      const scope =
        table === 'comments'
          ? t.database.sql`discussion_id IN (SELECT id FROM discussions WHERE group_id IN ${mine})`
          : t.database.sql`group_id IN ${mine}`;
      const [r] = await t.database.sql<{ n: number }[]>`
        SELECT count(*)::int AS n FROM ${t.database.sql(table)}
        WHERE ${scope} AND to_tsvector('english', content) @@ ${query.endsWith(':*') ? t.database.sql`to_tsquery('english', ${query})` : t.database.sql`websearch_to_tsquery('english', ${query})`}`;
      return r!.n;
    };
    // The search index (issue 16) holds every seeded row with the vector its trigger would write (the seeder skips
    // triggers, so it writes them itself; this failed with 7,450 rows unindexed before it did).
    const [unindexed] = await t.database.sql<{ n: number }[]>`
      WITH cfg AS (SELECT agora_search_config() AS cfg)
      SELECT (SELECT count(*) FROM discussions, cfg WHERE group_id IN ${mine}
          AND search_vector IS DISTINCT FROM agora_post_vector(cfg.cfg, content))
        + (SELECT count(*) FROM comments, cfg WHERE discussion_id IN (SELECT id FROM discussions WHERE group_id IN ${mine})
          AND search_vector IS DISTINCT FROM agora_comment_vector(cfg.cfg, content))
        + (SELECT count(*) FROM blogs, cfg WHERE group_id IN ${mine}
          AND search_vector IS DISTINCT FROM agora_titled_vector(cfg.cfg, title, content)) AS n`;
    expect(Number(unindexed!.n)).toBe(0);
    const m = SCALE_MARKERS;
    // Posts and blogs: exact shares by their number.
    expect(await count('discussions', m.rare.query)).toBe(m.rare.perKind);
    expect(await count('blogs', m.rare.query)).toBe(m.rare.perKind);
    expect(await count('discussions', m.common.query)).toBe(discussions / m.common.every);
    expect(await count('discussions', m.phrase.query)).toBe(discussions / m.phrase.every);
    // The phrase's words apart are in three times as many posts as the phrase.
    expect(await count('discussions', 'harvest moon')).toBe(discussions / m.phrase.every);
    expect(await count('discussions', 'harvest')).toBe((2 * discussions) / m.phrase.every);
    expect(await count('discussions', `${m.prefix.query}:*`)).toBe(discussions / m.prefix.every);
    // Comments: the same shares on average.
    const commonComments = await count('comments', m.common.query);
    expect(commonComments).toBeGreaterThan(result.comments * 0.08);
    expect(commonComments).toBeLessThan(result.comments * 0.12);
    const rareComments = await count('comments', m.rare.query);
    expect(rareComments).toBeGreaterThan(5);
    expect(rareComments).toBeLessThan(40);
  });
});
