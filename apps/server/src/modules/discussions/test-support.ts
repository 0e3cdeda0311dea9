import type { Comment, Discussion } from '@agora/contract';
import { expect } from 'vitest';
import { createGroup, createUser, multipart, pngImage, type TestGroup, type TestUser } from '../../test/factories';
import type { TestContext } from '../../test/test-app';

/** Helpers shared by the discussions API tests (not a test file itself). */

type Who = TestUser | null | undefined;

export function client(t: TestContext) {
  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user?: Who, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: user?.auth ?? {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    get: (url: string, user?: Who) => send('GET', url, user),
    post: (url: string, user?: Who, payload?: unknown) => send('POST', url, user, payload),
    put: (url: string, user?: Who, payload?: unknown) => send('PUT', url, user, payload),
    del: (url: string, user?: Who) => send('DELETE', url, user),
  };
}

/** Uploads a real PNG through POST /upload/image as `user`; returns the stored path. */
export async function uploadImage(t: TestContext, user: TestUser): Promise<string> {
  const body = multipart('image', 'photo.png', 'image/png', await pngImage(40, 30));
  const res = await t.app.inject({
    method: 'POST',
    url: '/upload/image',
    headers: { ...user.auth, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { url: string }).url;
}

/** Posts as `user` through the API and returns the post (expects 201). */
export async function createPost(
  t: TestContext,
  group: { id: number },
  user: TestUser,
  content = 'Hello there',
  mediaUrls: string[] = [],
): Promise<Discussion> {
  const res = await client(t).post(`/groups/${group.id}/discussions`, user, { content, mediaUrls });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { discussion: Discussion }).discussion;
}

/** Comments (or replies, with `parentCommentId`) as `user` and returns the comment (expects 201). */
export async function createCommentVia(
  t: TestContext,
  post: { id: number; group_id: number },
  user: TestUser,
  content = 'Nice post',
  parentCommentId: number | null = null,
): Promise<Comment> {
  const res = await client(t).post(`/groups/${post.group_id}/discussions/${post.id}/comments`, user, { content, parentCommentId });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { comment: Comment }).comment;
}

export type Cast = {
  owner: TestUser;
  admin: TestUser;
  moderator: TestUser;
  member: TestUser;
  author: TestUser;
  outsider: TestUser;
};

/** A community with one person of each role (the author is an ordinary member), plus an outsider. */
export async function castAndGroup(t: TestContext, opts: { isPrivate?: boolean } = {}): Promise<{ cast: Cast; group: TestGroup }> {
  const db = t.database.db;
  const [owner, admin, moderator, member, author, outsider] = await Promise.all(Array.from({ length: 6 }, () => createUser(db)));
  const group = await createGroup(db, {
    owner: owner!,
    isPrivate: opts.isPrivate ?? false,
    members: [
      { user: admin!, role: 'admin' },
      { user: moderator!, role: 'moderator' },
      { user: member!, role: 'member' },
      { user: author!, role: 'member' },
    ],
  });
  return { cast: { owner: owner!, admin: admin!, moderator: moderator!, member: member!, author: author!, outsider: outsider! }, group };
}

/** Counters against recounts of the rows they cache. */
export async function discussionCounts(t: TestContext, discussionId: number) {
  const [row] = await t.database.sql<{ likes: number; likeRows: number; comments: number; commentRows: number }[]>`
    SELECT like_count AS likes, (SELECT count(*)::int FROM discussion_likes WHERE discussion_id = d.id) AS "likeRows",
      comment_count AS comments, (SELECT count(*)::int FROM comments WHERE discussion_id = d.id) AS "commentRows"
    FROM discussions d WHERE id = ${discussionId}`;
  return row ?? null;
}

export async function postCount(t: TestContext, groupId: number) {
  const [row] = await t.database.sql<{ cached: number; rows: number }[]>`
    SELECT post_count AS cached, (SELECT count(*)::int FROM discussions WHERE group_id = ${groupId}) AS rows FROM groups WHERE id = ${groupId}`;
  return row!;
}

export async function notificationsOf(t: TestContext, userId: number) {
  return t.database.sql<
    {
      noti_type: string;
      sender_id: number;
      noti_content: string;
      noti_link: string;
      group_id: number;
      discussion_id: number;
      comment_id: number | null;
    }[]
  >`SELECT noti_type, sender_id, noti_content, noti_link, group_id, discussion_id, comment_id FROM notifications WHERE user_id = ${userId} ORDER BY id`;
}

export { createUser, createGroup };
