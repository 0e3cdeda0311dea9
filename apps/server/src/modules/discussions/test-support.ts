import type { TestContext } from '../../test/test-app';

/** Helpers of the discussions API tests (not a test file itself); content and people come from test/factories.ts. */

/**
 * Counters against recounts of the rows they cache. A comment kept as "[deleted]" for its replies is not counted
 * (issue 15 §1): comment_count is the comments one can read.
 */
export async function discussionCounts(t: TestContext, discussionId: number) {
  const [row] = await t.database.sql<{ likes: number; likeRows: number; comments: number; commentRows: number }[]>`
    SELECT like_count AS likes, (SELECT count(*)::int FROM discussion_likes WHERE discussion_id = d.id) AS "likeRows",
      comment_count AS comments, (SELECT count(*)::int FROM comments WHERE discussion_id = d.id AND deleted_at IS NULL) AS "commentRows"
    FROM discussions d WHERE id = ${discussionId}`;
  return row ?? null;
}

export async function postCount(t: TestContext, groupId: number) {
  const [row] = await t.database.sql<{ cached: number; rows: number }[]>`
    SELECT post_count AS cached, (SELECT count(*)::int FROM discussions WHERE group_id = ${groupId}) AS rows FROM groups WHERE id = ${groupId}`;
  return row!;
}

export async function notificationsOf(t: TestContext, userId: number) {
  return t.database.sql<
    {
      noti_type: string;
      sender_id: number;
      noti_content: string;
      noti_link: string;
      group_id: number;
      discussion_id: number;
      comment_id: number | null;
    }[]
  >`SELECT noti_type, sender_id, noti_content, noti_link, group_id, discussion_id, comment_id FROM notifications WHERE user_id = ${userId} ORDER BY id`;
}
