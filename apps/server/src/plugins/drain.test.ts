import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_HTTP_LIMITS, httpServerOptions, registerConnectionLimits } from './connections';

// CI saw one ECONNRESET among 16 clients while `npm start` drained on SIGTERM (main.test.ts): a client dialled as the
// listener closed, and the kernel resets connections still in the accept queue of a closed listener. The listener
// now stays open while clients still arrive, answering them with `Connection: close`, and closes once none came
// for a quiet interval.
let app: ReturnType<typeof Fastify> | undefined;
afterEach(async () => {
  app?.server.closeAllConnections();
  await app?.close();
  app = undefined;
});

async function started(quietMs?: number) {
  app = Fastify(httpServerOptions(DEFAULT_HTTP_LIMITS));
  registerConnectionLimits(app, { ...DEFAULT_HTTP_LIMITS, ...(quietMs === undefined ? {} : { listenQuietMs: quietMs }) });
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  app.get('/slow', async () => {
    await held;
    return { ok: true };
  });
  app.get('/fast', async () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return { url, release };
}

describe('closing the listener on shutdown', () => {
  it('answers a client that dials while a request is still in flight (Connection: close), not refused or reset', async () => {
    const { url, release } = await started();
    const slow = fetch(`${url}/slow`);
    await new Promise((r) => setTimeout(r, 50));
    const closed = app!.close();
    await new Promise((r) => setTimeout(r, 20));
    const late = await fetch(`${url}/fast`);
    expect(late.status).toBe(200);
    expect(late.headers.get('connection')).toBe('close');
    release();
    expect((await slow).status).toBe(200);
    await closed;
  });

  it('closes the listener once no client dialled for the quiet interval, then refuses', async () => {
    const { url } = await started(100);
    const startedAt = Date.now();
    await app!.close();
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(100);
    await expect(fetch(`${url}/fast`)).rejects.toThrow();
  });

  it('closes at once with a quiet interval of 0 (tests, a forced stop)', async () => {
    const { url } = await started(0);
    await app!.close();
    await expect(fetch(`${url}/fast`)).rejects.toThrow();
  });
});
