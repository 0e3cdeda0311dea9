import { DISCUSSION_MESSAGES, GROUP_MESSAGES } from '@agora/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Cast, createCast, createComment, createPost, type TestGroup, type TestUser } from '../../test/factories';
import { client, useTestApp } from '../../test/test-app';

/**
 * Every route × every audience (SPEC §6), on a public and on a private community: the author (an ordinary member),
 * the owner, an admin, a moderator, another member, a signed-in non-member, a visitor. Each row names the status
 * the server must answer; writes that succeed are made on a fresh post so the rows stay independent.
 */
const t = useTestApp({ rateLimit: false });
const api = client(t);

type Audience = keyof Cast | 'visitor';
const AUDIENCES: Audience[] = ['author', 'owner', 'admin', 'moderator', 'member', 'outsider', 'visitor'];

type Setting = { cast: Cast; group: TestGroup };
const settings: Record<'public' | 'private', Setting> = {} as Record<'public' | 'private', Setting>;

beforeAll(async () => {
  settings.public = await createCast(t.database.db);
  settings.private = await createCast(t.database.db, { isPrivate: true });
});

const who = (s: Setting, a: Audience): TestUser | null => (a === 'visitor' ? null : s.cast[a]);

/** Expected status per audience: members read everything; outsiders read public only; visitors read public only. */
function readStatus(privacy: 'public' | 'private', a: Audience): number {
  if (privacy === 'public') return 200;
  return a === 'outsider' || a === 'visitor' ? 403 : 200;
}

describe.each(['public', 'private'] as const)('%s community', (privacy) => {
  const s = () => settings[privacy];
  const fresh = async () => {
    const post = await createPost(t, s().group, s().cast.author, 'A post to act on');
    const comment = await createComment(t, post, s().cast.member, 'A comment to act on');
    return { post, comment, base: `/groups/${s().group.id}/discussions/${post.id}` };
  };

  it.each(AUDIENCES)('reads: feed, post, comments, replies, like-status as %s', async (a) => {
    const { post, comment, base } = await fresh();
    const expected = readStatus(privacy, a);
    for (const url of [
      `/groups/${s().group.slug}/discussions`,
      base,
      `${base}/comments`,
      `${base}/comments/${comment.id}/replies`,
      `${base}/like-status`,
    ]) {
      const res = await api.get(url, who(s(), a));
      expect(res.statusCode, `${url}: ${res.body}`).toBe(expected);
      if (expected === 403)
        expect(res.json()).toEqual({ message: GROUP_MESSAGES.privateContent, code: 'forbidden', requestId: expect.any(String) });
    }
    const feed = await api.get(`/groups/${s().group.id}/discussions`, who(s(), a));
    if (expected === 200) expect(feed.json().discussions.map((d: { id: number }) => d.id)).toContain(post.id);
  });

  it.each(AUDIENCES)('answers %s the abilities the policies give on a post and a comment', async (a) => {
    if (readStatus(privacy, a) !== 200) return;
    const { base } = await fresh();
    const manager = a === 'owner' || a === 'admin';
    const post = (await api.get(base, who(s(), a))).json().discussion;
    const member = a !== 'outsider' && a !== 'visitor';
    // Staff (owner, admin, moderator) outrank the member who wrote both, so may remove them (issue 15 §3).
    const staff = manager || a === 'moderator';
    expect(post.abilities).toEqual({
      edit: a === 'author',
      delete: a === 'author' || manager,
      pin: manager,
      like: member,
      remove: staff,
      restore: false,
    });
    expect([post.canEdit, post.canDelete, post.canPin]).toEqual([post.abilities.edit, post.abilities.delete, post.abilities.pin]);
    const [comment] = (await api.get(`${base}/comments`, who(s(), a))).json().comments;
    // The comment's author is `member`; only they edit it (issue 15 §1).
    expect(comment.abilities).toEqual({ edit: a === 'member', delete: a === 'member' || manager, remove: staff, restore: false });
  });

  it.each(AUDIENCES)('posts as %s', async (a) => {
    const res = await api.post(`/groups/${s().group.id}/discussions`, who(s(), a), { content: `Posted by ${a}` });
    const expected = a === 'visitor' ? 401 : a === 'outsider' ? 403 : 201;
    expect(res.statusCode, res.body).toBe(expected);
    if (a === 'visitor') expect(res.json().message).toBe(DISCUSSION_MESSAGES.loginToPost);
    if (a === 'outsider')
      expect(res.json().message).toBe(privacy === 'public' ? DISCUSSION_MESSAGES.memberToPost : GROUP_MESSAGES.privateContent);
  });

  it.each(AUDIENCES)('comments and replies as %s', async (a) => {
    const { base, comment } = await fresh();
    const expected = a === 'visitor' ? 401 : a === 'outsider' ? 403 : 201;
    const top = await api.post(`${base}/comments`, who(s(), a), { content: 'Me too' });
    expect(top.statusCode, top.body).toBe(expected);
    const reply = await api.post(`${base}/comments`, who(s(), a), { content: 'Agreed', parentCommentId: comment.id });
    expect(reply.statusCode, reply.body).toBe(expected);
    if (a === 'outsider' && privacy === 'public') expect(top.json().message).toBe(DISCUSSION_MESSAGES.memberToComment);
    if (a === 'visitor') expect(top.json().message).toBe(DISCUSSION_MESSAGES.loginToComment);
  });

  it.each(AUDIENCES)('likes a post and a comment as %s', async (a) => {
    const { base, comment } = await fresh();
    // Liking needs sign-in and membership, like commenting (SPEC §6 "Members: post, like, comment"; decision 0012 a).
    const expected = a === 'visitor' ? 401 : a === 'outsider' ? 403 : 200;
    const like = await api.post(`${base}/like`, who(s(), a));
    expect(like.statusCode, like.body).toBe(expected);
    const commentLike = await api.post(`${base}/comments/${comment.id}/like`, who(s(), a));
    expect(commentLike.statusCode, commentLike.body).toBe(expected);
    if (a === 'outsider' && privacy === 'public') {
      expect(like.json().message).toBe(DISCUSSION_MESSAGES.memberToLike);
      expect(commentLike.json().message).toBe(DISCUSSION_MESSAGES.memberToLike);
    }
    if (expected === 200) {
      expect(like.json()).toEqual({ liked: true, likeCount: 1 });
      expect(commentLike.json()).toEqual({ liked: true, likeCount: 1 });
    }
  });

  it.each(AUDIENCES)('edits a post as %s (author only)', async (a) => {
    const { base } = await fresh();
    const res = await api.put(base, who(s(), a), { content: 'Changed' });
    const expected = a === 'author' ? 200 : a === 'visitor' ? 401 : 403;
    expect(res.statusCode, res.body).toBe(expected);
    if (expected === 403 && !(privacy === 'private' && a === 'outsider'))
      expect(res.json().message).toBe(DISCUSSION_MESSAGES.authorOnlyEdit);
    const after = await api.get(base, s().cast.owner);
    expect(after.json().discussion.discussion_content).toBe(a === 'author' ? 'Changed' : 'A post to act on');
  });

  it.each(AUDIENCES)('deletes a post as %s (author, owner, admin)', async (a) => {
    const { base } = await fresh();
    const res = await api.del(base, who(s(), a));
    const expected = ['author', 'owner', 'admin'].includes(a) ? 200 : a === 'visitor' ? 401 : 403;
    expect(res.statusCode, res.body).toBe(expected);
    if (expected === 403 && a !== 'outsider') expect(res.json().message).toBe(DISCUSSION_MESSAGES.cannotDelete);
    expect((await api.get(base, s().cast.owner)).statusCode).toBe(expected === 200 ? 404 : 200);
  });

  it.each(AUDIENCES)('pins and unpins as %s (owner, admin)', async (a) => {
    const { base } = await fresh();
    const pin = await api.post(`${base}/pin`, who(s(), a));
    const expected = ['owner', 'admin'].includes(a) ? 200 : a === 'visitor' ? 401 : 403;
    expect(pin.statusCode, pin.body).toBe(expected);
    if (expected === 200) expect(pin.json()).toEqual({ message: DISCUSSION_MESSAGES.pinned, is_pinned: 1 });
    if (expected === 403 && a !== 'outsider') expect(pin.json().message).toBe(DISCUSSION_MESSAGES.cannotPin);
    expect((await api.get(base, s().cast.owner)).json().discussion.is_pinned).toBe(expected === 200 ? 1 : 0);
    const unpin = await api.post(`${base}/unpin`, who(s(), a));
    expect(unpin.statusCode).toBe(expected);
    expect((await api.get(base, s().cast.owner)).json().discussion.is_pinned).toBe(0);
  });

  it.each(AUDIENCES)('deletes a comment as %s (its author, owner, admin)', async (a) => {
    const { base, comment } = await fresh();
    const res = await api.del(`${base}/comments/${comment.id}`, who(s(), a));
    // The comment's author is `member` here.
    const expected = ['member', 'owner', 'admin'].includes(a) ? 200 : a === 'visitor' ? 401 : 403;
    expect(res.statusCode, res.body).toBe(expected);
    const left = (await api.get(`${base}/comments`, s().cast.owner)).json().comments.length;
    expect(left).toBe(expected === 200 ? 0 : 1);
  });

  it.each(AUDIENCES)('edits a comment and reads the histories as %s (issue 15 §1: its author edits; readers read)', async (a) => {
    const { base, comment } = await fresh();
    const res = await api.put(`${base}/comments/${comment.id}`, who(s(), a), { content: `Edited by ${a}` });
    const readable = readStatus(privacy, a);
    const expected = a === 'member' ? 200 : a === 'visitor' ? 401 : 403;
    expect(res.statusCode, res.body).toBe(expected);
    if (expected === 403 && readable === 200) expect(res.json().message).toBe(DISCUSSION_MESSAGES.authorOnlyEditComment);
    const [stored] = (await api.get(`${base}/comments`, s().cast.owner)).json().comments;
    expect(stored.content).toBe(expected === 200 ? 'Edited by member' : 'A comment to act on');
    for (const url of [`${base}/history`, `${base}/comments/${comment.id}/history`]) {
      expect((await api.get(url, who(s(), a))).statusCode, url).toBe(readable);
    }
  });

  it('tells each viewer what they may do with a post (canEdit, canDelete, canPin)', async () => {
    const { base } = await fresh();
    const flags = async (a: Audience) => {
      const d = (await api.get(base, who(s(), a))).json().discussion;
      return [d.canEdit, d.canDelete, d.canPin];
    };
    expect(await flags('author')).toEqual([true, true, false]);
    expect(await flags('owner')).toEqual([false, true, true]);
    expect(await flags('admin')).toEqual([false, true, true]);
    expect(await flags('moderator')).toEqual([false, false, false]);
    expect(await flags('member')).toEqual([false, false, false]);
    if (privacy === 'public') {
      expect(await flags('outsider')).toEqual([false, false, false]);
      expect(await flags('visitor')).toEqual([false, false, false]);
    }
  });
});
