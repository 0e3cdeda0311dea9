// Blocking (issue 15 §6): the routes, what a block ends, every interaction path it refuses or hides, and that the
// blocked person is never told (their own answers do not change).
import { describe, expect, it } from 'vitest';
import { BLOCK_MESSAGES, FRIEND_MESSAGES } from '@agora/contract';
import { befriend, createBlog, createComment, createGroup, createPost, createUser, type TestUser } from '../../test/factories';
import { client, useTestApp } from '../../test/test-app';

const t = useTestApp({ rateLimit: false });
const api = () => client(t);

const block = (who: TestUser, whom: { id: number }) => api().post(`/api/users/${whom.id}/block`, who);
const unblock = (who: TestUser, whom: { id: number }) => api().del(`/api/users/${whom.id}/block`, who);

async function trio() {
  const [ada, bob, cat] = [await createUser(t.database.db), await createUser(t.database.db), await createUser(t.database.db)];
  return { ada: ada!, bob: bob!, cat: cat! };
}

/** A public community owned by `cat` where ada and bob are admins (admins publish blogs). */
async function community(people: { ada: TestUser; bob: TestUser; cat: TestUser }) {
  return createGroup(t.database.db, {
    owner: people.cat,
    members: [
      { user: people.ada, role: 'admin' },
      { user: people.bob, role: 'admin' },
    ],
  });
}

const notificationsOf = (user: { id: number }) =>
  t.database.sql<
    { noti_type: string; sender_id: number }[]
  >`SELECT noti_type, sender_id FROM notifications WHERE user_id = ${user.id} ORDER BY id`;

const relation = (a: { id: number }, b: { id: number }) =>
  t.database.sql<{ status: string }[]>`SELECT status FROM friendships
    WHERE least(requester_id, addressee_id) = ${Math.min(a.id, b.id)} AND greatest(requester_id, addressee_id) = ${Math.max(a.id, b.id)}`;

describe('the block routes', () => {
  it.each([
    ['POST', '/api/users/1/block'],
    ['DELETE', '/api/users/1/block'],
    ['GET', '/api/users/blocked'],
  ])('%s %s needs sign-in (401)', async (method, url) => {
    expect((await api().send(method as 'GET', url)).statusCode).toBe(401);
  });

  it('blocks, lists, blocks again (same answer), unblocks, unblocks again', async () => {
    const { ada, bob, cat } = await trio();
    const first = await block(ada, bob);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ userId: bob.id, blocked: true, message: BLOCK_MESSAGES.blocked(bob.username) });
    expect((await block(ada, bob)).json()).toEqual(first.json());
    await block(ada, cat);
    const list = await api().get('/api/users/blocked', ada);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ total: 2, nextCursor: null });
    expect(list.json().users.map((u: { id: number }) => u.id)).toEqual([cat.id, bob.id]);
    const paged = await api().get('/api/users/blocked?limit=1', ada);
    expect(paged.json().users).toHaveLength(1);
    const rest = await api().get(`/api/users/blocked?limit=1&cursor=${paged.json().nextCursor}`, ada);
    expect(rest.json().users.map((u: { id: number }) => u.id)).toEqual([bob.id]);

    const lifted = await unblock(ada, bob);
    expect(lifted.json()).toEqual({ userId: bob.id, blocked: false, message: BLOCK_MESSAGES.unblocked(bob.username) });
    expect((await unblock(ada, bob)).statusCode).toBe(200);
    expect((await api().get('/api/users/blocked', ada)).json().total).toBe(1);
    expect((await api().get('/api/users/blocked', bob)).json()).toMatchObject({ users: [], total: 0 });
  });

  it('refuses blocking oneself (400) and an unknown person (404)', async () => {
    const { ada } = await trio();
    const self = await block(ada, ada);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ code: 'block_self', message: BLOCK_MESSAGES.blockSelf });
    expect((await block(ada, { id: 999_999 })).json()).toMatchObject({ code: 'user_not_found' });
    expect((await block(ada, { id: 999_999 })).statusCode).toBe(404);
    expect((await unblock(ada, { id: 999_999 })).statusCode).toBe(404);
    expect((await api().post('/api/users/abc/block', ada)).statusCode).toBe(400);
  });

  it("a profile says whether the viewer blocked that person, and the blocked person's view does not change", async () => {
    const { ada, bob } = await trio();
    const before = (await api().get(`/users/${ada.id}`, bob)).json();
    await block(ada, bob);
    expect((await api().get(`/users/${bob.id}`, ada)).json()).toMatchObject({ blocked: true, abilities: { block: true } });
    expect((await api().get(`/api/users/${ada.id}`, bob)).json()).toEqual(before);
    expect(before).toMatchObject({ blocked: false, abilities: { block: true } });
    expect((await api().get(`/users/${ada.id}`, ada)).json()).toMatchObject({ blocked: false, abilities: { block: false } });
  });
});

describe('blocking ends what the two had, in one transaction', () => {
  it('a friendship ends for both (lists and totals exact)', async () => {
    const { ada, bob, cat } = await trio();
    await befriend(t.database.db, bob, ada);
    await befriend(t.database.db, ada, cat);
    await block(ada, bob);
    expect(await relation(ada, bob)).toEqual([]);
    const adaFriends = (await api().get(`/friends/${ada.id}/friends`, ada)).json();
    expect(adaFriends.total).toBe(1);
    expect(adaFriends.friends.map((f: { id: number }) => f.id)).toEqual([cat.id]);
    expect((await api().get(`/friends/${bob.id}/friends`, bob)).json()).toMatchObject({ total: 0, friends: [] });
    expect((await api().get(`/friends/status/check?user1=${bob.id}&user2=${ada.id}`, bob)).json().status).toBe('not_friends');
  });

  it.each(['blocked person asked', 'blocker asked'])('a pending request ends with its notification (%s)', async (who) => {
    const { ada, bob } = await trio();
    const [from, to] = who === 'blocked person asked' ? [bob, ada] : [ada, bob];
    expect((await api().post('/friends/request', from, { addressee_id: to.id })).statusCode).toBe(200);
    expect(await notificationsOf(to)).toHaveLength(1);
    await block(ada, bob);
    expect(await relation(ada, bob)).toEqual([]);
    expect(await notificationsOf(to)).toEqual([]);
    expect(await notificationsOf(from)).toEqual([]);
  });

  it('the blocked person is told nothing: no notification, no change to their own answers', async () => {
    const { ada, bob } = await trio();
    await block(ada, bob);
    expect(await notificationsOf(bob)).toEqual([]);
  });
});

describe('what a blocked person cannot do to the one who blocked them', () => {
  it('send a friend request: a neutral 403 for both sides, nothing stored, nobody notified', async () => {
    const { ada, bob } = await trio();
    await block(ada, bob);
    const theirs = await api().post('/friends/request', bob, { addressee_id: ada.id });
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json()).toEqual({
      code: 'friend_request_unavailable',
      message: BLOCK_MESSAGES.friendRequestUnavailable,
      requestId: expect.any(String),
    });
    const mine = await api().post('/friends/request', ada, { addressee_id: bob.id });
    // The same answer but for the request's own id (X-Request-Id, in every error body).
    expect({ ...mine.json(), requestId: null }).toEqual({ ...theirs.json(), requestId: null });
    expect(await relation(ada, bob)).toEqual([]);
    expect(await notificationsOf(ada)).toEqual([]);
    expect(await notificationsOf(bob)).toEqual([]);
    await unblock(ada, bob);
    expect((await api().post('/friends/request', bob, { addressee_id: ada.id })).json().message).toBe(FRIEND_MESSAGES.requestSent);
  });

  it('be suggested to them as a friend, nor they to the blocked person', async () => {
    const { ada, bob, cat } = await trio();
    // A friend in common makes each a suggestion for the other.
    await befriend(t.database.db, ada, cat);
    await befriend(t.database.db, bob, cat);
    const suggested = async (who: TestUser) =>
      (await api().get('/friends/suggestions?limit=50', who)).json().suggestions.map((s: { id: number }) => s.id);
    expect(await suggested(ada)).toContain(bob.id);
    await block(ada, bob);
    expect(await suggested(ada)).not.toContain(bob.id);
    expect(await suggested(bob)).not.toContain(ada.id);
  });

  it('mention them: the comment and its text stay, no mention notification', async () => {
    const people = await trio();
    const { ada, bob, cat } = people;
    const group = await community(people);
    const post = await createPost(t, group, cat, 'A post');
    await block(ada, bob);
    const comment = await createComment(t, post, bob, `hello @${ada.username} and @${cat.username}`);
    expect(comment.content).toBe(`hello @${ada.username} and @${cat.username}`);
    expect(await notificationsOf(ada)).toEqual([]);
    // cat did not block bob: the post's author hears of the comment as before.
    expect((await notificationsOf(cat)).map((n) => n.noti_type)).toEqual(['comment']);
  });

  it('invite them to a community: a neutral 403, no invitation stored', async () => {
    const people = await trio();
    const { ada, bob } = people;
    const group = await createGroup(t.database.db, { owner: people.cat, members: [{ user: bob, role: 'admin' }] });
    await block(ada, bob);
    const res = await api().post(`/api/groups/${group.id}/invite`, bob, { userId: ada.id });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'invite_unavailable', message: BLOCK_MESSAGES.inviteUnavailable, requestId: expect.any(String) });
    expect(await notificationsOf(ada)).toEqual([]);
  });

  it('comment on their post or like it: stored, but no notification reaches them', async () => {
    const people = await trio();
    const { ada, bob } = people;
    const group = await community(people);
    const post = await createPost(t, group, ada, 'Mine');
    await block(ada, bob);
    await createComment(t, post, bob, 'from bob');
    expect((await api().post(`/groups/${group.id}/discussions/${post.id}/like`, bob, {})).statusCode).toBe(200);
    expect(await notificationsOf(ada)).toEqual([]);
  });

  it("reply to their comment: a neutral 403 (a reply to someone else's comment still works)", async () => {
    const people = await trio();
    const { ada, bob, cat } = people;
    const group = await community(people);
    const post = await createPost(t, group, cat, 'A post');
    const adas = await createComment(t, post, ada, 'ada speaks');
    const cats = await createComment(t, post, cat, 'cat speaks');
    await block(ada, bob);
    const res = await api().post(`/groups/${group.id}/discussions/${post.id}/comments`, bob, { content: 'hey', parentCommentId: adas.id });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'reply_unavailable', message: BLOCK_MESSAGES.replyUnavailable, requestId: expect.any(String) });
    expect(res.body).not.toMatch(/block/i);
    await createComment(t, post, bob, 'to cat', cats.id);
    // The blocker may still reply to anyone, the blocked person included.
    const bobs = await createComment(t, post, bob, 'bob speaks');
    await createComment(t, post, ada, 'ada answers', bobs.id);
  });
});

describe('what the blocker no longer sees', () => {
  it('their discussions leave the home feed, the community feed and Explore (for the blocker only)', async () => {
    const people = await trio();
    const { ada, bob, cat } = people;
    const group = await community(people);
    const bobsPost = await createPost(t, group, bob, 'by bob');
    const catsPost = await createPost(t, group, cat, 'by cat');
    const adasPost = await createPost(t, group, ada, 'by ada');
    const ids = (res: { json(): { discussions: { id: number }[] } }) => res.json().discussions.map((d) => d.id);
    const feeds = ['/groups/joined/discussions', `/api/groups/${group.id}/discussions`, '/groups/suggested/discussions'];
    const bobBefore = await Promise.all(feeds.map(async (f) => ids(await api().get(f, bob))));
    await block(ada, bob);
    for (const feed of feeds) {
      const seen = ids(await api().get(feed, ada));
      expect(seen, feed).not.toContain(bobsPost.id);
      expect(seen, feed).toEqual(expect.arrayContaining([catsPost.id, adasPost.id]));
      expect(ids(await api().get(feed, cat)), feed).toContain(bobsPost.id);
    }
    const bobAfter = await Promise.all(feeds.map(async (f) => ids(await api().get(f, bob))));
    expect(bobAfter).toEqual(bobBefore);
    expect(bobAfter[0]).toContain(adasPost.id);
  });

  it('their comments and replies are left out of the post panel, counted in hiddenCount', async () => {
    const people = await trio();
    const { ada, bob, cat } = people;
    const group = await community(people);
    const post = await createPost(t, group, ada, 'Mine');
    const cats = await createComment(t, post, cat, 'cat 1');
    await createComment(t, post, bob, 'bob 1');
    await createComment(t, post, bob, 'bob 2');
    await createComment(t, post, bob, 'bob reply', cats.id);
    await createComment(t, post, ada, 'ada reply', cats.id);
    const comments = `/groups/${group.id}/discussions/${post.id}/comments`;
    const bobBefore = (await api().get(comments, bob)).json();
    expect(bobBefore).not.toHaveProperty('hiddenCount');
    await block(ada, bob);
    const top = (await api().get(comments, ada)).json();
    expect(top.comments.map((c: { content: string }) => c.content)).toEqual(['cat 1']);
    expect(top.hiddenCount).toBe(2);
    const oldestSmall = (await api().get(`${comments}?order=oldest&limit=1`, ada)).json();
    expect(oldestSmall).toMatchObject({ hiddenCount: 2, nextCursor: null });
    const replies = (await api().get(`${comments}/${cats.id}/replies`, ada)).json();
    expect(replies.replies.map((c: { content: string }) => c.content)).toEqual(['ada reply']);
    expect(replies.hiddenCount).toBe(1);
    expect((await api().get(comments, cat)).json()).not.toHaveProperty('hiddenCount');
    expect((await api().get(comments, cat)).json().comments).toHaveLength(3);
    expect((await api().get(comments, bob)).json()).toEqual(bobBefore);
  });

  it("their blogs leave the community's blog list and the home strip", async () => {
    const people = await trio();
    const { ada, bob, cat } = people;
    const group = await community(people);
    const bobsBlog = await createBlog(t, group, bob, { title: 'By bob' });
    const catsBlog = await createBlog(t, group, cat, { title: 'By cat' });
    await block(ada, bob);
    const listed = (await api().get(`/api/groups/${group.id}/posts`, ada)).json().posts.map((b: { id: number }) => b.id);
    expect(listed).toEqual([catsBlog.id]);
    const strip = (await api().get('/groups/joined/blogs', ada)).json().blogs.map((b: { id: number }) => b.id);
    expect(strip).toEqual([catsBlog.id]);
    expect((await api().get(`/api/groups/${group.id}/posts`, cat)).json().posts.map((b: { id: number }) => b.id)).toContain(bobsBlog.id);
  });
});
