import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_LIMITS } from '@agora/contract';
import { buildApp } from '../app';
import { useTestApp } from '../test/test-app';

const TOKEN = 'metrics-token-for-tests-0123456789';
const t = useTestApp({ configure: (config) => ({ ...config, metricsToken: TOKEN }) });
const scrape = async (app: FastifyInstance = t.app) => {
  const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  return res.body;
};
/** The value of one sample line (`name{labels} value`), 0 when absent. */
const sample = (text: string, name: string, labels: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && labels.split(',').every((label) => l.includes(label)));
  return line ? Number(line.split(' ').pop()) : 0;
};

describe('GET /metrics', () => {
  let off: FastifyInstance;
  beforeAll(async () => {
    off = await buildApp({ ...t.config, metricsToken: undefined }, t.database.db, { logger: false });
    await off.ready();
    // Two waiting mails in pg-boss's queue (before the first scrape: database figures are cached 5 s).
    await t.app.ctx.jobs.send('mail', { to: 'a@example.com' });
    await t.app.ctx.jobs.send('mail', { to: 'b@example.com' });
  });
  afterAll(() => off.close());

  it('is an unknown path without METRICS_TOKEN (404 like any other)', async () => {
    const res = await off.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    const unknown = await off.inject({ method: 'GET', url: '/no-such-path' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: unknown.json().message, code: unknown.json().code });
  });

  it('answers 401 {message, code} without the bearer token or with a wrong one', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, TOKEN, 'Basic abc']) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json()).toEqual({
        message: 'A valid metrics token is required',
        code: 'unauthorized',
        requestId: res.headers['x-request-id'],
      });
      expect(res.body).not.toContain('nodejs_');
    }
  });

  it('serves the Prometheus text format with the expected metrics to the right token', async () => {
    await t.app.inject({ method: 'GET', url: '/api/health' });
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const name of [
      'agora_http_requests_total',
      'agora_http_request_duration_seconds_bucket',
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_heap_size_used_bytes',
      'process_resident_memory_bytes',
      'agora_db_pool_max',
      'agora_db_pool_connections',
      'agora_db_longest_active_query_seconds',
      'agora_sockets',
      'agora_online_users',
      'agora_jobs',
      'agora_rate_limit_refusals_total',
    ]) {
      expect(res.body, name).toMatch(new RegExp(`^${name}[{ ]`, 'm'));
    }
    expect(res.body).toContain(`node="${t.config.cluster.nodeId}"`);
    // The scrape's own connection at least is in use; the pool's bound is the configured one.
    expect(sample(res.body, 'agora_db_pool_connections', 'state="active"')).toBeGreaterThanOrEqual(1);
    expect(res.body).toMatch(/^agora_db_pool_max\{[^}]*\} 5$/m);
    expect(sample(res.body, 'agora_jobs', 'queue="mail",state="created"')).toBe(2);
  });

  it('counts a request under its route pattern, never its URL', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/groups/no-such-community-4711' });
    expect(res.statusCode).toBe(404);
    const text = await scrape();
    expect(text).not.toContain('no-such-community-4711');
    expect(sample(text, 'agora_http_requests_total', 'route="/api/groups/:id",status="404",method="GET"')).toBe(1);
    expect(sample(text, 'agora_http_request_duration_seconds_count', 'route="/api/groups/:id",status_class="4xx"')).toBe(1);
  });

  it('keeps label cardinality bounded: 1,000 distinct unknown URLs are one series', async () => {
    for (let i = 0; i < 1000; i += 1) await t.app.inject({ method: 'GET', url: `/api/no-such-thing/${i}?x=${i}` });
    const text = await scrape();
    expect(text).not.toContain('no-such-thing');
    const unmatched = text.split('\n').filter((l) => l.startsWith('agora_http_requests_total{') && l.includes('route="unmatched"'));
    expect(unmatched).toHaveLength(1);
    expect(sample(text, 'agora_http_requests_total', 'route="unmatched",status="404"')).toBeGreaterThanOrEqual(1000);
  });

  it('counts a refused rate limit under its limiter', async () => {
    const before = sample(await scrape(), 'agora_rate_limit_refusals_total', 'limiter="searchesPerCaller"');
    let refused = 0;
    for (let i = 0; i <= SEARCH_LIMITS.searchesPerMinute; i += 1) {
      const res = await t.app.inject({ method: 'GET', url: '/api/search?q=anything', remoteAddress: '203.0.113.9' });
      if (res.statusCode === 429) refused += 1;
    }
    expect(refused).toBe(1);
    expect(sample(await scrape(), 'agora_rate_limit_refusals_total', 'limiter="searchesPerCaller"')).toBe(before + 1);
  });
});
