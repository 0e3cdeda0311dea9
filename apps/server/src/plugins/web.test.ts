import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from './config';
import { useTestApp } from '../test/test-app';
import type { FastifyInstance } from 'fastify';

const t = useTestApp();

describe('without a web build', () => {
  it('answers JSON 404 for unknown paths', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/nope', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found', code: 'not_found' });
  });
});

describe('with a web build', () => {
  let app: FastifyInstance;
  const webDist = path.join(process.cwd(), '.tmp', `web-${process.pid}`);
  beforeAll(async () => {
    mkdirSync(path.join(webDist, 'assets'), { recursive: true });
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
    writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const config = { ...loadConfig({ ...process.env, NODE_ENV: 'test', DATA_DIR: path.join(webDist, 'data'), WEB_DIST: webDist }) };
    app = await buildApp(config, t.database.db, { logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it.each([
    '/',
    '/suggested',
    '/login',
    '/register',
    '/create',
    '/group/some-slug',
    '/group/42/members',
    '/group/some-slug/blogs',
    '/group/some-slug/discussions',
    '/group/some-slug/blogs/blogpage/7',
    '/login?next=%2Fcreate',
  ])('serves the app with 200 to a browser navigating to the app route %s', async (url) => {
    const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/no/such/page', '/users/1', '/users/profile', '/group', '/group/x/settings', '/loginx'])(
    'serves the app with 404 to a browser navigating to the unknown path %s (the app shows Page Not Found)',
    async (url) => {
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    },
  );

  it('keeps API answers for API clients on the same path', async () => {
    const res = await app.inject({ method: 'GET', url: '/users/profile', headers: { accept: 'application/json' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('unauthorized');
  });

  it('serves hashed assets immutable and files as files', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await app.inject({ method: 'GET', url: '/favicon.svg' })).statusCode).toBe(200);
  });

  it('answers JSON 404 for a missing file, API path or upload, even from a browser', async () => {
    for (const url of ['/assets/missing.js', '/api/nothing', '/uploads/profile/missing.jpg']) {
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
  });

  it('sends security headers with a CSP that allows only same-origin scripts and connections', async () => {
    const res = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    // 'self' covers the same-origin WebSocket; a bare ws: or wss: would allow any host.
    expect(csp).toMatch(/connect-src 'self'(;|$)/);
    expect(csp).not.toMatch(/\bwss?:/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('API basics', () => {
  it('answers health', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('publishes an OpenAPI document listing the spec paths', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/auth/login',
        '/api/auth/register',
        '/auth/logout',
        '/users/profile',
        '/users/{id}',
        '/profile/upload-picture',
        '/profile/upload-banner',
        '/upload/image',
      ]),
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('rejects an oversized JSON body with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ emailOrUsername: 'x'.repeat(2 * 1024 * 1024), password: 'y' }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('payload_too_large');
  });
});
