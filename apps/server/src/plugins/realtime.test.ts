import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { type NewNotificationPayload, SOCKET_EVENTS, type UnreadCountPayload } from '@agora/contract';
import { notify } from '../modules/notifications/notifications.writer';
import { befriend, createUser } from '../test/factories';
import { USER_ONLINE_LIMIT } from './realtime';
import { useSocketClients } from '../test/socket-clients';
import { useTestApp } from '../test/test-app';

// Sockets are checked against their sessions every 200 ms here (a minute in production).
const t = useTestApp({ rateLimit: false, configure: (c) => ({ ...c, socketSessionCheckMs: 200 }) });
const clients = useSocketClients(t);

/**
 * A client socket that records every online_users list it receives from the moment it is created (so no list
 * can arrive before a test starts listening).
 */
type Client = Socket & { lists: number[][] };
function open(token?: string): Client {
  const socket = clients.open(token) as Client;
  socket.lists = [];
  socket.on(SOCKET_EVENTS.onlineUsers, (ids: number[]) => socket.lists.push([...ids].sort((a, b) => a - b)));
  return socket;
}

function connected(socket: Socket): Promise<void> {
  return new Promise((resolve) => (socket.connected ? resolve() : socket.once('connect', () => resolve())));
}
function disconnected(socket: Socket): Promise<string> {
  return new Promise((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
}
/** The next online_users list that satisfies `test` (the last one received counts too). */
function listWhere(socket: Client, test: (ids: number[]) => boolean): Promise<number[]> {
  const last = socket.lists.at(-1);
  if (last && test(last)) return Promise.resolve(last);
  return new Promise((resolve) => {
    const handler = (ids: number[]) => {
      if (!test(ids)) return;
      socket.off(SOCKET_EVENTS.onlineUsers, handler);
      resolve(ids);
    };
    socket.on(SOCKET_EVENTS.onlineUsers, handler);
  });
}
/**
 * Everything the server sent this socket before now has arrived: the server handles a socket's packets in order
 * and answers an acknowledged user_online after any earlier emit to it.
 */
async function settled(socket: Socket): Promise<void> {
  await socket.timeout(5000).emitWithAck(SOCKET_EVENTS.userOnline, 0);
}

describe('presence: friends only', () => {
  it('refuses a connection without a valid session', async () => {
    const socket = open('not-a-token');
    const error = await new Promise<Error>((resolve) => socket.on('connect_error', resolve));
    expect(error.message).toBe('unauthorized');
  });

  it('tells friends, and only friends, who is online; the user id comes from the session', async () => {
    const [alice, bob, carol] = [await createUser(t.database.db), await createUser(t.database.db), await createUser(t.database.db)];
    await befriend(t.database.db, alice, bob);
    const a = open(alice.token);
    const c = open(carol.token);
    await Promise.all([connected(a), connected(c)]);
    expect(await listWhere(a, () => true)).toEqual([]);
    const b = open(bob.token);
    await connected(b);
    b.emit(SOCKET_EVENTS.userOnline, carol.id);
    expect(await listWhere(a, (ids) => ids.includes(bob.id))).toEqual([bob.id]);
    expect(await listWhere(b, (ids) => ids.includes(alice.id))).toEqual([alice.id]);
    await Promise.all([a, b, c].map(settled));
    // Carol is nobody's friend: she hears of nobody, and nobody hears of her.
    expect(c.lists.flat()).toEqual([]);
    expect([...a.lists, ...b.lists].flat()).not.toContain(carol.id);
    b.disconnect();
    expect(await listWhere(a, (ids) => !ids.includes(bob.id))).toEqual([]);
  });

  it('counts tabs and devices: online until the last connection closes', async () => {
    const [alice, bob] = [await createUser(t.database.db), await createUser(t.database.db)];
    await befriend(t.database.db, bob, alice);
    const a = open(alice.token);
    const tab1 = open(bob.token);
    const tab2 = open(bob.token);
    await Promise.all([a, tab1, tab2].map(connected));
    await listWhere(a, (ids) => ids.includes(bob.id));
    tab1.disconnect();
    await settled(tab2);
    await settled(a);
    const askAgain = new Promise<number[]>((resolve) => a.once(SOCKET_EVENTS.onlineUsers, resolve));
    a.emit(SOCKET_EVENTS.userOnline);
    expect(await askAgain).toEqual([bob.id]);
    expect(a.lists.every((ids) => ids.includes(bob.id) || ids.length === 0)).toBe(true);
    const before = a.lists.length;
    tab2.disconnect();
    expect(await listWhere(a, (ids) => !ids.includes(bob.id))).toEqual([]);
    expect(a.lists.length).toBe(before + 1);
  });

  it('updates both sides when two online users become friends or stop being friends', async () => {
    const [alice, bob] = [await createUser(t.database.db), await createUser(t.database.db)];
    const a = open(alice.token);
    const b = open(bob.token);
    await Promise.all([a, b].map(connected));
    await Promise.all([a, b].map(settled));
    expect([...a.lists, ...b.lists].flat()).toEqual([]);
    const request = await t.app.inject({ method: 'POST', url: '/friends/request', headers: alice.auth, payload: { addressee_id: bob.id } });
    expect(request.statusCode).toBe(200);
    await settled(a);
    expect(a.lists.flat()).toEqual([]); // a request is not a friendship
    const accept = await t.app.inject({ method: 'POST', url: '/friends/accept', headers: bob.auth, payload: { requester_id: alice.id } });
    expect(accept.statusCode).toBe(200);
    expect(await listWhere(a, (ids) => ids.includes(bob.id))).toEqual([bob.id]);
    expect(await listWhere(b, (ids) => ids.includes(alice.id))).toEqual([alice.id]);
    const unfriend = await t.app.inject({
      method: 'POST',
      url: '/friends/unfriend',
      headers: bob.auth,
      payload: { other_user_id: alice.id },
    });
    expect(unfriend.statusCode).toBe(200);
    expect(await listWhere(a, (ids) => !ids.includes(bob.id))).toEqual([]);
    expect(await listWhere(b, (ids) => !ids.includes(alice.id))).toEqual([]);
  });

  it('answers user_online to the asking socket only: no broadcast a client can repeat', async () => {
    const [alice, bob] = [await createUser(t.database.db), await createUser(t.database.db)];
    await befriend(t.database.db, alice, bob);
    const a = open(alice.token);
    const b = open(bob.token);
    await Promise.all([a, b].map(connected));
    await listWhere(a, (ids) => ids.includes(bob.id));
    await Promise.all([a, b].map(settled));
    const aliceHad = a.lists.length;
    const answer = new Promise<number[]>((resolve) => b.once(SOCKET_EVENTS.onlineUsers, resolve));
    b.emit(SOCKET_EVENTS.userOnline, bob.id);
    expect(await answer).toEqual([alice.id]);
    await settled(a);
    // Exactly one more list: the answer to Alice's own acknowledged ask, nothing from Bob's.
    expect(a.lists.length).toBe(aliceHad + 1);
  });
});

describe('notifications pushed after commit', () => {
  it('pushes a new notification with the unread count to every tab of the recipient within a second', async () => {
    const [alice, bob] = [await createUser(t.database.db), await createUser(t.database.db)];
    const tab1 = open(bob.token);
    const tab2 = open(bob.token);
    const other = open(alice.token);
    await Promise.all([tab1, tab2, other].map(connected));
    const pushed = [tab1, tab2].map(
      (tab) =>
        new Promise<{ payload: NewNotificationPayload; at: number }>((resolve) =>
          tab.once(SOCKET_EVENTS.newNotification, (payload: NewNotificationPayload) => resolve({ payload, at: Date.now() })),
        ),
    );
    let aliceGot = 0;
    other.on(SOCKET_EVENTS.newNotification, () => (aliceGot += 1));
    const response = await t.app.inject({
      method: 'POST',
      url: '/friends/request',
      headers: alice.auth,
      payload: { addressee_id: bob.id },
    });
    const answeredAt = Date.now();
    expect(response.statusCode).toBe(200);
    for (const { payload, at } of await Promise.all(pushed)) {
      expect(at - answeredAt).toBeLessThan(1000);
      expect(payload.unreadCount).toBe(1);
      expect(payload.notification).toMatchObject({
        user_id: bob.id,
        sender_id: alice.id,
        sender_username: alice.username,
        noti_type: 'friend_request',
        noti_link: `/?profile=${alice.id}`,
        is_read: false,
      });
    }
    await settled(other);
    expect(aliceGot).toBe(0);
  });

  it('pushes the unread count to the other tabs when one marks a notification read', async () => {
    const [alice, bob] = [await createUser(t.database.db), await createUser(t.database.db)];
    const tab = open(bob.token);
    await connected(tab);
    const first = new Promise<NewNotificationPayload>((resolve) => tab.once(SOCKET_EVENTS.newNotification, resolve));
    await t.app.inject({ method: 'POST', url: '/friends/request', headers: alice.auth, payload: { addressee_id: bob.id } });
    const { notification } = await first;
    const count = new Promise<UnreadCountPayload>((resolve) => tab.once(SOCKET_EVENTS.unreadCount, resolve));
    const read = await t.app.inject({ method: 'PUT', url: `/notifications/${notification.id}/read`, headers: bob.auth });
    expect(read.json()).toMatchObject({ unreadCount: 0 });
    expect(await count).toEqual({ unreadCount: 0 });
  });

  it('pushes nothing before the transaction commits, and nothing for one rolled back', async () => {
    const [alice, bob] = [await createUser(t.database.db), await createUser(t.database.db)];
    const tab = open(bob.token);
    await connected(tab);
    const received: NewNotificationPayload[] = [];
    tab.on(SOCKET_EVENTS.newNotification, (payload: NewNotificationPayload) => received.push(payload));
    const base = { recipientId: bob.id, actorId: alice.id, type: 'comment' as const, link: null };
    await t.database.db
      .transaction(async (tx) => {
        await notify(tx, { ...base, content: 'rolled back' });
        throw new Error('roll back');
      })
      .catch(() => {});
    let releaseCommit = () => {};
    const committing = t.database.db.transaction(async (tx) => {
      await notify(tx, { ...base, content: 'committed' });
      await new Promise<void>((resolve) => (releaseCommit = resolve));
    });
    // While the transaction is open, the notification exists nowhere but in it: nothing may be pushed yet.
    await new Promise((r) => setTimeout(r, 300));
    await settled(tab);
    expect(received).toEqual([]);
    const arrived = new Promise<NewNotificationPayload>((resolve) => tab.once(SOCKET_EVENTS.newNotification, resolve));
    releaseCommit();
    await committing;
    expect((await arrived).notification.noti_content).toBe('committed');
    await settled(tab);
    expect(received.map((p) => p.notification.noti_content)).toEqual(['committed']);
  });
});

describe('sockets follow their session', () => {
  it('disconnects the session’s sockets at logout, and only that session’s', async () => {
    const user = await createUser(t.database.db);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { emailOrUsername: user.username, password: 'correct-horse-9' },
    });
    const otherToken = login.json().token as string;
    const tab1 = open(user.token);
    const tab2 = open(user.token);
    const otherDevice = open(otherToken);
    await Promise.all([tab1, tab2, otherDevice].map(connected));
    const gone = Promise.all([disconnected(tab1), disconnected(tab2)]);
    expect((await t.app.inject({ method: 'POST', url: '/auth/logout', headers: user.auth })).statusCode).toBe(200);
    expect(await gone).toEqual(['io server disconnect', 'io server disconnect']);
    expect(otherDevice.connected).toBe(true);
    // The revoked token cannot come back.
    const again = open(user.token);
    expect((await new Promise<Error>((resolve) => again.on('connect_error', resolve))).message).toBe('unauthorized');
  });

  it('tells friends the user went offline when a logout closes their last socket', async () => {
    const [alice, bob] = [await createUser(t.database.db), await createUser(t.database.db)];
    await befriend(t.database.db, alice, bob);
    const a = open(alice.token);
    const b = open(bob.token);
    await Promise.all([a, b].map(connected));
    await listWhere(a, (ids) => ids.includes(bob.id));
    expect((await t.app.inject({ method: 'POST', url: '/auth/logout', headers: bob.auth })).statusCode).toBe(200);
    expect(await listWhere(a, (ids) => !ids.includes(bob.id))).toEqual([]);
  });

  it('disconnects a socket when its session expires', async () => {
    const user = await createUser(t.database.db);
    const socket = open(user.token);
    await connected(socket);
    const gone = disconnected(socket);
    await t.database.sql`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = ${user.id}`;
    expect(await gone).toBe('io server disconnect');
  });

  it('answers user_online at most a few times per window per socket', async () => {
    const user = await createUser(t.database.db);
    const socket = open(user.token);
    await connected(socket);
    await settled(socket);
    let answers = 0;
    socket.on(SOCKET_EVENTS.onlineUsers, () => (answers += 1));
    for (let i = 0; i < 20; i += 1) socket.emit(SOCKET_EVENTS.userOnline, user.id);
    // One more ask with an acknowledgement: the server handles a socket's packets in order, so by the time this
    // is acknowledged every answer to the burst has arrived.
    await socket.timeout(5000).emitWithAck(SOCKET_EVENTS.userOnline, user.id);
    // settled() spent one ask of the window; the burst gets the rest, the acknowledged ask none.
    expect(answers).toBe(USER_ONLINE_LIMIT.count - 1);
  });
});
