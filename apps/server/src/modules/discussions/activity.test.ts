import type { ActivityItem, ActivityResponse } from '@agora/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createComment, createGroup, createPost, createUser, type TestUser } from '../../test/factories';
import { client, useTestApp } from '../../test/test-app';

/**
 * GET /users/{id}/activity (the profile's Activity tab): a person's posts and comments, newest first, only in the
 * communities the viewer may read. The private community's content must never reach a non-member, not even as
 * a count or a gap in the paging.
 */
const t = useTestApp({ rateLimit: false });
const api = client(t);

let writer: TestUser;
let coMember: TestUser;
let stranger: TestUser;
let owner: TestUser;
const keyOf = (i: ActivityItem) => (i.type === 'discussion' ? `d${i.discussion.id}` : `c${i.comment.id}`);

async function all(viewer: TestUser, userId: number, limit: number): Promise<{ items: ActivityItem[]; pages: number }> {
  const items: ActivityItem[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res = await api.get(`/users/${userId}/activity?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`, viewer);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ActivityResponse;
    items.push(...body.items);
    cursor = body.nextCursor;
    pages += 1;
  } while (cursor && pages < 50);
  return { items, pages };
}

const expected: { public: string[]; private: string[] } = { public: [], private: [] };

beforeAll(async () => {
  const db = t.database.db;
  [writer, coMember, stranger, owner] = await Promise.all([createUser(db), createUser(db), createUser(db), createUser(db)]);
  const open = await createGroup(db, { owner, members: [{ user: writer }] });
  const closed = await createGroup(db, { owner, isPrivate: true, members: [{ user: writer }, { user: coMember }] });
  // Interleaved on purpose: public and private entries alternate in time, posts and comments mixed.
  for (let i = 0; i < 4; i++) {
    const pub = await createPost(t, open, writer, `public post ${i}`);
    expected.public.push(`d${pub.id}`);
    const priv = await createPost(t, closed, writer, `secret post ${i}`);
    expected.private.push(`d${priv.id}`);
    const onOwners = await createPost(t, open, owner, `owner's post ${i}`);
    expected.public.push(`c${(await createComment(t, onOwners, writer, `public comment ${i}`)).id}`);
    const privComment = await createComment(t, priv, writer, `secret comment ${i}`);
    expected.private.push(`c${privComment.id}`);
    expected.public.push(`c${(await createComment(t, pub, writer, `reply ${i}`, null)).id}`);
  }
});

describe('GET /users/{id}/activity', () => {
  it('shows a non-member only the public communities’ posts and comments, newest first, over every page', async () => {
    const { items, pages } = await all(stranger, writer.id, 3);
    expect(pages).toBeGreaterThan(2);
    const keys = items.map(keyOf);
    expect(new Set(keys)).toEqual(new Set(expected.public));
    expect(keys).toHaveLength(expected.public.length);
    expect(JSON.stringify(items)).not.toContain('secret');
    const dates = items.map((i) => i.date_posted);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('shows a co-member of the private community everything, each entry once, in the spec’s field names', async () => {
    const { items } = await all(coMember, writer.id, 4);
    const keys = items.map(keyOf);
    expect(new Set(keys)).toEqual(new Set([...expected.public, ...expected.private]));
    expect(keys).toHaveLength(expected.public.length + expected.private.length);
    const comment = items.find((i) => i.type === 'comment' && i.comment.content === 'secret comment 0');
    expect(comment).toMatchObject({
      type: 'comment',
      comment: { comment_content: 'secret comment 0', user_id: writer.id, userId: writer.id },
      discussion: { discussion_content: 'secret post 0', user_id: writer.id },
    });
    const post = items.find((i) => i.type === 'discussion' && i.discussion.discussion_content === 'public post 0');
    expect(post).toMatchObject({ discussion: { userId: writer.id, username: writer.username, commentCount: 1 } });
  });

  it('shows the owner of the private community its content too', async () => {
    const { items } = await all(owner, writer.id, 50);
    expect(items).toHaveLength(expected.public.length + expected.private.length);
  });

  it('is empty for someone who wrote nothing, 404 for nobody, 401 for a visitor, 400 for a forged cursor', async () => {
    const empty = await api.get(`/users/${stranger.id}/activity`, writer);
    expect(empty.json()).toEqual({ items: [], nextCursor: null });
    const missing = await api.get('/users/2147483000/activity', writer);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'user_not_found', message: 'User not found' });
    expect((await api.get(`/users/${writer.id}/activity`, null)).statusCode).toBe(401);
    const forged = Buffer.from(JSON.stringify(['2026-01-01 00:00:00+00', 7, 1])).toString('base64url');
    expect((await api.get(`/users/${writer.id}/activity?cursor=${forged}`, stranger)).statusCode).toBe(400);
    expect((await api.get(`/users/${writer.id}/activity?cursor=nonsense`, stranger)).statusCode).toBe(400);
  });

  it('answers under /api too', async () => {
    const res = await api.get(`/api/users/${writer.id}/activity?limit=1`, stranger);
    expect(res.statusCode).toBe(200);
    expect((res.json() as ActivityResponse).items).toHaveLength(1);
  });
});
