import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  castMembers,
  createBlog,
  createCast,
  createGroup,
  createPost,
  type TestGroup,
  type TestUser,
  uploadImage,
} from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { buildApp } from '../../app';
import { loadConfig } from '../../plugins/config';
import { DocumentCache } from './reach.service';
import { escapeMarkup } from './reach.text';

/**
 * Link previews of communities and discussions, robots.txt, the sitemap and the community feeds (issue 18 §4).
 * The app is built with a web build (a stand-in index.html), PUBLIC_URL https://agora.example, sitemap pages of 3
 * URLs and no cache (the cache has its own tests below).
 */

const ORIGIN = 'https://agora.example';
const PAGE = 3;
const webDist = path.join(process.cwd(), '.tmp', `web-reach-${process.pid}`);
const indexHtml = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Agora: create, join and run communities." />
    <title>Agora</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

const t = useTestApp({
  rateLimit: false,
  configure: (config) => {
    mkdirSync(webDist, { recursive: true });
    writeFileSync(path.join(webDist, 'index.html'), indexHtml);
    return { ...config, webDist, publicUrl: ORIGIN, reach: { sitemapPageSize: PAGE, cacheMs: 0 } };
  },
});
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

/** A crawler's navigation, with a Host header it chose: absolute URLs must come from PUBLIC_URL. */
const navigate = (url: string) =>
  t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', host: 'forged.example', 'accept-encoding': 'identity' } });
const get = (url: string) => t.app.inject({ method: 'GET', url });

/** What XML 1.0 forbids that a user might still get into a stored text: C0 controls, U+FFFE (PostgreSQL refuses NUL). */
const CONTROL = '\u0001\u0008\u000B\u001F\uFFFE';
const HOSTILE = `Q&A "club" <script>alert('x')</script>${CONTROL}`;
const HOSTILE_CLEAN = `Q&A "club" <script>alert('x')</script>`;
const CANARY = 'CANARY-private-7f3a';

const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => ['url', 'sitemap', 'item'].includes(name) });
function parseXml<T>(xml: string): T {
  expect(XMLValidator.validate(xml)).toBe(true);
  return parser.parse(xml) as T;
}
// eslint-disable-next-line no-control-regex -- the characters a document must not contain
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE]/;

/** Every URL of the sitemap, following the index to its pages when there is one; the pages' bodies too. */
async function sitemapLocs(read: (url: string) => Promise<{ statusCode: number; body: string }>) {
  const root = await read('/sitemap.xml');
  expect(root.statusCode).toBe(200);
  const index = parseXml<{ sitemapindex?: { sitemap: { loc: string }[] } }>(root.body).sitemapindex;
  const bodies = index ? [] : [root.body];
  for (const page of index?.sitemap.map((s) => s.loc) ?? []) {
    expect(page.startsWith(`${ORIGIN}/sitemap-`), page).toBe(true);
    const res = await read(page.slice(ORIGIN.length));
    expect(res.statusCode, page).toBe(200);
    bodies.push(res.body);
  }
  const urls = bodies.map((body) => parseXml<{ urlset: { url?: { loc: string; lastmod: string }[] } }>(body).urlset.url ?? []);
  return { index: Boolean(index), pages: bodies, urls, locs: urls.flat().map((u) => u.loc) };
}

type World = {
  cast: { owner: TestUser; author: TestUser; member: TestUser };
  open: TestGroup;
  closed: TestGroup;
  posts: { id: number }[];
  removed: { id: number };
  orphan: { id: number };
  blog: { id: number };
  secretPost: { id: number };
  secretBlog: { id: number };
  image: string;
};
let w: World;

beforeAll(async () => {
  const db = t.database.db;
  const { cast, group: open } = await createCast(db, { authorRole: 'admin' });
  const closed = await createGroup(db, {
    owner: cast.owner,
    members: castMembers(cast, 'admin'),
    isPrivate: true,
    name: `Secret ${CANARY}`,
  });
  await db.execute(sql`UPDATE group_sections SET section_desc = ${`We run **at dawn** & "talk" <b>shop</b>${CONTROL}. [/uploads/post/a.webp] Join us.`}
    WHERE group_id = ${open.id} AND section_header = 'About Us'`);
  await db.execute(sql`UPDATE group_sections SET section_desc = ${`About ${CANARY}`} WHERE group_id = ${closed.id}`);
  await db.execute(sql`UPDATE groups SET group_name = ${HOSTILE}, group_dp = '/uploads/group/pic.webp' WHERE id = ${open.id}`);
  const image = await uploadImage(t, cast.author);
  const posts = [
    await createPost(t, open, cast.author, '**Morning run** on Sunday\nBring *water* and [/uploads/post/x.webp] snacks.', [image]),
    await createPost(t, open, cast.member, 'Second post'),
    await createPost(t, open, cast.member, 'Third post'),
  ];
  const removed = await createPost(t, open, cast.member, `Removed ${CANARY}`);
  await db.execute(sql`UPDATE discussions SET removed_at = now(), removed_reason = 'spam' WHERE id = ${removed.id}`);
  // An author whose account is deleted: the post stays in the app ("Deleted user"), never advertised outside it.
  const leaver = await createCast(db);
  await db.execute(sql`INSERT INTO group_members (group_id, user_id, role) VALUES (${open.id}, ${leaver.cast.member.id}, 'member')`);
  const orphan = await createPost(t, open, leaver.cast.member, `Orphan ${CANARY}`);
  await db.execute(sql`UPDATE users SET deleted_at = now() WHERE id = ${leaver.cast.member.id}`);
  const blog = await createBlog(t, open, cast.author, { title: 'Trail guide', content: 'The **best** trails.' });
  const secretPost = await createPost(t, closed, cast.member, `Secret post ${CANARY}`);
  const secretBlog = await createBlog(t, closed, cast.author, { title: `Secret blog ${CANARY}`, content: CANARY });
  // Distinct times, oldest first in the order made, so "newest first" is checkable; the blog is the newest.
  const order = [
    ...posts.map((p) => ['discussions', p.id] as const),
    ['discussions', removed.id] as const,
    ['discussions', orphan.id] as const,
  ];
  for (const [i, [table, id]] of order.entries()) {
    await db.execute(sql`UPDATE ${sql.raw(table)} SET created_at = now() - make_interval(hours => ${100 - i}) WHERE id = ${id}`);
  }
  await db.execute(sql`UPDATE blogs SET title = ${HOSTILE}, created_at = now() - interval '1 hour' WHERE id = ${blog.id}`);
  w = { cast, open, closed, posts, removed, orphan, blog, secretPost, secretBlog, image };
});

describe('a community page’s link preview', () => {
  it('has the Open Graph and Twitter tags of a public community, escaped, with absolute URLs from PUBLIC_URL and its feed', async () => {
    for (const url of [`/group/${w.open.slug}`, `/group/${w.open.id}`, `/group/${w.open.slug}/`]) {
      const res = await navigate(url);
      expect(res.statusCode, url).toBe(200);
      const html = res.body;
      const name = escapeMarkup(HOSTILE);
      expect(name).toBe('Q&amp;A &quot;club&quot; &lt;script&gt;alert(&apos;x&apos;)&lt;/script&gt;');
      expect(html).toContain(`<title>${name} · Agora</title>`);
      expect(html).not.toContain('<title>Agora</title>');
      expect(html).toContain(`<meta property="og:title" content="${name}" />`);
      const description = 'We run at dawn &amp; &quot;talk&quot; &lt;b&gt;shop&lt;/b&gt;. Join us.';
      expect(html).toContain(`<meta property="og:description" content="${description}" />`);
      expect(html).toContain(`<meta property="og:image" content="${ORIGIN}/uploads/group/pic.webp" />`);
      expect(html).toContain(`<meta property="og:url" content="${ORIGIN}/group/${w.open.slug}" />`);
      expect(html).toContain('<meta name="twitter:card" content="summary" />');
      expect(html).toContain(
        `<link rel="alternate" type="application/rss+xml" title="${name}" href="${ORIGIN}/groups/${w.open.slug}/feed.xml" />`,
      );
      expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('</head>'));
      expect(html).not.toContain('<script>');
      expect(html).not.toContain('forged.example');
      expect(html).not.toMatch(FORBIDDEN);
    }
  });

  it('a private community’s page and its discussions get exactly the head of an unknown page', async () => {
    const unknown = await navigate('/group/no-such-community');
    const unknownPost = await navigate('/groups/2147483000/discussions/2147483000');
    expect(unknown.body).toContain('<title>Agora</title>');
    // The same community made public has a preview: what follows is the privacy rule, not a missing feature.
    await t.database.db.execute(sql`UPDATE groups SET is_private = false WHERE id = ${w.closed.id}`);
    expect((await navigate(`/group/${w.closed.slug}`)).body).toContain(CANARY);
    await t.database.db.execute(sql`UPDATE groups SET is_private = true WHERE id = ${w.closed.id}`);
    for (const url of [`/group/${w.closed.slug}`, `/group/${w.closed.id}`, `/group/${w.closed.slug}/members`]) {
      const res = await navigate(url);
      expect(res.statusCode, url).toBe(unknown.statusCode);
      expect(res.body, url).toBe(unknown.body);
      expect(res.body).not.toContain(CANARY);
    }
    const post = await navigate(`/groups/${w.closed.id}/discussions/${w.secretPost.id}`);
    expect(post.statusCode).toBe(unknownPost.statusCode);
    expect(post.body).toBe(unknownPost.body);
    expect(post.body).not.toContain(CANARY);
  });
});

describe('a discussion’s link preview', () => {
  it('at the address people share: title from its first line, plain-text description, its first image', async () => {
    const [first] = w.posts;
    const res = await navigate(`/groups/${w.open.id}/discussions/${first!.id}`);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain(`<title>Morning run on Sunday · ${escapeMarkup(HOSTILE)} · Agora</title>`);
    expect(html).toContain('<meta property="og:title" content="Morning run on Sunday" />');
    expect(html).toContain('<meta property="og:description" content="Morning run on Sunday Bring *water* and snacks." />');
    expect(html).toContain(`<meta property="og:image" content="${ORIGIN}${w.image}" />`);
    expect(html).toContain(`<meta property="og:url" content="${ORIGIN}/groups/${w.open.id}/discussions/${first!.id}" />`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toContain('<div id="root"></div>');
    // The API at the same path still answers JSON.
    const api = await get(`/groups/${w.open.id}/discussions/${first!.id}`);
    expect(api.headers['content-type']).toContain('application/json');
  });

  it('at the address "Copy link" gives (`?post=` on the Discussion tab, or on any page), the same preview', async () => {
    const [first] = w.posts;
    const shared = `/group/${w.open.id}/discussions?post=${w.open.id}-${first!.id}`;
    for (const url of [shared, `/?post=${w.open.id}-${first!.id}`, `${shared}&comment=1`]) {
      const html = (await navigate(url)).body;
      expect(html, url).toContain('<meta property="og:title" content="Morning run on Sunday" />');
      expect(html, url).toContain(`<meta property="og:url" content="${ORIGIN}/groups/${w.open.id}/discussions/${first!.id}" />`);
    }
    // A removed or private post behind `?post=` on a public page: that page's own head, as for a post that never was.
    const plainTab = (await navigate(`/group/${w.open.id}/discussions`)).body;
    expect((await navigate(`/group/${w.open.id}/discussions?post=${w.open.id}-${w.removed.id}`)).body).toBe(plainTab);
    const secret = await navigate(`/group/${w.open.id}/discussions?post=${w.closed.id}-${w.secretPost.id}`);
    expect(secret.body).toBe(plainTab);
    expect(secret.body).not.toContain(CANARY);
  });

  it('a post without an image shows the community picture', async () => {
    const html = (await navigate(`/groups/${w.open.id}/discussions/${w.posts[1]!.id}`)).body;
    expect(html).toContain(`<meta property="og:image" content="${ORIGIN}/uploads/group/pic.webp" />`);
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
  });

  it('nothing for a removed post, a deleted account’s post, or a post under another community’s id', async () => {
    const unknown = (await navigate('/groups/2147483000/discussions/2147483000')).body;
    // The same removed post restored has a preview: what follows is the removal rule, not a missing feature.
    await t.database.db.execute(sql`UPDATE discussions SET removed_at = NULL, removed_reason = NULL WHERE id = ${w.removed.id}`);
    expect((await navigate(`/groups/${w.open.id}/discussions/${w.removed.id}`)).body).toContain(CANARY);
    await t.database.db.execute(sql`UPDATE discussions SET removed_at = now(), removed_reason = 'spam' WHERE id = ${w.removed.id}`);
    for (const url of [
      `/groups/${w.open.id}/discussions/${w.removed.id}`,
      `/groups/${w.open.id}/discussions/${w.orphan.id}`,
      `/groups/${w.closed.id}/discussions/${w.posts[0]!.id}`,
    ]) {
      const res = await navigate(url);
      expect(res.body, url).toBe(unknown);
      expect(res.body, url).not.toContain('og:');
    }
  });
});

describe('a blog page’s link preview', () => {
  it('is kept, but not for a blog whose author’s account is deleted', async () => {
    const leaver = await createCast(t.database.db, { authorRole: 'admin' });
    const blog = await createBlog(t, leaver.group, leaver.cast.author, { title: `Leaving ${CANARY}`, content: 'Bye.' });
    const url = `/group/${leaver.group.slug}/blogs/blogpage/${blog.id}`;
    expect((await navigate(url)).body).toContain(`<meta property="og:title" content="Leaving ${CANARY}" />`);
    await t.database.db.execute(sql`UPDATE users SET deleted_at = now() WHERE id = ${leaver.cast.author.id}`);
    const res = await navigate(url);
    expect(res.body).toBe((await navigate(`/group/${leaver.group.slug}/blogs/blogpage/2147483000`)).body);
    expect(res.body).not.toContain(CANARY);
  });
});

describe('robots.txt', () => {
  it('points to the sitemap at PUBLIC_URL, for a crawler and for a browser alike', async () => {
    for (const res of [await get('/robots.txt'), await navigate('/robots.txt')]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
      expect(res.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
      expect(res.body).toContain('Disallow: /api/');
    }
  });

  it('leaves the app’s 404 for unknown paths as it was', async () => {
    expect((await get('/sitemap-discussions.xml')).statusCode).toBe(200);
    expect((await navigate('/no/such/page')).statusCode).toBe(404);
    expect((await get('/sitemap-nothing.xml')).statusCode).toBe(404);
    expect((await get('/sitemap-discussions.xml?after=abc')).statusCode).toBe(404);
    expect((await get('/api/sitemap.xml')).statusCode).toBe(404);
  });
});

describe('sitemap.xml', () => {
  it('lists public communities, discussions and blogs only, over pages of the configured size', async () => {
    const index = await get('/sitemap.xml');
    expect(index.headers['content-type']).toContain('application/xml');
    expect(index.headers['cache-control']).toBe('no-cache');
    const { index: paged, pages, urls, locs } = await sitemapLocs(get);
    expect(paged).toBe(true);
    for (const page of urls) {
      expect(page.length).toBeGreaterThan(0);
      expect(page.length).toBeLessThanOrEqual(PAGE);
      for (const url of page) expect(Number.isNaN(Date.parse(url.lastmod))).toBe(false);
    }
    expect(pages.join('\n')).not.toContain(CANARY);
    // Other files of this run may have made more public communities: keep the ones of this world.
    const mine = locs.filter(
      (loc) => loc.includes(`/group/${w.open.slug}`) || loc.includes(`/groups/${w.open.id}/`) || loc.includes(w.closed.slug),
    );
    expect(mine.sort()).toEqual(
      [
        `${ORIGIN}/group/${w.open.slug}`,
        ...w.posts.map((p) => `${ORIGIN}/groups/${w.open.id}/discussions/${p.id}`),
        `${ORIGIN}/group/${w.open.slug}/blogs/blogpage/${w.blog.id}`,
      ].sort(),
    );
    expect(new Set(locs).size).toBe(locs.length);
    expect(locs.join('\n')).not.toContain(`/groups/${w.closed.id}/`);
  });
});

describe('a sitemap page', () => {
  it('answers only the pages the index names: another `after` is a 404, not one more statement', async () => {
    // More discussions than a page holds, in a community of their own.
    const other = await createGroup(t.database.db, { owner: w.cast.owner, members: [{ user: w.cast.member }] });
    for (const n of [1, 2, 3, 4]) await createPost(t, other, w.cast.member, `Extra ${n}`);
    const index = parseXml<{ sitemapindex: { sitemap: { loc: string }[] } }>((await get('/sitemap.xml')).body);
    const second = index.sitemapindex.sitemap.map((s) => s.loc).find((loc) => loc.includes('discussions.xml?after='));
    expect(second).toBeDefined();
    const after = Number(second!.split('after=')[1]);
    expect((await get(second!.slice(ORIGIN.length))).statusCode).toBe(200);
    expect((await get(`/sitemap-discussions.xml?after=${after + 1}`)).statusCode).toBe(404);
    expect((await get(`/sitemap-discussions.xml?after=${after - 1}`)).statusCode).toBe(404);
  });
});

describe('a community feed', () => {
  it('is RSS 2.0 of its discussions and blogs, newest first, escaped, without removed or deleted-account items', async () => {
    const res = await get(`/groups/${w.open.slug}/feed.xml`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/rss+xml');
    expect(res.body).not.toContain('<script>');
    expect(res.body).not.toContain(CANARY);
    expect(res.body).not.toMatch(FORBIDDEN);
    const feed = parseXml<{
      rss: {
        '@_version': string;
        channel: { title: string; link: string; item: { title: string; link: string; pubDate: string; description: string }[] };
      };
    }>(res.body);
    expect(feed.rss['@_version']).toBe('2.0');
    expect(feed.rss.channel.title).toBe(HOSTILE_CLEAN);
    expect(feed.rss.channel.link).toBe(`${ORIGIN}/group/${w.open.slug}`);
    const items = feed.rss.channel.item;
    expect(items.map((i) => i.link)).toEqual([
      `${ORIGIN}/group/${w.open.slug}/blogs/blogpage/${w.blog.id}`,
      ...[...w.posts].reverse().map((p) => `${ORIGIN}/groups/${w.open.id}/discussions/${p.id}`),
    ]);
    expect(items[0]!.title).toBe(HOSTILE_CLEAN);
    expect(items.at(-1)!.title).toBe('Morning run on Sunday');
    const times = items.map((i) => Date.parse(i.pubDate));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // The same feed by the community's id.
    expect((await get(`/groups/${w.open.id}/feed.xml`)).body).toBe(res.body);
  });

  it('a private community’s feed is the same 404 as an unknown community’s', async () => {
    const unknown = await get('/groups/no-such-community/feed.xml');
    expect(unknown.statusCode).toBe(404);
    expect((await get(`/groups/${w.open.slug}/feed.xml`)).statusCode).toBe(200);
    for (const url of [`/groups/${w.closed.slug}/feed.xml`, `/groups/${w.closed.id}/feed.xml`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      // The same body but for the request's own id.
      expect({ ...res.json(), requestId: null }, url).toEqual({ ...unknown.json(), requestId: null });
    }
  });
});

describe('with the cache on (SITEMAP_CACHE_SECONDS)', () => {
  it('defaults to 60 s; 0 turns it off', () => {
    const base = { ...process.env, NODE_ENV: 'test', SITEMAP_CACHE_SECONDS: undefined };
    expect(loadConfig(base).reach).toEqual({ sitemapPageSize: 50_000, cacheMs: 60_000 });
    expect(loadConfig({ ...base, SITEMAP_CACHE_SECONDS: '0' }).reach.cacheMs).toBe(0);
    expect(() => loadConfig({ ...base, SITEMAP_CACHE_SECONDS: '-1' })).toThrow(/SITEMAP_CACHE_SECONDS/);
  });

  it('answers the sitemap and a feed from memory, but a community turned private loses its feed at once', async () => {
    const cached = await buildApp({ ...t.config, reach: { sitemapPageSize: 50_000, cacheMs: 60_000 } }, t.database.db, { logger: false });
    try {
      const read = (url: string) => cached.inject({ method: 'GET', url });
      const sitemap = await read('/sitemap.xml');
      const feed = await read(`/groups/${w.open.slug}/feed.xml`);
      expect(sitemap.headers['cache-control']).toBe('public, max-age=60');
      expect(feed.headers['cache-control']).toBe('public, max-age=60');
      const fresh = await createPost(t, w.open, w.cast.member, 'Fresh news');
      const link = `/groups/${w.open.id}/discussions/${fresh.id}`;
      // The uncached app sees the new post; the cached one answers what it built a moment ago.
      expect((await sitemapLocs(get)).pages.join('\n')).toContain(link);
      expect((await get(`/groups/${w.open.slug}/feed.xml`)).body).toContain(link);
      expect((await read('/sitemap.xml')).body).toBe(sitemap.body);
      expect(sitemap.body).not.toContain(link);
      expect((await read(`/groups/${w.open.slug}/feed.xml`)).body).toBe(feed.body);
      await t.database.db.execute(sql`UPDATE groups SET is_private = true WHERE id = ${w.open.id}`);
      try {
        expect((await read(`/groups/${w.open.slug}/feed.xml`)).statusCode).toBe(404);
      } finally {
        await t.database.db.execute(sql`UPDATE groups SET is_private = false WHERE id = ${w.open.id}`);
      }
    } finally {
      await cached.close();
    }
  });
});

describe('escapeMarkup', () => {
  it('removes what XML 1.0 forbids (NUL and unpaired surrogates too) and escapes markup', () => {
    expect(escapeMarkup(`a\u0000b${CONTROL}\uD800c\uDC00d 😀 <&>"'\t\n`)).toBe('abcd 😀 &lt;&amp;&gt;&quot;&apos;\t\n');
  });
});

describe('the document cache', () => {
  it('builds a key once within its time, shares a build in progress, and forgets a failed build', async () => {
    const cache = new DocumentCache(60_000);
    let builds = 0;
    const build = async () => `doc ${(builds += 1)}`;
    const [a, b] = await Promise.all([cache.get('k', build), cache.get('k', build)]);
    expect([a, b, await cache.get('k', build), builds]).toEqual(['doc 1', 'doc 1', 'doc 1', 1]);
    expect(await cache.get('other', build)).toBe('doc 2');
    await expect(cache.get('bad', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('bad', build)).toBe('doc 3');
    const none = new DocumentCache(0);
    await none.get('k', build);
    expect(await none.get('k', build)).toBe('doc 5');
  });
});
