import type { AddressInfo } from 'node:net';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_EVENTS } from '@agora/contract';
import { createUser } from '../test/factories';
import { USER_ONLINE_LIMIT } from './realtime';
import { useTestApp } from '../test/test-app';

// Sockets are checked against their sessions every 200 ms here (a minute in production).
const t = useTestApp({ configure: (c) => ({ ...c, socketSessionCheckMs: 200 }) });
let url = '';
const sockets: Socket[] = [];

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => sockets.forEach((s) => s.disconnect()));

function open(token?: string): Socket {
  const socket = connectClient(url, { auth: token ? { token } : {}, transports: ['websocket'], reconnection: false, forceNew: true });
  sockets.push(socket);
  return socket;
}

describe('Socket.IO presence', () => {
  it('refuses a connection without a valid session', async () => {
    const socket = open('not-a-token');
    const error = await new Promise<Error>((resolve) => socket.on('connect_error', resolve));
    expect(error.message).toBe('unauthorized');
  });

  it('announces the ids of online users, taken from the session not the payload', async () => {
    const alice = await createUser(t.database.db);
    const bob = await createUser(t.database.db);
    const a = open(alice.token);
    await new Promise<void>((resolve) => a.on('connect', () => resolve()));
    const b = open(bob.token);
    const seen = await new Promise<number[]>((resolve) => {
      a.on(SOCKET_EVENTS.onlineUsers, (ids: number[]) => {
        if (ids.includes(bob.id)) resolve(ids);
      });
      b.on('connect', () => b.emit(SOCKET_EVENTS.userOnline, 424242));
    });
    expect(seen).toEqual(expect.arrayContaining([alice.id, bob.id]));
    expect(seen).not.toContain(424242);
    const afterLeave = new Promise<number[]>((resolve) =>
      a.on(SOCKET_EVENTS.onlineUsers, (ids: number[]) => !ids.includes(bob.id) && resolve(ids)),
    );
    b.disconnect();
    expect(await afterLeave).toContain(alice.id);
  });

  it('answers user_online to the asking socket only: no broadcast a client can repeat', async () => {
    const alice = await createUser(t.database.db);
    const bob = await createUser(t.database.db);
    const a = open(alice.token);
    const b = open(bob.token);
    await Promise.all([a, b].map((s) => new Promise<void>((resolve) => s.on('connect', () => resolve()))));
    // Let the connect broadcasts settle, then count what Alice receives while Bob asks.
    await new Promise((r) => setTimeout(r, 200));
    let aliceGot = 0;
    a.on(SOCKET_EVENTS.onlineUsers, () => (aliceGot += 1));
    const answer = new Promise<number[]>((resolve) => b.once(SOCKET_EVENTS.onlineUsers, resolve));
    b.emit(SOCKET_EVENTS.userOnline, bob.id);
    expect(await answer).toEqual(expect.arrayContaining([alice.id, bob.id]));
    await new Promise((r) => setTimeout(r, 200));
    expect(aliceGot).toBe(0);
  });
});

function connected(socket: Socket): Promise<void> {
  return new Promise((resolve) => (socket.connected ? resolve() : socket.once('connect', () => resolve())));
}
function disconnected(socket: Socket): Promise<string> {
  return new Promise((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
}

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
    await new Promise((r) => setTimeout(r, 100));
    let answers = 0;
    socket.on(SOCKET_EVENTS.onlineUsers, () => (answers += 1));
    for (let i = 0; i < 20; i += 1) socket.emit(SOCKET_EVENTS.userOnline, user.id);
    // One more ask with an acknowledgement: the server handles a socket's packets in order, so by the time this
    // is acknowledged every answer to the burst has arrived.
    await socket.timeout(5000).emitWithAck(SOCKET_EVENTS.userOnline, user.id);
    expect(answers).toBe(USER_ONLINE_LIMIT.count);
  });
});
