import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { createUser } from '../test/factories';
import { useSocketClients } from '../test/socket-clients';
import { useTestApp } from '../test/test-app';
import { SOCKET_LIMIT_CODE } from './realtime';

// The production per-user cap (10); a per-address cap of 15 so two users on one address reach it.
const t = useTestApp({ rateLimit: false, configure: (c) => ({ ...c, socketLimits: { perUser: 10, perIp: 15 } }) });
const clients = useSocketClients(t);

const open = (token: string): Socket => clients.open(token);

/** Resolves with null once connected, or with the refusal. */
function outcome(socket: Socket): Promise<null | (Error & { data?: { code?: string; message?: string } })> {
  return new Promise((resolve) => {
    socket.once('connect', () => resolve(null));
    socket.once('connect_error', (error) => resolve(error));
  });
}

describe('sockets per user and per address', () => {
  it('refuses the 11th socket of one user with a clear error, and takes one again after a socket closes', async () => {
    const user = await createUser(t.database.db);
    const first = Array.from({ length: 10 }, () => open(user.token));
    expect(await Promise.all(first.map(outcome))).toEqual(Array(10).fill(null));
    const eleventh = await outcome(open(user.token));
    expect(eleventh?.message).toBe('Too many open connections for this account (at most 10). Close a tab or window and try again.');
    expect(eleventh?.data).toMatchObject({ code: SOCKET_LIMIT_CODE });
    first[0]!.disconnect();
    await new Promise((r) => setTimeout(r, 100));
    expect(await outcome(open(user.token))).toBe(null);
    clients.closeAll();
    await new Promise((r) => setTimeout(r, 100));
  });

  it('counts parallel handshakes: 30 at once from one user leave exactly 10 connected', async () => {
    const user = await createUser(t.database.db);
    const results = await Promise.all(Array.from({ length: 30 }, () => outcome(open(user.token))));
    expect(results.filter((r) => r === null)).toHaveLength(10);
    clients.closeAll();
    await new Promise((r) => setTimeout(r, 100));
  });

  it('refuses sockets beyond the per-address cap, whoever they belong to', async () => {
    const [a, b] = [await createUser(t.database.db), await createUser(t.database.db)];
    const fromA = Array.from({ length: 10 }, () => open(a.token));
    expect(await Promise.all(fromA.map(outcome))).toEqual(Array(10).fill(null));
    const fromB = Array.from({ length: 5 }, () => open(b.token));
    expect(await Promise.all(fromB.map(outcome))).toEqual(Array(5).fill(null));
    const refused = await outcome(open(b.token));
    expect(refused?.message).toBe('Too many open connections from this address (at most 15). Please try again later.');
    clients.closeAll();
    await new Promise((r) => setTimeout(r, 100));
  });

  it('counts visitors’ sockets (no token) against the per-address cap, and gives their share back on close', async () => {
    const user = await createUser(t.database.db);
    const visitors = Array.from({ length: 12 }, () => clients.open());
    expect(await Promise.all(visitors.map(outcome))).toEqual(Array(12).fill(null));
    const fromUser = Array.from({ length: 3 }, () => open(user.token));
    expect(await Promise.all(fromUser.map(outcome))).toEqual(Array(3).fill(null));
    const perIp = 'Too many open connections from this address (at most 15). Please try again later.';
    const refusedVisitor = await outcome(clients.open());
    expect(refusedVisitor?.message).toBe(perIp);
    expect(refusedVisitor?.data).toMatchObject({ code: SOCKET_LIMIT_CODE });
    expect((await outcome(open(user.token)))?.message).toBe(perIp);
    visitors[0]!.disconnect();
    await new Promise((r) => setTimeout(r, 100));
    expect(await outcome(clients.open())).toBe(null);
    clients.closeAll();
    await new Promise((r) => setTimeout(r, 100));
  });

  it('counts parallel visitor handshakes: 30 at once leave exactly 15 connected', async () => {
    const results = await Promise.all(Array.from({ length: 30 }, () => outcome(clients.open())));
    expect(results.filter((r) => r === null)).toHaveLength(15);
    clients.closeAll();
    await new Promise((r) => setTimeout(r, 100));
  });
});
