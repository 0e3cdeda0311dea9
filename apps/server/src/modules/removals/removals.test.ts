import { REMOVAL_MESSAGES } from '@agora/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Cast,
  createBlog,
  createCast,
  createComment,
  createGroup,
  createPost,
  type TestGroup,
  type TestUser,
} from '../../test/factories';
import { client, useTestApp } from '../../test/test-app';

/**
 * Removal with a reason (issue 15 §3): who may remove and restore (every rank on the author), who still sees a
 * removed item (its author and the staff, with the reason) and who does not (another member, an outsider, a
 * visitor, the feeds, Explore, activity, blog lists), the author's notification, and that a failed removal
 * leaves nothing written.
 */
const t = useTestApp({ rateLimit: false });
const api = client(t);

type Audience = keyof Cast | 'visitor';
const AUDIENCES: Audience[] = ['owner', 'admin', 'moderator', 'member', 'author', 'outsider', 'visitor'];
let cast: Cast;
let group: TestGroup;
const who = (a: Audience): TestUser | null => (a === 'visitor' ? null : cast[a]);

beforeAll(async () => {
  ({ cast, group } = await createCast(t.database.db));
});

const postPath = (post: { id: number }) => `/api/groups/${group.id}/discussions/${post.id}`;
const reason = { reason: 'Spam link' };

describe('who may remove and restore a member’s post', () => {
  // Remove: staff outranking the author (a member) → 200; the author and a member see it but may not → 403.
  const removeStatus: Record<Audience, number> = {
    owner: 200,
    admin: 200,
    moderator: 200,
    member: 403,
    author: 403,
    outsider: 403,
    visitor: 401,
  };
  it.each(AUDIENCES)('remove by %s', async (a) => {
    const post = await createPost(t, group, cast.author, `to remove by ${a}`);
    const res = await api.post(`${postPath(post)}/remove`, who(a), reason);
    expect(res.statusCode, res.body).toBe(removeStatus[a]);
    if (res.statusCode === 200) expect(res.json()).toMatchObject({ message: REMOVAL_MESSAGES.removed, removed: { reason: 'Spam link' } });
    else expect(res.json().message).toBeTruthy();
    const [row] = [
      ...(await t.database.db.execute<{ removed: boolean }>(
        sql`SELECT removed_at IS NOT NULL AS removed FROM discussions WHERE id = ${post.id}`,
      )),
    ];
    expect(row!.removed).toBe(res.statusCode === 200);
  });

  // Restore: a removed post does not exist for a member or an outsider (404); the author sees it, may not (403).
  const restoreStatus: Record<Audience, number> = {
    owner: 200,
    admin: 200,
    moderator: 200,
    member: 404,
    author: 403,
    outsider: 404,
    visitor: 401,
  };
  it.each(AUDIENCES)('restore by %s', async (a) => {
    const post = await createPost(t, group, cast.author, `to restore by ${a}`);
    expect((await api.post(`${postPath(post)}/remove`, cast.owner, reason)).statusCode).toBe(200);
    const res = await api.post(`${postPath(post)}/restore`, who(a));
    expect(res.statusCode, res.body).toBe(restoreStatus[a]);
    if (res.statusCode === 200) expect(res.json()).toEqual({ message: REMOVAL_MESSAGES.restored, removed: null });
  });

  it('follows the ranks: a moderator cannot remove an admin’s post, an admin can a moderator’s, nobody the owner’s', async () => {
    const byAdmin = await createPost(t, group, cast.admin, 'an admin writes');
    expect((await api.post(`${postPath(byAdmin)}/remove`, cast.moderator, reason)).statusCode).toBe(403);
    expect((await api.post(`${postPath(byAdmin)}/remove`, cast.owner, reason)).statusCode).toBe(200);
    const byModerator = await createPost(t, group, cast.moderator, 'a moderator writes');
    expect((await api.post(`${postPath(byModerator)}/remove`, cast.admin, reason)).statusCode).toBe(200);
    const byOwner = await createPost(t, group, cast.owner, 'the owner writes');
    expect((await api.post(`${postPath(byOwner)}/remove`, cast.admin, reason)).statusCode).toBe(403);
    expect((await api.post(`${postPath(byOwner)}/remove`, cast.owner, reason)).statusCode).toBe(403);
  });

  it('asks for a reason of 1 to 500 characters, and refuses removing twice or restoring what is not removed', async () => {
    const post = await createPost(t, group, cast.author, 'reasons');
    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }, { reason: 'a\u0000b' }]) {
      const res = await api.post(`${postPath(post)}/remove`, cast.moderator, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await api.post(`${postPath(post)}/restore`, cast.moderator)).json().code).toBe('not_removed');
    expect((await api.post(`${postPath(post)}/remove`, cast.moderator, { reason: 'x'.repeat(500) })).statusCode).toBe(200);
    const again = await api.post(`${postPath(post)}/remove`, cast.moderator, reason);
    expect([again.statusCode, again.json().code]).toEqual([409, 'already_removed']);
  });

  it('answers 404 for another community’s post, comment or blog named under this community', async () => {
    const other = await createGroup(t.database.db, { owner: cast.outsider, members: [{ user: cast.author, role: 'member' }] });
    const foreign = await createPost(t, other, cast.author, 'elsewhere');
    const foreignComment = await createComment(t, foreign, cast.author, 'elsewhere too');
    const local = await createPost(t, group, cast.author, 'here');
    expect((await api.post(`${postPath(foreign)}/remove`, cast.owner, reason)).statusCode).toBe(404);
    expect((await api.post(`${postPath(local)}/comments/${foreignComment.id}/remove`, cast.owner, reason)).statusCode).toBe(404);
    const blog = await createBlog(t, other, cast.outsider);
    expect((await api.post(`/api/groups/${group.id}/blogs/${blog.id}/remove`, cast.owner, reason)).statusCode).toBe(404);
    expect((await api.post(`/api/groups/${group.id}/discussions/abc/remove`, cast.owner, reason)).statusCode).toBe(404);
  });
});

describe('a removed post', () => {
  let post: { id: number; group_id: number };
  beforeAll(async () => {
    post = await createPost(t, group, cast.author, `Buy cheap things @${cast.member.username}`);
    await createComment(t, post, cast.member, 'a comment on it');
    expect((await api.post(`${postPath(post)}/remove`, cast.moderator, { reason: 'Advertising' })).statusCode).toBe(200);
  });

  const single = (user: TestUser | null) => api.get(`/groups/${group.id}/discussions/${post.id}`, user);
  const ids = (list: { id: number }[]) => list.map((d) => d.id);

  it.each(['member', 'outsider', 'visitor'] as const)('is a 404 for %s, with its comments, likes and new comments', async (a) => {
    expect((await single(who(a))).statusCode).toBe(404);
    expect((await api.get(`/groups/${group.id}/discussions/${post.id}/comments`, who(a))).statusCode).toBe(404);
    if (a !== 'visitor') {
      expect((await api.post(`/groups/${group.id}/discussions/${post.id}/like`, who(a), {})).statusCode).toBe(a === 'member' ? 404 : 404);
      expect((await api.post(`/groups/${group.id}/discussions/${post.id}/comments`, who(a), { content: 'hi' })).statusCode).toBe(404);
    }
  });

  it('is left out of the community feed, the home feed, Explore and the author’s activity for everyone else', async () => {
    expect(ids((await api.get(`/groups/${group.id}/discussions`, cast.member)).json().discussions)).not.toContain(post.id);
    expect(ids((await api.get(`/groups/${group.id}/discussions`)).json().discussions)).not.toContain(post.id);
    expect(ids((await api.get('/groups/joined/discussions', cast.member)).json().discussions)).not.toContain(post.id);
    expect(ids((await api.get('/groups/suggested/discussions')).json().discussions)).not.toContain(post.id);
    expect(ids((await api.get('/groups/suggested/discussions', cast.member)).json().discussions)).not.toContain(post.id);
    const activity = (await api.get(`/users/${cast.author.id}/activity`, cast.member)).json().items as { discussion: { id: number } }[];
    expect(activity.map((i) => i.discussion.id)).not.toContain(post.id);
  });

  it.each(['author', 'owner', 'admin', 'moderator'] as const)('is shown to %s with the reason', async (a) => {
    const res = await single(cast[a]);
    expect(res.statusCode).toBe(200);
    const discussion = res.json().discussion;
    expect(discussion.removed).toMatchObject({ reason: 'Advertising' });
    expect(discussion.abilities).toMatchObject({ remove: false, restore: a !== 'author', like: false });
    expect(ids((await api.get(`/groups/${group.id}/discussions`, cast[a])).json().discussions)).toContain(post.id);
  });

  it('takes no likes or comments from its author or the staff either', async () => {
    const like = await api.post(`/groups/${group.id}/discussions/${post.id}/like`, cast.author, {});
    expect([like.statusCode, like.json().message]).toEqual([403, REMOVAL_MESSAGES.noInteraction]);
    const comment = await api.post(`/groups/${group.id}/discussions/${post.id}/comments`, cast.moderator, { content: 'hm' });
    expect(comment.statusCode).toBe(403);
  });

  it('notifies its author with the reason, and takes the mention away from the member who can no longer see it', async () => {
    const author = (await api.get('/notifications', cast.author)).json().notifications as { noti_type: string; noti_content: string }[];
    expect(author.find((n) => n.noti_type === 'content_removed')?.noti_content).toBe('A moderator removed your post: Advertising');
    const member = (await api.get('/notifications', cast.member)).json().notifications as {
      noti_type: string;
      discussion_id: number | null;
    }[];
    expect(member.filter((n) => n.noti_type === 'mention')).toEqual([]);
  });

  it('mentions nobody new when its author edits it while removed', async () => {
    const edit = await api.put(`/groups/${group.id}/discussions/${post.id}`, cast.author, {
      content: `Still here @${cast.outsider.username}`,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const outsider = (await api.get('/notifications', cast.outsider)).json().notifications as unknown[];
    expect(outsider).toEqual([]);
  });

  it('keeps comment_count and post_count equal to a recount (removed rows count: decision 0111)', async () => {
    const [row] = [
      ...(await t.database.db.execute<{ ok: boolean }>(sql`SELECT
        (SELECT comment_count FROM discussions WHERE id = ${post.id}) = (SELECT count(*)::int FROM comments WHERE discussion_id = ${post.id})
        AND (SELECT post_count FROM groups WHERE id = ${group.id}) = (SELECT count(*)::int FROM discussions WHERE group_id = ${group.id}) AS ok`)),
    ];
    expect(row!.ok).toBe(true);
  });

  it('comes back for everyone when restored', async () => {
    expect((await api.post(`${postPath(post)}/restore`, cast.admin)).statusCode).toBe(200);
    const res = await single(cast.member);
    expect(res.statusCode).toBe(200);
    expect(res.json().discussion.removed).toBeNull();
    expect(ids((await api.get('/groups/suggested/discussions')).json().discussions)).toContain(post.id);
    expect(ids((await api.get('/groups/joined/discussions', cast.member)).json().discussions)).toContain(post.id);
  });

  it('stays a real delete when its author deletes it', async () => {
    const mine = await createPost(t, group, cast.author, 'mine to delete');
    await api.post(`${postPath(mine)}/remove`, cast.owner, reason);
    expect((await api.del(`/groups/${group.id}/discussions/${mine.id}`, cast.author)).statusCode).toBe(200);
    const [row] = [...(await t.database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM discussions WHERE id = ${mine.id}`))];
    expect(row!.n).toBe(0);
  });
});

describe('a removed comment or reply', () => {
  it('is hidden from other members and visitors, shown to its author and the staff with the reason, restored by staff', async () => {
    const post = await createPost(t, group, cast.member, 'a post');
    const comment = await createComment(t, post, cast.author, 'rude words');
    const reply = await createComment(t, post, cast.author, 'a rude reply', comment.id);
    const keep = await createComment(t, post, cast.member, 'kind words');
    const base = `/groups/${group.id}/discussions/${post.id}/comments`;
    // Who may remove a member's comment: the staff only.
    expect((await api.post(`/api${base}/${comment.id}/remove`, cast.member, reason)).statusCode).toBe(403);
    expect((await api.post(`/api${base}/${comment.id}/remove`, cast.author, reason)).statusCode).toBe(403);
    expect((await api.post(`/api${base}/${comment.id}/remove`, null, reason)).statusCode).toBe(401);
    expect((await api.post(`/api${base}/${reply.id}/remove`, cast.moderator, { reason: 'Rude' })).statusCode).toBe(200);
    expect((await api.post(`/api${base}/${comment.id}/remove`, cast.moderator, { reason: 'Rude' })).statusCode).toBe(200);

    const listed = async (user: TestUser | null) => (await api.get(base, user)).json().comments as { id: number; removed: unknown }[];
    expect((await listed(cast.member)).map((c) => c.id)).toEqual([keep.id]);
    expect((await listed(null)).map((c) => c.id)).toEqual([keep.id]);
    expect((await api.get(`${base}/${comment.id}/replies`, cast.member)).statusCode).toBe(404);
    expect((await api.post(`${base}/${comment.id}/like`, cast.member, {})).statusCode).toBe(404);
    expect((await api.post(base, cast.member, { content: 'reply', parentCommentId: comment.id })).statusCode).toBe(404);
    for (const viewer of [cast.author, cast.owner, cast.moderator]) {
      const seen = (await listed(viewer)).find((c) => c.id === comment.id);
      expect(seen?.removed).toMatchObject({ reason: 'Rude' });
    }
    const staffView = (await listed(cast.moderator)).find((c) => c.id === comment.id) as unknown as { abilities: object };
    expect(staffView.abilities).toMatchObject({ remove: false, restore: true });
    const replies = (await api.get(`${base}/${comment.id}/replies`, cast.author)).json().replies as { id: number }[];
    expect(replies.map((r) => r.id)).toEqual([reply.id]);
    const activity = (await api.get(`/users/${cast.author.id}/activity`, cast.member)).json().items as {
      type: string;
      comment?: { id: number };
    }[];
    expect(activity.filter((i) => i.type === 'comment').map((i) => i.comment!.id)).not.toContain(comment.id);
    const note = (await api.get('/notifications', cast.author)).json().notifications as { noti_content: string }[];
    expect(note.map((n) => n.noti_content)).toContain('A moderator removed your comment: Rude');

    expect((await api.post(`/api${base}/${comment.id}/restore`, cast.member)).statusCode).toBe(404);
    expect((await api.post(`/api${base}/${comment.id}/restore`, cast.owner)).statusCode).toBe(200);
    expect((await listed(cast.member)).map((c) => c.id)).toContain(comment.id);
  });
});

describe('a removed blog', () => {
  let admins: { cast: Cast; group: TestGroup };
  beforeAll(async () => {
    admins = await createCast(t.database.db, { authorRole: 'admin' });
  });

  it('is removed by the owner only (blogs are written by admins), and hidden from the lists and the page for others', async () => {
    const { cast: c, group: g } = admins;
    const blog = await createBlog(t, g, c.author, { title: 'Admin blog' });
    const path = `/api/groups/${g.id}/blogs/${blog.id}`;
    const status: Record<Audience, number> = {
      owner: 200,
      admin: 403,
      moderator: 403,
      member: 403,
      author: 403,
      outsider: 403,
      visitor: 401,
    };
    for (const a of AUDIENCES.filter((x) => x !== 'owner')) {
      expect((await api.post(`${path}/remove`, a === 'visitor' ? null : c[a], reason)).statusCode, a).toBe(status[a]);
    }
    expect((await api.post(`${path}/remove`, c.owner, { reason: 'Off topic' })).statusCode).toBe(200);

    const page = (user: TestUser | null) => api.get(`/groups/blog/${blog.id}`, user);
    for (const user of [c.member, c.outsider, null]) expect((await page(user)).statusCode).toBe(404);
    // Every staff member sees it (a moderator too, though only the owner outranks its admin author).
    for (const user of [c.author, c.owner, c.moderator]) {
      const res = await page(user);
      expect(res.statusCode).toBe(200);
      expect(res.json().blog.removed).toMatchObject({ reason: 'Off topic' });
    }
    expect((await page(c.owner)).json().blog.abilities).toMatchObject({ restore: true, remove: false });
    const list = (user: TestUser | null) => api.get(`/api/groups/${g.id}/posts`, user);
    expect(((await list(c.member)).json().posts as { id: number }[]).map((b) => b.id)).not.toContain(blog.id);
    expect(((await list(c.owner)).json().posts as { id: number }[]).map((b) => b.id)).toContain(blog.id);
    expect(((await api.get('/groups/joined/blogs', c.member)).json().blogs as { id: number }[]).map((b) => b.id)).not.toContain(blog.id);
    expect((await api.post(`/groups/${g.id}/blogs/${blog.id}/like`, c.member)).statusCode).toBe(404);
    expect((await api.post(`/groups/${g.id}/blogs/${blog.id}/like`, c.author)).statusCode).toBe(403);

    expect((await api.post(`${path}/restore`, c.owner)).statusCode).toBe(200);
    expect((await page(c.member)).statusCode).toBe(200);
  });
});

describe('a removal that fails', () => {
  it('leaves nothing written: the post stays, and so do the notifications about it', async () => {
    const post = await createPost(t, group, cast.author, `Hello @${cast.member.username}`);
    const db = t.database.db;
    await db.execute(sql`CREATE FUNCTION fail_removal_notice() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.noti_type = 'content_removed' THEN RAISE EXCEPTION 'boom'; END IF; RETURN NEW; END $$`);
    await db.execute(
      sql`CREATE TRIGGER fail_removal_notice BEFORE INSERT ON notifications FOR EACH ROW EXECUTE FUNCTION fail_removal_notice()`,
    );
    try {
      const res = await api.post(`${postPath(post)}/remove`, cast.owner, reason);
      expect(res.statusCode).toBe(500);
    } finally {
      await db.execute(sql`DROP TRIGGER fail_removal_notice ON notifications`);
      await db.execute(sql`DROP FUNCTION fail_removal_notice()`);
    }
    const [row] = [
      ...(await db.execute<{ removed: boolean; mentions: number }>(sql`SELECT
        (SELECT removed_at IS NOT NULL FROM discussions WHERE id = ${post.id}) AS removed,
        (SELECT count(*)::int FROM notifications WHERE discussion_id = ${post.id} AND noti_type = 'mention') AS mentions`)),
    ];
    expect(row).toEqual({ removed: false, mentions: 1 });
    expect((await api.get(`/groups/${group.id}/discussions/${post.id}`, cast.member)).statusCode).toBe(200);
  });
});
