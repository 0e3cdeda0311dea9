import type { AddressInfo } from 'node:net';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_EVENTS } from '@agora/contract';
import { createUser } from '../test/factories';
import { useTestApp } from '../test/test-app';

const t = useTestApp();
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
