import { allEndpoints, API } from '@agora/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './test/test-app';

/** The contract's paths table (packages/contract/src/api-paths.ts) names only calls this server answers. */
const t = useTestApp();

describe('the contract paths table', () => {
  it('every endpoint is a route of the server, with its method', () => {
    const missing = allEndpoints().filter((e) => !t.app.hasRoute({ method: e.method, url: e.pattern }));
    expect(missing.map((e) => `${e.method} ${e.pattern}`)).toEqual([]);
  });

  it('a path the builder fills reaches that route', async () => {
    const res = await t.app.inject({ method: 'GET', url: API.groups.detail.path(999_999) });
    expect(res.json().code).toBeTruthy();
    expect(res.statusCode).toBe(404);
    // The route's own 404 (the community is missing), not the server's "no such route" (code not_found).
    expect(res.json().code).not.toBe('not_found');
    const health = await t.app.inject({ method: API.health.method, url: API.health.path() });
    expect(health.statusCode).toBe(200);
  });
});
