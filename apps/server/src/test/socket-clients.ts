import type { AddressInfo } from 'node:net';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, beforeAll } from 'vitest';
import type { TestContext } from './test-app';

/**
 * Real Socket.IO clients against the file's test app: it listens on a free loopback port before the tests, and
 * every socket opened through `open` is disconnected after them (`closeAll` ends them sooner).
 */
export function useSocketClients(t: TestContext) {
  let url = '';
  const sockets: Socket[] = [];
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => sockets.forEach((s) => s.disconnect()));
  return {
    /** A websocket-only client without reconnection, signed in when `token` is given. */
    open(token?: string): Socket {
      const socket = connectClient(url, { auth: token ? { token } : {}, transports: ['websocket'], reconnection: false, forceNew: true });
      sockets.push(socket);
      return socket;
    },
    closeAll(): void {
      sockets.splice(0).forEach((s) => s.disconnect());
    },
  };
}
