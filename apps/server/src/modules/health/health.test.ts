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

  it('reports a database that does not answer in time as down', async () => {
    const { db } = fakeDb(() => new Promise(() => {}));
    expect(await createHealthCheck(db, { timeoutMs: 20 }).check()).toBe(false);
  });
});
