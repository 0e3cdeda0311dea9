import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app';

// The production body-rate rule (1 KB/s on average, judged after 10 s); 3 connections per address.
const t = useTestApp({ configure: (c) => ({ ...c, http: { ...c.http, maxConnectionsPerIp: 3 } }) });
let port = 0;
beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.app.server.closeAllConnections());

async function connectFrom(localAddress: string): Promise<net.Socket> {
  const s = net.connect({ port, host: '127.0.0.1', localAddress });
  s.on('error', () => {});
  await new Promise<void>((resolve) => s.once('connect', () => resolve()));
  return s;
}

/** Sends a health check on the socket; resolves with the status line, or null when it was closed unanswered. */
function ask(s: net.Socket): Promise<string | null> {
  return new Promise((resolve) => {
    let answer = '';
    s.on('data', (d) => {
      answer += d.toString('latin1');
      if (answer.includes('\r\n')) resolve(answer.split('\r\n')[0]!);
    });
    s.on('close', () => resolve(null));
    s.write('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
  });
}

describe('connections per address', () => {
  it('closes a connection beyond the per-address cap at once; other addresses are served', async () => {
    const held = [await connectFrom('127.0.0.1'), await connectFrom('127.0.0.1'), await connectFrom('127.0.0.1')];
    expect(await ask(await connectFrom('127.0.0.1'))).toBe(null);
    expect(await ask(await connectFrom('127.0.0.2'))).toBe('HTTP/1.1 200 OK');
    expect(await ask(held[0]!)).toBe('HTTP/1.1 200 OK');
    held.forEach((s) => s.destroy());
    await new Promise((r) => setTimeout(r, 100));
    // The share is given back when connections close.
    expect(await ask(await connectFrom('127.0.0.1'))).toBe('HTTP/1.1 200 OK');
  });
});

describe('a body slower than the minimum data rate', () => {
  it('is cut within about 15 s (not at the 120 s request timeout), the connection closed', async () => {
    const s = await connectFrom('127.0.0.3');
    const body = JSON.stringify({ emailOrUsername: 'x'.repeat(200), password: 'y' });
    s.write(`POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`);
    const started = Date.now();
    let closed = false;
    s.on('close', () => (closed = true));
    // One byte every 500 ms: 2 bytes a second.
    for (let i = 0; i < body.length && !closed && Date.now() - started < 20_000; i += 1) {
      s.write(body[i]!);
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(closed).toBe(true);
    const after = Date.now() - started;
    expect(after).toBeGreaterThanOrEqual(9_000);
    expect(after).toBeLessThan(15_000);
  }, 30_000);

  it('leaves a body that keeps up alone', async () => {
    const s = await connectFrom('127.0.0.4');
    const body = JSON.stringify({ emailOrUsername: 'someone', password: 'z'.repeat(20_000) });
    s.write(`POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`);
    const answer = new Promise<string>((resolve) => {
      let text = '';
      s.on('data', (d) => {
        text += d.toString('latin1');
        if (text.includes('\r\n')) resolve(text.split('\r\n')[0]!);
      });
    });
    // 1,800 bytes a second for 11 s: slow, but above the minimum.
    for (let i = 0; i < body.length; i += 900) {
      s.write(body.slice(i, i + 900));
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(await answer).toMatch(/^HTTP\/1\.1 (400|401|429)/);
    s.destroy();
  }, 30_000);
});
