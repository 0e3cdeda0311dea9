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
  SOCKET_EVENTS,
} from '@agora/contract';
import { befriend, createBlog, createCast, createComment, createGroup, createPost, createUser, type TestUser } from '../../test/factories';
import { useSocketClients } from '../../test/socket-clients';
import { client, useTestApp } from '../../test/test-app';

/**
 * Visitors' sockets (docs/decisions/0134-visitors-live-sockets.md): a socket without a token follows public rooms
 * only, exactly as a signed-in outsider would, and never hears presence or notifications.
 */
const t = useTestApp({ rateLimit: false });
const clients = useSocketClients(t);
const api = () => client(t);

type Client = Socket & { got: { name: string; payload: unknown }[] };

/** A socket (a visitor's without `user`) that records every event from the moment it is created. */
async function open(user?: TestUser): Promise<Client> {
  const socket = clients.open(user?.token) as Client;
  socket.got = [];
  socket.onAny((name: string, payload: unknown) => socket.got.push({ name, payload }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  await settled(socket);
  return socket;
}

function ask(socket: Socket, event: string, room: unknown): Promise<LiveAck> {
  return socket.timeout(5000).emitWithAck(event, { room }) as Promise<LiveAck>;
}

/** Everything pushed to the socket before now has arrived (a short wait for the pushes' queries, then a round trip). */
async function settled(socket: Socket): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 50));
  await ask(socket, LIVE_EVENTS.unsubscribe, 'blog:1');
}

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

describe('a visitor (no token) follows public rooms', () => {
  it('connects without a token and receives posts, comments and like counts of a public community', async () => {
    const { cast, group } = await createCast(t.database.db);
    const feed = await open();
    expect(await ask(feed, LIVE_EVENTS.subscribe, `group:${group.id}`)).toEqual({ ok: true });
    const post = await createPost(t, group, cast.author, 'Hello visitors');
    const created = await next<DiscussionCreatedPayload>(feed, LIVE_EVENTS.discussionCreated);
    expect(created).toMatchObject({ group_id: group.id, discussion_id: post.id });
    expect(created.discussion).toMatchObject({ discussion_content: 'Hello visitors', isLiked: false, canEdit: false, canDelete: false });

    const panel = await open();
    expect(await ask(panel, LIVE_EVENTS.subscribe, `discussion:${post.id}`)).toEqual({ ok: true });
    const comment = await createComment(t, post, cast.member, 'Welcome');
    const got = await next<CommentCreatedPayload>(panel, LIVE_EVENTS.commentCreated);
    expect(got).toMatchObject({ discussion_id: post.id, comment_id: comment.id, commentCount: 1 });
    expect(got.comment).toMatchObject({ content: 'Welcome', isLiked: false, canDelete: false });
    expect((await api().post(`/groups/${group.id}/discussions/${post.id}/like`, cast.member)).statusCode).toBe(200);
    expect(await next<LikeCountPayload>(panel, LIVE_EVENTS.likeCount)).toMatchObject({ target: 'discussion', id: post.id, count: 1 });
    expect(await next<LikeCountPayload>(feed, LIVE_EVENTS.likeCount)).toMatchObject({ target: 'discussion', id: post.id, count: 1 });
  });

  it('follows a public blog page', async () => {
    const { cast, group } = await createCast(t.database.db, { authorRole: 'admin' });
    const blog = await createBlog(t, group, cast.author, { title: 'Open blog' });
    const page = await open();
    expect(await ask(page, LIVE_EVENTS.subscribe, `blog:${blog.id}`)).toEqual({ ok: true });
    expect((await api().post(`/groups/${group.id}/blogs/${blog.id}/like`, cast.member)).statusCode).toBe(200);
    expect(await next<LikeCountPayload>(page, LIVE_EVENTS.likeCount)).toMatchObject({ target: 'blog', id: blog.id, count: 1 });
  });

  it('is refused a private community’s rooms and a removed post, with the messages an outsider gets', async () => {
    const { cast, group } = await createCast(t.database.db, { isPrivate: true });
    const post = await createPost(t, group, cast.author);
    const visitor = await open();
    const outsider = await open(cast.outsider);
    for (const room of [`group:${group.id}`, `discussion:${post.id}`]) {
      const answer = await ask(visitor, LIVE_EVENTS.subscribe, room);
      expect(answer).toEqual({ ok: false, message: LIVE_MESSAGES.forbidden });
      expect(await ask(outsider, LIVE_EVENTS.subscribe, room)).toEqual(answer);
    }
    const open_ = await createCast(t.database.db);
    const removed = await createPost(t, open_.group, open_.cast.author);
    const res = await api().post(`/api/groups/${open_.group.id}/discussions/${removed.id}/remove`, open_.cast.moderator, {
      reason: 'Spam',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await ask(visitor, LIVE_EVENTS.subscribe, `discussion:${removed.id}`)).toEqual({ ok: false, message: LIVE_MESSAGES.notFound });
    // Nothing of the private community reaches the visitor.
    const witness = await open(cast.member);
    expect(await ask(witness, LIVE_EVENTS.subscribe, `group:${group.id}`)).toEqual({ ok: true });
    const later = await createPost(t, group, cast.author, 'Members only');
    await next(witness, LIVE_EVENTS.discussionCreated, (p: DiscussionCreatedPayload) => p.discussion_id === later.id);
    await settled(visitor);
    expect(names(visitor)).toEqual([]);
  });

  it('a community made private closes the visitor’s rooms, and nothing more arrives', async () => {
    const { cast, group } = await createCast(t.database.db);
    const post = await createPost(t, group, cast.author);
    const visitor = await open();
    expect(await ask(visitor, LIVE_EVENTS.subscribe, `group:${group.id}`)).toEqual({ ok: true });
    expect(await ask(visitor, LIVE_EVENTS.subscribe, `discussion:${post.id}`)).toEqual({ ok: true });
    const member = await open(cast.member);
    expect(await ask(member, LIVE_EVENTS.subscribe, `discussion:${post.id}`)).toEqual({ ok: true });
    expect((await api().put(`/api/groups/${group.id}/privacy`, cast.owner, { is_private: true })).statusCode).toBe(200);
    expect(await next(visitor, LIVE_EVENTS.roomClosed, (p: { room: string }) => p.room === `group:${group.id}`)).toBeTruthy();
    expect(await next(visitor, LIVE_EVENTS.roomClosed, (p: { room: string }) => p.room === `discussion:${post.id}`)).toBeTruthy();
    await settled(visitor);
    const before = visitor.got.length;
    await createComment(t, post, cast.member, 'Now private');
    await next(member, LIVE_EVENTS.commentCreated);
    await settled(visitor);
    expect(visitor.got.slice(before).map((e) => e.name)).toEqual([]);
    expect(await ask(visitor, LIVE_EVENTS.subscribe, `group:${group.id}`)).toEqual({ ok: false, message: LIVE_MESSAGES.forbidden });
  });

  it(`holds at most ${LIVE_LIMITS.roomsPerSocket} rooms, like any socket`, async () => {
    const owner = await createUser(t.database.db);
    const groups = [];
    for (let i = 0; i <= LIVE_LIMITS.roomsPerSocket; i++) groups.push(await createGroup(t.database.db, { owner }));
    const visitor = await open();
    const answers = await Promise.all(groups.map((g) => ask(visitor, LIVE_EVENTS.subscribe, `group:${g.id}`)));
    expect(answers.filter((a) => a.ok)).toHaveLength(LIVE_LIMITS.roomsPerSocket);
    expect(answers.filter((a) => !a.ok)).toEqual([{ ok: false, message: LIVE_MESSAGES.tooManyRooms(LIVE_LIMITS.roomsPerSocket) }]);
  });
});

describe('a visitor hears no presence, notifications or home feed', () => {
  it('receives no online_users (even when asking) and no notification, while a signed-in person does', async () => {
    const { cast, group } = await createCast(t.database.db);
    const [alice, bob] = [await createUser(t.database.db), await createUser(t.database.db)];
    await befriend(t.database.db, alice, bob);
    const visitor = await open();
    expect(await ask(visitor, LIVE_EVENTS.subscribe, `group:${group.id}`)).toEqual({ ok: true });
    // An acknowledged ask is answered, with nothing.
    await visitor.timeout(5000).emitWithAck(SOCKET_EVENTS.userOnline, alice.id);
    const a = await open(alice);
    await next(a, SOCKET_EVENTS.onlineUsers);
    await open(bob);
    await next(a, SOCKET_EVENTS.onlineUsers, (ids: number[]) => ids.includes(bob.id));
    // A friend request notifies Bob; a post in the community reaches its page (the visitor) and members' home feeds.
    const request = await api().post('/friends/request', cast.member, { addressee_id: cast.author.id });
    expect(request.statusCode, request.body).toBe(200);
    const author = await open(cast.author);
    const post = await createPost(t, group, cast.owner, 'Seen by all');
    await next(author, LIVE_EVENTS.discussionCreated, (p: DiscussionCreatedPayload) => p.discussion_id === post.id);
    await createComment(t, post, cast.member, 'A reply');
    await next(visitor, LIVE_EVENTS.commentCreated);
    await settled(visitor);
    expect(names(visitor)).toEqual([LIVE_EVENTS.discussionCreated, LIVE_EVENTS.commentCreated]);
  });

  it('joins no home feed: posts of communities it does not follow never reach it', async () => {
    const { cast, group } = await createCast(t.database.db);
    const visitor = await open();
    const member = await open(cast.member);
    const post = await createPost(t, group, cast.author);
    await next(member, LIVE_EVENTS.discussionCreated, (p: DiscussionCreatedPayload) => p.discussion_id === post.id);
    await settled(visitor);
    expect(names(visitor)).toEqual([]);
  });
});

describe('a token that is no longer valid is still refused', () => {
  it('refuses an unknown and a signed-out token with unauthorized (never a silent visitor)', async () => {
    const user = await createUser(t.database.db);
    const signedOut = await createUser(t.database.db);
    expect((await api().post('/api/auth/logout', signedOut)).statusCode).toBeLessThan(300);
    for (const token of ['not-a-token', signedOut.token]) {
      const socket = clients.open(token);
      const error = await new Promise<Error>((resolve) => socket.on('connect_error', resolve));
      expect(error.message).toBe('unauthorized');
    }
    // Beside them, a visitor and a signed-in person connect.
    await open();
    await open(user);
  });
});
