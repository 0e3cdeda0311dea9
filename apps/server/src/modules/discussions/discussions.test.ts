import { existsSync } from 'node:fs';
import path from 'node:path';
import { type Discussion, DISCUSSION_MESSAGES, UPLOAD_MESSAGES } from '@agora/contract';
import { describe, expect, it } from 'vitest';
import { createCast, createComment, createGroup, createPost, createUser, type TestGroup, uploadImage } from '../../test/factories';
import { client, useTestApp } from '../../test/test-app';
import { discussionCounts, notificationsOf, postCount } from './test-support';

const t = useTestApp({ rateLimit: false });
const api = client(t);

const fileOf = (url: string) => path.join(t.config.uploadsDir, url.slice('/uploads/'.length));
async function uploadRow(url: string) {
  const [row] = await t.database.sql<{ user_id: number; attached: boolean }[]>`
    SELECT user_id, attached_at IS NOT NULL AS attached FROM uploads WHERE path = ${url}`;
  return row ?? null;
}
async function mediaRows(discussionId: number) {
  return t.database.sql<{ media_url: string; inline: boolean }[]>`
    SELECT media_url, inline FROM discussion_media WHERE discussion_id = ${discussionId} ORDER BY position, id`;
}

describe('posting', () => {
  it('stores a post with every SPEC §3 field, cleaned text and its images in order', async () => {
    const { cast, group } = await createCast(t.database.db);
    const [a, b] = [await uploadImage(t, cast.author), await uploadImage(t, cast.author)];
    const res = await api.post(`/groups/${group.slug}/discussions`, cast.author, {
      content: '  **Hello**\r\n\n\n\nworld\u200B  ',
      mediaUrls: [b!, a!, `${b}?v=1`],
    });
    expect(res.statusCode).toBe(201);
    const { message, discussion } = res.json() as { message: string; discussion: Discussion };
    expect(message).toBe(DISCUSSION_MESSAGES.created);
    expect(discussion).toMatchObject({
      group_id: group.id,
      slug: group.slug,
      group_name: group.name,
      group_dp: null,
      group_verified: 0,
      user_id: cast.author.id,
      userId: cast.author.id,
      username: cast.author.username,
      role: 'member',
      discussion_content: '**Hello**\n\nworld',
      date_edited: null,
      is_pinned: 0,
      commentCount: 0,
      comment_count: 0,
      likeCount: 0,
      likes_count: 0,
      isLiked: false,
      is_liked: false,
    });
    expect(discussion.media.map((m) => m.media_url)).toEqual([b, a]);
    expect(discussion.date_posted).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(await uploadRow(a!)).toEqual({ user_id: cast.author.id, attached: true });
    expect(await postCount(t, group.id)).toEqual({ cached: 1, rows: 1 });
    // A new post is activity for the suggested ranking.
    const [activity] = await t.database.sql<{ active: boolean }[]>`
      SELECT last_activity_at >= (SELECT created_at FROM discussions WHERE id = ${discussion.id}) AS active FROM groups WHERE id = ${group.id}`;
    expect(activity?.active).toBe(true);
  });

  it('gives the author’s role in the community (SPEC §4): owner, admin, moderator, member, and member after leaving', async () => {
    const { cast, group } = await createCast(t.database.db);
    for (const who of ['owner', 'admin', 'moderator', 'member'] as const) {
      const post = await createPost(t, group, cast[who]);
      expect(post.role).toBe(who);
    }
    const post = await createPost(t, group, cast.author);
    expect((await api.post(`/api/groups/${group.id}/leave`, cast.author)).statusCode).toBe(200);
    expect((await api.get(`/groups/${group.id}/discussions/${post.id}`)).json().discussion.role).toBe('member');
  });

  it.each([
    ['empty text', { content: '' }, DISCUSSION_MESSAGES.contentRequired],
    ['blank text', { content: ' \n\u200B\t ' }, DISCUSSION_MESSAGES.contentRequired],
    ['no text', {}, DISCUSSION_MESSAGES.contentRequired],
    ['20,001 characters', { content: 'x'.repeat(20_001) }, DISCUSSION_MESSAGES.contentTooLong],
    [
      '11 images',
      { content: 'ok', mediaUrls: Array.from({ length: 11 }, (_, i) => `/uploads/post/a${i}.webp`) },
      DISCUSSION_MESSAGES.tooManyImages,
    ],
    ['a foreign URL', { content: 'ok', mediaUrls: ['https://evil.example/cat.webp'] }, DISCUSSION_MESSAGES.imageNotUploaded],
    ['a profile photo path', { content: 'ok', mediaUrls: ['/uploads/profile/abc.jpg'] }, DISCUSSION_MESSAGES.imageNotUploaded],
    ['a path outside /uploads/', { content: 'ok', mediaUrls: ['/etc/passwd'] }, DISCUSSION_MESSAGES.imageNotUploaded],
    ['a path never uploaded', { content: 'ok', mediaUrls: ['/uploads/post/neverUploaded.webp'] }, 'Images must be uploaded through Agora'],
  ])('refuses %s with its message and stores nothing', async (_label, body, message) => {
    const { cast, group } = await createCast(t.database.db);
    const res = await api.post(`/groups/${group.id}/discussions`, cast.member, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await postCount(t, group.id)).toEqual({ cached: 0, rows: 0 });
  });

  it('accepts exactly 20,000 characters and 10 images', async () => {
    const { cast, group } = await createCast(t.database.db);
    const images = await Promise.all(Array.from({ length: 10 }, () => uploadImage(t, cast.member)));
    const post = await createPost(t, group, cast.member, 'y'.repeat(20_000), images);
    expect(post.discussion_content).toHaveLength(20_000);
    expect(post.media).toHaveLength(10);
  });

  it('refuses another person’s upload with 403 and keeps nothing of the post', async () => {
    const { cast, group } = await createCast(t.database.db);
    const mine = await uploadImage(t, cast.member);
    const theirs = await uploadImage(t, cast.admin);
    const res = await api.post(`/groups/${group.id}/discussions`, cast.member, { content: 'Look', mediaUrls: [mine, theirs] });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: UPLOAD_MESSAGES.notYours, code: 'forbidden_upload' });
    expect(await postCount(t, group.id)).toEqual({ cached: 0, rows: 0 });
    // The transaction rolled back: the own image is not attached either (the sweep may still take it).
    expect(await uploadRow(mine)).toEqual({ user_id: cast.member.id, attached: false });
    expect(await uploadRow(theirs)).toEqual({ user_id: cast.admin.id, attached: false });
  });

  it('keeps the author’s images shown in the text alive, not someone else’s', async () => {
    const { cast, group } = await createCast(t.database.db);
    const pasted = await uploadImage(t, cast.member);
    const foreign = await uploadImage(t, cast.admin);
    const post = await createPost(t, group, cast.member, `Pasted [${pasted}] and [http://localhost:3000${foreign}]`);
    expect(post.media).toEqual([]);
    expect(await mediaRows(post.id)).toEqual([{ media_url: pasted, inline: true }]);
    expect(await uploadRow(pasted)).toMatchObject({ attached: true });
    expect(await uploadRow(foreign)).toMatchObject({ attached: false });
  });

  it('refuses a text showing more than 20 uploaded images', async () => {
    const { cast, group } = await createCast(t.database.db);
    const text = Array.from({ length: 21 }, (_, i) => `[/uploads/post/img${i}.webp]`).join(' ');
    const res = await api.post(`/groups/${group.id}/discussions`, cast.member, { content: text });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(DISCUSSION_MESSAGES.tooManyInlineImages);
  });

  it('counts posts in post_count under parallel posting and deleting', async () => {
    const { cast, group } = await createCast(t.database.db);
    const posts = await Promise.all(Array.from({ length: 12 }, (_, i) => createPost(t, group, cast.member, `Post ${i}`)));
    await Promise.all(posts.slice(0, 5).map((p) => api.del(`/groups/${group.id}/discussions/${p.id}`, cast.owner)));
    expect(await postCount(t, group.id)).toEqual({ cached: 7, rows: 7 });
  });
});

describe('editing', () => {
  it('changes the text, marks it edited and keeps the gallery', async () => {
    const { cast, group } = await createCast(t.database.db);
    const image = await uploadImage(t, cast.author);
    const post = await createPost(t, group, cast.author, 'First', [image]);
    const res = await api.put(`/groups/${group.slug}/discussions/${post.id}`, cast.author, { content: '  Second\r\n ' });
    expect(res.statusCode).toBe(200);
    const { discussion, message } = res.json() as { discussion: Discussion; message: string };
    expect(message).toBe(DISCUSSION_MESSAGES.updated);
    expect(discussion.discussion_content).toBe('Second');
    expect(discussion.date_edited).not.toBeNull();
    expect(discussion.date_posted).toBe(post.date_posted);
    expect(discussion.media).toEqual(post.media);
  });

  it('refuses empty or oversized text and control characters, changing nothing', async () => {
    const { cast, group } = await createCast(t.database.db);
    const post = await createPost(t, group, cast.author, 'Keep me');
    for (const [content, message] of [
      ['   ', DISCUSSION_MESSAGES.contentRequired],
      ['z'.repeat(20_001), DISCUSSION_MESSAGES.contentTooLong],
      ['bad\u0000', 'Text contains characters that are not allowed'],
    ]) {
      const res = await api.put(`/groups/${group.id}/discussions/${post.id}`, cast.author, { content });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await api.get(`/groups/${group.id}/discussions/${post.id}`)).json().discussion.discussion_content).toBe('Keep me');
  });

  it('claims images the new text shows and deletes the files of those it stopped showing', async () => {
    const { cast, group } = await createCast(t.database.db);
    const [first, second] = [await uploadImage(t, cast.author), await uploadImage(t, cast.author)];
    const post = await createPost(t, group, cast.author, `One [${first}]`);
    const res = await api.put(`/groups/${group.id}/discussions/${post.id}`, cast.author, { content: `Two [${second}]` });
    expect(res.statusCode).toBe(200);
    expect(await mediaRows(post.id)).toEqual([{ media_url: second, inline: true }]);
    expect(await uploadRow(second)).toMatchObject({ attached: true });
    expect(await uploadRow(first)).toBeNull();
    expect(existsSync(fileOf(first))).toBe(false);
    expect(existsSync(fileOf(second))).toBe(true);
  });

  it('notifies only people newly mentioned', async () => {
    const { cast, group } = await createCast(t.database.db);
    const post = await createPost(t, group, cast.author, `Hi @${cast.member.username}`);
    await api.put(`/groups/${group.id}/discussions/${post.id}`, cast.author, {
      content: `Hi @${cast.member.username} and @${cast.admin.username}`,
    });
    expect((await notificationsOf(t, cast.member.id)).filter((n) => n.noti_type === 'mention')).toHaveLength(1);
    expect(await notificationsOf(t, cast.admin.id)).toEqual([
      expect.objectContaining({
        noti_type: 'mention',
        noti_content: `${cast.author.username} mentioned you in a post`,
        discussion_id: post.id,
      }),
    ]);
  });
});

describe('deleting', () => {
  it('removes the post with its comments, likes, images (rows and files) and notifications', async () => {
    const { cast, group } = await createCast(t.database.db);
    const [image, pasted] = [await uploadImage(t, cast.author), await uploadImage(t, cast.author)];
    const post = await createPost(t, group, cast.author, `Hello @${cast.admin.username} [${pasted}]`, [image]);
    const comment = await createComment(t, post, cast.member, 'Nice');
    await createComment(t, post, cast.owner, 'Reply', comment.id);
    await api.post(`/groups/${group.id}/discussions/${post.id}/like`, cast.member);
    await api.post(`/groups/${group.id}/discussions/${post.id}/comments/${comment.id}/like`, cast.author);
    expect((await notificationsOf(t, cast.author.id)).length).toBeGreaterThan(0);
    expect(existsSync(fileOf(image))).toBe(true);

    const res = await api.del(`/groups/${group.id}/discussions/${post.id}`, cast.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: DISCUSSION_MESSAGES.deleted });
    const [left] = await t.database.sql<{ n: number }[]>`
      SELECT (SELECT count(*) FROM comments WHERE discussion_id = ${post.id})
        + (SELECT count(*) FROM discussion_likes WHERE discussion_id = ${post.id})
        + (SELECT count(*) FROM comment_likes WHERE comment_id = ${comment.id})
        + (SELECT count(*) FROM discussion_media WHERE discussion_id = ${post.id})
        + (SELECT count(*) FROM notifications WHERE discussion_id = ${post.id}) AS n`;
    expect(Number(left!.n)).toBe(0);
    expect(await notificationsOf(t, cast.author.id)).toEqual([]);
    expect(await notificationsOf(t, cast.admin.id)).toEqual([]);
    for (const url of [image, pasted]) {
      expect(existsSync(fileOf(url))).toBe(false);
      expect(await uploadRow(url)).toBeNull();
    }
    expect(await postCount(t, group.id)).toEqual({ cached: 0, rows: 0 });
    expect((await api.get(`/groups/${group.id}/discussions/${post.id}`)).statusCode).toBe(404);
    expect((await api.del(`/groups/${group.id}/discussions/${post.id}`, cast.admin)).statusCode).toBe(404);
  });

  it('keeps a file another post of the author still shows', async () => {
    const { cast, group } = await createCast(t.database.db);
    const image = await uploadImage(t, cast.author);
    const first = await createPost(t, group, cast.author, 'First', [image]);
    await createPost(t, group, cast.author, `Again [${image}]`);
    expect((await api.del(`/groups/${group.id}/discussions/${first.id}`, cast.author)).statusCode).toBe(200);
    expect(existsSync(fileOf(image))).toBe(true);
    expect(await uploadRow(image)).toMatchObject({ attached: true });
  });
});

describe('pinning', () => {
  it('sorts pinned posts first, then newest, and unpins', async () => {
    const { cast, group } = await createCast(t.database.db);
    const posts: Discussion[] = [];
    for (let i = 0; i < 4; i++) posts.push(await createPost(t, group, cast.member, `Post ${i}`));
    const ids = async () => (await api.get(`/groups/${group.id}/discussions`)).json().discussions.map((d: Discussion) => d.id);
    expect(await ids()).toEqual([posts[3]!.id, posts[2]!.id, posts[1]!.id, posts[0]!.id]);
    await api.post(`/groups/${group.id}/discussions/${posts[1]!.id}/pin`, cast.owner);
    await api.post(`/groups/${group.id}/discussions/${posts[0]!.id}/pin`, cast.admin);
    expect(await ids()).toEqual([posts[1]!.id, posts[0]!.id, posts[3]!.id, posts[2]!.id]);
    const again = await api.post(`/groups/${group.id}/discussions/${posts[1]!.id}/pin`, cast.owner);
    expect(again.json()).toEqual({ message: DISCUSSION_MESSAGES.pinned, is_pinned: 1 });
    const unpin = await api.post(`/groups/${group.id}/discussions/${posts[1]!.id}/unpin`, cast.owner);
    expect(unpin.json()).toEqual({ message: DISCUSSION_MESSAGES.unpinned, is_pinned: 0 });
    expect(await ids()).toEqual([posts[0]!.id, posts[3]!.id, posts[2]!.id, posts[1]!.id]);
  });
});

describe('feeds', () => {
  /** Reads every page of a feed; `between` runs after the first page (new posts arriving meanwhile). */
  async function readAll(url: string, user: Parameters<typeof api.get>[1], between?: () => Promise<void>) {
    const ids: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await api.get(`${url}${url.includes('?') ? '&' : '?'}limit=4${cursor ? `&cursor=${cursor}` : ''}`, user);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { discussions: Discussion[]; nextCursor: string | null };
      expect(body.discussions.length).toBeLessThanOrEqual(4);
      ids.push(...body.discussions.map((d) => d.id));
      cursor = body.nextCursor;
      if (pages++ === 0 && between) await between();
    } while (cursor);
    return ids;
  }

  it('pages a community feed without duplicates or gaps while new posts arrive, pinned first', async () => {
    const { cast, group } = await createCast(t.database.db);
    const posts: Discussion[] = [];
    for (let i = 0; i < 11; i++) posts.push(await createPost(t, group, cast.member, `Post ${i}`));
    // Ties on the timestamp are broken by id: make five posts share one instant.
    await t.database.sql`UPDATE discussions SET created_at = (SELECT created_at FROM discussions WHERE id = ${posts[3]!.id})
      WHERE id IN ${t.database.sql(posts.slice(3, 8).map((p) => p.id))}`;
    await api.post(`/groups/${group.id}/discussions/${posts[5]!.id}/pin`, cast.owner);
    await api.post(`/groups/${group.id}/discussions/${posts[9]!.id}/pin`, cast.owner);
    const ids = await readAll(`/groups/${group.id}/discussions`, cast.member, async () => {
      for (let i = 0; i < 3; i++) await createPost(t, group, cast.member, `Late ${i}`);
    });
    const unpinned = posts.filter((p) => p.id !== posts[5]!.id && p.id !== posts[9]!.id);
    const expected = [posts[9]!.id, posts[5]!.id, ...unpinned.reverse().map((p) => p.id)];
    expect(ids).toEqual(expected);
  });

  it('shows the home feed of joined and owned communities, newest first, for someone in few and in many communities', async () => {
    const db = t.database.db;
    const owner = await createUser(db);
    const few = await createUser(db);
    const many = await createUser(db);
    const stranger = await createUser(db);
    // 55 communities (more than HOME_FEED_FEW_GROUPS): `many` is in all of them, `few` in two; one more
    // community nobody of them joined; one private community `many` joined.
    const groups: TestGroup[] = [];
    for (let i = 0; i < 55; i++)
      groups.push(await createGroup(db, { owner, members: [{ user: many }, ...(i < 2 ? [{ user: few }] : [])] }));
    const secret = await createGroup(db, { owner, isPrivate: true, members: [{ user: many }] });
    const elsewhere = await createGroup(db, { owner: stranger });
    const own = await createGroup(db, { owner: few });
    const made: Discussion[] = [];
    for (const g of [groups[0]!, elsewhere, groups[1]!, secret, groups[40]!, own, groups[54]!, groups[0]!, elsewhere, groups[20]!]) {
      made.push(await createPost(t, g, g === elsewhere ? stranger : g === own ? few : owner, `In ${g.name}`));
    }
    const newestFirst = (ids: number[]) =>
      made
        .filter((d) => ids.includes(d.group_id))
        .reverse()
        .map((d) => d.id);
    const fewIds = await readAll('/groups/joined/discussions', few);
    expect(fewIds).toEqual(newestFirst([groups[0]!.id, groups[1]!.id, own.id]));
    const manyIds = await readAll('/groups/joined/discussions', many, async () => {
      await createPost(t, groups[3]!, owner, 'Arrives while reading');
    });
    expect(manyIds).toEqual(newestFirst([...groups.map((g) => g.id), secret.id]));
    expect((await readAll('/groups/joined/discussions', stranger)).length).toBe(2);
    expect((await api.get('/groups/joined/discussions')).statusCode).toBe(401);
  });

  it('shows Explore to visitors: public communities only, following privacy changes', async () => {
    const { cast, group } = await createCast(t.database.db);
    const secret = await createCast(t.database.db, { isPrivate: true });
    const open = await createPost(t, group, cast.member, 'Public news');
    const hidden = await createPost(t, secret.group, secret.cast.member, 'Private news');
    const explore = async () => (await readAll('/groups/suggested/discussions', null)).filter((id) => [open.id, hidden.id].includes(id));
    expect(await explore()).toEqual([open.id]);
    expect((await api.put(`/api/groups/${group.id}/privacy`, cast.owner, { is_private: 1 })).statusCode).toBe(200);
    expect((await api.put(`/api/groups/${secret.group.id}/privacy`, secret.cast.owner, { is_private: 0 })).statusCode).toBe(200);
    expect(await explore()).toEqual([hidden.id]);
    // A stale copy of the privacy never shows a private community's post.
    await t.database.sql`UPDATE discussions SET group_is_public = true WHERE id = ${open.id}`;
    expect(await explore()).toEqual([hidden.id]);
  });

  it('marks the viewer’s likes in every feed', async () => {
    const { cast, group } = await createCast(t.database.db);
    const post = await createPost(t, group, cast.author);
    await api.post(`/groups/${group.id}/discussions/${post.id}/like`, cast.member);
    for (const url of [`/groups/${group.id}/discussions`, '/groups/joined/discussions', '/groups/suggested/discussions']) {
      const mine = (await api.get(url, cast.member)).json().discussions.find((d: Discussion) => d.id === post.id);
      expect(mine, url).toMatchObject({ isLiked: true, is_liked: true, likeCount: 1, likes_count: 1 });
      const theirs = (await api.get(url, cast.author)).json().discussions.find((d: Discussion) => d.id === post.id);
      expect(theirs, url).toMatchObject({ isLiked: false, likeCount: 1 });
    }
    expect(await discussionCounts(t, post.id)).toMatchObject({ likes: 1, likeRows: 1 });
  });
});
