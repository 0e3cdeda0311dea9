import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app';

// Short limits so slow clients are cut within the test's bounded loops (production: 120 s, 15 s, 10,000).
const t = useTestApp({
  configure: (c) => ({
    ...c,
    http: { ...c.http, requestTimeoutMs: 1000, headersTimeoutMs: 800, checkIntervalMs: 100, maxConnections: 3 },
  }),
});
let port = 0;
beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.app.server.closeAllConnections());

type Outcome = { response: string; closed: boolean; sentBytes: number };

/** Opens a connection, writes `head`, then trickles `trickle` one byte every 200 ms (at most 50 bytes, 10 s). */
async function trickle(head: string, body: string): Promise<Outcome> {
  const socket = net.connect(port, '127.0.0.1');
  let response = '';
  let closed = false;
  socket.on('data', (d) => (response += d.toString('latin1')));
  const done = new Promise<void>((resolve) => {
    socket.on('close', () => ((closed = true), resolve()));
    socket.on('error', () => ((closed = true), resolve()));
  });
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write(head);
  let sentBytes = 0;
  for (const ch of body.slice(0, 50)) {
    if (closed || response) break;
    await new Promise((r) => setTimeout(r, 200));
    if (closed) break;
    socket.write(ch);
    sentBytes += 1;
  }
  await Promise.race([done, new Promise((r) => setTimeout(r, 2000))]);
  socket.destroy();
  return { response, closed, sentBytes };
}

describe('slow clients', () => {
  it('cuts a body trickled byte by byte at the request timeout', async () => {
    const body = JSON.stringify({ emailOrUsername: 'x'.repeat(60), password: 'y' });
    const head = `POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const outcome = await trickle(head, body);
    expect(outcome.response.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
    expect(outcome.closed).toBe(true);
    expect(outcome.sentBytes).toBeLessThan(50);
  });

  it('cuts headers trickled byte by byte at the header timeout', async () => {
    const outcome = await trickle('GET /api/health HTTP/1.1\r\nHost: x\r\n', 'X-Slow: ' + 'z'.repeat(60));
    expect(outcome.response.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
    expect(outcome.closed).toBe(true);
    expect(outcome.sentBytes).toBeLessThan(50);
  });

  it('bounds open connections: one beyond the limit is closed at once', async () => {
    const open = async () => {
      const s = net.connect(port, '127.0.0.1');
      await new Promise<void>((resolve) => s.once('connect', () => resolve()));
      return s;
    };
    const held = [await open(), await open(), await open()];
    const extra = await open();
    const closedWithoutAnswer = await new Promise<boolean>((resolve) => {
      let answered = false;
      extra.on('data', () => (answered = true));
      extra.on('close', () => resolve(!answered));
      extra.write('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
    });
    expect(closedWithoutAnswer).toBe(true);
    held.forEach((s) => s.destroy());
  });
});
