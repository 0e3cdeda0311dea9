import { BLOG_LIMITS, BLOG_MESSAGES, GROUP_MESSAGES } from '@agora/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createBlog, createGroup, createUser } from '../../test/factories';
import { client, useTestApp } from '../../test/test-app';
import { type BlogWorld, blogWorld } from './test-support';

const t = useTestApp({ rateLimit: false });
const api = client(t);
let w: BlogWorld;

beforeAll(async () => {
  w = await blogWorld(t);
});

/** Spreads blogs over time (newest last) so "newest first" is a real order, not insertion luck. */
async function age(blogId: number, minutesAgo: number) {
  await t.database.sql`UPDATE blogs SET created_at = now() - make_interval(mins => ${minutesAgo}) WHERE id = ${blogId}`;
}

describe('GET /api/groups/{id}/posts', () => {
  it('lists a community’s blogs newest first, page by page with nextCursor, by id or slug', async () => {
    const owner = await createUser(t.database.db);
    const group = await createGroup(t.database.db, { owner });
    const ids: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const blog = await createBlog(t, group, owner, { title: `Blog ${i}` });
      await age(blog.id, 50 - i);
      ids.push(blog.id);
    }
    // Two blogs at the very same instant: the id breaks the tie, and no page repeats or skips one.
    await t.database.sql`UPDATE blogs SET created_at = (SELECT created_at FROM blogs WHERE id = ${ids[3]!}) WHERE id = ${ids[2]!}`;
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/groups/${pages % 2 ? group.slug : group.id}/posts?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await api.get(url);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      seen.push(...body.posts.map((p: { id: number }) => p.id));
      cursor = body.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(seen).toEqual([ids[4], ids[3], ids[2], ids[1], ids[0]]);
    expect(pages).toBe(3);
  });

  it('sends a preview of long content and says so; the blog itself has it all', async () => {
    const long = `${'word '.repeat(300)}end`;
    const blog = await createBlog(t, w.open, w.author, { content: long });
    const listed = (await api.get(`/api/groups/${w.open.id}/posts`)).json().posts.find((p: { id: number }) => p.id === blog.id);
    expect(listed.blog_content).toBe(long.slice(0, BLOG_LIMITS.previewChars));
    expect(listed.content_truncated).toBe(true);
    const full = (await api.get(`/groups/blog/${blog.id}`)).json().blog;
    expect(full.blog_content).toBe(long);
    expect(full.content_truncated).toBe(false);
  });

  it('shows a private community’s blogs to its members and owner only', async () => {
    await createBlog(t, w.closed, w.author, { title: 'Members only' });
    for (const who of ['owner', 'author', 'moderator', 'member'] as const) {
      const res = await api.get(`/api/groups/${w.closed.id}/posts`, w[who]);
      expect(res.statusCode, who).toBe(200);
      expect(res.json().posts.length).toBeGreaterThan(0);
    }
    for (const who of [null, w.outsider]) {
      const res = await api.get(`/api/groups/${w.closed.slug}/posts`, who);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: GROUP_MESSAGES.privateContent, code: 'forbidden', requestId: expect.any(String) });
    }
  });

  it('answers an empty page for a community without blogs, 404 for none, 400 for a bad cursor or limit', async () => {
    const owner = await createUser(t.database.db);
    const empty = await createGroup(t.database.db, { owner });
    expect((await api.get(`/api/groups/${empty.id}/posts`)).json()).toEqual({ posts: [], nextCursor: null });
    expect((await api.get('/api/groups/no-such-group/posts')).statusCode).toBe(404);
    expect((await api.get(`/api/groups/${empty.id}/posts?cursor=nonsense`)).statusCode).toBe(400);
    expect((await api.get(`/api/groups/${empty.id}/posts?limit=0`)).statusCode).toBe(400);
    expect((await api.get(`/api/groups/${empty.id}/posts?limit=51`)).statusCode).toBe(400);
  });

  it('marks what the viewer liked', async () => {
    const blog = await createBlog(t, w.open, w.author, { title: 'Likeable' });
    await api.post(`/groups/${w.open.id}/blogs/${blog.id}/like`, w.member);
    const find = async (viewer: typeof w.member | null) =>
      (await api.get(`/api/groups/${w.open.id}/posts?limit=50`, viewer)).json().posts.find((p: { id: number }) => p.id === blog.id);
    expect(await find(w.member)).toMatchObject({ is_liked: true, likes_count: 1 });
    expect(await find(w.moderator)).toMatchObject({ is_liked: false, likes_count: 1 });
    expect(await find(null)).toMatchObject({ is_liked: false, likes_count: 1 });
  });
});

describe('GET /groups/blog/{blogId}', () => {
  it('answers the whole blog to anyone for a public community, under /api too', async () => {
    const blog = await createBlog(t, w.open, w.author, { title: 'Open', content: 'Everyone **reads** this' });
    for (const url of [`/groups/blog/${blog.id}`, `/api/groups/blog/${blog.id}`]) {
      const res = await api.get(url);
      expect(res.statusCode).toBe(200);
      expect(res.json().blog).toMatchObject({ id: blog.id, blog_title: 'Open', blog_content: 'Everyone **reads** this', is_liked: false });
    }
  });

  it.each(['999999', '0', '-1', '007', 'abc', '99999999999', '1.5'])('answers 404 "Blog Post Not Found" for %s', async (id) => {
    const res = await api.get(`/groups/blog/${id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: BLOG_MESSAGES.notFound, code: 'blog_not_found', requestId: expect.any(String) });
  });

  it('hides a private community’s blog from visitors and non-members', async () => {
    const blog = await createBlog(t, w.closed, w.author);
    expect((await api.get(`/groups/blog/${blog.id}`)).statusCode).toBe(403);
    expect((await api.get(`/groups/blog/${blog.id}`, w.outsider)).statusCode).toBe(403);
    expect((await api.get(`/groups/blog/${blog.id}`, w.member)).statusCode).toBe(200);
  });

  it('carries the community’s verified badge as 1', async () => {
    const blog = await createBlog(t, w.open, w.author);
    await t.database.sql`UPDATE groups SET group_verified = true WHERE id = ${w.open.id}`;
    expect((await api.get(`/groups/blog/${blog.id}`)).json().blog.group_verified).toBe(1);
    await t.database.sql`UPDATE groups SET group_verified = false WHERE id = ${w.open.id}`;
  });
});

describe('GET /groups/joined/blogs (home strip)', () => {
  it('lists blogs of every community the viewer joined or owns, private ones included, newest first', async () => {
    const reader = await createUser(t.database.db);
    const other = await createUser(t.database.db);
    const joined = await createGroup(t.database.db, { owner: other, members: [{ user: reader }] });
    const hidden = await createGroup(t.database.db, { owner: other, isPrivate: true, members: [{ user: reader }] });
    const owned = await createGroup(t.database.db, { owner: reader });
    const notJoined = await createGroup(t.database.db, { owner: other });
    const a = await createBlog(t, joined, other, { title: 'joined' });
    const b = await createBlog(t, hidden, other, { title: 'hidden' });
    const c = await createBlog(t, owned, reader, { title: 'owned' });
    await createBlog(t, notJoined, other, { title: 'not joined' });
    await age(a.id, 30);
    await age(b.id, 20);
    await age(c.id, 10);
    const res = await api.get('/groups/joined/blogs', reader);
    expect(res.statusCode).toBe(200);
    expect(res.json().blogs.map((x: { blog_title: string }) => x.blog_title)).toEqual(['owned', 'hidden', 'joined']);
    expect(res.json().nextCursor).toBeNull();

    // Page by page: a community with many blogs does not crowd out the order.
    for (let i = 0; i < 4; i += 1) await age((await createBlog(t, joined, other, { title: `more ${i}` })).id, 40 + i);
    const first = (await api.get('/api/groups/joined/blogs?limit=3', reader)).json();
    expect(first.blogs.map((x: { blog_title: string }) => x.blog_title)).toEqual(['owned', 'hidden', 'joined']);
    const second = (await api.get(`/groups/joined/blogs?limit=3&cursor=${first.nextCursor}`, reader)).json();
    expect(second.blogs.map((x: { blog_title: string }) => x.blog_title)).toEqual(['more 0', 'more 1', 'more 2']);
    const third = (await api.get(`/groups/joined/blogs?limit=3&cursor=${second.nextCursor}`, reader)).json();
    expect(third).toMatchObject({ blogs: [{ blog_title: 'more 3' }], nextCursor: null });
  });

  it('is empty for someone in no community, and needs a sign-in', async () => {
    const loner = await createUser(t.database.db);
    expect((await api.get('/groups/joined/blogs', loner)).json()).toEqual({ blogs: [], nextCursor: null });
    expect((await api.get('/groups/joined/blogs')).statusCode).toBe(401);
  });

  it('does not take /groups/joined/{userId}’s place', async () => {
    const res = await api.get(`/groups/joined/${w.member.id}`, w.member);
    expect(res.statusCode).toBe(200);
    expect(res.json().groups.length).toBe(2);
  });
});
