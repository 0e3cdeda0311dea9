import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { useTestApp } from '../test/test-app';

const t = useTestApp();

describe('request ids', () => {
  let app: FastifyInstance;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    app = await buildApp(t.config, t.database.db, {
      logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) } },
    });
    app.get('/test/boom', async () => {
      throw new Error('kaboom');
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('every answer has an X-Request-Id; an error body carries the same id as requestId', async () => {
    const ok = await app.inject({ method: 'GET', url: '/api/health' });
    expect(ok.headers['x-request-id']).toMatch(/^[\w-]+$/);
    for (const url of ['/api/groups/no-such-community', '/api/no-such-path', '/api/search']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.headers['x-request-id'], url).toBeTruthy();
      expect(res.json(), url).toMatchObject({ requestId: res.headers['x-request-id'] });
      expect(typeof res.json().message).toBe('string');
      expect(typeof res.json().code).toBe('string');
    }
    const a = await app.inject({ method: 'GET', url: '/api/no-such-path' });
    expect(a.headers['x-request-id']).not.toBe(ok.headers['x-request-id']);
  });

  it('a 500 is logged with the id its body and header carry', async () => {
    const res = await app.inject({ method: 'GET', url: '/test/boom' });
    expect(res.statusCode).toBe(500);
    const id = res.headers['x-request-id'];
    expect(res.json()).toEqual({
      message: 'Something went wrong on our side. Please try again later.',
      code: 'internal_error',
      requestId: id,
    });
    const logged = lines.filter((line) => line.reqId === id);
    expect(logged.map((line) => line.msg)).toContain('unhandled error');
  });

  it('keeps a safe incoming X-Request-Id and replaces an unsafe one', async () => {
    const kept = await app.inject({ method: 'GET', url: '/test/boom', headers: { 'x-request-id': 'proxy-4f2a.91:7' } });
    expect(kept.headers['x-request-id']).toBe('proxy-4f2a.91:7');
    expect(kept.json().requestId).toBe('proxy-4f2a.91:7');
    expect(lines.some((line) => line.reqId === 'proxy-4f2a.91:7')).toBe(true);
    for (const unsafe of ['a b', 'x'.repeat(65), '<script>', 'id\u00e9', 'a/b', '']) {
      const res = await app.inject({ method: 'GET', url: '/api/no-such-path', headers: { 'x-request-id': unsafe } });
      expect(res.headers['x-request-id'], unsafe).not.toBe(unsafe);
      expect(res.headers['x-request-id']).toMatch(/^[\w-]+$/);
      expect(res.json().requestId).toBe(res.headers['x-request-id']);
    }
  });
});
