import { type Comment, DELETED_COMMENT_TEXT, DISCUSSION_MESSAGES, type EditHistoryResponse } from '@agora/contract';
import { describe, expect, it } from 'vitest';
import { createCast, createComment, createPost, createUser } from '../../test/factories';
import { client, useTestApp } from '../../test/test-app';
import { discussionCounts, notificationsOf } from '../discussions/test-support';

/** Issue 15 §1: the author edits and deletes their own comments and replies; every edit keeps a history. */

const t = useTestApp({ rateLimit: false });
const api = client(t);

const commentUrl = (post: { id: number; group_id: number }, id: number) => `/groups/${post.group_id}/discussions/${post.id}/comments/${id}`;

async function thread(post: { id: number; group_id: number }, viewer?: Parameters<typeof api.get>[1]) {
  const res = await api.get(`/groups/${post.group_id}/discussions/${post.id}/comments?order=oldest`, viewer);
  return (res.json() as { comments: Comment[] }).comments;
}

describe('editing a comment', () => {
  it('lets the author edit a comment (and under /api), keeping likes, replies and counts, and marks it edited', async () => {
    const { cast, group } = await createCast(t.database.db);
    const post = await createPost(t, group, cast.author);
    const comment = await createComment(t, post, cast.member, 'First words');
    await createComment(t, post, cast.admin, 'A reply', comment.id);
    expect((await api.post(`${commentUrl(post, comment.id)}/like`, cast.admin)).json()).toMatchObject({ liked: true, likeCount: 1 });
    expect(comment.edited_at).toBeNull();

    const res = await api.put(commentUrl(post, comment.id), cast.member, { content: '  Better words \u200B ' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { message: string; comment: Comment };
    expect(body.message).toBe(DISCUSSION_MESSAGES.commentUpdated);
    expect(body.comment).toMatchObject({
      id: comment.id,
      content: 'Better words',
      comment_content: 'Better words',
      likeCount: 1,
      replyCount: 1,
    });
    expect(body.comment.edited_at).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
    expect(body.comment.abilities).toEqual({ edit: true, delete: true });

    const again = await api.put(`/api${commentUrl(post, comment.id)}`, cast.member, { content: 'Best words' });
    expect(again.statusCode).toBe(200);
    const [listed] = await thread(post, cast.admin);
    expect(listed).toMatchObject({ id: comment.id, content: 'Best words', isLiked: true, likeCount: 1, replyCount: 1, deleted: false });
    expect(listed!.edited_at).not.toBeNull();
    expect(listed!.abilities).toEqual({ edit: false, delete: true, remove: true, restore: false });
    expect(await discussionCounts(t, post.id)).toMatchObject({ comments: 2, commentRows: 2, likes: 0 });
  });

  it('lets the author edit a reply', async () => {
    const { cast, group } = await createCast(t.database.db);
    const post = await createPost(t, group, cast.author);
    const top = await createComment(t, post, cast.member, 'Top');
    const reply = await createComment(t, post, cast.admin, 'Reply', top.id);
    const res = await api.put(commentUrl(post, reply.id), cast.admin, { content: 'Reply, edited' });
    expect(res.json().comment).toMatchObject({ id: reply.id, parentCommentId: top.id, content: 'Reply, edited' });
  });

  it.each([
    ['blank', '  \n\u200B ', DISCUSSION_MESSAGES.commentRequired],
    ['missing', undefined, DISCUSSION_MESSAGES.commentRequired],
    ['5,001 characters', 'c'.repeat(5001), DISCUSSION_MESSAGES.commentTooLong],
    ['a NUL', 'a\u0000b', 'Text contains characters that are not allowed'],
  ])('refuses a %s text as creating does, and changes nothing', async (_label, content, message) => {
    const { cast, group } = await createCast(t.database.db);
    const post = await createPost(t, group, cast.author);
    const comment = await createComment(t, post, cast.member, 'Kept');
    const res = await api.put(commentUrl(post, comment.id), cast.member, content === undefined ? {} : { content });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await thread(post))[0]).toMatchObject({ content: 'Kept', edited_at: null });
  });

  it('refuses everyone but the author: owner, admin, moderator, member 403; visitor 401; outsider of a private community 403', async () => {
    const { cast, group } = await createCast(t.database.db);
    const post = await createPost(t, group, cast.author);
    const comment = await createComment(t, post, cast.member, 'Mine');
    for (const who of [cast.owner, cast.admin, cast.moderator, cast.author, cast.outsider]) {
      const res = await api.put(commentUrl(post, comment.id), who, { content: 'Not yours' });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(DISCUSSION_MESSAGES.authorOnlyEditComment);
    }
    expect((await api.put(commentUrl(post, comment.id), undefined, { content: 'Nobody' })).statusCode).toBe(401);
    const secret = await createCast(t.database.db, { isPrivate: true });
    const hidden = await createPost(t, secret.group, secret.cast.author);
    const mine = await createComment(t, hidden, secret.cast.member, 'Secret');
    expect((await api.put(commentUrl(hidden, mine.id), secret.cast.outsider, { content: 'x' })).statusCode).toBe(403);
    expect((await thread(post))[0]).toMatchObject({ content: 'Mine', edited_at: null });
  });

  it('answers 404 for a comment of another post, a malformed id and a deleted comment', async () => {
    const { cast, group } = await createCast(t.database.db);
    const post = await createPost(t, group, cast.author);
    const other = await createPost(t, group, cast.author);
    const comment = await createComment(t, other, cast.member, 'Elsewhere');
    expect((await api.put(commentUrl(post, comment.id), cast.member, { content: 'x' })).statusCode).toBe(404);
    expect((await api.put(commentUrl(post, 0), cast.member, { content: 'x' })).statusCode).toBe(404);
    const top = await createComment(t, post, cast.member, 'Top');
    await createComment(t, post, cast.admin, 'Reply', top.id);
    expect((await api.del(commentUrl(post, top.id), cast.member)).json()).toMatchObject({ kept: true });
    const res = await api.put(commentUrl(post, top.id), cast.member, { content: 'Back' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(DISCUSSION_MESSAGES.commentNotFound);
  });

  it('notifies people newly mentioned by an edit, once, never those already mentioned or the author', async () => {
    const { cast, group } = await createCast(t.database.db);
    const post = await createPost(t, group, cast.author);
    const comment = await createComment(t, post, cast.member, `Hi @${cast.admin.username}`);
    const mentions = async (id: number) => (await notificationsOf(t, id)).filter((n) => n.noti_type === 'mention');
    expect(await mentions(cast.admin.id)).toHaveLength(1);
    await api.put(commentUrl(post, comment.id), cast.member, {
      content: `Hi @${cast.admin.username} and @${cast.moderator.username} @${cast.member.username}`,
    });
    expect(await mentions(cast.admin.id)).toHaveLength(1);
    expect(await mentions(cast.moderator.id)).toMatchObject([{ comment_id: comment.id, sender_id: cast.member.id }]);
    expect(await mentions(cast.member.id)).toHaveLength(0);
    // Removed, then named again: still one notification.
    await api.put(commentUrl(post, comment.id), cast.member, { content: 'Nobody' });
    await api.put(commentUrl(post, comment.id), cast.member, { content: `Again @${cast.moderator.username}` });
    expect(await mentions(cast.moderator.id)).toHaveLength(1);
  });
});

describe('deleting a comment', () => {
  it('really deletes the author’s comment without replies; comment_count follows', async () => {
    const { cast, group } = await createCast(t.database.db);
    const post = await createPost(t, group, cast.author);
    const comment = await createComment(t, post, cast.member, 'Gone soon');
    await createComment(t, post, cast.admin, 'Stays');
    const res = await api.del(commentUrl(post, comment.id), cast.member);
    expect(res.json()).toEqual({ message: DISCUSSION_MESSAGES.commentDeleted, commentCount: 1, kept: false });
    expect((await thread(post)).map((c) => c.content)).toEqual(['Stays']);
    const [row] = await t.database.sql`SELECT count(*)::int AS n FROM comments WHERE id = ${comment.id}`;
    expect(row!.n).toBe(0);
    expect(await discussionCounts(t, post.id)).toMatchObject({ comments: 1, commentRows: 1 });
  });

  it('keeps a comment with replies as [deleted]: no words, no author, no likes, no history; the replies stay', async () => {
    const { cast, group } = await createCast(t.database.db);
    const post = await createPost(t, group, cast.author);
    const top = await createComment(t, post, cast.member, 'Secret words');
    await api.put(commentUrl(post, top.id), cast.member, { content: 'Secret words, edited' });
    await api.post(`${commentUrl(post, top.id)}/like`, cast.admin);
    const reply = await createComment(t, post, cast.admin, 'A reply', top.id);
    const res = await api.del(commentUrl(post, top.id), cast.member);
    expect(res.json()).toEqual({ message: DISCUSSION_MESSAGES.commentDeleted, commentCount: 1, kept: true });

    const [shown] = await thread(post, cast.owner);
    expect(shown).toMatchObject({
      id: top.id,
      content: DELETED_COMMENT_TEXT,
      comment_content: DELETED_COMMENT_TEXT,
      username: DELETED_COMMENT_TEXT,
      user_id: 0,
      userId: 0,
      profileImage: null,
      likeCount: 0,
      isLiked: false,
      replyCount: 1,
      deleted: true,
      edited_at: null,
      canDelete: false,
      abilities: { edit: false, delete: false },
    });
    expect(JSON.stringify(shown)).not.toContain('Secret');
    expect(JSON.stringify(shown)).not.toContain(cast.member.username);
    const replies = (await api.get(`${commentUrl(post, top.id)}/replies`)).json().replies as Comment[];
    expect(replies.map((r) => r.id)).toEqual([reply.id]);
    const [stored] = await t.database.sql`SELECT content, (SELECT count(*)::int FROM comment_edits WHERE comment_id = ${top.id}) AS edits,
      (SELECT count(*)::int FROM comment_likes WHERE comment_id = ${top.id}) AS likes FROM comments WHERE id = ${top.id}`;
    expect(stored).toEqual({ content: '', edits: 0, likes: 0 });
    expect(await discussionCounts(t, post.id)).toMatchObject({ comments: 1, commentRows: 1 });

    // Nobody likes, replies to, edits, deletes it or reads its history any more.
    expect((await api.post(`${commentUrl(post, top.id)}/like`, cast.admin)).statusCode).toBe(404);
    const replyToIt = await api.post(`/groups/${group.id}/discussions/${post.id}/comments`, cast.admin, {
      content: 'x',
      parentCommentId: top.id,
    });
    expect(replyToIt.statusCode).toBe(404);
    expect((await api.del(commentUrl(post, top.id), cast.owner)).statusCode).toBe(404);
    expect((await api.get(`${commentUrl(post, top.id)}/history`)).statusCode).toBe(404);
    // Replying to its reply still works (the thread goes on).
    await createComment(t, post, cast.owner, 'Reply to the reply', reply.id);
    expect(await discussionCounts(t, post.id)).toMatchObject({ comments: 2, commentRows: 2 });
  });

  it('lets the owner and an admin delete someone else’s comment (for now), not a moderator or a member', async () => {
    const { cast, group } = await createCast(t.database.db);
    const post = await createPost(t, group, cast.author);
    const a = await createComment(t, post, cast.member, 'One');
    const b = await createComment(t, post, cast.member, 'Two');
    for (const who of [cast.moderator, cast.author, cast.outsider]) {
      const res = await api.del(commentUrl(post, a.id), who);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(DISCUSSION_MESSAGES.cannotDeleteComment);
    }
    expect((await api.del(commentUrl(post, a.id), undefined)).statusCode).toBe(401);
    expect((await api.del(commentUrl(post, a.id), cast.owner)).statusCode).toBe(200);
    expect((await api.del(commentUrl(post, b.id), cast.admin)).statusCode).toBe(200);
    expect(await discussionCounts(t, post.id)).toMatchObject({ comments: 0, commentRows: 0 });
  });

  it('keeps comment_count equal to a recount through a mix of comments, replies, edits and deletes, some at once', async () => {
    const { cast, group } = await createCast(t.database.db);
    const post = await createPost(t, group, cast.author);
    const tops = await Promise.all([1, 2, 3, 4].map((i) => createComment(t, post, cast.member, `Top ${i}`)));
    await Promise.all(tops.slice(0, 2).map((top, i) => createComment(t, post, cast.admin, `Reply ${i}`, top.id)));
    await Promise.all([
      api.del(commentUrl(post, tops[0]!.id), cast.member),
      api.post(`/groups/${group.id}/discussions/${post.id}/comments`, cast.owner, { content: 'Late', parentCommentId: tops[2]!.id }),
      api.del(commentUrl(post, tops[2]!.id), cast.member),
      api.put(commentUrl(post, tops[1]!.id), cast.member, { content: 'Edited' }),
      api.del(commentUrl(post, tops[3]!.id), cast.member),
    ]);
    const counts = await discussionCounts(t, post.id);
    expect(counts!.comments).toBe(counts!.commentRows);
    const [orphans] = await t.database.sql`SELECT count(*)::int AS n FROM comments WHERE deleted_at IS NOT NULL AND reply_count = 0`;
    expect(orphans!.n).toBe(0);
    const [replies] = await t.database.sql`SELECT count(*)::int AS n FROM comments c
      WHERE c.reply_count <> (SELECT count(*) FROM comments r WHERE r.parent_id = c.id)`;
    expect(replies!.n).toBe(0);
  });
});

describe('comment history', () => {
  it('lists every version newest first with its author, time and text; a visitor of a public community reads it', async () => {
    const { cast, group } = await createCast(t.database.db);
    const post = await createPost(t, group, cast.author);
    const comment = await createComment(t, post, cast.member, 'v1');
    const fresh = (await api.get(`${commentUrl(post, comment.id)}/history`)).json() as EditHistoryResponse;
    expect(fresh.versions).toEqual([
      {
        version: 1,
        title: null,
        content: 'v1',
        user_id: cast.member.id,
        username: cast.member.username,
        profileImage: null,
        date: comment.date_posted,
        current: true,
      },
    ]);
    await api.put(commentUrl(post, comment.id), cast.member, { content: 'v2' });
    // The same text again is no edit.
    await api.put(commentUrl(post, comment.id), cast.member, { content: 'v2' });
    const last = (await api.put(commentUrl(post, comment.id), cast.member, { content: 'v3' })).json().comment as Comment;
    const { versions } = (await api.get(`${commentUrl(post, comment.id)}/history`)).json() as EditHistoryResponse;
    expect(versions.map((v) => [v.version, v.content, v.current, v.user_id])).toEqual([
      [3, 'v3', true, cast.member.id],
      [2, 'v2', false, cast.member.id],
      [1, 'v1', false, cast.member.id],
    ]);
    expect(versions[0]!.date).toBe(last.edited_at);
    expect(versions[2]!.date).toBe(comment.date_posted);
    expect(Date.parse(versions[1]!.date)).toBeLessThanOrEqual(Date.parse(versions[0]!.date));
    expect((await api.get(`/api${commentUrl(post, comment.id)}/history`)).statusCode).toBe(200);
  });

  it('is read as the comment is: a private community’s outsider and visitor are refused like reading it', async () => {
    const { cast, group } = await createCast(t.database.db, { isPrivate: true });
    const post = await createPost(t, group, cast.author);
    const comment = await createComment(t, post, cast.member, 'Members only');
    await api.put(commentUrl(post, comment.id), cast.member, { content: 'Members only, edited' });
    const readStatus = (who?: Parameters<typeof api.get>[1]) => api.get(`/groups/${group.id}/discussions/${post.id}/comments`, who);
    for (const who of [cast.outsider, undefined]) {
      const history = await api.get(`${commentUrl(post, comment.id)}/history`, who);
      expect(history.statusCode).toBe((await readStatus(who)).statusCode);
      expect(history.statusCode).not.toBe(200);
      expect(history.body).not.toContain('Members only');
    }
    expect((await api.get(`${commentUrl(post, comment.id)}/history`, cast.moderator)).json().versions).toHaveLength(2);
    const stranger = await createUser(t.database.db);
    expect((await api.get(`${commentUrl(post, comment.id)}/history`, stranger)).statusCode).toBe(403);
    const other = await createPost(t, group, cast.author);
    expect((await api.get(`${commentUrl(other, comment.id)}/history`, cast.member)).statusCode).toBe(404);
  });
});
