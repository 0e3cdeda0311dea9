import { DISCUSSION_MESSAGES, GROUP_MESSAGES, UPLOAD_MESSAGES } from '@agora/contract';
import { describe, expect, it } from 'vitest';
import { createCast, createComment, createPost, uploadImage } from '../../test/factories';
import { client, useTestApp } from '../../test/test-app';
import { discussionCounts, postCount } from './test-support';

/**
 * Hostile inputs (issue 7 §4): each is answered with a 4xx and a message, changes nothing, and never becomes a 500.
 */
const t = useTestApp({ rateLimit: false });
const api = client(t);

function expectRefused(res: { statusCode: number; body: string; json: () => unknown }, status: number, message?: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as { message: string; code: string };
  expect(typeof body.message).toBe('string');
  expect(body.message.length).toBeGreaterThan(0);
  if (message) expect(body.message).toBe(message);
}

describe('hostile inputs', () => {
  it('refuses a parentCommentId from another post or another community (400) and stores nothing', async () => {
    const { cast, group } = await createCast(t.database.db);
    const other = await createCast(t.database.db);
    const post = await createPost(t, group, cast.author);
    const sibling = await createPost(t, group, cast.author);
    const elsewhere = await createPost(t, other.group, other.cast.author);
    const siblingComment = await createComment(t, sibling, cast.member);
    const foreignComment = await createComment(t, elsewhere, other.cast.member);
    for (const parentCommentId of [siblingComment.id, foreignComment.id]) {
      const res = await api.post(`/groups/${group.id}/discussions/${post.id}/comments`, cast.member, {
        content: 'Sneaky',
        parentCommentId,
      });
      expectRefused(res, 400, DISCUSSION_MESSAGES.invalidParent);
    }
    expect(await discussionCounts(t, post.id)).toMatchObject({ comments: 0, commentRows: 0 });
  });

  it('refuses a reply to a deleted or never existing comment (404)', async () => {
    const { cast, group } = await createCast(t.database.db);
    const post = await createPost(t, group, cast.author);
    const gone = await createComment(t, post, cast.member);
    expect((await api.del(`/groups/${group.id}/discussions/${post.id}/comments/${gone.id}`, cast.member)).statusCode).toBe(200);
    for (const parentCommentId of [gone.id, 2_000_000_000]) {
      const res = await api.post(`/groups/${group.id}/discussions/${post.id}/comments`, cast.member, {
        content: 'Hello?',
        parentCommentId,
      });
      expectRefused(res, 404, DISCUSSION_MESSAGES.commentNotFound);
    }
    for (const parentCommentId of [-5, 0, 1.5, 'abc', '1e9', 9_999_999_999, { id: 1 }, [1]]) {
      const res = await api.post(`/groups/${group.id}/discussions/${post.id}/comments`, cast.member, {
        content: 'Hello?',
        parentCommentId,
      });
      expectRefused(res, 400, DISCUSSION_MESSAGES.commentNotFound);
    }
    expect(await discussionCounts(t, post.id)).toMatchObject({ comments: 0, commentRows: 0 });
  });

  it('refuses comments, likes and reads on a deleted post (404)', async () => {
    const { cast, group } = await createCast(t.database.db);
    const post = await createPost(t, group, cast.author);
    const comment = await createComment(t, post, cast.member);
    expect((await api.del(`/groups/${group.id}/discussions/${post.id}`, cast.author)).statusCode).toBe(200);
    const base = `/groups/${group.id}/discussions/${post.id}`;
    expectRefused(await api.post(`${base}/comments`, cast.member, { content: 'Late' }), 404, DISCUSSION_MESSAGES.notFound);
    expectRefused(await api.post(`${base}/like`, cast.member), 404, DISCUSSION_MESSAGES.notFound);
    expectRefused(await api.get(`${base}/comments`, cast.member), 404, DISCUSSION_MESSAGES.notFound);
    expectRefused(await api.get(`${base}/comments/${comment.id}/replies`, cast.member), 404, DISCUSSION_MESSAGES.notFound);
    expectRefused(await api.post(`${base}/comments/${comment.id}/like`, cast.member), 404, DISCUSSION_MESSAGES.notFound);
    expectRefused(await api.put(base, cast.author, { content: 'Edit' }), 404, DISCUSSION_MESSAGES.notFound);
    expectRefused(await api.post(`${base}/pin`, cast.owner), 404, DISCUSSION_MESSAGES.notFound);
  });

  it('refuses a comment or like on a private post to a non-member (403), whatever the path names', async () => {
    const secret = await createCast(t.database.db, { isPrivate: true });
    const { cast } = await createCast(t.database.db);
    const post = await createPost(t, secret.group, secret.cast.author);
    for (const ref of [secret.group.id, secret.group.slug]) {
      const base = `/groups/${ref}/discussions/${post.id}`;
      expectRefused(await api.post(`${base}/comments`, cast.member, { content: 'Let me in' }), 403, GROUP_MESSAGES.privateContent);
      expectRefused(await api.post(`${base}/like`, cast.member), 403, GROUP_MESSAGES.privateContent);
      expectRefused(await api.get(`${base}/like-status`, cast.member), 403, GROUP_MESSAGES.privateContent);
    }
    expect(await discussionCounts(t, post.id)).toEqual({ likes: 0, likeRows: 0, comments: 0, commentRows: 0 });
  });

  it('answers 404 for a post under another community’s path, on every route', async () => {
    const { cast, group } = await createCast(t.database.db);
    const mine = await createCast(t.database.db);
    const post = await createPost(t, group, cast.author);
    const comment = await createComment(t, post, cast.member);
    // The author is the owner of the other community, so every permission would allow it there.
    const wrong = `/groups/${mine.group.id}/discussions/${post.id}`;
    const owner = mine.cast.owner;
    expectRefused(await api.get(wrong, owner), 404, DISCUSSION_MESSAGES.notFound);
    expectRefused(await api.put(wrong, owner, { content: 'x' }), 404, DISCUSSION_MESSAGES.notFound);
    expectRefused(await api.del(wrong, owner), 404, DISCUSSION_MESSAGES.notFound);
    expectRefused(await api.post(`${wrong}/pin`, owner), 404, DISCUSSION_MESSAGES.notFound);
    expectRefused(await api.post(`${wrong}/like`, owner), 404, DISCUSSION_MESSAGES.notFound);
    expectRefused(await api.get(`${wrong}/like-status`, owner), 404, DISCUSSION_MESSAGES.notFound);
    expectRefused(await api.get(`${wrong}/comments`, owner), 404, DISCUSSION_MESSAGES.notFound);
    expectRefused(await api.post(`${wrong}/comments`, owner, { content: 'x' }), 404, DISCUSSION_MESSAGES.notFound);
    expectRefused(await api.get(`${wrong}/comments/${comment.id}/replies`, owner), 404, DISCUSSION_MESSAGES.notFound);
    expectRefused(await api.post(`${wrong}/comments/${comment.id}/like`, owner), 404, DISCUSSION_MESSAGES.notFound);
    expectRefused(await api.del(`${wrong}/comments/${comment.id}`, owner), 404, DISCUSSION_MESSAGES.notFound);
    // A comment of another post under the right post's path.
    const sibling = await createPost(t, group, cast.author);
    const base = `/groups/${group.id}/discussions/${sibling.id}`;
    expectRefused(await api.get(`${base}/comments/${comment.id}/replies`, cast.owner), 404, DISCUSSION_MESSAGES.commentNotFound);
    expectRefused(await api.post(`${base}/comments/${comment.id}/like`, cast.owner), 404, DISCUSSION_MESSAGES.commentNotFound);
    expectRefused(await api.del(`${base}/comments/${comment.id}`, cast.owner), 404, DISCUSSION_MESSAGES.commentNotFound);
    expect((await api.get(`/groups/${group.id}/discussions/${post.id}`)).json().discussion.discussion_content).toBe('Hello there');
  });

  it('answers malformed ids and unknown communities with 404, never 400 or 500', async () => {
    const { cast, group } = await createCast(t.database.db);
    const post = await createPost(t, group, cast.author);
    for (const id of ['abc', '0', '-1', '01', '1.5', '99999999999', '2147483648', '%00', 'null']) {
      expectRefused(await api.get(`/groups/${group.id}/discussions/${id}`), 404, DISCUSSION_MESSAGES.notFound);
      expectRefused(await api.post(`/groups/${group.id}/discussions/${id}/like`, cast.member), 404, DISCUSSION_MESSAGES.notFound);
      expectRefused(
        await api.get(`/groups/${group.id}/discussions/${post.id}/comments/${id}/replies`),
        404,
        DISCUSSION_MESSAGES.commentNotFound,
      );
    }
    for (const ref of ['no-such-community', '999999', 'UPPER_case!', '0']) {
      expectRefused(await api.get(`/groups/${ref}/discussions`), 404, GROUP_MESSAGES.notFound);
      expectRefused(await api.post(`/groups/${ref}/discussions`, cast.member, { content: 'x' }), 404, GROUP_MESSAGES.notFound);
    }
  });

  it('refuses mediaUrls naming another person’s upload (403) or anything that is not a post upload (400)', async () => {
    const { cast, group } = await createCast(t.database.db);
    const theirs = await uploadImage(t, cast.admin);
    expectRefused(
      await api.post(`/groups/${group.id}/discussions`, cast.member, { content: 'Mine now', mediaUrls: [theirs] }),
      403,
      UPLOAD_MESSAGES.notYours,
    );
    const profile = await t.app.inject({ method: 'GET', url: '/users/profile', headers: cast.member.auth });
    expect(profile.statusCode).toBe(200);
    for (const url of [
      'http://evil.example/uploads/post/abc.webp',
      '/uploads/post/../profile/abc.jpg',
      '/uploads/post/abc.webp/../../x',
      '/uploads/banner/abc.jpg',
      '/static/app.js',
      'data:image/png;base64,AAAA',
      '',
      'x'.repeat(600),
    ]) {
      expectRefused(
        await api.post(`/groups/${group.id}/discussions`, cast.member, { content: 'x', mediaUrls: [url] }),
        400,
        DISCUSSION_MESSAGES.imageNotUploaded,
      );
    }
    for (const mediaUrls of ['/uploads/post/abc.webp', { 0: 'x' }, [42]]) {
      expectRefused(await api.post(`/groups/${group.id}/discussions`, cast.member, { content: 'x', mediaUrls }), 400);
    }
    expect(await postCount(t, group.id)).toEqual({ cached: 0, rows: 0 });
  });

  it('stores 10,000 characters without a space as they are (the web app wraps them)', async () => {
    const { cast, group } = await createCast(t.database.db);
    const long = 'W'.repeat(10_000);
    const post = await createPost(t, group, cast.author, long);
    expect(post.discussion_content).toBe(long);
    const edited = await api.put(`/groups/${group.id}/discussions/${post.id}`, cast.author, { content: `${long}!` });
    expect(edited.statusCode).toBe(200);
  });

  it.each([
    ['NUL', 'a\u0000b'],
    ['bell', '\u0007'],
    ['backspace', 'ab\u0008'],
    ['vertical tab', 'a\u000Bb'],
    ['form feed', 'a\u000Cb'],
    ['escape', 'a\u001B[31mred'],
    ['delete', 'a\u007F'],
  ])('refuses a %s character in a post, an edit and a comment (400)', async (_name, content) => {
    const { cast, group } = await createCast(t.database.db);
    const post = await createPost(t, group, cast.author);
    const message = 'Text contains characters that are not allowed';
    expectRefused(await api.post(`/groups/${group.id}/discussions`, cast.author, { content }), 400, message);
    expectRefused(await api.put(`/groups/${group.id}/discussions/${post.id}`, cast.author, { content }), 400, message);
    expectRefused(await api.post(`/groups/${group.id}/discussions/${post.id}/comments`, cast.member, { content }), 400, message);
    expect(await postCount(t, group.id)).toEqual({ cached: 1, rows: 1 });
  });

  it('accepts tabs, line breaks, emoji and right-to-left text; drops direction overrides (decision 0012)', async () => {
    const { cast, group } = await createCast(t.database.db);
    const post = await createPost(t, group, cast.author, 'Tab\there\nלְשׁוֹן 🎉 \u202Eevil\u202C \u200Fmark');
    expect(post.discussion_content).toBe('Tab\there\nלְשׁוֹן 🎉 evil \u200Fmark');
  });

  it('refuses bad bodies, cursors and limits with a 4xx and a message', async () => {
    const { cast, group } = await createCast(t.database.db);
    const post = await createPost(t, group, cast.author);
    const url = `/groups/${group.id}/discussions`;
    for (const payload of [[], 42, null, { content: 42 }, { content: ['x'] }, { content: { toString: 'x' } }]) {
      expectRefused(await api.post(url, cast.member, payload), 400);
    }
    expectRefused(await api.post(url, cast.member, 'plain text'), 415);
    const raw = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...cast.member.auth, 'content-type': 'application/json' },
      payload: '{"content": "unterminated',
    });
    expectRefused(raw, 400);
    const huge = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...cast.member.auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ content: 'x'.repeat(1_100_000) }),
    });
    expectRefused(huge, 413);
    for (const query of [
      'cursor=%%%',
      'cursor=bm90LWpzb24',
      `cursor=${Buffer.from('[1,2]').toString('base64url')}`,
      'limit=0',
      'limit=51',
      'limit=abc',
      `cursor=${'a'.repeat(300)}`,
    ]) {
      for (const list of [url, '/groups/suggested/discussions', '/groups/joined/discussions', `${url}/${post.id}/comments`]) {
        expectRefused(await api.get(`${list}?${query}`, cast.member), 400);
      }
    }
    const badTimestamp = Buffer.from(JSON.stringify(['not a time', 1])).toString('base64url');
    expectRefused(await api.get(`/groups/suggested/discussions?cursor=${badTimestamp}`), 400, 'Invalid cursor');
    const badPinned = Buffer.from(JSON.stringify(['2026-01-01 00:00:00+00', 1])).toString('base64url');
    expectRefused(await api.get(`${url}?cursor=${badPinned}`), 400, 'Invalid cursor');
    expect(await postCount(t, group.id)).toEqual({ cached: 1, rows: 1 });
  });
});
