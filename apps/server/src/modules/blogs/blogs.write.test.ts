import { BLOG_MESSAGES, GROUP_MESSAGES, TEXT_MESSAGES, UPLOAD_MESSAGES } from '@agora/contract';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createBlog, createUser, multipart, pngImage } from '../../test/factories';
import { client, useTestApp } from '../../test/test-app';
import { type BlogWorld, blogWorld, fileExists, postBlog, putBlog } from './test-support';

const t = useTestApp({ rateLimit: false });
const api = client(t);
let w: BlogWorld;

beforeAll(async () => {
  w = await blogWorld(t);
});

async function uploadRow(path: string) {
  const [row] = await t.database.sql<{ kind: string; user_id: number; attached: boolean }[]>`
    SELECT kind, user_id, attached_at IS NOT NULL AS attached FROM uploads WHERE path = ${path}`;
  return row ?? null;
}

describe('POST /groups/{id}/posts', () => {
  it('publishes a blog with a header image re-encoded within 1600 px, and answers every §3 field', async () => {
    const res = await postBlog(
      t,
      w.owner,
      w.open.slug,
      { title: '  Hello   trail  ', content: 'First **run** of the season.\r\n\r\n\r\n\r\nSee you there.  ' },
      { data: await pngImage(2400, 800) },
    );
    expect(res.statusCode).toBe(201);
    const { message, post } = res.json();
    expect(message).toBe(BLOG_MESSAGES.created);
    expect(post).toEqual({
      id: expect.any(Number),
      group_id: w.open.id,
      slug: w.open.slug,
      blog_title: 'Hello trail',
      blog_content: 'First **run** of the season.\n\nSee you there.',
      content_truncated: false,
      blog_img: expect.stringMatching(/^\/uploads\/blog\/[\w-]+\.webp$/),
      blog_author: w.owner.id,
      username: w.owner.username,
      profileImage: null,
      date_published: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      date_updated: post.date_published,
      edited_at: null,
      likes_count: 0,
      share_count: 0,
      is_liked: false,
      group_name: w.open.name,
      group_dp: null,
      group_verified: 0,
      // The owner who published it may edit, delete and like it (the blog policy).
      // Issue 15 §3: nobody outranks the owner, so nobody may remove it; `removed` null while it is not removed.
      abilities: { edit: true, delete: true, like: true, remove: false, restore: false },
      removed: null,
    });
    expect(Math.abs(Date.parse(post.date_published) - Date.now())).toBeLessThan(60_000);
    const served = await t.app.inject({ method: 'GET', url: post.blog_img });
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1600, 533]);
    expect(await uploadRow(post.blog_img)).toEqual({ kind: 'blog', user_id: w.owner.id, attached: true });
  });

  it('never enlarges a small image', async () => {
    const post = await createBlog(t, w.open, w.author, {}, { data: await pngImage(300, 200) });
    const meta = await sharp((await t.app.inject({ method: 'GET', url: post.blog_img! })).rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([300, 200]);
  });

  it('takes JSON without an image, under /api too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/groups/${w.open.id}/posts`,
      headers: w.author.auth,
      payload: { title: 'JSON post', content: 'No picture' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().post).toMatchObject({ blog_title: 'JSON post', blog_img: null, blog_author: w.author.id });
  });

  it.each([
    ['the owner', 'owner', 201],
    ['an admin', 'author', 201],
    ['another admin', 'otherAdmin', 201],
    ['a moderator', 'moderator', 403],
    ['a member', 'member', 403],
    ['a non-member', 'outsider', 403],
  ] as const)('lets %s publish in a public community: %i', async (_label, who, status) => {
    const res = await postBlog(t, w[who], w.open.id, { title: 'Who may', content: 'publish' });
    expect(res.statusCode).toBe(status);
    if (status === 403)
      expect(res.json()).toEqual({ message: BLOG_MESSAGES.createForbidden, code: 'forbidden', requestId: expect.any(String) });
  });

  it('applies the same rule in a private community, and refuses a visitor with 401 before reading the body', async () => {
    expect((await postBlog(t, w.author, w.closed.slug, { title: 'Private', content: 'ok' })).statusCode).toBe(201);
    expect((await postBlog(t, w.outsider, w.closed.slug, { title: 'Private', content: 'no' })).statusCode).toBe(403);
    expect((await postBlog(t, w.member, w.closed.slug, { title: 'Private', content: 'no' })).statusCode).toBe(403);
    const visitor = await postBlog(t, null, w.open.id, { title: 'Visitor', content: 'no' });
    expect(visitor.statusCode).toBe(401);
  });

  it('answers 404 for a community that does not exist', async () => {
    const res = await postBlog(t, w.owner, 'no-such-community', { title: 'x', content: 'y' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('group_not_found');
  });

  it.each([
    [{ title: '   ', content: 'text' }, 'title', BLOG_MESSAGES.titleRequired],
    [{ title: '\u200b\u200b', content: 'text' }, 'title', BLOG_MESSAGES.titleRequired],
    [{ content: 'text' }, 'title', BLOG_MESSAGES.titleRequired],
    [{ title: 'Title', content: ' \n\n\t ' }, 'content', BLOG_MESSAGES.contentRequired],
    [{ title: 'x'.repeat(201), content: 'text' }, 'title', BLOG_MESSAGES.titleTooLong],
    [{ title: 'Title', content: 'y'.repeat(100_001) }, 'content', BLOG_MESSAGES.contentTooLong],
    [{ title: 'Bell\u0007', content: 'text' }, 'title', TEXT_MESSAGES.controlChars],
    [{ title: 'Title', content: 'nul\u0000byte' }, 'content', TEXT_MESSAGES.controlChars],
  ])('refuses %j with a 400 on %s', async (fields, field, message) => {
    const before = await t.database.sql`SELECT count(*)::int AS n FROM blogs`;
    const res = await postBlog(t, w.owner, w.open.id, fields as Record<string, string>);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, code: 'validation_error', fields: { [field]: message } });
    const after = await t.database.sql`SELECT count(*)::int AS n FROM blogs`;
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('accepts the longest title and content', async () => {
    const res = await postBlog(t, w.owner, w.open.id, { title: 't'.repeat(200), content: 'c'.repeat(100_000) });
    expect(res.statusCode).toBe(201);
    expect(res.json().post.blog_content).toHaveLength(100_000);
  });

  it('refuses a file that is not an image (415) or is too large (413), and stores nothing', async () => {
    const files = await t.database.sql`SELECT count(*)::int AS n FROM uploads`;
    const text = await postBlog(
      t,
      w.owner,
      w.open.id,
      { title: 'x', content: 'y' },
      { data: Buffer.from('not an image'), contentType: 'text/plain' },
    );
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe(UPLOAD_MESSAGES.notAnImage);
    const huge = await postBlog(t, w.owner, w.open.id, { title: 'x', content: 'y' }, { data: Buffer.alloc(10 * 1024 * 1024 + 10, 1) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe(BLOG_MESSAGES.imageTooLarge);
    expect((await t.database.sql`SELECT count(*)::int AS n FROM uploads`)[0]!.n).toBe(files[0]!.n);
  });

  it('refuses another file field', async () => {
    const body = multipart('group_banner', 'b.png', 'image/png', await pngImage());
    const res = await t.app.inject({
      method: 'POST',
      url: `/groups/${w.open.id}/posts`,
      headers: { ...w.owner.auth, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(400);
  });

  it('notifies the people it mentions who may read it, never the author', async () => {
    const post = await createBlog(t, w.closed, w.owner, {
      title: `Hi @${w.member.username}`,
      content: `Thanks @${w.author.username}, @${w.outsider.username} and @${w.owner.username}! @${w.member.username} again.`,
    });
    const rows = await t.database.sql<{ user_id: number; noti_link: string; sender_id: number }[]>`
      SELECT user_id, noti_link, sender_id FROM notifications WHERE blog_id = ${post.id} AND noti_type = 'mention' ORDER BY user_id`;
    expect(rows.map((r) => r.user_id)).toEqual([w.author.id, w.member.id].sort((a, b) => a - b));
    expect(rows[0]).toMatchObject({ noti_link: `/group/${w.closed.slug}/blogs/blogpage/${post.id}`, sender_id: w.owner.id });
  });
});

describe('PUT /groups/{id}/blogs/{blogId}', () => {
  it.each([
    ['the owner, on an admin’s blog', 'owner', 200],
    ['the admin who wrote it', 'author', 200],
    ['another admin', 'otherAdmin', 403],
    ['a moderator', 'moderator', 403],
    ['a member', 'member', 403],
    ['a non-member', 'outsider', 403],
  ] as const)('lets %s edit: %i', async (_label, who, status) => {
    const blog = await createBlog(t, w.open, w.author, { title: 'Before', content: 'old text' });
    const res = await putBlog(t, w[who], w.open.id, blog.id, { title: 'After', content: 'new text' });
    expect(res.statusCode).toBe(status);
    const now = (await api.get(`/groups/blog/${blog.id}`)).json().blog;
    if (status === 200) {
      expect(res.json()).toMatchObject({ message: BLOG_MESSAGES.updated, blog: { blog_title: 'After', blog_content: 'new text' } });
      expect(now.blog_author).toBe(w.author.id);
    } else {
      expect(res.json()).toEqual({ message: BLOG_MESSAGES.editForbidden, code: 'forbidden', requestId: expect.any(String) });
      expect(now.blog_title).toBe('Before');
    }
  });

  it('refuses a visitor (401), a blog under another community’s path or a missing one (404)', async () => {
    const blog = await createBlog(t, w.open, w.author);
    expect((await putBlog(t, null, w.open.id, blog.id, { title: 'x', content: 'y' })).statusCode).toBe(401);
    const elsewhere = await putBlog(t, w.owner, w.closed.id, blog.id, { title: 'x', content: 'y' });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toEqual({ message: BLOG_MESSAGES.notFound, code: 'blog_not_found', requestId: expect.any(String) });
    expect((await putBlog(t, w.owner, w.open.id, 2_000_000, { title: 'x', content: 'y' })).statusCode).toBe(404);
    expect((await putBlog(t, w.owner, w.open.id, 'abc', { title: 'x', content: 'y' })).statusCode).toBe(404);
  });

  it('validates like creation', async () => {
    const blog = await createBlog(t, w.open, w.author, { title: 'Keep', content: 'me' });
    const res = await putBlog(t, w.author, w.open.id, blog.id, { title: 'Keep', content: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ content: BLOG_MESSAGES.contentRequired });
  });

  it('an admin who is no longer an admin cannot edit their blog any more', async () => {
    const demoted = await createUser(t.database.db);
    await t.database.sql`INSERT INTO group_members (group_id, user_id, role) VALUES (${w.open.id}, ${demoted.id}, 'admin')`;
    const blog = await createBlog(t, w.open, demoted);
    await t.database.sql`UPDATE group_members SET role = 'member' WHERE group_id = ${w.open.id} AND user_id = ${demoted.id}`;
    expect((await putBlog(t, demoted, w.open.id, blog.id, { title: 'x', content: 'y' })).statusCode).toBe(403);
    expect((await api.del(`/groups/${w.open.id}/blogs/${blog.id}`, demoted)).statusCode).toBe(403);
  });

  it('keeps the header image when none is sent, replaces it (the old file goes), and removes it on removeImage', async () => {
    const blog = await createBlog(t, w.open, w.author, {}, { data: await pngImage(800, 400) });
    const first = blog.blog_img!;
    const kept = await putBlog(t, w.author, w.open.id, blog.id, { title: 'Still', content: 'here' });
    expect(kept.json().blog.blog_img).toBe(first);
    expect(fileExists(t, first)).toBe(true);

    const replaced = await putBlog(t, w.author, w.open.id, blog.id, { title: 'New', content: 'image' }, { data: await pngImage(640, 320) });
    expect(replaced.statusCode).toBe(200);
    const second = replaced.json().blog.blog_img as string;
    expect(second).not.toBe(first);
    expect(fileExists(t, first)).toBe(false);
    expect(await uploadRow(first)).toBeNull();
    expect(fileExists(t, second)).toBe(true);

    const both = await putBlog(
      t,
      w.author,
      w.open.id,
      blog.id,
      { title: 'x', content: 'y', removeImage: 'true' },
      { data: await pngImage() },
    );
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe(BLOG_MESSAGES.imageAndRemove);
    expect(fileExists(t, second)).toBe(true);

    const removed = await putBlog(t, w.author, w.open.id, blog.id, { title: 'No', content: 'image', removeImage: 'true' });
    expect(removed.json().blog.blog_img).toBeNull();
    expect(fileExists(t, second)).toBe(false);
    expect(await uploadRow(second)).toBeNull();
  });

  it('stores nothing when the edit is refused', async () => {
    const blog = await createBlog(t, w.open, w.author);
    const before = (await t.database.sql`SELECT count(*)::int AS n FROM uploads`)[0]!.n;
    const res = await putBlog(t, w.otherAdmin, w.open.id, blog.id, { title: 'x', content: 'y' }, { data: await pngImage() });
    expect(res.statusCode).toBe(403);
    expect((await t.database.sql`SELECT count(*)::int AS n FROM uploads`)[0]!.n).toBe(before);
  });

  it('moves date_updated, not date_published', async () => {
    const blog = await createBlog(t, w.open, w.author);
    await t.database
      .sql`UPDATE blogs SET created_at = created_at - interval '1 day', updated_at = updated_at - interval '1 day' WHERE id = ${blog.id}`;
    const res = (await putBlog(t, w.author, w.open.id, blog.id, { title: 'Edited', content: 'now' })).json().blog;
    expect(Date.parse(res.date_updated) - Date.parse(res.date_published)).toBeGreaterThan(23 * 3600_000);
  });

  it('notifies only the people an edit newly mentions', async () => {
    const blog = await createBlog(t, w.open, w.author, { content: `Hello @${w.member.username}` });
    await putBlog(t, w.author, w.open.id, blog.id, {
      title: 'A title',
      content: `Hello @${w.member.username} and @${w.moderator.username}`,
    });
    const rows = await t.database.sql<{ user_id: number }[]>`
      SELECT user_id FROM notifications WHERE blog_id = ${blog.id} AND noti_type = 'mention' ORDER BY id`;
    expect(rows.map((r) => r.user_id)).toEqual([w.member.id, w.moderator.id]);
  });
});

describe('DELETE /groups/{id}/blogs/{blogId}', () => {
  it.each([
    ['the owner', 'owner', 200],
    ['the admin who wrote it', 'author', 200],
    ['another admin', 'otherAdmin', 403],
    ['a moderator', 'moderator', 403],
    ['a member', 'member', 403],
    ['a non-member', 'outsider', 403],
    ['a visitor', null, 401],
  ] as const)('lets %s delete: %i', async (_label, who, status) => {
    const blog = await createBlog(t, w.closed, w.author);
    const res = await api.del(`/groups/${w.closed.slug}/blogs/${blog.id}`, who ? w[who] : null);
    expect(res.statusCode).toBe(status);
    const after = await api.get(`/groups/blog/${blog.id}`, w.owner);
    expect(after.statusCode).toBe(status === 200 ? 404 : 200);
    if (status === 200) expect(res.json()).toEqual({ message: BLOG_MESSAGES.deleted });
  });

  it('removes the likes, shares, notifications and the header image file', async () => {
    const blog = await createBlog(t, w.open, w.author, { content: `Hey @${w.member.username}` }, { data: await pngImage(500, 300) });
    await api.post(`/groups/${w.open.id}/blogs/${blog.id}/like`, w.member);
    await api.post(`/groups/${w.open.id}/blogs/${blog.id}/share`, w.member);
    const count = async (table: string) =>
      (await t.database.sql`SELECT count(*)::int AS n FROM ${t.database.sql(table)} WHERE blog_id = ${blog.id}`)[0]!.n as number;
    expect([await count('blog_likes'), await count('blog_shares'), await count('notifications')]).toEqual([1, 1, 2]);
    expect((await api.del(`/api/groups/${w.open.id}/blogs/${blog.id}`, w.owner)).statusCode).toBe(200);
    expect([await count('blog_likes'), await count('blog_shares'), await count('notifications')]).toEqual([0, 0, 0]);
    expect(fileExists(t, blog.blog_img!)).toBe(false);
    expect(await uploadRow(blog.blog_img!)).toBeNull();
  });

  it('answers 404 under another community’s path, and deletes nothing', async () => {
    const blog = await createBlog(t, w.open, w.author);
    const res = await api.del(`/groups/${w.closed.id}/blogs/${blog.id}`, w.owner);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(BLOG_MESSAGES.notFound);
    expect((await api.get(`/groups/blog/${blog.id}`)).statusCode).toBe(200);
  });
});

describe('content images (the editor’s Add Image)', () => {
  async function uploadPostImage(user: typeof w.author) {
    const body = multipart('image', 'i.png', 'image/png', await pngImage(200, 100));
    const res = await t.app.inject({
      method: 'POST',
      url: '/upload/image',
      headers: { ...user.auth, ...body.headers },
      payload: body.payload,
    });
    return res.json().url as string;
  }

  it('attaches the author’s uploads shown in the text, and releases them (file and row) when the blog goes', async () => {
    const mine = await uploadPostImage(w.author);
    const theirs = await uploadPostImage(w.member);
    const blog = await createBlog(t, w.open, w.author, { content: `Look:\n[${mine}]\n[${theirs}]` });
    expect(await uploadRow(mine)).toMatchObject({ attached: true });
    // Someone else's upload stays theirs and unattached: showing it does not make it the blog's.
    expect(await uploadRow(theirs)).toMatchObject({ user_id: w.member.id, attached: false });
    expect((await api.del(`/groups/${w.open.id}/blogs/${blog.id}`, w.author)).statusCode).toBe(200);
    expect(fileExists(t, mine)).toBe(false);
    expect(await uploadRow(mine)).toBeNull();
    expect(fileExists(t, theirs)).toBe(true);
  });

  it('keeps an image another blog of the same author still shows, and releases one an edit removes', async () => {
    const shared = await uploadPostImage(w.author);
    const dropped = await uploadPostImage(w.author);
    const one = await createBlog(t, w.open, w.author, { content: `[${shared}] [${dropped}]` });
    await createBlog(t, w.open, w.author, { content: `Again [${shared}]` });
    expect((await putBlog(t, w.author, w.open.id, one.id, { title: 'Edited', content: `Only [${shared}]` })).statusCode).toBe(200);
    expect(fileExists(t, dropped)).toBe(false);
    expect((await api.del(`/groups/${w.open.id}/blogs/${one.id}`, w.author)).statusCode).toBe(200);
    expect(fileExists(t, shared)).toBe(true);
    expect(await uploadRow(shared)).toMatchObject({ attached: true });
  });
});

describe('authors and communities that go away', () => {
  it('keeps a blog whose author’s account is deleted, with no author (the page says Unknown Author)', async () => {
    const gone = await createUser(t.database.db);
    await t.database.sql`INSERT INTO group_members (group_id, user_id, role) VALUES (${w.open.id}, ${gone.id}, 'admin')`;
    const blog = await createBlog(t, w.open, gone);
    await t.database.sql`DELETE FROM users WHERE id = ${gone.id}`;
    const res = (await api.get(`/groups/blog/${blog.id}`)).json().blog;
    expect(res).toMatchObject({ blog_author: null, username: null, profileImage: null });
  });

  it('deleting the community deletes its blogs and their header images', async () => {
    const owner = await createUser(t.database.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/groups',
      headers: owner.auth,
      payload: { group_name: 'Short Lived Blogs' },
    });
    const groupId = res.json().group_id as number;
    const blog = await createBlog(t, { id: groupId }, owner, {}, { data: await pngImage() });
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/groups/${groupId}`,
      headers: owner.auth,
      payload: { confirmName: 'Short Lived Blogs' },
    });
    expect(del.statusCode).toBe(200);
    expect(fileExists(t, blog.blog_img!)).toBe(false);
    expect((await api.get(`/groups/blog/${blog.id}`)).json()).toEqual({
      message: BLOG_MESSAGES.notFound,
      code: 'blog_not_found',
      requestId: expect.any(String),
    });
  });

  it('answers a private community’s blog with the community’s message for outsiders', async () => {
    const blog = await createBlog(t, w.closed, w.author);
    const res = await putBlog(t, w.outsider, w.closed.id, blog.id, { title: 'x', content: 'y' });
    expect(res.statusCode).toBe(403);
    const read = await api.get(`/groups/blog/${blog.id}`, w.outsider);
    expect(read.json()).toEqual({ message: GROUP_MESSAGES.privateContent, code: 'forbidden', requestId: expect.any(String) });
  });
});
