import { type Comment, DISCUSSION_MESSAGES } from '@agora/contract';
import { describe, expect, it } from 'vitest';
import { createCast, createComment, createPost, createUser } from '../../test/factories';
import { client, useTestApp } from '../../test/test-app';
import { discussionCounts, notificationsOf } from '../discussions/test-support';

const t = useTestApp({ rateLimit: false });
const api = client(t);

async function replyCount(commentId: number) {
  const [row] = await t.database.sql<{ cached: number; rows: number }[]>`
    SELECT reply_count AS cached, (SELECT count(*)::int FROM comments WHERE parent_id = ${commentId}) AS rows FROM comments WHERE id = ${commentId}`;
  return row ?? null;
}

describe('comments', () => {
  it('adds a comment with its fields, counts it and answers "Comment added!"', async () => {
    const { cast, group } = await createCast(t.database.db);
    const post = await createPost(t, group, cast.author);
    const res = await api.post(`/groups/${group.slug}/discussions/${post.id}/comments`, cast.member, {
      content: '  Great\r\npoint \u200B ',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json() as { message: string; comment: Comment; commentCount: number; parentReplyCount: number | null };
    expect(body).toMatchObject({ message: DISCUSSION_MESSAGES.commentAdded, commentCount: 1, parentReplyCount: null });
    expect(body.comment).toMatchObject({
      discussion_id: post.id,
      comment_content: 'Great\npoint',
      content: 'Great\npoint',
      parentCommentId: null,
      user_id: cast.member.id,
      userId: cast.member.id,
      username: cast.member.username,
      isLiked: false,
      likeCount: 0,
      replyCount: 0,
    });
    const listed = (await api.get(`/groups/${group.id}/discussions/${post.id}/comments`)).json();
    // Issue 15 §1 added `edit`, §3 the removal abilities and `removed` (null: not removed) to listed comments.
    expect(listed).toEqual({
      comments: [{ ...body.comment, canDelete: false, abilities: { edit: false, delete: false, remove: false, restore: false }, removed: null }],
      nextCursor: null,
    });
    expect(await discussionCounts(t, post.id)).toMatchObject({ comments: 1, commentRows: 1 });
  });

  it.each([
    ['blank', '  \n\u200B ', DISCUSSION_MESSAGES.commentRequired],
    ['missing', undefined, DISCUSSION_MESSAGES.commentRequired],
    ['5,001 characters', 'c'.repeat(5001), DISCUSSION_MESSAGES.commentTooLong],
    ['10,000 characters without a space', 'w'.repeat(10_000), DISCUSSION_MESSAGES.commentTooLong],
    ['a NUL', 'a\u0000b', 'Text contains characters that are not allowed'],
    ['an escape character', 'a\u001bb', 'Text contains characters that are not allowed'],
  ])('refuses a %s comment and stores nothing', async (_label, content, message) => {
    const { cast, group } = await createCast(t.database.db);
    const post = await createPost(t, group, cast.author);
    const res = await api.post(
      `/groups/${group.id}/discussions/${post.id}/comments`,
      cast.member,
      content === undefined ? {} : { content },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await discussionCounts(t, post.id)).toMatchObject({ comments: 0, commentRows: 0 });
  });

  it('accepts exactly 5,000 characters', async () => {
    const { cast, group } = await createCast(t.database.db);
    const post = await createPost(t, group, cast.author);
    expect((await createComment(t, post, cast.member, 'k'.repeat(5000))).content).toHaveLength(5000);
  });

  it('keeps replies one level deep: a reply to a reply joins its top-level comment', async () => {
    const { cast, group } = await createCast(t.database.db);
    const post = await createPost(t, group, cast.author);
    const top = await createComment(t, post, cast.member, 'Top');
    const res = await api.post(`/groups/${group.id}/discussions/${post.id}/comments`, cast.admin, {
      content: 'First reply',
      parentCommentId: String(top.id),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ message: DISCUSSION_MESSAGES.replyAdded, commentCount: 2, parentReplyCount: 1 });
    const first = res.json().comment as Comment;
    expect(first.parentCommentId).toBe(top.id);
    const nested = await createComment(t, post, cast.owner, 'Reply to the reply', first.id);
    expect(nested.parentCommentId).toBe(top.id);
    expect(await replyCount(top.id)).toEqual({ cached: 2, rows: 2 });
    expect(await replyCount(first.id)).toEqual({ cached: 0, rows: 0 });
    // Replies are not top-level comments; the post counts them all.
    const comments = (await api.get(`/groups/${group.id}/discussions/${post.id}/comments`)).json().comments as Comment[];
    expect(comments.map((c) => [c.id, c.replyCount])).toEqual([[top.id, 2]]);
    const replies = (await api.get(`/groups/${group.id}/discussions/${post.id}/comments/${top.id}/replies`)).json();
    expect(replies.replies.map((c: Comment) => c.id)).toEqual([first.id, nested.id]);
    expect(replies.nextCursor).toBeNull();
    expect(await discussionCounts(t, post.id)).toMatchObject({ comments: 3, commentRows: 3 });
  });

  it('pages comments newest first and replies oldest first, without duplicates or gaps while new ones arrive', async () => {
    const { cast, group } = await createCast(t.database.db);
    const post = await createPost(t, group, cast.author);
    const tops: Comment[] = [];
    for (let i = 0; i < 7; i++) tops.push(await createComment(t, post, cast.member, `Comment ${i}`));
    const replies: Comment[] = [];
    for (let i = 0; i < 5; i++) replies.push(await createComment(t, post, cast.admin, `Reply ${i}`, tops[0]!.id));
    // Same instant for several rows: ties are broken by id.
    await t.database.sql`UPDATE comments SET created_at = (SELECT created_at FROM comments WHERE id = ${tops[2]!.id})
      WHERE id IN ${t.database.sql([tops[3]!.id, tops[4]!.id])}`;
    await t.database
      .sql`UPDATE comments SET created_at = (SELECT created_at FROM comments WHERE id = ${replies[1]!.id}) WHERE id = ${replies[2]!.id}`;
    const readAll = async (url: string, key: 'comments' | 'replies', between: () => Promise<unknown>) => {
      const ids: number[] = [];
      let cursor: string | null = null;
      let first = true;
      do {
        const res = await api.get(`${url}?limit=3${cursor ? `&cursor=${cursor}` : ''}`, cast.member);
        expect(res.statusCode, res.body).toBe(200);
        ids.push(...(res.json()[key] as Comment[]).map((c) => c.id));
        cursor = res.json().nextCursor;
        if (first) await between();
        first = false;
      } while (cursor);
      return ids;
    };
    const base = `/groups/${group.id}/discussions/${post.id}/comments`;
    const late = await readAll(base, 'comments', () => createComment(t, post, cast.owner, 'Late'));
    const byTimeDesc = [...tops].reverse().map((c) => c.id);
    // The rows sharing an instant come newest id first, as the key (created_at, id) says.
    expect(late).toEqual([tops[6]!.id, tops[5]!.id, tops[4]!.id, tops[3]!.id, tops[2]!.id, tops[1]!.id, tops[0]!.id]);
    expect(new Set(late).size).toBe(byTimeDesc.length);
    const replyIds = await readAll(`${base}/${tops[0]!.id}/replies`, 'replies', () =>
      createComment(t, post, cast.owner, 'Late reply', tops[0]!.id),
    );
    // Oldest first: a reply written while reading arrives on the last page, after the ones already there.
    expect(replyIds.slice(0, 5)).toEqual(replies.map((r) => r.id));
    expect(replyIds).toHaveLength(6);
  });

  it('pages comments oldest first with order=oldest (decision 0014), a comment written while reading arriving last; newest stays the default', async () => {
    const { cast, group } = await createCast(t.database.db);
    const post = await createPost(t, group, cast.author);
    const tops: Comment[] = [];
    for (let i = 0; i < 5; i++) tops.push(await createComment(t, post, cast.member, `Comment ${i}`));
    // Two rows at one instant: the tie is broken by id, ascending.
    await t.database
      .sql`UPDATE comments SET created_at = (SELECT created_at FROM comments WHERE id = ${tops[1]!.id}) WHERE id = ${tops[2]!.id}`;
    const base = `/groups/${group.id}/discussions/${post.id}/comments`;
    const ids: number[] = [];
    let cursor: string | null = null;
    let late: Comment | null = null;
    do {
      const res = await api.get(`${base}?order=oldest&limit=2${cursor ? `&cursor=${cursor}` : ''}`, cast.member);
      expect(res.statusCode, res.body).toBe(200);
      ids.push(...(res.json().comments as Comment[]).map((c) => c.id));
      cursor = res.json().nextCursor;
      late ??= await createComment(t, post, cast.owner, 'Late');
    } while (cursor);
    expect(ids).toEqual([...tops.map((c) => c.id), late.id]);
    const byDefault = await api.get(base, cast.member);
    expect((byDefault.json().comments as Comment[]).map((c) => c.id)).toEqual([late.id, ...tops.map((c) => c.id).reverse()]);
    expect((await api.get(`${base}?order=sideways`, cast.member)).statusCode).toBe(400);
  });

  it('notifies the post’s author (comment), the comment’s author (comment_reply) and mentions, each once, never the actor', async () => {
    const db = t.database.db;
    const { cast, group } = await createCast(t.database.db);
    const post = await createPost(t, group, cast.author);
    const link = `/groups/${group.id}/discussions/${post.id}`;
    const top = await createComment(t, post, cast.member, `Hi @${cast.author.username} and @${cast.admin.username}`);
    expect(await notificationsOf(t, cast.author.id)).toEqual([
      {
        noti_type: 'comment',
        sender_id: cast.member.id,
        noti_content: `${cast.member.username} commented on your post`,
        noti_link: link,
        group_id: group.id,
        discussion_id: post.id,
        comment_id: top.id,
      },
    ]);
    expect(await notificationsOf(t, cast.admin.id)).toEqual([
      expect.objectContaining({
        noti_type: 'mention',
        noti_content: `${cast.member.username} mentioned you in a comment`,
        comment_id: top.id,
      }),
    ]);
    const reply = await createComment(t, post, cast.owner, `Thanks @${cast.member.username}`, top.id);
    const memberNotes = await notificationsOf(t, cast.member.id);
    expect(memberNotes).toEqual([
      expect.objectContaining({
        noti_type: 'comment_reply',
        sender_id: cast.owner.id,
        noti_content: `${cast.owner.username} replied to your comment`,
        comment_id: reply.id,
      }),
    ]);
    expect((await notificationsOf(t, cast.author.id)).map((n) => n.noti_type)).toEqual(['comment', 'comment']);
    // The author comments on their own post: nobody is notified of it, mentioning oneself neither.
    await createComment(t, post, cast.author, `Me @${cast.author.username}`);
    expect(await notificationsOf(t, cast.author.id)).toHaveLength(2);
    // A mention of someone who cannot read a private community notifies nobody.
    const secret = await createCast(t.database.db, { isPrivate: true });
    const outsider = await createUser(db);
    const hidden = await createPost(t, secret.group, secret.cast.author);
    await createComment(t, hidden, secret.cast.member, `Psst @${outsider.username} @${secret.cast.admin.username}`);
    expect(await notificationsOf(t, outsider.id)).toEqual([]);
    expect((await notificationsOf(t, secret.cast.admin.id)).map((n) => n.noti_type)).toEqual(['mention']);
  });

  // Issue 15 §1 changed this on purpose: a comment with replies is no longer deleted with them but kept as
  // "[deleted]" (comments.edit.test.ts has the rest of the rule).
  it('deletes a reply, keeps a comment with replies as [deleted], and keeps every count equal to the rows', async () => {
    const { cast, group } = await createCast(t.database.db);
    const post = await createPost(t, group, cast.author);
    const top = await createComment(t, post, cast.member, 'Top');
    const other = await createComment(t, post, cast.member, 'Other');
    const r1 = await createComment(t, post, cast.admin, 'R1', top.id);
    const r2 = await createComment(t, post, cast.owner, 'R2', top.id);
    await createComment(t, post, cast.owner, 'R3', other.id);
    const delReply = await api.del(`/groups/${group.id}/discussions/${post.id}/comments/${r1.id}`, cast.admin);
    expect(delReply.json()).toEqual({ message: DISCUSSION_MESSAGES.commentDeleted, commentCount: 4, kept: false });
    expect(await replyCount(top.id)).toEqual({ cached: 1, rows: 1 });
    const delTop = await api.del(`/groups/${group.id}/discussions/${post.id}/comments/${top.id}`, cast.owner);
    expect(delTop.json()).toEqual({ message: DISCUSSION_MESSAGES.commentDeleted, commentCount: 3, kept: true });
    expect(await discussionCounts(t, post.id)).toMatchObject({ comments: 3, commentRows: 3 });
    expect(await replyCount(top.id)).toEqual({ cached: 1, rows: 1 });
    expect(await replyCount(other.id)).toEqual({ cached: 1, rows: 1 });
    expect((await api.del(`/groups/${group.id}/discussions/${post.id}/comments/${top.id}`, cast.owner)).statusCode).toBe(404);
    // Its last reply gone, nothing keeps the deleted comment.
    const delLast = await api.del(`/groups/${group.id}/discussions/${post.id}/comments/${r2.id}`, cast.owner);
    expect(delLast.json()).toEqual({ message: DISCUSSION_MESSAGES.commentDeleted, commentCount: 2, kept: false });
    expect(await replyCount(top.id)).toBeNull();
    expect(await discussionCounts(t, post.id)).toMatchObject({ comments: 2, commentRows: 2 });
  });

  it('counts comments exactly when many are written at once', async () => {
    const { cast, group } = await createCast(t.database.db);
    const post = await createPost(t, group, cast.author);
    const top = await createComment(t, post, cast.member, 'Top');
    const writers = [cast.owner, cast.admin, cast.moderator, cast.member, cast.author];
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        api.post(`/groups/${group.id}/discussions/${post.id}/comments`, writers[i % writers.length], {
          content: `Parallel ${i}`,
          parentCommentId: i % 2 === 0 ? top.id : null,
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(30).fill(201));
    expect(await discussionCounts(t, post.id)).toMatchObject({ comments: 31, commentRows: 31 });
    expect(await replyCount(top.id)).toEqual({ cached: 15, rows: 15 });
  });
});

describe('comment likes', () => {
  it('toggles, counts, marks the viewer’s likes and notifies the comment’s author once per like', async () => {
    const { cast, group } = await createCast(t.database.db);
    const post = await createPost(t, group, cast.author);
    const comment = await createComment(t, post, cast.member, 'Like me');
    const url = `/groups/${group.id}/discussions/${post.id}/comments/${comment.id}/like`;
    expect((await api.post(url, cast.admin)).json()).toEqual({ liked: true, likeCount: 1 });
    expect((await api.post(url, cast.owner, { liked: true })).json()).toEqual({ liked: true, likeCount: 2 });
    expect((await api.post(url, cast.owner, { liked: true })).json()).toEqual({ liked: true, likeCount: 2 });
    expect((await api.post(url, cast.admin)).json()).toEqual({ liked: false, likeCount: 1 });
    expect((await api.post(url, cast.admin, { liked: false })).json()).toEqual({ liked: false, likeCount: 1 });
    const listed = (await api.get(`/groups/${group.id}/discussions/${post.id}/comments`, cast.owner)).json().comments[0];
    expect(listed).toMatchObject({ isLiked: true, likeCount: 1 });
    expect(await notificationsOf(t, cast.member.id)).toEqual([
      expect.objectContaining({
        noti_type: 'comment_like',
        sender_id: cast.admin.id,
        noti_content: `${cast.admin.username} liked your comment`,
        comment_id: comment.id,
      }),
      expect.objectContaining({ noti_type: 'comment_like', sender_id: cast.owner.id, comment_id: comment.id }),
    ]);
    await api.post(url, cast.member);
    expect(await notificationsOf(t, cast.member.id)).toHaveLength(2);
  });
});
