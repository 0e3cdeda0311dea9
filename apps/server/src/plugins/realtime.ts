import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { SOCKET_EVENTS } from '@agora/contract';
import type { AppContext } from '../context';
import { liveSessionIds } from '../modules/auth/auth.queries';
import { sessionForToken } from './auth';

declare module 'fastify' {
  interface FastifyInstance {
    io: Server;
  }
}

type SocketData = { userId: number; sessionId: number; expiresAt: Date; asks: { windowStart: number; count: number } };

/** A socket may ask for the online list (user_online) this many times per window; further asks are ignored. */
export const USER_ONLINE_LIMIT = { count: 3, windowMs: 10_000 } as const;

/**
 * Socket.IO on the app's own HTTP server. A socket must present a live session token and belongs to that
 * session: logout disconnects the session's sockets at once, and a periodic check disconnects sockets whose
 * session expired or was deleted. Presence counts sockets per user, so a user with two tabs stays online until
 * both close. The user id is taken from the session, never from what the client says.
 */
export async function registerRealtime(
  app: FastifyInstance,
  opts: { ctx: AppContext; corsOrigins: string[]; sessionCheckMs: number },
): Promise<void> {
  const { ctx } = opts;
  const io = new Server(app.server, {
    path: '/socket.io/',
    serveClient: false,
    cors: opts.corsOrigins.length > 0 ? { origin: opts.corsOrigins, credentials: true } : undefined,
    maxHttpBufferSize: 16 * 1024,
  });
  const sockets = new Map<number, number>();
  const online = () => [...sockets.keys()];
  const dataOf = (socket: Socket) => socket.data as SocketData;

  io.use(async (socket, next) => {
    try {
      const token = (socket.handshake.auth as { token?: unknown })?.token;
      const session = await sessionForToken(ctx.db, typeof token === 'string' ? token : null);
      if (!session) return next(new Error('unauthorized'));
      const data: SocketData = {
        userId: session.user.id,
        sessionId: session.sessionId,
        expiresAt: session.expiresAt,
        asks: { windowStart: 0, count: 0 },
      };
      socket.data = data;
      next();
    } catch (error) {
      next(error as Error);
    }
  });

  io.on('connection', (socket) => {
    const data = dataOf(socket);
    sockets.set(data.userId, (sockets.get(data.userId) ?? 0) + 1);
    void socket.join([`user:${data.userId}`, `session:${data.sessionId}`]);
    const announce = () => io.emit(SOCKET_EVENTS.onlineUsers, online());
    // Presence changes only on connect and disconnect, and those are broadcast. A client's user_online is
    // answered to that socket alone and at most USER_ONLINE_LIMIT times per window, so a client repeating it
    // can neither flood other sockets nor keep the server busy.
    socket.on(SOCKET_EVENTS.userOnline, (...args: unknown[]) => {
      const now = Date.now();
      if (now - data.asks.windowStart >= USER_ONLINE_LIMIT.windowMs) data.asks = { windowStart: now, count: 0 };
      if (data.asks.count < USER_ONLINE_LIMIT.count) {
        data.asks.count += 1;
        socket.emit(SOCKET_EVENTS.onlineUsers, online());
      }
      // A client that asks with an acknowledgement learns the ask was handled (answered or throttled).
      const ack = args.at(-1);
      if (typeof ack === 'function') (ack as () => void)();
    });
    announce();
    socket.on('disconnect', () => {
      const left = (sockets.get(data.userId) ?? 1) - 1;
      if (left <= 0) sockets.delete(data.userId);
      else sockets.set(data.userId, left);
      announce();
    });
  });

  const offSessionEnded = ctx.events.on('sessionEnded', (sessionId) => io.in(`session:${sessionId}`).disconnectSockets(true));

  /** Disconnects sockets whose session expired or no longer exists (deleted, swept). */
  const checkSessions = async () => {
    const now = Date.now();
    const connected = [...io.of('/').sockets.values()];
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
  // Close the sockets, not the HTTP server: Fastify closes that itself.
  app.addHook('preClose', async () => {
    clearInterval(timer);
    offSessionEnded();
    io.disconnectSockets(true);
    io.engine.close();
  });
}
