import { describe, expect, it } from 'vitest';
import { type NewNotificationPayload, NOTIFICATION_MESSAGES, SOCKET_EVENTS } from '@agora/contract';
import { createComment, createGroup, createPost, createUser, invite, type TestUser } from '../../test/factories';
import { useSocketClients } from '../../test/socket-clients';
import { useTestApp } from '../../test/test-app';
import { insertNotification } from './notifications.writer';

/** Issue 12 §1.9 (who may still receive a community's activity) and §2.1 (clear keeps what needs an answer). */

const t = useTestApp({ rateLimit: false });
const clients = useSocketClients(t);

const req = (user: TestUser | null, method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: user?.auth ?? {}, ...(payload ? { payload } : {}) });

async function typesOf(user: TestUser): Promise<string[]> {
  const rows = await t.database.sql<{ noti_type: string }[]>`SELECT noti_type FROM notifications WHERE user_id = ${user.id} ORDER BY id`;
  return rows.map((r) => r.noti_type);
}

describe('§1.9 the writer skips recipients who may no longer read the object', () => {
  async function setup(isPrivate: boolean) {
    const owner = await createUser(t.database.db);
    const former = await createUser(t.database.db);
    const other = await createUser(t.database.db);
    const group = await createGroup(t.database.db, { owner, isPrivate, members: [{ user: former }, { user: other }] });
    const post = await createPost(t, group, owner, 'A post');
    const comment = await createComment(t, post, former, 'My comment');
    await t.database.sql`DELETE FROM notifications`;
    return { owner, former, other, group, discussionId: post.id, commentId: comment.id };
  }

  it('a kicked member of a private community gets no reply, like or mention notification', async () => {
    const { owner, former, other, group, discussionId, commentId } = await setup(true);
    expect((await req(owner, 'POST', `/api/groups/${group.id}/kick`, { memberId: former.id })).statusCode).toBe(200);
    await t.database.sql`DELETE FROM notifications`;
    const base = `/groups/${group.id}/discussions/${discussionId}/comments`;
    expect((await req(other, 'POST', base, { content: `Reply to @${former.username}`, parentCommentId: commentId })).statusCode).toBe(201);
    expect((await req(other, 'POST', `${base}/${commentId}/like`)).statusCode).toBe(200);
    expect(await typesOf(former)).toEqual([]);
  });

  it('pushes nothing over the socket to the kicked member (the next push they get is a friend request)', async () => {
    const { owner, former, other, group, discussionId, commentId } = await setup(true);
    await req(owner, 'POST', `/api/groups/${group.id}/kick`, { memberId: former.id });
    const socket = clients.open(former.token);
    const pushed: string[] = [];
    socket.on(SOCKET_EVENTS.newNotification, (p: NewNotificationPayload) => pushed.push(p.notification.noti_type));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const base = `/groups/${group.id}/discussions/${discussionId}/comments`;
    await req(other, 'POST', base, { content: 'A reply', parentCommentId: commentId });
    await req(other, 'POST', `${base}/${commentId}/like`);
    // Pushes go out in commit order: once the friend request arrives, any earlier push would have too.
    const control = new Promise<void>((resolve) => socket.on(SOCKET_EVENTS.newNotification, () => resolve()));
    await req(other, 'POST', '/friends/request', { addressee_id: former.id });
    await control;
    expect(pushed).toEqual(['friend_request']);
  });

  it('a member still in the community, and anyone in a public one, is notified as before', async () => {
    for (const isPrivate of [true, false]) {
      const { owner, former, other, group, discussionId, commentId } = await setup(isPrivate);
      if (!isPrivate) await req(owner, 'POST', `/api/groups/${group.id}/kick`, { memberId: former.id });
      await t.database.sql`DELETE FROM notifications`;
      const base = `/groups/${group.id}/discussions/${discussionId}/comments`;
      await req(other, 'POST', base, { content: 'A reply', parentCommentId: commentId });
      await req(other, 'POST', `${base}/${commentId}/like`);
      expect(await typesOf(former), isPrivate ? 'private member' : 'public, kicked').toEqual(['comment_reply', 'comment_like']);
    }
  });
});

describe('§2.1 clearing keeps what still needs an answer', () => {
  it('keeps pending friend requests and community invitations, deletes the rest, and says how many it kept', async () => {
    const me = await createUser(t.database.db);
    const friend = await createUser(t.database.db);
    const owner = await createUser(t.database.db);
    const group = await createGroup(t.database.db, { owner, isPrivate: true });
    expect((await req(friend, 'POST', '/friends/request', { addressee_id: me.id })).statusCode).toBeLessThan(300);
    await invite(t, group, owner, me);
    await insertNotification(t.database.db, { userId: me.id, senderId: owner.id, notiType: 'comment', notiContent: 'old' });
    await insertNotification(t.database.db, { userId: me.id, senderId: owner.id, notiType: 'like', notiContent: 'old', isRead: true });
    expect(await typesOf(me)).toEqual(['friend_request', 'group_invite', 'comment', 'like']);

    const clear = await req(me, 'DELETE', '/notifications');
    expect(clear.statusCode).toBe(200);
    expect(clear.json()).toEqual({ message: NOTIFICATION_MESSAGES.cleared, unreadCount: 2, kept: 2 });
    expect(await typesOf(me)).toEqual(['friend_request', 'group_invite']);
    // Both can still be answered.
    const invitation = (await req(me, 'GET', '/notifications'))
      .json()
      .notifications.find((n: { noti_type: string }) => n.noti_type === 'group_invite');
    expect((await req(me, 'POST', '/groups/respond-invite', { notificationId: invitation.id, accept: true })).statusCode).toBe(200);
    expect((await req(me, 'POST', '/friends/accept', { requester_id: friend.id })).statusCode).toBeLessThan(300);
  });

  it('a friend request no longer pending (answered elsewhere) is not kept', async () => {
    const me = await createUser(t.database.db);
    const stranger = await createUser(t.database.db);
    // A friend_request notification without a pending request behind it (e.g. written by an older version).
    await insertNotification(t.database.db, { userId: me.id, senderId: stranger.id, notiType: 'friend_request', notiContent: 'x' });
    expect((await req(me, 'DELETE', '/notifications')).json()).toEqual({ message: NOTIFICATION_MESSAGES.cleared, unreadCount: 0, kept: 0 });
    expect(await typesOf(me)).toEqual([]);
  });
});
