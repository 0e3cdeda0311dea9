import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
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
    expect(res.json()).toEqual({ message: 'Not found', code: 'not_found', requestId: expect.any(String) });
  });
});

describe('with a web build', () => {
  let app: FastifyInstance;
  const webDist = path.join(process.cwd(), '.tmp', `web-${process.pid}`);
  const indexHtml = '<!doctype html><div id="root"></div>';
  // What apps/web/build/page-preloads.ts writes for the login page: index.html plus that page's preloads.
  const loginHtml = '<!doctype html><link rel="modulepreload" href="/assets/login-page-x.js"><div id="root"></div>';
  const communityHtml = '<!doctype html><link rel="modulepreload" href="/assets/screen-community-x.js"><div id="root"></div>';
  const assetJs = Array.from({ length: 200 }, (_, i) => `console.log(${i * 7919});`).join('\n');
  const built = (file: string) => readFileSync(path.join(webDist, file));
  beforeAll(async () => {
    mkdirSync(path.join(webDist, 'assets'), { recursive: true });
    // What apps/web/build/precompress.ts writes: each file with its brotli and gzip copies.
    for (const [file, text] of [
      ['index.html', indexHtml],
      ['index.login.html', loginHtml],
      ['index.community.html', communityHtml],
      ['assets/app-abc123.js', assetJs],
    ] as const) {
      writeFileSync(path.join(webDist, file), text);
      writeFileSync(path.join(webDist, `${file}.br`), brotliCompressSync(text));
      // Levels unlike the server's on-the-fly ones, so a test can tell the built file from a fresh compression.
      writeFileSync(path.join(webDist, `${file}.gz`), gzipSync(text, { level: 1 }));
    }
    writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    // The installable app's files (apps/web: public/ and the service worker the build writes, decision 0144).
    writeFileSync(path.join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(path.join(webDist, 'manifest.webmanifest'), '{"name":"Agora"}');
    writeFileSync(path.join(webDist, 'offline.html'), "<!doctype html><h1>You're offline</h1>");
    mkdirSync(path.join(webDist, 'icons'), { recursive: true });
    writeFileSync(path.join(webDist, 'icons', 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    const config = { ...loadConfig({ ...process.env, NODE_ENV: 'test', DATA_DIR: path.join(webDist, 'data'), WEB_DIST: webDist }) };
    app = await buildApp(config, t.database.db, { logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('keeps the connection open after a navigation, for the next request on it (keep-alive)', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    let received = '';
    let closed = false;
    socket.on('data', (d) => (received += d.toString('latin1')));
    socket.on('close', () => (closed = true));
    const answers = async (n: number) => {
      for (let i = 0; i < 250 && (received.match(/HTTP\/1\.1 \d{3}/g) ?? []).length < n && !closed; i += 1)
        await new Promise((r) => setTimeout(r, 20));
      return (received.match(/HTTP\/1\.1 \d{3}/g) ?? []).length;
    };
    socket.write('GET /login HTTP/1.1\r\nHost: x\r\nAccept: text/html\r\n\r\n');
    expect(await answers(1)).toBe(1);
    await new Promise((r) => setTimeout(r, 100));
    expect(closed, 'the server closed the connection after the page').toBe(false);
    socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(await answers(2)).toBe(2);
    socket.destroy();
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
    '/search?q=garden&type=comments',
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

  it.each(['/no/such/page', '/users/1', '/users/profile', '/group/x/settings'])(
    'serves the app with status 404 to a browser navigating to %s, which the app does not have (no soft 404)',
    async (url) => {
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html,*/*;q=0.8' } });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    },
  );

  it.each([
    ['br', 'gzip, deflate, br, zstd', brotliDecompressSync],
    ['gzip', 'gzip, deflate', gunzipSync],
  ] as const)('sends hashed assets and index.html as the %s file built beside them', async (encoding, acceptEncoding, decode) => {
    const suffix = encoding === 'br' ? '.br' : '.gz';
    for (const [url, file, text, accept] of [
      ['/assets/app-abc123.js', 'assets/app-abc123.js', assetJs, '*/*'],
      ['/', 'index.html', indexHtml, 'text/html'],
      ['/no/such/page', 'index.html', indexHtml, 'text/html'],
    ] as const) {
      const res = await app.inject({ method: 'GET', url, headers: { accept, 'accept-encoding': acceptEncoding } });
      expect(res.headers['content-encoding'], url).toBe(encoding);
      expect(String(res.headers.vary), url).toMatch(/accept-encoding/i);
      expect(res.rawPayload.equals(built(file + suffix)), `${url}: the built ${suffix} file, byte for byte`).toBe(true);
      expect(decode(res.rawPayload).toString(), url).toBe(text);
    }
    const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': acceptEncoding } });
    expect(asset.headers['content-type']).toContain('javascript');
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it("sends a first page's own index.html (with its chunks preloaded) where the build wrote one, else index.html", async () => {
    const headers = { accept: 'text/html', 'accept-encoding': 'gzip, br' };
    const login = await app.inject({ method: 'GET', url: '/login?redirect=%2F', headers });
    expect(login.rawPayload.equals(built('index.login.html.br'))).toBe(true);
    expect(brotliDecompressSync(login.rawPayload).toString()).toBe(loginHtml);
    const plain = await app.inject({ method: 'GET', url: '/login', headers: { accept: 'text/html' } });
    expect(plain.body).toBe(loginHtml);
    for (const url of ['/', '/register', '/nowhere']) {
      const res = await app.inject({ method: 'GET', url, headers });
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(indexHtml);
    }
  });

  it("sends a community page and a post link (an API path, asked for as a page) the community screen's index.html", async () => {
    const headers = { accept: 'text/html', 'accept-encoding': 'br' };
    for (const url of ['/group/walkers', '/group/walkers/discussions', '/group/walkers/members/', '/groups/3/discussions/9']) {
      const res = await app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(200);
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(communityHtml);
    }
  });

  it('sends the files as they are to a client that accepts no encoding', async () => {
    for (const [url, text, accept] of [
      ['/assets/app-abc123.js', assetJs, '*/*'],
      ['/', indexHtml, 'text/html'],
    ] as const) {
      const res = await app.inject({ method: 'GET', url, headers: { accept, 'accept-encoding': 'identity' } });
      expect(res.headers['content-encoding'], url).toBeUndefined();
      expect(res.body, url).toBe(text);
    }
  });

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

  it("serves the installable app's files as files: the service worker revalidated, with a CSP that lets it fetch its own origin", async () => {
    const sw = await app.inject({ method: 'GET', url: '/sw.js', headers: { accept: '*/*' } });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(sw.headers['cache-control']).toBe('no-cache');
    // A worker runs under its script's own CSP: "default-src 'none'" would forbid the precache's fetches.
    const workerCsp = String(sw.headers['content-security-policy']);
    expect(workerCsp).toMatch(/connect-src 'self'(;|$)/);
    expect(workerCsp).toMatch(/default-src 'none'/);
    expect(workerCsp).not.toMatch(/https:|\*/);
    const manifest = await app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    const icon = await app.inject({ method: 'GET', url: '/icons/icon-192.png' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
    // The offline page is a document of its own, not the app, even when a browser navigates to it.
    const offline = await app.inject({ method: 'GET', url: '/offline.html', headers: { accept: 'text/html' } });
    expect(offline.statusCode).toBe(200);
    expect(offline.body).toContain("You're offline");
    expect(String(offline.headers['content-security-policy'])).toContain("script-src 'self'");
    // Another path that is not a file stays the app's 404 page.
    const other = await app.inject({ method: 'GET', url: '/sw', headers: { accept: 'text/html' } });
    expect(other.statusCode).toBe(404);
    expect(other.body).toBe(indexHtml);
  });

  it('answers JSON 404 for a missing file, API path or upload, even from a browser', async () => {
    for (const url of ['/assets/missing.js', '/api/nothing', '/uploads/profile/missing.jpg']) {
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
  });

  it('sends uploaded files sandboxed, whatever the app-wide security headers say', async () => {
    mkdirSync(path.join(webDist, 'data', 'uploads', 'profile'), { recursive: true });
    writeFileSync(path.join(webDist, 'data', 'uploads', 'profile', 'a1.jpg'), Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
    const res = await app.inject({ method: 'GET', url: '/uploads/profile/a1.jpg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('sends documents the full security headers, with a CSP that allows only same-origin scripts', async () => {
    const res = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    // 'self' covers the same-origin WebSocket; a bare ws: or wss: would allow any host.
    expect(csp).toMatch(/connect-src 'self'(;|$)/);
    expect(csp).not.toMatch(/\bwss?:/);
    expect(csp).toContain("frame-ancestors 'none'");
    // Post text: https images from anywhere (never plain http), and only the two embed players in frames.
    expect(csp).toMatch(/img-src 'self' data: blob: https:(;|$)/);
    expect(csp).toMatch(/frame-src https:\/\/www\.youtube-nocookie\.com https:\/\/www\.instagram\.com(;|$)/);
    // The installable app: its service worker and manifest, from this origin only.
    expect(csp).toMatch(/worker-src 'self'(;|$)/);
    expect(csp).toMatch(/manifest-src 'self'(;|$)/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('sends everything that is not a document the headers that matter for it, and a CSP that allows nothing', async () => {
    for (const [url, accept] of [
      ['/api/health', 'application/json'],
      ['/api/nothing', 'text/html'],
      ['/users/profile', 'application/json'],
      ['/assets/app-abc123.js', '*/*'],
      ['/favicon.svg', '*/*'],
    ] as const) {
      const res = await app.inject({ method: 'GET', url, headers: { accept } });
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(res.headers['strict-transport-security'], url).toContain('max-age=');
      expect(res.headers['x-frame-options'], url).toBeUndefined();
    }
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
    // The UI's own files come through @fastify/swagger-ui's copy of @fastify/static.
    const css = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/text\/css/);
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
