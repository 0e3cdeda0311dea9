import { BLOG_MESSAGES, GROUP_MESSAGES } from '@agora/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createBlog, createUser, type TestUser } from '../../test/factories';
import { client, useTestApp } from '../../test/test-app';
import { type BlogWorld, blogWorld } from './test-support';

const t = useTestApp({ rateLimit: false });
const api = client(t);
let w: BlogWorld;

beforeAll(async () => {
  w = await blogWorld(t);
});

async function counts(blogId: number) {
  const [row] = await t.database.sql<{ likes: number; like_rows: number; shares: number; share_rows: number }[]>`
    SELECT like_count AS likes, share_count AS shares,
      (SELECT count(*)::int FROM blog_likes WHERE blog_id = b.id) AS like_rows,
      (SELECT count(*)::int FROM blog_shares WHERE blog_id = b.id) AS share_rows
    FROM blogs b WHERE id = ${blogId}`;
  return row!;
}

const like = (group: string | number, blogId: number, user: TestUser | null) => api.post(`/groups/${group}/blogs/${blogId}/like`, user);
const share = (group: string | number, blogId: number, user: TestUser | null) => api.post(`/groups/${group}/blogs/${blogId}/share`, user);

describe('likes', () => {
  it('toggles: like, status, unlike, under /api too', async () => {
    const blog = await createBlog(t, w.open, w.author);
    const status = async () => (await api.get(`/groups/${w.open.slug}/blogs/${blog.id}/like-status`, w.member)).json();
    expect(await status()).toEqual({ liked: false });
    expect((await like(w.open.id, blog.id, w.member)).json()).toEqual({ liked: true, likes_count: 1 });
    expect(await status()).toEqual({ liked: true });
    expect((await api.post(`/api/groups/${w.open.id}/blogs/${blog.id}/like`, w.member)).json()).toEqual({
      liked: false,
      likes_count: 0,
    });
    expect(await status()).toEqual({ liked: false });
    expect(await counts(blog.id)).toMatchObject({ likes: 0, like_rows: 0 });
  });

  it('notifies the author of each like (linking the blog page), never of an unlike or of their own like', async () => {
    const blog = await createBlog(t, w.open, w.author, { title: 'Notable' });
    await like(w.open.id, blog.id, w.member);
    await like(w.open.id, blog.id, w.member);
    await like(w.open.id, blog.id, w.author);
    const rows = await t.database.sql<{ user_id: number; sender_id: number; noti_link: string; group_id: number; noti_content: string }[]>`
      SELECT user_id, sender_id, noti_link, group_id, noti_content FROM notifications WHERE blog_id = ${blog.id} AND noti_type = 'like'`;
    expect(rows).toEqual([
      {
        user_id: w.author.id,
        sender_id: w.member.id,
        noti_link: `/group/${w.open.slug}/blogs/blogpage/${blog.id}`,
        group_id: w.open.id,
        noti_content: `${w.member.username} liked your blog post "Notable"`,
      },
    ]);
  });

  it('needs a signed-in member: 401 for a visitor, 403 for an outsider (private: cannot even read)', async () => {
    const open = await createBlog(t, w.open, w.author);
    const closed = await createBlog(t, w.closed, w.author);
    expect((await like(w.open.id, open.id, null)).statusCode).toBe(401);
    expect((await api.get(`/groups/${w.open.id}/blogs/${open.id}/like-status`)).json()).toEqual({ liked: false });
    const refused = await like(w.closed.id, closed.id, w.outsider);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(GROUP_MESSAGES.privateContent);
    expect((await api.get(`/groups/${w.closed.id}/blogs/${closed.id}/like-status`)).statusCode).toBe(403);
    expect((await like(w.closed.id, closed.id, w.member)).json()).toEqual({ liked: true, likes_count: 1 });
    // Outsiders may read a public community's blog but not like it: members like (decision 0012 a).
    const outsider = await like(w.open.id, open.id, w.outsider);
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json().message).toBe(BLOG_MESSAGES.memberToLike);
    expect((await like(w.open.id, open.id, w.member)).json()).toEqual({ liked: true, likes_count: 1 });
  });

  it('answers 404 for a blog under another community’s path or a missing one', async () => {
    const blog = await createBlog(t, w.open, w.author);
    for (const [url, user] of [
      [`/groups/${w.closed.id}/blogs/${blog.id}/like`, w.owner],
      [`/groups/${w.open.id}/blogs/${blog.id + 100_000}/like`, w.owner],
      [`/groups/${w.open.id}/blogs/x/like`, w.owner],
    ] as const) {
      const res = await api.post(url, user);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe('blog_not_found');
    }
    expect(await counts(blog.id)).toMatchObject({ likes: 0, like_rows: 0 });
  });

  it('counts exactly when 25 people like at once', async () => {
    const blog = await createBlog(t, w.open, w.author);
    const people = await Promise.all(Array.from({ length: 25 }, () => createUser(t.database.db)));
    // Members like (decision 0012 a): they join first.
    for (const p of people) await t.database.sql`INSERT INTO group_members (group_id, user_id) VALUES (${w.open.id}, ${p.id})`;
    const answers = await Promise.all(people.map((p) => like(w.open.id, blog.id, p)));
    expect(answers.every((a) => a.statusCode === 200 && a.json().liked === true)).toBe(true);
    expect(await counts(blog.id)).toMatchObject({ likes: 25, like_rows: 25 });
  });

  it('keeps one like at most and the count equal to the rows when one person toggles many times at once', async () => {
    const blog = await createBlog(t, w.open, w.author);
    const answers = await Promise.all(Array.from({ length: 15 }, () => like(w.open.id, blog.id, w.member)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const { likes, like_rows } = await counts(blog.id);
    expect(like_rows).toBeLessThanOrEqual(1);
    expect(likes).toBe(like_rows);
    // 15 toggles from "not liked": an odd number ends liked.
    expect(like_rows).toBe(1);
  });
});

describe('shares', () => {
  it('counts every share, from readers only', async () => {
    const blog = await createBlog(t, w.closed, w.author);
    expect((await share(w.closed.id, blog.id, w.member)).json()).toEqual({ share_count: 1 });
    expect((await share(w.closed.slug, blog.id, w.member)).json()).toEqual({ share_count: 2 });
    expect((await api.post(`/api/groups/${w.closed.id}/blogs/${blog.id}/share`, w.owner)).json()).toEqual({ share_count: 3 });
    expect((await share(w.closed.id, blog.id, null)).statusCode).toBe(401);
    expect((await share(w.closed.id, blog.id, w.outsider)).statusCode).toBe(403);
    // A public community's blog may be shared by any signed-in reader, member or not (decision 0012 a).
    const open = await createBlog(t, w.open, w.author);
    expect((await share(w.open.id, open.id, w.outsider)).json()).toEqual({ share_count: 1 });
    expect((await share(w.open.id, blog.id, w.member)).statusCode).toBe(404);
    expect(await counts(blog.id)).toMatchObject({ shares: 3, share_rows: 3 });
    expect((await api.get(`/groups/blog/${blog.id}`, w.member)).json().blog.share_count).toBe(3);
  });

  it('counts exactly under 30 concurrent shares', async () => {
    const blog = await createBlog(t, w.open, w.author);
    const people = await Promise.all(Array.from({ length: 6 }, () => createUser(t.database.db)));
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => share(w.open.id, blog.id, people[i % 6]!)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.json().share_count)).size).toBe(30);
    expect(await counts(blog.id)).toMatchObject({ shares: 30, share_rows: 30 });
  });
});
