import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import { SOCKET_EVENTS } from '@agora/contract';
import type { Db } from '../db/client';
import { userForToken } from './auth';

declare module 'fastify' {
  interface FastifyInstance {
    io: Server;
  }
}

/**
 * Socket.IO on the app's own HTTP server. A socket must present a live session token; presence counts sockets
 * per user, so a user with two tabs stays online until both close. The user id is taken from the session, never
 * from what the client says.
 */
export async function registerRealtime(app: FastifyInstance, opts: { db: Db; corsOrigins: string[] }): Promise<void> {
  const io = new Server(app.server, {
    path: '/socket.io/',
    serveClient: false,
    cors: opts.corsOrigins.length > 0 ? { origin: opts.corsOrigins, credentials: true } : undefined,
    maxHttpBufferSize: 16 * 1024,
  });
  const sockets = new Map<number, number>();
  const online = () => [...sockets.keys()];

  io.use(async (socket, next) => {
    try {
      const token = (socket.handshake.auth as { token?: unknown })?.token;
      const user = await userForToken(opts.db, typeof token === 'string' ? token : null);
      if (!user) return next(new Error('unauthorized'));
      socket.data.userId = user.id;
      next();
    } catch (error) {
      next(error as Error);
    }
  });

  io.on('connection', (socket) => {
    const userId = socket.data.userId as number;
    sockets.set(userId, (sockets.get(userId) ?? 0) + 1);
    void socket.join(`user:${userId}`);
    const announce = () => io.emit(SOCKET_EVENTS.onlineUsers, online());
    // Presence changes only on connect and disconnect, and those are broadcast. A client's user_online is
    // answered to that socket alone, so a client repeating it cannot make the server flood every socket.
    socket.on(SOCKET_EVENTS.userOnline, () => socket.emit(SOCKET_EVENTS.onlineUsers, online()));
    announce();
    socket.on('disconnect', () => {
      const left = (sockets.get(userId) ?? 1) - 1;
      if (left <= 0) sockets.delete(userId);
      else sockets.set(userId, left);
      announce();
    });
  });

  app.decorate('io', io);
  // Close the sockets, not the HTTP server: Fastify closes that itself.
  app.addHook('preClose', async () => {
    io.disconnectSockets(true);
    io.engine.close();
  });
}
