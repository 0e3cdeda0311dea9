import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app';
import { addModerationRows, countModerationRows, dropModerationRows, MODERATION_BENCH, seedModerationWorld } from './moderation-bench';

const t = useTestApp({ rateLimit: false });

/** Counters that disagree with their rows, content by people who are not members, and the table sizes. */
async function health() {
  const [row] = await t.database.sql<
    { badPosts: number; badGroups: number; outsiders: number; posts: number; comments: number; blogs: number }[]
  >`
    SELECT
      (SELECT count(*)::int FROM discussions d WHERE d.comment_count <> (SELECT count(*) FROM comments c WHERE c.discussion_id = d.id)) AS "badPosts",
      (SELECT count(*)::int FROM groups g WHERE g.post_count <> (SELECT count(*) FROM discussions d WHERE d.group_id = g.id)) AS "badGroups",
      (SELECT count(*)::int FROM (
        SELECT d.group_id, d.user_id FROM discussions d
        UNION ALL SELECT d.group_id, c.user_id FROM comments c JOIN discussions d ON d.id = c.discussion_id
        UNION ALL SELECT b.group_id, b.author_id FROM blogs b) x
        WHERE NOT EXISTS (SELECT 1 FROM group_members m WHERE m.group_id = x.group_id AND m.user_id = x.user_id)) AS outsiders,
      (SELECT count(*)::int FROM discussions) AS posts,
      (SELECT count(*)::int FROM comments) AS comments,
      (SELECT count(*)::int FROM blogs) AS blogs`;
  return row!;
}

describe('the moderation bench data (scripts/bench/moderation.mjs)', () => {
  it('adds 1,000 blocks, 200 blocks of the viewer and 10,000 removed items, and takes them away again, counters kept', async () => {
    const world = await seedModerationWorld(t.database.db, { discussions: 2000 });
    const [viewer] = await t.database.sql<{ groups: number; staff: number }[]>`
      SELECT count(*)::int AS groups, count(*) FILTER (WHERE role <> 'member')::int AS staff FROM group_members WHERE user_id = ${world.viewer.id}`;
    // A plain member (staff would see the removed items) of the 20 busy communities, and of a few from the scale run.
    expect(viewer!.groups).toBeGreaterThanOrEqual(MODERATION_BENCH.viewerCommunities);
    expect(viewer!.staff).toBe(0);
    const [post] = await t.database.sql<{ comments: number; groupId: number }[]>`
      SELECT comment_count AS comments, group_id AS "groupId" FROM discussions WHERE id = ${world.postId}`;
    expect(post).toEqual({ comments: MODERATION_BENCH.panelComments, groupId: world.groupId });
    const before = await health();
    expect(before).toMatchObject({ badPosts: 0, badGroups: 0, outsiders: 0 });
    expect(await countModerationRows(t.database.db, world)).toEqual({ blocks: 0, blockedBy: 0, discussions: 0, comments: 0, blogs: 0 });

    const R = MODERATION_BENCH.removed;
    const added = await addModerationRows(t.database.db, world);
    expect(added).toEqual({
      blocks: 1000,
      blockedBy: 200,
      discussions: R.discussions.viewerCommunities + R.discussions.elsewhere,
      comments: R.comments.openPost + R.comments.viewerCommunities + R.comments.elsewhere,
      blogs: R.blogs.viewerCommunities + R.blogs.elsewhere,
    });
    expect(added.discussions + added.comments + added.blogs).toBe(10_000);
    const [open] = await t.database.sql<{ removed: number }[]>`
      SELECT count(*)::int AS removed FROM comments WHERE discussion_id = ${world.postId} AND removed_at IS NOT NULL`;
    expect(open!.removed).toBe(R.comments.openPost);
    expect(await health()).toMatchObject({ badPosts: 0, badGroups: 0, outsiders: 0, posts: before.posts + added.discussions });

    expect(await dropModerationRows(t.database.db, world)).toEqual({ blocks: 0, blockedBy: 0, discussions: 0, comments: 0, blogs: 0 });
    expect(await health()).toEqual(before);
    expect(await addModerationRows(t.database.db, world, 'blocks')).toMatchObject({ blocks: 1000, discussions: 0, comments: 0 });
  });
});
