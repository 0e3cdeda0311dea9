import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { connect, type Db } from '../../db/client';
import { useTestApp } from '../../test/test-app';
import { createHealthCheck } from './health.service';

const t = useTestApp();

/** A stand-in database whose `select 1` is counted and answers as told. */
function fakeDb(answer: () => Promise<unknown>) {
  const calls = { count: 0 };
  const db = { execute: () => ((calls.count += 1), answer()) } as unknown as Db;
  return { db, calls };
}

describe('GET /api/health', () => {
  it('answers 503 from the start of a shutdown while the server still serves other requests', async () => {
    // A load balancer then takes the node out (docs/SCALING.md) while its last requests are answered.
    const app = await buildApp(t.config, t.database.db, { logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    const closed = app.close();
    // The listener stays open while clients keep dialling (plugins/connections.ts): both are served.
    const [health, groups] = await Promise.all([fetch(`${url}/api/health`), fetch(`${url}/api/groups`)]);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ status: 'unavailable' });
    expect(groups.status).toBe(200);
    await closed;
  });

  it('answers 200 ok when the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 unavailable when the database cannot be reached', async () => {
    // Port 1 on loopback: nothing listens, every connection is refused.
    const dead = connect('postgres://nobody:nothing@127.0.0.1:1/none', { max: 1 });
    const app = await buildApp(t.config, dead.db, { logger: false });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable' });
      expect(res.headers['retry-after']).toBe('1');
      // A request that needs the database is a 503 the client may retry, not a 500.
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { emailOrUsername: 'someone', password: 'whatever-it-is' },
      });
      expect(login.statusCode).toBe(503);
      expect(login.headers['retry-after']).toBe('1');
      expect(login.json()).toEqual({
        code: 'service_unavailable',
        message: 'The service is briefly unavailable. Please try again in a moment.',
        requestId: login.headers['x-request-id'],
      });
    } finally {
      await app.close();
      await dead.close();
    }
  });
});

describe('the health check', () => {
  it('asks the database once for a flood of checks, then again after the cache time', async () => {
    let now = 1_000_000;
    const { db, calls } = fakeDb(async () => [{ '?column?': 1 }]);
    const health = createHealthCheck(db, { cacheMs: 1000, now: () => now });
    expect(await Promise.all(Array.from({ length: 50 }, () => health.check()))).toEqual(Array(50).fill(true));
    expect(calls.count).toBe(1);
    now += 999;
    await health.check();
    expect(calls.count).toBe(1);
    now += 1;
    await health.check();
    expect(calls.count).toBe(2);
  });

  it('forgets its cached 200 as soon as a request fails for want of the database', async () => {
    let up = true;
    const { db, calls } = fakeDb(async () => {
      if (!up) throw Object.assign(new Error('write CONNECTION_CLOSED'), { code: 'CONNECTION_CLOSED' });
      return [{ '?column?': 1 }];
    });
    const health = createHealthCheck(db, { cacheMs: 60_000 });
    expect(await health.check()).toBe(true);
    up = false;
    health.databaseFailed();
    expect(await health.check()).toBe(false);
    expect(calls.count).toBe(2);
  });

  it('does not cache the answer of a probe that started before a failure', async () => {
    let release!: () => void;
    const { db, calls } = fakeDb(() =>
      calls.count === 1 ? new Promise((r) => (release = () => r([]))) : Promise.reject(new Error('down')),
    );
    const health = createHealthCheck(db, { cacheMs: 60_000 });
    const early = health.check();
    health.databaseFailed();
    release();
    expect(await early).toBe(true);
    expect(await health.check()).toBe(false);
    expect(calls.count).toBe(2);
  });

  it('reports a database that does not answer in time as down', async () => {
    const { db } = fakeDb(() => new Promise(() => {}));
    expect(await createHealthCheck(db, { timeoutMs: 20 }).check()).toBe(false);
  });
});
