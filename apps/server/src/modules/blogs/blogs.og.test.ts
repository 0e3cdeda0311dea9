import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../plugins/config';
import { createBlog, pngImage } from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { type BlogWorld, blogWorld } from './test-support';
import { escapeHtml } from './blogs.og';

const t = useTestApp({ rateLimit: false });

describe('escapeHtml', () => {
  it('escapes every character that could end an attribute or open a tag', () => {
    expect(escapeHtml(`"><script>alert('x')</script>&`)).toBe('&#34;&#62;&#60;script&#62;alert(&#39;x&#39;)&#60;/script&#62;&#38;');
  });
});

describe('PUBLIC_URL', () => {
  it('defaults to http://localhost:$PORT, keeps only the origin, refuses anything but http(s)', () => {
    const base = { ...process.env, NODE_ENV: 'test', PUBLIC_URL: undefined };
    expect(loadConfig({ ...base, PORT: '4321' }).publicUrl).toBe('http://localhost:4321');
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://agora.example.org/some/path' }).publicUrl).toBe('https://agora.example.org');
    expect(() => loadConfig({ ...base, PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_URL/);
  });
});

describe('a browser navigating to a blog page', () => {
  let app: FastifyInstance;
  let w: BlogWorld;
  const webDist = path.join(process.cwd(), '.tmp', `web-og-${process.pid}`);
  const indexHtml = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Agora: create, join and run communities." />
    <title>Agora</title>
  </head>
  <body><div id="root"></div></body>
</html>`;
  // A Host header the client chose: the Open Graph URLs must come from PUBLIC_URL, never from it.
  const navigate = (url: string, host = 'forged.example') =>
    app.inject({ method: 'GET', url, headers: { accept: 'text/html', host, 'accept-encoding': 'identity' } });

  beforeAll(async () => {
    mkdirSync(webDist, { recursive: true });
    writeFileSync(path.join(webDist, 'index.html'), indexHtml);
    writeFileSync(path.join(webDist, 'index.html.br'), brotliCompressSync(indexHtml));
    writeFileSync(path.join(webDist, 'index.html.gz'), gzipSync(indexHtml));
    const config = loadConfig({
      ...process.env,
      NODE_ENV: 'test',
      DATA_DIR: t.config.dataDir,
      WEB_DIST: webDist,
      RATE_LIMIT: 'off',
      PUBLIC_URL: 'https://agora.example/',
    });
    app = await buildApp(config, t.database.db, { logger: false });
    await app.ready();
    w = await blogWorld(t);
  });
  afterAll(async () => {
    await app?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('gets the blog’s title, description and image as Open Graph tags, escaped, in place of the site’s', async () => {
    const blog = await createBlog(
      t,
      w.open,
      w.author,
      { title: 'Trails & "tips" <b>', content: '**Dawn** runs are the best.\n\n[/uploads/post/x.webp]\nBring water.' },
      { data: await pngImage(400, 200) },
    );
    const res = await navigate(`/group/${w.open.slug}/blogs/blogpage/${blog.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    const title = 'Trails &#38; &#34;tips&#34; &#60;b&#62;';
    expect(html).toContain(`<title>${title} · ${w.open.name} · Agora</title>`);
    expect(html).not.toContain('<title>Agora</title>');
    expect(html).not.toContain('Agora: create, join and run communities.');
    expect(html).toContain(`<meta property="og:title" content="${title}" />`);
    expect(html).toContain('<meta property="og:description" content="Dawn runs are the best. Bring water." />');
    expect(html).toContain('<meta name="description" content="Dawn runs are the best. Bring water." />');
    expect(html).toContain(`<meta property="og:image" content="https://agora.example${blog.blog_img}" />`);
    expect(html).toContain(`<meta property="og:url" content="https://agora.example/group/${w.open.slug}/blogs/blogpage/${blog.id}" />`);
    expect(html).not.toContain('forged.example');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('</head>'));
    expect(html).not.toContain('<b>');
    expect(html).toContain('<div id="root"></div>');
  });

  it('describes nothing of a private community’s blog, a missing blog or another page', async () => {
    const hidden = await createBlog(t, w.closed, w.author, { title: 'Secret plans', content: 'Members only' });
    for (const url of [
      `/group/${w.closed.slug}/blogs/blogpage/${hidden.id}`,
      `/group/${w.open.slug}/blogs/blogpage/99999999`,
      `/group/${w.open.slug}/blogs/blogpage/abc`,
      `/group/${w.open.slug}/blogs`,
    ]) {
      const res = await navigate(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<title>Agora</title>');
      expect(res.body, url).not.toContain('og:');
      expect(res.body).not.toContain('Secret plans');
    }
  });
});
