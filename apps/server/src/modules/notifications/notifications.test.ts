import { describe, expect, it } from 'vitest';
import { GROUP_MESSAGES, type Notification, NOTIFICATION_MESSAGES } from '@agora/contract';
import { blogLikes, blogs, comments, discussionLikes, discussions } from '../../db/schema';
import { createGroup, createUser, type TestGroup, type TestUser } from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { insertNotification, notify, notifyMentions } from './notifications.writer';

const t = useTestApp({ rateLimit: false });

const req = (user: TestUser | null, method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: user?.auth ?? {}, ...(payload ? { payload } : {}) });

async function rowsOf(user: TestUser) {
  return t.database.sql<{ id: number; noti_type: string; sender_id: number | null; is_read: boolean }[]>`
    SELECT id, noti_type, sender_id, is_read FROM notifications WHERE user_id = ${user.id} ORDER BY id`;
}

async function discussion(group: TestGroup, author: TestUser, content = 'A post'): Promise<number> {
  const [row] = await t.database.db
    .insert(discussions)
    .values({ groupId: group.id, userId: author.id, content })
    .returning({ id: discussions.id });
  return row!.id;
}
async function blog(group: TestGroup, author: TestUser): Promise<number> {
  const [row] = await t.database.db
    .insert(blogs)
    .values({ groupId: group.id, authorId: author.id, title: 'A blog', content: 'Text' })
    .returning({ id: blogs.id });
  return row!.id;
}

/** `count` notifications to `user` from `sender`, oldest first (distinct created_at, so the order is certain). */
async function seed(user: TestUser, sender: TestUser, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    ids.push(
      await insertNotification(t.database.db, {
        userId: user.id,
        senderId: sender.id,
        notiType: 'comment',
        notiContent: `note ${i}`,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
      }),
    );
  }
  return ids;
}

describe('every notifications route needs sign-in', () => {
  it.each([
    ['GET', '/notifications'],
    ['PUT', '/notifications/1/read'],
    ['DELETE', '/notifications/1'],
    ['DELETE', '/notifications'],
    ['POST', '/notifications'],
    ['GET', '/api/notifications'],
  ] as const)('%s %s → 401', async (method, url) => {
    expect((await req(null, method, url, method === 'POST' ? {} : undefined)).statusCode).toBe(401);
  });
});

describe('GET /notifications', () => {
  it('lists the caller’s own notifications newest first, paginated, with the exact unread count in all', async () => {
    const [me, sender, other] = [await createUser(t.database.db), await createUser(t.database.db), await createUser(t.database.db)];
    const ids = await seed(me, sender, 5);
    await seed(other, sender, 2);
    await t.database.sql`UPDATE notifications SET is_read = true WHERE id = ${ids[0]!}`;
    const first = await req(me, 'GET', '/notifications?limit=2');
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.unreadCount).toBe(4);
    expect(page1.notifications.map((n: Notification) => n.id)).toEqual([ids[4], ids[3]]);
    const page2 = (await req(me, 'GET', `/notifications?limit=2&cursor=${page1.nextCursor}`)).json();
    const page3 = (await req(me, 'GET', `/notifications?limit=2&cursor=${page2.nextCursor}`)).json();
    expect([...page2.notifications, ...page3.notifications].map((n: Notification) => n.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect(page3.nextCursor).toBeNull();
    expect(page3.unreadCount).toBe(4);
    expect((await req(me, 'GET', '/notifications?cursor=nonsense')).statusCode).toBe(400);
    expect((await req(me, 'GET', '/notifications?limit=51')).statusCode).toBe(400);
  });

  it('carries every SPEC §3 field: sender, community name and picture, link, read flag, date', async () => {
    const [owner, guest] = [await createUser(t.database.db), await createUser(t.database.db)];
    const group = await createGroup(t.database.db, { owner });
    await t.database.sql`UPDATE groups SET group_dp = '/uploads/groupdp/x.jpg' WHERE id = ${group.id}`;
    await t.database.sql`UPDATE users SET profile_image = '/uploads/profile/p.jpg' WHERE id = ${owner.id}`;
    const invite = await req(owner, 'POST', `/api/groups/${group.id}/invite`, { userId: guest.id });
    expect(invite.statusCode).toBe(200);
    const body = (await req(guest, 'GET', '/notifications')).json();
    expect(body.unreadCount).toBe(1);
    expect(body.notifications[0]).toEqual({
      id: invite.json().notificationId,
      user_id: guest.id,
      sender_id: owner.id,
      senderId: owner.id,
      sender_username: owner.username,
      sender_profile_image: '/uploads/profile/p.jpg',
      noti_type: 'group_invite',
      noti_content: `${owner.username} invited you to join ${group.name}`,
      noti_link: `/group/${group.slug}`,
      group_id: group.id,
      group_name: group.name,
      group_image: '/uploads/groupdp/x.jpg',
      discussion_id: null,
      comment_id: null,
      blog_id: null,
      is_read: false,
      date_created: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
  });

  it('searches sender, content, community name and type, in any case, across all pages', async () => {
    const [me, zed, amy] = [
      await createUser(t.database.db, { username: `Zed_${Date.now() % 100000}` }),
      await createUser(t.database.db),
      await createUser(t.database.db),
    ];
    const group = await createGroup(t.database.db, { owner: amy, name: `Knitting Circle ${Date.now() % 100000}` });
    await seed(me, zed, 3);
    await insertNotification(t.database.db, {
      userId: me.id,
      senderId: amy.id,
      notiType: 'new_follower',
      notiContent: 'hello',
      groupId: group.id,
    });
    const search = async (term: string) =>
      (await req(me, 'GET', `/notifications?search=${encodeURIComponent(term)}`))
        .json()
        .notifications.map((n: Notification) => n.noti_content);
    expect(await search(zed.username.toUpperCase())).toEqual(['note 2', 'note 1', 'note 0']);
    expect(await search('NOTE 1')).toEqual(['note 1']);
    expect(await search('knitting')).toEqual(['hello']);
    expect(await search('follower')).toEqual(['hello']);
    expect(await search('%')).toEqual([]);
  });
});

describe('read, delete, clear: own rows only', () => {
  it('marks one read; the count drops once; another user’s id is a 404 and changes nothing', async () => {
    const [me, sender, other] = [await createUser(t.database.db), await createUser(t.database.db), await createUser(t.database.db)];
    const [mine] = await seed(me, sender, 2);
    const [theirs] = await seed(other, sender, 1);
    const res = await req(me, 'PUT', `/notifications/${mine}/read`);
    expect(res.json()).toEqual({ message: NOTIFICATION_MESSAGES.markedRead, unreadCount: 1 });
    expect((await req(me, 'PUT', `/notifications/${mine}/read`)).json().unreadCount).toBe(1);
    const foreign = await req(me, 'PUT', `/notifications/${theirs}/read`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'notification_not_found', message: NOTIFICATION_MESSAGES.notFound });
    expect((await rowsOf(other)).map((n) => n.is_read)).toEqual([false]);
    expect((await req(me, 'PUT', '/notifications/abc/read')).statusCode).toBe(400);
  });

  it('deletes one (the count drops only if it was unread); another user’s is a 404 and stays', async () => {
    const [me, sender, other] = [await createUser(t.database.db), await createUser(t.database.db), await createUser(t.database.db)];
    const [a, b, c] = await seed(me, sender, 3);
    const [theirs] = await seed(other, sender, 1);
    await req(me, 'PUT', `/notifications/${a}/read`);
    expect((await req(me, 'DELETE', `/notifications/${a}`)).json()).toEqual({ message: NOTIFICATION_MESSAGES.deleted, unreadCount: 2 });
    expect((await req(me, 'DELETE', `/notifications/${b}`)).json().unreadCount).toBe(1);
    expect((await req(me, 'DELETE', `/notifications/${b}`)).statusCode).toBe(404);
    expect((await req(me, 'DELETE', `/notifications/${theirs}`)).statusCode).toBe(404);
    expect((await rowsOf(other)).map((n) => n.id)).toEqual([theirs]);
    expect((await rowsOf(me)).map((n) => n.id)).toEqual([c]);
  });

  it('clears all of the caller’s notifications and nobody else’s', async () => {
    const [me, sender, other] = [await createUser(t.database.db), await createUser(t.database.db), await createUser(t.database.db)];
    await seed(me, sender, 3);
    await seed(other, sender, 2);
    expect((await req(me, 'DELETE', '/notifications')).json()).toEqual({ message: NOTIFICATION_MESSAGES.cleared, unreadCount: 0, kept: 0 });
    expect(await rowsOf(me)).toEqual([]);
    expect(await rowsOf(other)).toHaveLength(2);
    expect((await req(me, 'GET', '/notifications')).json()).toEqual({ notifications: [], unreadCount: 0, nextCursor: null });
  });
});

describe('the writer', () => {
  it('never notifies people of their own action', async () => {
    const me = await createUser(t.database.db);
    expect(await notify(t.database.db, { recipientId: me.id, actorId: me.id, type: 'like', content: 'x', link: null })).toBeNull();
    expect(await rowsOf(me)).toEqual([]);
  });

  it('stores a like, comment_like or mention once per sender and object, and fills in the community', async () => {
    const [author, fan, other] = [await createUser(t.database.db), await createUser(t.database.db), await createUser(t.database.db)];
    const group = await createGroup(t.database.db, { owner: author });
    const d1 = await discussion(group, author);
    const d2 = await discussion(group, author);
    const like = (discussionId: number, actorId = fan.id) =>
      notify(t.database.db, { recipientId: author.id, actorId, type: 'like', content: 'liked', link: null, discussionId });
    const first = await like(d1);
    expect(await like(d1)).toBe(first);
    expect(await like(d2)).not.toBe(first);
    expect(await like(d1, other.id)).not.toBe(first);
    // Comments are content, not reactions: each one notifies.
    await notify(t.database.db, { recipientId: author.id, actorId: fan.id, type: 'comment', content: 'c', link: null, discussionId: d1 });
    await notify(t.database.db, { recipientId: author.id, actorId: fan.id, type: 'comment', content: 'c', link: null, discussionId: d1 });
    const rows = await t.database.sql<{ noti_type: string; group_id: number }[]>`
      SELECT noti_type, group_id FROM notifications WHERE user_id = ${author.id} ORDER BY id`;
    expect(rows.map((r) => r.noti_type)).toEqual(['like', 'like', 'like', 'comment', 'comment']);
    expect(new Set(rows.map((r) => r.group_id))).toEqual(new Set([group.id]));
  });

  it('mentions only people who may read the content: in a private community, members only', async () => {
    const [owner, member, outsider] = [await createUser(t.database.db), await createUser(t.database.db), await createUser(t.database.db)];
    const privateGroup = await createGroup(t.database.db, { owner, isPrivate: true, members: [{ user: member }] });
    const text = `hi @${member.username} @${outsider.username} @${owner.username}`;
    const d = await discussion(privateGroup, member, text);
    const sent = await notifyMentions(t.database.db, {
      text,
      groupId: privateGroup.id,
      groupIsPrivate: true,
      actorId: member.id,
      content: 'mentioned you',
      link: `/groups/${privateGroup.id}/discussions/${d}`,
      discussionId: d,
    });
    expect(sent).toBe(1);
    expect((await rowsOf(owner)).map((n) => [n.noti_type, n.sender_id])).toEqual([['mention', member.id]]);
    expect(await rowsOf(outsider)).toEqual([]);
    expect(await rowsOf(member)).toEqual([]);
    const publicGroup = await createGroup(t.database.db, { owner });
    const d2 = await discussion(publicGroup, member, text);
    await notifyMentions(t.database.db, {
      text,
      groupId: publicGroup.id,
      groupIsPrivate: false,
      actorId: member.id,
      content: 'm',
      link: null,
      discussionId: d2,
    });
    expect((await rowsOf(outsider)).map((n) => n.noti_type)).toEqual(['mention']);
  });

  it('deleting a discussion, comment, blog or community deletes the notifications about it', async () => {
    const [author, fan] = [await createUser(t.database.db), await createUser(t.database.db)];
    const group = await createGroup(t.database.db, { owner: author });
    const d = await discussion(group, author);
    const d2 = await discussion(group, author);
    const [c] = await t.database.db
      .insert(comments)
      .values({ discussionId: d2, userId: author.id, content: 'c' })
      .returning({ id: comments.id });
    const b = await blog(group, author);
    const base = { recipientId: author.id, actorId: fan.id, link: null, content: 'x' } as const;
    await notify(t.database.db, { ...base, type: 'like', discussionId: d });
    await notify(t.database.db, { ...base, type: 'comment_like', commentId: c!.id });
    await notify(t.database.db, { ...base, type: 'like', blogId: b });
    const other = await createGroup(t.database.db, { owner: fan });
    await notify(t.database.db, { ...base, type: 'group_invite', groupId: other.id });
    expect(await rowsOf(author)).toHaveLength(4);
    await t.database.sql`DELETE FROM discussions WHERE id = ${d}`;
    await t.database.sql`DELETE FROM comments WHERE id = ${c!.id}`;
    expect((await rowsOf(author)).map((n) => n.noti_type)).toEqual(['like', 'group_invite']);
    await t.database.sql`DELETE FROM blogs WHERE id = ${b}`;
    await t.database.sql`DELETE FROM groups WHERE id = ${other.id}`;
    expect(await rowsOf(author)).toEqual([]);
  });
});

describe('community notifications go through the writer', () => {
  it('new_follower: once per member and community, even after leaving and joining again', async () => {
    const [owner, user] = [await createUser(t.database.db), await createUser(t.database.db)];
    const group = await createGroup(t.database.db, { owner });
    for (let i = 0; i < 2; i += 1) {
      expect((await req(user, 'POST', `/api/groups/${group.id}/join`)).statusCode).toBe(200);
      expect((await req(user, 'POST', `/api/groups/${group.id}/leave`)).statusCode).toBe(200);
    }
    const body = (await req(owner, 'GET', '/notifications')).json();
    expect(body.notifications).toHaveLength(1);
    expect(body.notifications[0]).toMatchObject({
      noti_type: 'new_follower',
      sender_id: user.id,
      noti_link: `/group/${group.slug}`,
      group_id: group.id,
      group_name: group.name,
    });
  });
});

describe('POST /notifications (a like reported by the client)', () => {
  async function likedPost(opts: { isPrivate?: boolean } = {}) {
    const [author, fan, stranger] = [await createUser(t.database.db), await createUser(t.database.db), await createUser(t.database.db)];
    const group = await createGroup(t.database.db, { owner: author, isPrivate: opts.isPrivate ?? false, members: [{ user: fan }] });
    const d = await discussion(group, author);
    await t.database.db.insert(discussionLikes).values({ discussionId: d, userId: fan.id });
    return { author, fan, stranger, group, d, link: `/groups/${group.id}/discussions/${d}` };
  }

  it('notifies the author once, as sent by the caller whatever the body says', async () => {
    const { author, fan, stranger, group, d, link } = await likedPost();
    const body = { noti_type: 'like', noti_link: link, user_id: stranger.id, sender_id: stranger.id, noti_content: 'forged text' };
    const res = await req(fan, 'POST', '/notifications', body);
    expect(res.statusCode).toBe(200);
    const id = res.json().notificationId;
    expect(id).toEqual(expect.any(Number));
    expect((await req(fan, 'POST', '/api/notifications', body)).json().notificationId).toBe(id);
    const list = (await req(author, 'GET', '/notifications')).json();
    expect(list.notifications).toHaveLength(1);
    expect(list.notifications[0]).toMatchObject({
      id,
      sender_id: fan.id,
      noti_type: 'like',
      noti_content: `${fan.username} liked your post`,
      noti_link: link,
      group_id: group.id,
      discussion_id: d,
    });
    expect(await rowsOf(stranger)).toEqual([]);
  });

  it('writes nothing for a like of one’s own post', async () => {
    const { author, group } = await likedPost();
    const own = await discussion(group, author);
    await t.database.db.insert(discussionLikes).values({ discussionId: own, userId: author.id });
    const res = await req(author, 'POST', '/notifications', { noti_type: 'like', noti_link: `/groups/${group.id}/discussions/${own}` });
    expect(res.json()).toEqual({ message: NOTIFICATION_MESSAGES.recorded, notificationId: null });
    expect(await rowsOf(author)).toEqual([]);
  });

  it('refuses any other type, a link that names nothing, a like the caller has not given, and unreadable content', async () => {
    const { author, fan, stranger, group, d, link } = await likedPost();
    const typed = await req(fan, 'POST', '/notifications', { noti_type: 'comment', noti_link: link });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().message).toBe(NOTIFICATION_MESSAGES.onlyLikes);
    expect(
      (await req(fan, 'POST', '/notifications', { noti_type: 'friend_request', noti_link: `/?profile=${author.id}` })).statusCode,
    ).toBe(400);
    expect((await req(fan, 'POST', '/notifications', { noti_type: 'like', noti_link: `/?profile=${author.id}` })).statusCode).toBe(400);
    expect(
      (await req(fan, 'POST', '/notifications', { noti_type: 'like', noti_link: `/groups/${group.id}/discussions/2000000000` })).statusCode,
    ).toBe(404);
    const otherGroup = await createGroup(t.database.db, { owner: stranger });
    expect(
      (await req(fan, 'POST', '/notifications', { noti_type: 'like', noti_link: `/groups/${otherGroup.id}/discussions/${d}` })).statusCode,
    ).toBe(404);
    const notLiked = await req(stranger, 'POST', '/notifications', { noti_type: 'like', noti_link: link });
    expect(notLiked.statusCode).toBe(403);
    expect(notLiked.json().message).toBe(NOTIFICATION_MESSAGES.notLiked);
    expect(await rowsOf(author)).toEqual([]);

    const secret = await likedPost({ isPrivate: true });
    // A like row left behind by someone who is no longer a member does not let them reach private content.
    await t.database.db.insert(discussionLikes).values({ discussionId: secret.d, userId: stranger.id });
    const outsider = await req(stranger, 'POST', '/notifications', { noti_type: 'like', noti_link: secret.link });
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json().message).toBe(GROUP_MESSAGES.privateContent);
    expect(await rowsOf(secret.author)).toEqual([]);
    expect((await req(secret.fan, 'POST', '/notifications', { noti_type: 'like', noti_link: secret.link })).statusCode).toBe(200);
  });

  it('a like of a blog post: the link is the blog page, by slug or id', async () => {
    const [author, fan] = [await createUser(t.database.db), await createUser(t.database.db)];
    const group = await createGroup(t.database.db, { owner: author });
    const b = await blog(group, author);
    await t.database.db.insert(blogLikes).values({ blogId: b, userId: fan.id });
    const bySlug = await req(fan, 'POST', '/notifications', { noti_type: 'like', noti_link: `/group/${group.slug}/blogs/blogpage/${b}` });
    const byId = await req(fan, 'POST', '/notifications', { noti_type: 'like', noti_link: `/group/${group.id}/blogs/blogpage/${b}` });
    expect(bySlug.statusCode).toBe(200);
    expect(byId.json().notificationId).toBe(bySlug.json().notificationId);
    expect((await req(author, 'GET', '/notifications')).json().notifications).toEqual([
      expect.objectContaining({
        noti_type: 'like',
        sender_id: fan.id,
        blog_id: b,
        group_id: group.id,
        noti_link: `/group/${group.slug}/blogs/blogpage/${b}`,
      }),
    ]);
  });
});
