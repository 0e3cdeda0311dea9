import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app';
import { seedScale } from './scale';
import { POWER_USER_GROUPS, QUIET_GROUPS, QUIET_POSTS } from './scale-discussions';

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
