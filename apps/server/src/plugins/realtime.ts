import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { SOCKET_EVENTS } from '@agora/contract';
import { ClusterPresence } from '../cluster/presence';
import { PostgresPresenceStore, RedisPresenceStore } from '../cluster/presence-store';
import type { SharedState } from '../cluster/shared';
import type { AppContext } from '../context';
import { clientKey } from '../lib/client-ip';
import { liveSessionIds } from '../modules/auth/auth.queries';
import { findFriendIds } from '../modules/friends/friends.queries';
import { attachLiveRooms } from '../modules/live/live.rooms';
import { toNotification } from '../modules/notifications/notifications.mapper';
import { findNotificationForPush, unreadCountOf } from '../modules/notifications/notifications.queries';
import { staffReportCount } from '../modules/reports/reports.queries';
import { NOTIFICATIONS_CHANNEL, type NotificationSignal, parseNotificationSignal } from '../modules/notifications/notifications.writer';
import { sessionForToken } from './auth';
import { PresenceRegistry, type PresenceUpdate } from './presence';

declare module 'fastify' {
  interface FastifyInstance {
    io: Server;
    presence: PresenceRegistry;
  }
}

type SocketData = {
  /** 0 for a visitor's socket (no token): it follows public rooms only, and has no user, session or presence. */
  userId: number;
  visitor: boolean;
  sessionId: number;
  expiresAt: Date;
  asks: { windowStart: number; count: number };
  /** The socket holds its user's friend set in the presence registry (released once, on disconnect). */
  held: boolean;
  /** The socket counts against its user's and its address's caps (released once, on disconnect). */
  counted: { userId: number | null; ip: string } | null;
};

/** What a client is told when it holds too many sockets (Socket.IO's connect_error: `message`, `data.code`). */
export const SOCKET_LIMIT_MESSAGES = {
  perUser: (n: number) => `Too many open connections for this account (at most ${n}). Close a tab or window and try again.`,
  perIp: (n: number) => `Too many open connections from this address (at most ${n}). Please try again later.`,
} as const;
export const SOCKET_LIMIT_CODE = 'too_many_connections';

/** A socket may ask for the online list (user_online) this many times per window; further asks are ignored. */
export const USER_ONLINE_LIMIT = { count: 3, windowMs: 10_000 } as const;

const userRoom = (userId: number) => `user:${userId}`;

/** How long startup waits for the first LISTEN, and how often a failed one is tried again. */
const LISTEN_FIRST_WAIT_MS = 5_000;
const LISTEN_RETRY_MS = 2_000;

/**
 * Socket.IO on the app's own HTTP server. A socket that presents a token must present a live session token and
 * belongs to that session: logout disconnects the session's sockets at once, and a periodic check disconnects
 * sockets whose session expired or was deleted. The user id is taken from the session, never from what the client
 * says. A socket without a token is a visitor's (docs/decisions/0134-visitors-live-sockets.md): it may follow public
 * rooms only, counts against its address's cap, and never joins a user or session room nor presence.
 *
 * Presence (decision 0089, friends only): a user's sockets receive `online_users`, the ids of their friends who
 * are online, on connect, on asking (user_online), and whenever a friend connects, disconnects, or becomes or
 * stops being a friend. A user with two tabs stays online until both close (plugins/presence.ts).
 *
 * Notifications: the writer queues `pg_notify` in the transaction that writes a notification, so PostgreSQL
 * delivers it on commit, to every app process; this plugin LISTENs and pushes `new_notification` (with the unread
 * count) or `unread_count` to the recipient's sockets, if they have any here. Pushes to one user are sent in the
 * order their signals arrived.
 */
export async function registerRealtime(
  app: FastifyInstance,
  opts: {
    ctx: AppContext;
    corsOrigins: string[];
    sessionCheckMs: number;
    limits: { perUser: number; perIp: number };
    /** Behind a reverse proxy: the client's address is the first of X-Forwarded-For, as Fastify's request.ip. */
    trustProxy: boolean;
    /** Several nodes (issue 17 §2): the adapter that carries broadcasts between them, and where presence lives. */
    shared?: SharedState;
  },
): Promise<void> {
  const { ctx } = opts;
  const io = new Server(app.server, {
    path: '/socket.io/',
    serveClient: false,
    cors: opts.corsOrigins.length > 0 ? { origin: opts.corsOrigins, credentials: true } : undefined,
    maxHttpBufferSize: 16 * 1024,
  });
  if (opts.shared?.adapter) io.adapter(opts.shared.adapter);
  const presence = new PresenceRegistry((userId) => findFriendIds(ctx.db, userId));
  const shared = opts.shared;
  const warn = (message: string, err: string) => app.log.warn({ err, node: shared?.nodeId }, message);
  const cluster =
    !shared || shared.mode === 'local'
      ? null
      : new ClusterPresence(
          io,
          presence,
          shared.redis ? new RedisPresenceStore(shared.redis, shared.nodeId) : new PostgresPresenceStore(ctx.db, shared.nodeId),
          warn,
        );
  // The app starts while the database is down (health answers 503): a failed first beat is retried by the timer.
  await cluster?.start().catch((error: unknown) => warn('presence heartbeat failed', (error as Error).message));
  // Web push goes only to someone with no open tab on any node (modules/push/push.sender.ts).
  ctx.push.isOnline = async (userId) => presence.isOnline(userId) || (cluster ? await cluster.isOnlineAnywhere(userId) : false);
  const dataOf = (socket: Socket) => socket.data as SocketData;
  const send = (updates: PresenceUpdate[]) => {
    for (const update of updates) io.to(userRoom(update.userId)).emit(SOCKET_EVENTS.onlineUsers, update.online);
  };

  // Sockets held per user and per address: one account opened 2,000 websockets, all kept. Checked and counted
  // in one step after the session lookup (no await between), so parallel handshakes cannot all pass.
  const perUser = new Map<number, number>();
  const perIp = new Map<string, number>();
  const bump = <K>(map: Map<K, number>, key: K, by: number) => {
    const n = (map.get(key) ?? 0) + by;
    if (n > 0) map.set(key, n);
    else map.delete(key);
  };
  const release = (data: SocketData) => {
    if (!data.counted) return;
    if (data.counted.userId !== null) bump(perUser, data.counted.userId, -1);
    bump(perIp, data.counted.ip, -1);
    data.counted = null;
  };
  const addressOf = (socket: Socket) => {
    const forwarded = opts.trustProxy ? socket.handshake.headers['x-forwarded-for'] : undefined;
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
    return clientKey(first || socket.handshake.address);
  };
  const refuse = (message: string) => Object.assign(new Error(message), { data: { code: SOCKET_LIMIT_CODE, message } });

  io.use(async (socket, next) => {
    let data: SocketData | undefined;
    try {
      const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
      const ip = addressOf(socket);
      if ((perIp.get(ip) ?? 0) >= opts.limits.perIp) return next(refuse(SOCKET_LIMIT_MESSAGES.perIp(opts.limits.perIp)));
      if (token === undefined) {
        // A visitor (no token at all): public rooms only. A token that is no longer valid is refused below, so a
        // signed-in client learns its session ended instead of silently becoming a visitor.
        bump(perIp, ip, 1);
        socket.data = {
          userId: 0,
          visitor: true,
          sessionId: 0,
          expiresAt: new Date(8.64e15),
          asks: { windowStart: 0, count: 0 },
          held: false,
          counted: { userId: null, ip },
        } satisfies SocketData;
        next();
        const counted = socket.data as SocketData;
        setImmediate(() => {
          if (!socket.connected) release(counted);
        });
        return;
      }
      const session = await sessionForToken(ctx.db, typeof token === 'string' ? token : null);
      if (!session) return next(new Error('unauthorized'));
      const userId = session.user.id;
      if ((perUser.get(userId) ?? 0) >= opts.limits.perUser) return next(refuse(SOCKET_LIMIT_MESSAGES.perUser(opts.limits.perUser)));
      if ((perIp.get(ip) ?? 0) >= opts.limits.perIp) return next(refuse(SOCKET_LIMIT_MESSAGES.perIp(opts.limits.perIp)));
      bump(perUser, userId, 1);
      bump(perIp, ip, 1);
      data = {
        userId,
        visitor: false,
        sessionId: session.sessionId,
        expiresAt: session.expiresAt,
        asks: { windowStart: 0, count: 0 },
        held: false,
        counted: { userId, ip },
      };
      socket.data = data;
      await presence.hold(userId);
      data.held = true;
      next();
      // Socket.IO drops a socket whose client left during the handshake without 'connection' or 'disconnect':
      // give its share (and its presence hold) back.
      const counted = data;
      setImmediate(() => {
        if (socket.connected || !counted.counted) return;
        release(counted);
        if (counted.held) {
          counted.held = false;
          presence.release(userId);
        }
      });
    } catch (error) {
      if (data) release(data);
      next(error as Error);
    }
  });

  // Live updates (issue 17 §1): the rooms pages subscribe to, the home feed, and the events pushed to them.
  const live = attachLiveRooms(io, ctx, app.log);

  /** A visitor's socket: the rooms it subscribes to, nothing else (no home feed, presence or notifications). */
  const onVisitor = (socket: Socket, data: SocketData) => {
    live.onConnection(socket);
    // user_online is for signed-in people: a visitor's is answered with nothing (its acknowledgement only).
    socket.on(SOCKET_EVENTS.userOnline, (...args: unknown[]) => {
      const ack = args.at(-1);
      if (typeof ack === 'function') (ack as () => void)();
    });
    socket.on('disconnect', () => release(data));
  };

  io.on('connection', (socket) => {
    const data = dataOf(socket);
    if (data.visitor) return void onVisitor(socket, data);
    void socket.join([userRoom(data.userId), `session:${data.sessionId}`]);
    live.onConnection(socket);
    const firstHere = !presence.isOnline(data.userId);
    const updates = presence.connect(data.userId);
    const sendOwnList = () => {
      if (!cluster) return void socket.emit(SOCKET_EVENTS.onlineUsers, presence.onlineFriendsOf(data.userId));
      cluster
        .onlineFriendsOf(data.userId)
        .then((list) => {
          cluster.sent(data.userId, list);
          socket.emit(SOCKET_EVENTS.onlineUsers, list);
        })
        .catch((error: unknown) => warn('presence list failed', (error as Error).message));
    };
    if (cluster) {
      cluster
        .connected(data.userId, firstHere)
        .catch((error: unknown) => warn('presence update failed', (error as Error).message))
        .finally(sendOwnList);
    } else {
      send(updates);
      sendOwnList();
    }
    // Presence changes only on connect, disconnect and friendship changes, and those are pushed. A client's
    // user_online is answered to that socket alone and at most USER_ONLINE_LIMIT times per window, so a client
    // repeating it can neither flood other sockets nor keep the server busy.
    socket.on(SOCKET_EVENTS.userOnline, (...args: unknown[]) => {
      const now = Date.now();
      if (now - data.asks.windowStart >= USER_ONLINE_LIMIT.windowMs) data.asks = { windowStart: now, count: 0 };
      if (data.asks.count < USER_ONLINE_LIMIT.count) {
        data.asks.count += 1;
        sendOwnList();
      }
      // A client that asks with an acknowledgement learns the ask was handled (answered or throttled).
      const ack = args.at(-1);
      if (typeof ack === 'function') (ack as () => void)();
    });
    socket.on('disconnect', () => {
      release(data);
      const updates = presence.disconnect(data.userId);
      if (cluster)
        void cluster
          .disconnected(data.userId, !presence.isOnline(data.userId))
          .catch((error: unknown) => warn('presence update failed', (error as Error).message));
      else send(updates);
      if (data.held) {
        data.held = false;
        presence.release(data.userId);
      }
    });
  });

  const offSessionEnded = ctx.events.on('sessionEnded', (sessionId) => io.in(`session:${sessionId}`).disconnectSockets(true));
  const offFriendship = ctx.events.on('friendshipChanged', (a, b, friends) =>
    cluster ? cluster.friendshipChanged(a, b, friends) : send(presence.friendshipChanged(a, b, friends)),
  );

  // Notification pushes, serialised per user so counts never arrive out of order.
  const chains = new Map<number, Promise<void>>();
  const push = async (signal: NotificationSignal) => {
    // Every node hears the signal (LISTEN) and pushes to its own sockets: `local`, or the adapter would send it N times.
    const room = io.local.to(userRoom(signal.u));
    if (signal.r !== undefined) {
      // Only someone who handles the community's reports now hears its count (a signal is sent to its staff at the
      // time of the change; a role taken away since then is checked here).
      const count = await staffReportCount(ctx.db, signal.u, signal.r);
      if (count !== null) room.emit(SOCKET_EVENTS.reportCount, { group_id: signal.r, openCount: count });
      return;
    }
    if (signal.n !== undefined) {
      const { row, unread } = await findNotificationForPush(ctx.db, signal.u, signal.n);
      if (row) return void room.emit(SOCKET_EVENTS.newNotification, { notification: toNotification(row), unreadCount: unread });
      return void room.emit(SOCKET_EVENTS.unreadCount, { unreadCount: unread });
    }
    room.emit(SOCKET_EVENTS.unreadCount, { unreadCount: await unreadCountOf(ctx.db, signal.u) });
  };
  const onSignal = (payload: string) => {
    const signal = parseNotificationSignal(payload);
    if (!signal || !presence.isOnline(signal.u)) return;
    const next = (chains.get(signal.u) ?? Promise.resolve())
      .then(() => push(signal))
      .catch((error: unknown) => app.log.warn({ err: (error as Error).name }, 'notification push failed'));
    chains.set(signal.u, next);
    void next.then(() => {
      if (chains.get(signal.u) === next) chains.delete(signal.u);
    });
  };
  // A dedicated connection (postgres.js opens it beside the pool and listens again after a reconnect). The app
  // must start even when the database is down (health answers 503 until it is back), so a failed first LISTEN is
  // retried in the background instead of failing the start; startup waits for the first attempt only, at most
  // LISTEN_FIRST_WAIT_MS, so pushes work from the first request whenever the database is there.
  let listener: { unlisten: () => Promise<void> } | null = null;
  let closing = false;
  let retryTimer: NodeJS.Timeout | undefined;
  const startListening = (): Promise<void> =>
    ctx.db.$client.listen(NOTIFICATIONS_CHANNEL, onSignal).then(
      (l) => {
        if (closing) void l.unlisten().catch(() => {});
        else listener = l;
      },
      (error: unknown) => {
        if (closing) return;
        app.log.warn({ err: (error as Error).message }, 'notification LISTEN failed; retrying');
        retryTimer = setTimeout(() => void startListening(), LISTEN_RETRY_MS);
        retryTimer.unref();
      },
    );
  let firstWait: NodeJS.Timeout | undefined;
  await Promise.race([startListening(), new Promise<void>((resolve) => (firstWait = setTimeout(resolve, LISTEN_FIRST_WAIT_MS)))]);
  clearTimeout(firstWait);

  /** Disconnects sockets whose session expired or no longer exists (deleted, swept). */
  const checkSessions = async () => {
    const now = Date.now();
    const connected = [...io.of('/').sockets.values()].filter((s) => !dataOf(s).visitor);
    const expired = connected.filter((s) => dataOf(s).expiresAt.getTime() <= now);
    expired.forEach((s) => s.disconnect(true));
    const rest = connected.filter((s) => s.connected);
    if (rest.length === 0) return;
    const live = await liveSessionIds(ctx.db, [...new Set(rest.map((s) => dataOf(s).sessionId))]);
    rest.filter((s) => !live.has(dataOf(s).sessionId)).forEach((s) => s.disconnect(true));
  };
  const timer = setInterval(() => {
    checkSessions().catch((error: unknown) => app.log.warn({ err: (error as Error).name }, 'socket session check failed'));
  }, opts.sessionCheckMs);
  timer.unref();

  app.decorate('io', io);
  app.decorate('presence', presence);
  // Close the sockets, not the HTTP server: Fastify closes that itself.
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await cluster?.stop();
    offSessionEnded();
    offFriendship();
    live.close();
    // This node's sockets only: through a cluster adapter `io.disconnectSockets` reaches every node's.
    io.local.disconnectSockets(true);
    io.engine.close();
    // A cluster adapter holds a connection (LISTEN or a Redis subscription) until it is closed.
    if (opts.shared?.adapter) await io.of('/').adapter.close();
    closing = true;
    clearTimeout(retryTimer);
    await listener?.unlisten().catch(() => {});
  });
}
