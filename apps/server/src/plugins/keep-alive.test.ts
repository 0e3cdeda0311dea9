import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app';

// The production connection limits (connections.test.ts shortens them for its slow clients). A cap on requests
// per connection made Node answer 503 to clients that send the next request before reading `Connection: close`
// (autocannon: 65–347 per 50,000 health checks); a response body is followed directly by the next status line.
const t = useTestApp();
let port = 0;
beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.app.server.closeAllConnections());

describe('long keep-alive connections', () => {
  it('carries 1,100 requests one after another on one connection, all 200 (no per-connection cap, no 503)', async () => {
    const count = 1100;
    const socket = net.connect(port, '127.0.0.1');
    let response = '';
    let closed = false;
    const answered = () => (response.match(/HTTP\/1\.1 \d{3}/g) ?? []).length;
    let waiting: (() => void) | null = null;
    socket.on('data', (d) => {
      response += d.toString('latin1');
      waiting?.();
    });
    socket.on('close', () => {
      closed = true;
      waiting?.();
    });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    for (let sent = 1; sent <= count && !closed; sent += 1) {
      socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
      while (answered() < sent && !closed) await new Promise<void>((resolve) => (waiting = resolve));
    }
    socket.destroy();
    const statuses = response.match(/HTTP\/1\.1 \d{3}/g) ?? [];
    expect(statuses.filter((s) => s !== 'HTTP/1.1 200')).toEqual([]);
    expect(statuses).toHaveLength(count);
    expect(response).not.toMatch(/connection: close/i);
  }, 60_000);
});
