import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import {
  type CommentCreatedPayload,
  type DiscussionCreatedPayload,
  LIVE_EVENTS,
  LIVE_LIMITS,
  LIVE_MESSAGES,
  type LiveAck,
  type LikeCountPayload,
} from '@agora/contract';
import {
  befriend,
  createBlog,
  createCast,
  createComment,
  createGroup,
  createPost,
  createUser,
  uploadImage,
  type TestUser,
} from '../../test/factories';
import { useSocketClients } from '../../test/socket-clients';
import { client, useTestApp } from '../../test/test-app';

const t = useTestApp({ rateLimit: false });
const clients = useSocketClients(t);
const api = () => client(t);

/** A signed-in socket that records every event it receives from the moment it is created. */
type Client = Socket & { got: { name: string; payload: unknown }[] };

async function open(user: TestUser): Promise<Client> {
  const socket = clients.open(user.token) as Client;
  socket.got = [];
  socket.onAny((name: string, payload: unknown) => socket.got.push({ name, payload }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  // The home feed's rooms are joined right after connect: an acknowledged round trip is answered after that.
  await ask(socket, LIVE_EVENTS.unsubscribe, 'group:1');
  await settled(socket);
  return socket;
}

function ask(socket: Socket, event: string, room: unknown): Promise<LiveAck> {
  return socket.timeout(5000).emitWithAck(event, { room }) as Promise<LiveAck>;
}

/**
 * Everything the server pushed to this socket before now has arrived: pushes are sent after a query (the author's
 * blockers), so wait a little for the event loop, then an acknowledged round trip is answered after them.
 */
async function settled(socket: Socket): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 50));
  await ask(socket, LIVE_EVENTS.unsubscribe, 'blog:1');
}

/** The next event `name` whose payload satisfies `test` (one already received counts). */
function next<T>(socket: Client, name: string, test: (payload: T) => boolean = () => true): Promise<T> {
  const seen = socket.got.find((e) => e.name === name && test(e.payload as T));
  if (seen) return Promise.resolve(seen.payload as T);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${name} within 5 s`)), 5000);
    const handler = (payload: T) => {
      if (!test(payload)) return;
      clearTimeout(timer);
      socket.off(name, handler);
      resolve(payload);
    };
    socket.on(name, handler);
  });
}

const names = (socket: Client) => socket.got.map((e) => e.name);

describe('subscribe', () => {
  it('acknowledges a readable room, refuses bad, missing and private rooms with a message', async () => {
    const { cast, group } = await createCast(t.database.db);
    const secret = await createGroup(t.database.db, { owner: cast.owner, isPrivate: true });
    const s = await open(cast.outsider);
    expect(await ask(s, LIVE_EVENTS.subscribe, `group:${group.id}`)).toEqual({ ok: true });
    expect(await ask(s, LIVE_EVENTS.subscribe, `group:${group.id}`)).toEqual({ ok: true });
    for (const bad of ['group:abc', 'user:1', `feed:${group.id}`, `live:${group.id}|group:${group.id}`, '', 42, null]) {
      expect(await ask(s, LIVE_EVENTS.subscribe, bad)).toEqual({ ok: false, message: LIVE_MESSAGES.invalidRoom });
    }
    expect(await s.timeout(5000).emitWithAck(LIVE_EVENTS.subscribe, 'group:1')).toEqual({ ok: false, message: LIVE_MESSAGES.invalidRoom });
    expect(await ask(s, LIVE_EVENTS.subscribe, 'discussion:2147483647')).toEqual({ ok: false, message: LIVE_MESSAGES.notFound });
    expect(await ask(s, LIVE_EVENTS.subscribe, `group:${secret.id}`)).toEqual({ ok: false, message: LIVE_MESSAGES.forbidden });
    const post = await createPost(t, secret, cast.owner);
    expect(await ask(s, LIVE_EVENTS.subscribe, `discussion:${post.id}`)).toEqual({ ok: false, message: LIVE_MESSAGES.forbidden });
    const owner = await open(cast.owner);
    expect(await ask(owner, LIVE_EVENTS.subscribe, `discussion:${post.id}`)).toEqual({ ok: true });
  });

  it(`holds at most ${LIVE_LIMITS.roomsPerSocket} rooms per socket`, async () => {
    const owner = await createUser(t.database.db);
    const groups = [];
    for (let i = 0; i <= LIVE_LIMITS.roomsPerSocket; i++) groups.push(await createGroup(t.database.db, { owner }));
    const s = await open(owner);
    const answers = await Promise.all(groups.map((g) => ask(s, LIVE_EVENTS.subscribe, `group:${g.id}`)));
    expect(answers.filter((a) => a.ok)).toHaveLength(LIVE_LIMITS.roomsPerSocket);
    expect(answers.filter((a) => !a.ok)).toEqual([{ ok: false, message: LIVE_MESSAGES.tooManyRooms(LIVE_LIMITS.roomsPerSocket) }]);
    // Leaving one makes room for another.
    expect(await ask(s, LIVE_EVENTS.unsubscribe, `group:${groups[0]!.id}`)).toEqual({ ok: true });
    const refused = groups.find((_, i) => !answers[i]!.ok)!;
    expect(await ask(s, LIVE_EVENTS.subscribe, `group:${refused.id}`)).toEqual({ ok: true });
  });
});

describe('events reach the rooms of what pages show', () => {
  it('a new post reaches the community page and members’ home feeds, as an ordinary reader sees it', async () => {
    const { cast, group } = await createCast(t.database.db);
    const page = await open(cast.outsider);
    expect(await ask(page, LIVE_EVENTS.subscribe, `group:${group.id}`)).toEqual({ ok: true });
    const home = await open(cast.member);
    const post = await createPost(t, group, cast.author, 'Live hello');
    for (const s of [page, home]) {
      const got = await next<DiscussionCreatedPayload>(s, LIVE_EVENTS.discussionCreated);
      expect(got.group_id).toBe(group.id);
      expect(got.discussion_id).toBe(post.id);
      expect(got.discussion).toMatchObject({
        id: post.id,
        discussion_content: 'Live hello',
        user_id: cast.author.id,
        isLiked: false,
        canEdit: false,
        canDelete: false,
      });
      expect(got.discussion).not.toHaveProperty('abilities');
    }
  });

  it('edit, pin, like, comments and delete reach the post panel and the feed', async () => {
    const { cast, group } = await createCast(t.database.db);
    const post = await createPost(t, group, cast.author);
    const panel = await open(cast.outsider);
    expect(await ask(panel, LIVE_EVENTS.subscribe, `discussion:${post.id}`)).toEqual({ ok: true });
    const home = await open(cast.member);
    const base = `/groups/${group.id}/discussions/${post.id}`;

    expect((await api().put(base, cast.author, { content: 'Edited text' })).statusCode).toBe(200);
    expect(await next(panel, LIVE_EVENTS.discussionUpdated)).toMatchObject({ discussion_id: post.id, discussion_content: 'Edited text' });
    expect((await api().post(`${base}/pin`, cast.owner)).statusCode).toBe(200);
    expect(await next(home, LIVE_EVENTS.discussionPinned)).toEqual({ group_id: group.id, discussion_id: post.id, is_pinned: 1 });
    expect((await api().post(`${base}/like`, cast.member)).statusCode).toBe(200);
    expect(await next<LikeCountPayload>(panel, LIVE_EVENTS.likeCount)).toMatchObject({ target: 'discussion', id: post.id, count: 1 });
    expect(await next<LikeCountPayload>(home, LIVE_EVENTS.likeCount)).toMatchObject({ target: 'discussion', id: post.id, count: 1 });

    const comment = await createComment(t, post, cast.member, 'First!');
    const created = await next<CommentCreatedPayload>(panel, LIVE_EVENTS.commentCreated);
    expect(created).toMatchObject({ discussion_id: post.id, comment_id: comment.id, commentCount: 1 });
    expect(created.comment).toMatchObject({ content: 'First!', isLiked: false, canDelete: false });
    expect(await next(home, LIVE_EVENTS.commentCreated)).toMatchObject({ comment_id: comment.id, commentCount: 1 });
    expect((await api().put(`${base}/comments/${comment.id}`, cast.member, { content: 'First, edited' })).statusCode).toBe(200);
    expect(await next(panel, LIVE_EVENTS.commentUpdated)).toMatchObject({ comment_id: comment.id, content: 'First, edited' });
    expect((await api().post(`${base}/comments/${comment.id}/like`, cast.author)).statusCode).toBe(200);
    expect(await next(panel, LIVE_EVENTS.likeCount, (p: LikeCountPayload) => p.target === 'comment')).toMatchObject({
      id: comment.id,
      count: 1,
    });
    expect((await api().del(`${base}/comments/${comment.id}`, cast.member)).statusCode).toBe(200);
    expect(await next(panel, LIVE_EVENTS.commentDeleted)).toEqual({
      group_id: group.id,
      discussion_id: post.id,
      comment_id: comment.id,
      parentCommentId: null,
      kept: false,
      commentCount: 0,
    });

    expect((await api().del(base, cast.author)).statusCode).toBe(200);
    expect(await next(panel, LIVE_EVENTS.discussionDeleted)).toEqual({ group_id: group.id, discussion_id: post.id });
    expect(await next(home, LIVE_EVENTS.discussionDeleted)).toEqual({ group_id: group.id, discussion_id: post.id });
  });

  it('a comment removed by staff is a deletion for the panel', async () => {
    const { cast, group } = await createCast(t.database.db);
    const post = await createPost(t, group, cast.author);
    const comment = await createComment(t, post, cast.member, 'Rude');
    const panel = await open(cast.outsider);
    expect(await ask(panel, LIVE_EVENTS.subscribe, `discussion:${post.id}`)).toEqual({ ok: true });
    const res = await api().post(`/api/groups/${group.id}/discussions/${post.id}/comments/${comment.id}/remove`, cast.moderator, {
      reason: 'Rude',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await next(panel, LIVE_EVENTS.commentDeleted)).toMatchObject({ comment_id: comment.id, kept: false });
  });

  it('a post removed by staff is a deletion for members, not for its author or the staff, who still see it', async () => {
    const { cast, group } = await createCast(t.database.db);
    const post = await createPost(t, group, cast.author, 'Cheap watches here');
    const pages = { member: await open(cast.member), author: await open(cast.author), moderator: await open(cast.moderator) };
    const heard = { member: [] as string[], author: [] as string[], moderator: [] as string[] };
    for (const [who, page] of Object.entries(pages)) {
      page.onAny((event: string) => heard[who as keyof typeof heard].push(event));
      expect(await ask(page, LIVE_EVENTS.subscribe, `group:${group.id}`)).toEqual({ ok: true });
    }
    const res = await api().post(`/api/groups/${group.id}/discussions/${post.id}/remove`, cast.moderator, { reason: 'Advertising' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await next(pages.member, LIVE_EVENTS.discussionDeleted)).toMatchObject({ discussion_id: post.id });
    // A later event of the same community reaches everyone after the removal's (events of one community keep their order).
    await createPost(t, group, cast.member, 'Next');
    await Promise.all([next(pages.author, LIVE_EVENTS.discussionCreated), next(pages.moderator, LIVE_EVENTS.discussionCreated)]);
    expect(heard.author).not.toContain(LIVE_EVENTS.discussionDeleted);
    expect(heard.moderator).not.toContain(LIVE_EVENTS.discussionDeleted);
  });

  it('blogs: a new blog reaches the community page, a like reaches the blog page', async () => {
    const { cast, group } = await createCast(t.database.db, { authorRole: 'admin' });
    const page = await open(cast.outsider);
    expect(await ask(page, LIVE_EVENTS.subscribe, `group:${group.id}`)).toEqual({ ok: true });
    const blog = await createBlog(t, group, cast.author, { title: 'Live blog' });
    expect(await next(page, LIVE_EVENTS.blogCreated)).toMatchObject({
      group_id: group.id,
      blog_id: blog.id,
      blog: { blog_title: 'Live blog', is_liked: false },
    });
    const blogPage = await open(cast.outsider);
    expect(await ask(blogPage, LIVE_EVENTS.subscribe, `blog:${blog.id}`)).toEqual({ ok: true });
    expect((await api().post(`/groups/${group.id}/blogs/${blog.id}/like`, cast.member)).statusCode).toBe(200);
    expect(await next(blogPage, LIVE_EVENTS.likeCount)).toEqual({
      target: 'blog',
      id: blog.id,
      group_id: group.id,
      blog_id: blog.id,
      count: 1,
    });
  });

  it('member_count on join and leave', async () => {
    const { cast, group } = await createCast(t.database.db);
    const page = await open(cast.member);
    expect(await ask(page, LIVE_EVENTS.subscribe, `group:${group.id}`)).toEqual({ ok: true });
    const newcomer = await createUser(t.database.db);
    expect((await api().post(`/api/groups/${group.id}/join`, newcomer)).statusCode).toBe(200);
    expect(await next(page, LIVE_EVENTS.memberCount)).toEqual({ group_id: group.id, member_count: 6 });
    expect((await api().post(`/api/groups/${group.id}/leave`, newcomer)).statusCode).toBe(200);
    expect(await next(page, LIVE_EVENTS.memberCount, (p: { member_count: number }) => p.member_count === 5)).toBeTruthy();
  });

  it('a new member follows the community in their home feed from the join on', async () => {
    const { cast, group } = await createCast(t.database.db);
    const newcomer = await createUser(t.database.db);
    const s = await open(newcomer);
    expect((await api().post(`/api/groups/${group.id}/join`, newcomer)).statusCode).toBe(200);
    // The join's access check runs in the community's push queue, before the post's event.
    const post = await createPost(t, group, cast.author, 'Welcome');
    expect(await next(s, LIVE_EVENTS.discussionCreated)).toMatchObject({ discussion_id: post.id });
  });

  it('a subscribe without an acknowledgement still joins', async () => {
    const { cast, group } = await createCast(t.database.db);
    const s = await open(cast.outsider);
    s.emit(LIVE_EVENTS.subscribe, { room: `group:${group.id}` });
    await settled(s);
    const post = await createPost(t, group, cast.author);
    expect(await next(s, LIVE_EVENTS.discussionCreated)).toMatchObject({ discussion_id: post.id });
  });

  it('unsubscribe stops the events', async () => {
    const { cast, group } = await createCast(t.database.db);
    const s = await open(cast.outsider);
    const witness = await open(cast.outsider);
    expect(await ask(s, LIVE_EVENTS.subscribe, `group:${group.id}`)).toEqual({ ok: true });
    expect(await ask(witness, LIVE_EVENTS.subscribe, `group:${group.id}`)).toEqual({ ok: true });
    expect(await ask(s, LIVE_EVENTS.unsubscribe, `group:${group.id}`)).toEqual({ ok: true });
    expect(await ask(s, LIVE_EVENTS.unsubscribe, 'nonsense')).toEqual({ ok: false, message: LIVE_MESSAGES.invalidRoom });
    const post = await createPost(t, group, cast.author);
    await next(witness, LIVE_EVENTS.discussionCreated, (p: DiscussionCreatedPayload) => p.discussion_id === post.id);
    await settled(s);
    expect(names(s)).not.toContain(LIVE_EVENTS.discussionCreated);
  });
});

describe('nothing reaches those who may not read it', () => {
  it('a rolled-back post is never pushed', async () => {
    const { cast, group } = await createCast(t.database.db);
    const page = await open(cast.member);
    expect(await ask(page, LIVE_EVENTS.subscribe, `group:${group.id}`)).toEqual({ ok: true });
    // Someone else's upload: refused inside the transaction, after the post's row was written.
    const foreign = await uploadImage(t, cast.owner);
    const refused = await api().post(`/groups/${group.id}/discussions`, cast.author, { content: 'Never seen', mediaUrls: [foreign] });
    expect(refused.statusCode).toBe(403);
    const post = await createPost(t, group, cast.author, 'Seen');
    await next(page, LIVE_EVENTS.discussionCreated, (p: DiscussionCreatedPayload) => p.discussion_id === post.id);
    await settled(page);
    const created = page.got
      .filter((e) => e.name === LIVE_EVENTS.discussionCreated)
      .map((e) => (e.payload as DiscussionCreatedPayload).discussion.discussion_content);
    expect(created).toEqual(['Seen']);
  });

  it('a kicked member of a private community leaves its rooms and its home feed', async () => {
    const { cast, group } = await createCast(t.database.db, { isPrivate: true });
    const post = await createPost(t, group, cast.author);
    const kicked = await open(cast.member);
    expect(await ask(kicked, LIVE_EVENTS.subscribe, `group:${group.id}`)).toEqual({ ok: true });
    expect(await ask(kicked, LIVE_EVENTS.subscribe, `discussion:${post.id}`)).toEqual({ ok: true });
    const witness = await open(cast.admin);
    expect(await ask(witness, LIVE_EVENTS.subscribe, `discussion:${post.id}`)).toEqual({ ok: true });
    expect((await api().post(`/api/groups/${group.id}/kick`, cast.owner, { memberId: cast.member.id })).statusCode).toBe(200);
    expect(await next(kicked, LIVE_EVENTS.roomClosed, (p: { room: string }) => p.room === `discussion:${post.id}`)).toBeTruthy();
    expect(await next(kicked, LIVE_EVENTS.roomClosed, (p: { room: string }) => p.room === `group:${group.id}`)).toBeTruthy();
    await settled(kicked);
    const before = kicked.got.length;
    await createComment(t, post, cast.author, 'After the kick');
    const second = await createPost(t, group, cast.author, 'After the kick');
    await next(witness, LIVE_EVENTS.commentCreated);
    await next(witness, LIVE_EVENTS.discussionCreated, (p: DiscussionCreatedPayload) => p.discussion_id === second.id);
    await settled(kicked);
    expect(kicked.got.slice(before).map((e) => e.name)).toEqual([]);
    expect(await ask(kicked, LIVE_EVENTS.subscribe, `group:${group.id}`)).toEqual({ ok: false, message: LIVE_MESSAGES.forbidden });
  });

  it('a banned member and a member who left hear nothing more of a private community', async () => {
    const { cast, group } = await createCast(t.database.db, { isPrivate: true });
    const banned = await open(cast.member);
    const left = await open(cast.author);
    const witness = await open(cast.admin);
    expect(await ask(banned, LIVE_EVENTS.subscribe, `group:${group.id}`)).toEqual({ ok: true });
    expect(await ask(left, LIVE_EVENTS.subscribe, `group:${group.id}`)).toEqual({ ok: true });
    const ban = await api().post(`/api/groups/${group.id}/bans`, cast.owner, { userId: cast.member.id, reason: 'Spam' });
    expect(ban.statusCode, ban.body).toBe(200);
    expect((await api().post(`/api/groups/${group.id}/leave`, cast.author)).statusCode).toBe(200);
    await next(banned, LIVE_EVENTS.roomClosed);
    await next(left, LIVE_EVENTS.roomClosed);
    const post = await createPost(t, group, cast.moderator, 'Private news');
    await next(witness, LIVE_EVENTS.discussionCreated, (p: DiscussionCreatedPayload) => p.discussion_id === post.id);
    await Promise.all([settled(banned), settled(left)]);
    expect(names(banned)).not.toContain(LIVE_EVENTS.discussionCreated);
    expect(names(left)).not.toContain(LIVE_EVENTS.discussionCreated);
  });

  it('a community made private: non-members leave, members stay', async () => {
    const { cast, group } = await createCast(t.database.db);
    const outsider = await open(cast.outsider);
    const member = await open(cast.member);
    expect(await ask(outsider, LIVE_EVENTS.subscribe, `group:${group.id}`)).toEqual({ ok: true });
    expect(await ask(member, LIVE_EVENTS.subscribe, `group:${group.id}`)).toEqual({ ok: true });
    expect((await api().put(`/api/groups/${group.id}/privacy`, cast.owner, { is_private: true })).statusCode).toBe(200);
    expect(await next(outsider, LIVE_EVENTS.roomClosed)).toEqual({ room: `group:${group.id}` });
    const post = await createPost(t, group, cast.author, 'Members only');
    await next(member, LIVE_EVENTS.discussionCreated, (p: DiscussionCreatedPayload) => p.discussion_id === post.id);
    await settled(outsider);
    expect(names(outsider)).not.toContain(LIVE_EVENTS.discussionCreated);
    expect(names(member)).not.toContain(LIVE_EVENTS.roomClosed);
  });

  it('a deleted community closes every page following it', async () => {
    const { cast, group } = await createCast(t.database.db);
    const post = await createPost(t, group, cast.author);
    const s = await open(cast.outsider);
    expect(await ask(s, LIVE_EVENTS.subscribe, `group:${group.id}`)).toEqual({ ok: true });
    expect(await ask(s, LIVE_EVENTS.subscribe, `discussion:${post.id}`)).toEqual({ ok: true });
    const res = await api().send('DELETE', `/api/groups/${group.id}`, cast.owner, { confirmName: group.name });
    expect(res.statusCode, res.body).toBe(200);
    await next(s, LIVE_EVENTS.roomClosed, (p: { room: string }) => p.room === `group:${group.id}`);
    await next(s, LIVE_EVENTS.roomClosed, (p: { room: string }) => p.room === `discussion:${post.id}`);
  });

  it('a person who blocked the author does not receive their posts', async () => {
    const { cast, group } = await createCast(t.database.db);
    const blocker = await open(cast.member);
    const witness = await open(cast.admin);
    expect((await api().post(`/api/users/${cast.author.id}/block`, cast.member)).statusCode).toBe(200);
    const post = await createPost(t, group, cast.author, 'Blocked words');
    await next(witness, LIVE_EVENTS.discussionCreated, (p: DiscussionCreatedPayload) => p.discussion_id === post.id);
    await settled(blocker);
    expect(names(blocker)).not.toContain(LIVE_EVENTS.discussionCreated);
  });
});

describe('friends', () => {
  it('unfriending removes the person from the other’s list live', async () => {
    const [alice, bob] = [await createUser(t.database.db), await createUser(t.database.db)];
    await befriend(t.database.db, alice, bob);
    const b = await open(bob);
    expect((await api().post('/friends/unfriend', alice, { other_user_id: bob.id })).statusCode).toBe(200);
    expect(await next(b, LIVE_EVENTS.friendRemoved)).toEqual({ user_id: alice.id });
  });
});
