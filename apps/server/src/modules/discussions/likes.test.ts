import { DISCUSSION_MESSAGES } from '@agora/contract';
import { describe, expect, it } from 'vitest';
import { createCast, createGroup, createPost, createUser, type TestUser } from '../../test/factories';
import { client, useTestApp } from '../../test/test-app';
import { discussionCounts, notificationsOf } from './test-support';

const t = useTestApp({ rateLimit: false });
const api = client(t);

describe('post likes', () => {
  it('toggles, answers the database state, and counts one like per person', async () => {
    const { cast, group } = await createCast(t.database.db);
    const post = await createPost(t, group, cast.author);
    const url = `/groups/${group.id}/discussions/${post.id}/like`;
    const status = async (user: TestUser | null) => (await api.get(`${url}-status`, user)).json();
    expect(await status(cast.member)).toEqual({ liked: false, likeCount: 0 });
    expect((await api.post(url, cast.member)).json()).toEqual({ liked: true, likeCount: 1 });
    expect(await status(cast.member)).toEqual({ liked: true, likeCount: 1 });
    expect(await status(null)).toEqual({ liked: false, likeCount: 1 });
    expect((await api.post(url, cast.admin)).json()).toEqual({ liked: true, likeCount: 2 });
    expect((await api.post(url, cast.member)).json()).toEqual({ liked: false, likeCount: 1 });
    expect(await status(cast.member)).toEqual({ liked: false, likeCount: 1 });
    // With a body the call sets the state: repeating it changes nothing.
    expect((await api.post(url, cast.member, { liked: true })).json()).toEqual({ liked: true, likeCount: 2 });
    expect((await api.post(url, cast.member, { liked: true })).json()).toEqual({ liked: true, likeCount: 2 });
    expect((await api.post(url, cast.member, { liked: false })).json()).toEqual({ liked: false, likeCount: 1 });
    expect((await api.post(url, cast.member, { liked: false })).json()).toEqual({ liked: false, likeCount: 1 });
    expect((await api.post(url, cast.member, { liked: 'yes' })).statusCode).toBe(400);
    expect(await discussionCounts(t, post.id)).toMatchObject({ likes: 1, likeRows: 1 });
  });

  it('counts exactly 50 when 50 people like at once', async () => {
    const db = t.database.db;
    const owner = await createUser(db);
    const people = await Promise.all(Array.from({ length: 50 }, () => createUser(db)));
    const group = await createGroup(db, { owner, members: people.map((user) => ({ user })) });
    const post = await createPost(t, group, owner);
    const results = await Promise.all(people.map((p) => api.post(`/groups/${group.id}/discussions/${post.id}/like`, p)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    expect(results.every((r) => r.json().liked === true)).toBe(true);
    expect(results.map((r) => r.json().likeCount).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(await discussionCounts(t, post.id)).toMatchObject({ likes: 50, likeRows: 50 });
    expect((await api.get(`/groups/${group.id}/discussions/${post.id}`)).json().discussion.likeCount).toBe(50);
    // Half of them take it back at once, the others like again (set: no change).
    await Promise.all(people.map((p, i) => api.post(`/groups/${group.id}/discussions/${post.id}/like`, p, { liked: i % 2 === 0 })));
    expect(await discussionCounts(t, post.id)).toMatchObject({ likes: 25, likeRows: 25 });
  });

  it('gives one like when the same person likes twice at once, and never drops below 0', async () => {
    const { cast, group } = await createCast(t.database.db);
    const post = await createPost(t, group, cast.author);
    const url = `/groups/${group.id}/discussions/${post.id}/like`;
    const both = await Promise.all([api.post(url, cast.member, { liked: true }), api.post(url, cast.member, { liked: true })]);
    expect(both.map((r) => r.json())).toEqual([
      { liked: true, likeCount: 1 },
      { liked: true, likeCount: 1 },
    ]);
    expect(await discussionCounts(t, post.id)).toMatchObject({ likes: 1, likeRows: 1 });
    // A double click of the toggle: whatever order they run in, the count is the rows (0 or 1 like, never 2 or -1).
    for (let round = 0; round < 5; round++) {
      await Promise.all([api.post(url, cast.admin), api.post(url, cast.admin), api.post(url, cast.admin, { liked: false })]);
      const counts = await discussionCounts(t, post.id);
      expect(counts!.likes).toBe(counts!.likeRows);
      expect([1, 2]).toContain(counts!.likes);
    }
    await Promise.all([api.post(url, cast.member, { liked: false }), api.post(url, cast.member, { liked: false })]);
    await api.post(url, cast.admin, { liked: false });
    expect(await discussionCounts(t, post.id)).toMatchObject({ likes: 0, likeRows: 0 });
  });

  it('notifies the author of each new like, not of unlikes, not of their own', async () => {
    const { cast, group } = await createCast(t.database.db);
    const post = await createPost(t, group, cast.author);
    const url = `/groups/${group.id}/discussions/${post.id}/like`;
    await api.post(url, cast.author);
    expect(await notificationsOf(t, cast.author.id)).toEqual([]);
    await api.post(url, cast.member);
    expect(await notificationsOf(t, cast.author.id)).toEqual([
      {
        noti_type: 'like',
        sender_id: cast.member.id,
        noti_content: `${cast.member.username} liked your post`,
        noti_link: `/groups/${group.id}/discussions/${post.id}`,
        group_id: group.id,
        discussion_id: post.id,
        comment_id: null,
      },
    ]);
    await api.post(url, cast.member);
    await api.post(url, cast.member, { liked: false });
    expect(await notificationsOf(t, cast.author.id)).toHaveLength(1);
  });

  it('refuses visitors with the sign-in text and a missing post with 404', async () => {
    const { cast, group } = await createCast(t.database.db);
    const post = await createPost(t, group, cast.author);
    const visitor = await api.post(`/groups/${group.id}/discussions/${post.id}/like`);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().message).toBe(DISCUSSION_MESSAGES.loginToLike);
    const missing = await api.post(`/groups/${group.id}/discussions/${post.id + 1000}/like`, cast.member);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: DISCUSSION_MESSAGES.notFound, code: 'discussion_not_found', requestId: expect.any(String) });
  });
});
