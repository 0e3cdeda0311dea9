import { DELETED_COMMENT_TEXT, REMOVED_COMMENT_TEXT } from '@agora/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Cast, createCast, createComment, createPost, type TestGroup, type TestUser } from '../../test/factories';
import { client, useTestApp } from '../../test/test-app';

/**
 * A removed comment's thread (issue 15 §3, decision 0117, as Lemmy does): a removed top-level comment that still
 * has a reply the viewer may read stays in place for everyone but its author and the staff as "[removed]", without
 * its words, its author or the reason, and its replies read on everywhere (the panel, the replies page, activity,
 * likes). And the notifications a removal takes away come back when the item is restored.
 */
const t = useTestApp({ rateLimit: false });
const api = client(t);

let cast: Cast;
let group: TestGroup;

beforeAll(async () => {
  ({ cast, group } = await createCast(t.database.db));
});

type Listed = { id: number; content: string; username: string; userId: number; deleted: boolean; removed: unknown; replyCount: number };

describe('the replies of a removed comment', () => {
  let post: { id: number; group_id: number };
  let comment: { id: number };
  let reply: { id: number };
  let base: string;
  const listed = async (user: TestUser | null) => (await api.get(base, user)).json().comments as Listed[];

  beforeAll(async () => {
    post = await createPost(t, group, cast.member, 'a post');
    comment = await createComment(t, post, cast.author, 'rude words');
    reply = await createComment(t, post, cast.member, 'please be kind', comment.id);
    base = `/groups/${group.id}/discussions/${post.id}/comments`;
    expect((await api.post(`/api${base}/${comment.id}/remove`, cast.moderator, { reason: 'Rude' })).statusCode).toBe(200);
  });

  it.each(['member', 'outsider', 'visitor'] as const)('stay readable for %s under a "[removed]" placeholder', async (a) => {
    const viewer = a === 'visitor' ? null : cast[a];
    const placeholder = (await listed(viewer)).find((c) => c.id === comment.id);
    expect(placeholder).toMatchObject({
      content: REMOVED_COMMENT_TEXT,
      username: REMOVED_COMMENT_TEXT,
      userId: 0,
      deleted: true,
      removed: null,
      replyCount: 1,
    });
    expect(JSON.stringify(placeholder)).not.toContain('rude words');
    expect(JSON.stringify(placeholder)).not.toContain('Rude');
    const replies = await api.get(`${base}/${comment.id}/replies`, viewer);
    expect(replies.statusCode).toBe(200);
    expect((replies.json().replies as { id: number }[]).map((r) => r.id)).toEqual([reply.id]);
  });

  it('shows the comment itself to its author and the staff, with the reason', async () => {
    for (const viewer of [cast.author, cast.moderator, cast.owner]) {
      const seen = (await listed(viewer)).find((c) => c.id === comment.id);
      expect(seen).toMatchObject({ content: 'rude words', deleted: false, removed: { reason: 'Rude' } });
    }
  });

  it('agrees with the other read paths: the reply is in its author’s activity, may be liked and answered', async () => {
    const activity = (await api.get(`/users/${cast.member.id}/activity`, cast.outsider)).json().items as {
      type: string;
      comment?: { id: number };
    }[];
    expect(activity.filter((i) => i.type === 'comment').map((i) => i.comment!.id)).toContain(reply.id);
    const author = (await api.get(`/users/${cast.author.id}/activity`, cast.outsider)).json().items as {
      type: string;
      comment?: { id: number };
    }[];
    expect(author.filter((i) => i.type === 'comment').map((i) => i.comment!.id)).not.toContain(comment.id);
    expect((await api.post(`${base}/${reply.id}/like`, cast.outsider, {})).statusCode).not.toBe(404);
    expect((await api.post(`${base}/${reply.id}/like`, cast.admin, {})).statusCode).toBe(200);
    // The placeholder itself takes nothing: it does not exist for them.
    expect((await api.post(`${base}/${comment.id}/like`, cast.admin, {})).statusCode).toBe(403);
    expect((await api.post(`${base}/${comment.id}/like`, cast.member, {})).statusCode).toBe(404);
  });

  it('goes when its last readable reply is removed, and a deleted comment stays "[deleted]"', async () => {
    const other = await createComment(t, post, cast.author, 'more rude words');
    const only = await createComment(t, post, cast.member, 'a reply', other.id);
    expect((await api.post(`/api${base}/${other.id}/remove`, cast.moderator, { reason: 'Rude' })).statusCode).toBe(200);
    expect((await listed(cast.member)).map((c) => c.id)).toContain(other.id);
    expect((await api.post(`/api${base}/${only.id}/remove`, cast.moderator, { reason: 'Rude' })).statusCode).toBe(200);
    // Its reply's author still reads the reply under the placeholder; nobody else has anything left to read.
    expect((await listed(cast.member)).map((c) => c.id)).toContain(other.id);
    expect((await listed(cast.outsider)).map((c) => c.id)).not.toContain(other.id);
    expect((await api.get(`${base}/${other.id}/replies`, cast.outsider)).statusCode).toBe(404);

    const gone = await createComment(t, post, cast.member, 'mine');
    await createComment(t, post, cast.author, 'an answer', gone.id);
    expect((await api.del(`${base}/${gone.id}`, cast.member)).statusCode).toBe(200);
    expect((await listed(cast.outsider)).find((c) => c.id === gone.id)).toMatchObject({ content: DELETED_COMMENT_TEXT, deleted: true });
  });

  it('comes back whole for everyone when restored', async () => {
    expect((await api.post(`/api${base}/${comment.id}/restore`, cast.moderator)).statusCode).toBe(200);
    expect((await listed(cast.member)).find((c) => c.id === comment.id)).toMatchObject({
      content: 'rude words',
      deleted: false,
      removed: null,
    });
  });
});

describe('the notifications a removal takes away', () => {
  type Note = { id: number; noti_type: string; is_read: boolean };
  const notes = async (user: TestUser) => (await api.get('/notifications', user)).json() as { notifications: Note[]; unreadCount: number };
  const mentions = async (user: TestUser) => (await notes(user)).notifications.filter((n) => n.noti_type === 'mention');

  it('come back, as they were, when the item is restored', async () => {
    const post = await createPost(t, group, cast.author, `Look @${cast.member.username}`);
    const postPath = `/api/groups/${group.id}/discussions/${post.id}`;
    const before = await mentions(cast.member);
    expect(before).toHaveLength(1);
    const unread = (await notes(cast.member)).unreadCount;
    expect((await api.post(`${postPath}/remove`, cast.moderator, { reason: 'Spam' })).statusCode).toBe(200);
    expect(await mentions(cast.member)).toEqual([]);
    expect((await notes(cast.member)).unreadCount).toBe(unread - 1);
    expect((await api.post(`${postPath}/restore`, cast.moderator)).statusCode).toBe(200);
    expect(await mentions(cast.member)).toEqual(before);
    expect((await notes(cast.member)).unreadCount).toBe(unread);
  });

  it('stay away while anything they are about is still removed, and go with an item deleted meanwhile', async () => {
    const post = await createPost(t, group, cast.owner, 'a quiet post');
    const comment = await createComment(t, post, cast.author, `Hey @${cast.outsider.username}`);
    const base = `/api/groups/${group.id}/discussions/${post.id}`;
    expect(await mentions(cast.outsider)).toHaveLength(1);
    expect((await api.post(`${base}/comments/${comment.id}/remove`, cast.moderator, { reason: 'Rude' })).statusCode).toBe(200);
    // A comment's mention on a removed post waits for both to be restored.
    const other = await createPost(t, group, cast.member, 'another post');
    const second = await createComment(t, other, cast.author, `Again @${cast.outsider.username}`);
    const otherBase = `/api/groups/${group.id}/discussions/${other.id}`;
    expect(await mentions(cast.outsider)).toHaveLength(1);
    expect((await api.post(`${otherBase}/comments/${second.id}/remove`, cast.moderator, { reason: 'Rude' })).statusCode).toBe(200);
    expect((await api.post(`${otherBase}/remove`, cast.moderator, { reason: 'Closed' })).statusCode).toBe(200);
    expect((await api.post(`${otherBase}/comments/${second.id}/restore`, cast.moderator)).statusCode).toBe(200);
    expect(await mentions(cast.outsider)).toEqual([]);
    expect((await api.post(`${otherBase}/restore`, cast.moderator)).statusCode).toBe(200);
    expect(await mentions(cast.outsider)).toHaveLength(1);

    expect((await api.del(`/groups/${group.id}/discussions/${post.id}/comments/${comment.id}`, cast.author)).statusCode).toBe(200);
    const [row] = [
      ...(await t.database.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM held_notifications WHERE comment_id = ${comment.id}`,
      )),
    ];
    expect(row!.n).toBe(0);
  });
});
