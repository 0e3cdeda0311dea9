import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, LIVE_EVENTS, type NewNotificationPayload, SOCKET_EVENTS } from '@agora/contract';
import { buildApp } from '../app';
import { connect, type Database } from '../db/client';
import type { Config } from '../plugins/config';
import { befriend, createCast, createPost, createUser } from '../test/factories';
import { client, useTestApp } from '../test/test-app';

/**
 * Three Agora nodes in this process on one PostgreSQL database, in the cluster mode DATABASE_URL selects
 * (`postgres`: socket adapter over LISTEN/NOTIFY, rate limits and presence in tables) or REDIS_URL does (`redis`):
 * what one node does is seen by the others only through the shared store. The test files call this suite once per
 * mode; apps/server/src/cluster/processes.test.ts runs real processes behind haproxy.
 */
export function nodesSuite(mode: 'postgres' | 'redis', redisUrl: () => string | undefined = () => undefined): void {
  const asNode = (c: Config, databaseUrl: string, nodeId: string): Config => ({
    ...c,
    cluster: { mode, nodeId, databaseUrl, redisUrl: redisUrl() },
  });
  const t = useTestApp({ configure: (c, url) => asNode(c, url, 'node-a') });
  const nodes: { app: FastifyInstance; database: Database; url: string }[] = [];
  const sockets: Socket[] = [];

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    nodes.push({ app: t.app, database: t.database, url: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}` });
    for (const nodeId of ['node-b', 'node-c']) {
      const database = connect(t.databaseUrl, { max: 5 });
      const app = await buildApp(asNode(t.config, t.databaseUrl, nodeId), database.db, { logger: false });
      await app.listen({ port: 0, host: '127.0.0.1' });
      nodes.push({ app, database, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` });
    }
  });
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    for (const node of nodes.slice(1)) {
      await node.app.close();
      await node.database.close();
    }
  });

  function open(node: number, token: string): Socket & { lists: number[][] } {
    const socket = connectClient(nodes[node]!.url, {
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    }) as Socket & {
      lists: number[][];
    };
    socket.lists = [];
    socket.on(SOCKET_EVENTS.onlineUsers, (ids: number[]) => socket.lists.push([...ids].sort((a, b) => a - b)));
    sockets.push(socket);
    return socket;
  }
  function listWhere(socket: Socket & { lists: number[][] }, test: (ids: number[]) => boolean): Promise<number[]> {
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

  describe(`several nodes on one PostgreSQL (${mode})`, () => {
    it('pushes a like through node A to the author connected to node B within 1 s', async () => {
      const { cast, group } = await createCast(t.database.db);
      const post = await createPost(t, group, cast.author);
      const author = open(1, cast.author.token);
      await new Promise<void>((resolve) => author.once('connect', () => resolve()));
      const pushed = new Promise<{ payload: NewNotificationPayload; at: number }>((resolve) =>
        author.once(SOCKET_EVENTS.newNotification, (payload: NewNotificationPayload) => resolve({ payload, at: Date.now() })),
      );
      const start = Date.now();
      const res = await client(t).post(`/groups/${group.id}/discussions/${post.id}/like`, cast.member);
      expect(res.statusCode, res.body).toBe(200);
      const { payload, at } = await pushed;
      expect(payload.notification.noti_type).toBe('like');
      expect(at - start).toBeLessThan(1000);
    });

    it('delivers a live event and a notification once to each socket, whichever node it is on', async () => {
      // Domain events are broadcast once, by the writing node, through the adapter; a notification is heard by every
      // node from PostgreSQL and pushed by each to its own sockets only. Broadcast by every node, either arrives 3 times.
      const { cast, group } = await createCast(t.database.db);
      const watchers = [open(0, cast.member.token), open(1, cast.member.token), open(2, cast.moderator.token)];
      const counts = watchers.map(() => new Map<string, number>());
      watchers.forEach((socket, i) => socket.onAny((event: string) => counts[i]!.set(event, (counts[i]!.get(event) ?? 0) + 1)));
      for (const socket of watchers) {
        const ack: unknown = await socket.timeout(5000).emitWithAck(LIVE_EVENTS.subscribe, { room: `group:${group.id}` });
        expect(ack).toEqual({ ok: true });
      }
      const author = open(1, cast.author.token);
      let notifications = 0;
      const notified = (n: number) =>
        new Promise<void>((resolve) => {
          const check = () => notifications >= n && (author.off(SOCKET_EVENTS.newNotification, check), resolve());
          author.on(SOCKET_EVENTS.newNotification, check);
          check();
        });
      author.on(SOCKET_EVENTS.newNotification, () => (notifications += 1));
      const twoNotifications = notified(2);
      const post = await createPost(t, group, cast.author, 'Posted through node A');
      const lastEvent = watchers.map(
        (socket) => new Promise<void>((resolve) => socket.once(LIVE_EVENTS.discussionUpdated, () => resolve())),
      );
      expect((await client(t).post(`/groups/${group.id}/discussions/${post.id}/like`, cast.member)).statusCode).toBe(200);
      expect((await client(t).post(`/groups/${group.id}/discussions/${post.id}/like`, cast.moderator)).statusCode).toBe(200);
      const edited = await client(t).put(`/groups/${group.id}/discussions/${post.id}`, cast.author, { content: 'Edited' });
      expect(edited.statusCode, edited.body).toBe(200);
      // Events of one community arrive in the order they were published: once the edit is here, so is the rest.
      await Promise.all(lastEvent);
      for (const seen of counts) {
        expect(seen.get(LIVE_EVENTS.discussionCreated)).toBe(1);
        expect(seen.get(LIVE_EVENTS.likeCount)).toBe(2);
        expect(seen.get(LIVE_EVENTS.discussionUpdated)).toBe(1);
      }
      await twoNotifications;
      // One more push after the two, through the same path: had either come from each node, it would be here too.
      const other = await createPost(t, group, cast.author, 'Another');
      expect((await client(t).post(`/groups/${group.id}/discussions/${other.id}/like`, cast.member)).statusCode).toBe(200);
      await notified(3);
      expect(notifications).toBe(3);
    });

    it('stops one node without disconnecting the sockets of the others', async () => {
      // A rolling restart stops one node at a time: only that node's sockets may drop (their clients reconnect).
      const { cast, group } = await createCast(t.database.db);
      const database = connect(t.databaseUrl, { max: 2 });
      const extra = await buildApp(asNode(t.config, t.databaseUrl, 'node-d'), database.db, { logger: false });
      await extra.listen({ port: 0, host: '127.0.0.1' });
      const onA = open(0, cast.member.token);
      let drops = 0;
      onA.on('disconnect', () => (drops += 1));
      const ack: unknown = await onA.timeout(5000).emitWithAck(LIVE_EVENTS.subscribe, { room: `group:${group.id}` });
      expect(ack).toEqual({ ok: true });
      await extra.close();
      await database.close();
      // A post through node B after node D stopped: its broadcast comes after anything node D sent, in order.
      const heard = new Promise<void>((resolve) => {
        onA.once(LIVE_EVENTS.discussionCreated, () => resolve());
        onA.once('disconnect', () => resolve());
        if (!onA.connected) resolve();
      });
      const res = await nodes[1]!.app.inject({
        method: 'POST',
        url: `/api/groups/${group.id}/discussions`,
        headers: cast.author.auth,
        payload: { content: 'After node D stopped', mediaUrls: [] },
      });
      expect(res.statusCode, res.body).toBe(201);
      await heard;
      expect(drops).toBe(0);
      expect(onA.connected).toBe(true);
    });

    it('shows a friend on node A as online to a friend on node B, and offline once they leave', async () => {
      const [ana, bo] = await Promise.all([createUser(t.database.db), createUser(t.database.db)]);
      await befriend(t.database.db, ana, bo);
      const boSocket = open(1, bo.token);
      await listWhere(boSocket, (ids) => !ids.includes(ana.id));
      const anaSocket = open(0, ana.token);
      expect(await listWhere(boSocket, (ids) => ids.includes(ana.id))).toEqual([ana.id]);
      expect(await listWhere(anaSocket, (ids) => ids.includes(bo.id))).toEqual([bo.id]);
      anaSocket.disconnect();
      expect(await listWhere(boSocket, (ids) => !ids.includes(ana.id))).toEqual([]);
    });

    it('tells a friendship made on node C to the friends connected on nodes A and B', async () => {
      const [ana, bo] = await Promise.all([createUser(t.database.db), createUser(t.database.db)]);
      const anaSocket = open(0, ana.token);
      const boSocket = open(1, bo.token);
      await listWhere(anaSocket, (ids) => ids.length === 0);
      await listWhere(boSocket, (ids) => ids.length === 0);
      // The friendship is written and announced by a third node (as its service does after commit).
      await befriend(t.database.db, ana, bo);
      nodes[2]!.app.ctx.events.emit('friendshipChanged', ana.id, bo.id, true);
      expect(await listWhere(anaSocket, (ids) => ids.includes(bo.id))).toEqual([bo.id]);
      expect(await listWhere(boSocket, (ids) => ids.includes(ana.id))).toEqual([ana.id]);
    });

    it('holds the per-account sign-in limit across nodes: 11 wrong passwords over 3 nodes, the 11th is refused', async () => {
      await createUser(t.database.db, { username: 'spread_target' });
      const login = (node: number, password: string, i: number) =>
        nodes[node]!.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { emailOrUsername: 'spread_target', password },
          remoteAddress: `10.40.0.${i}`,
        });
      for (let i = 0; i < 10; i += 1) expect((await login(i % 3, 'nope', i)).statusCode).toBe(401);
      const refused = await login(10 % 3, 'nope', 10);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'rate_limited', message: AUTH_MESSAGES.tooManyLogins });
    });
  });
}
