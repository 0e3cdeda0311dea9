import { type Blog, type Comment, type Discussion, groupNameKey } from '@agora/contract';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { Db } from '../db/client';
import { friendships, groupMembers, groups, groupSections, groupSlugs, sessions, users } from '../db/schema';
import { hashToken, newSessionToken } from '../lib/tokens';
import { hashPassword } from '../modules/auth/passwords';
import { client, type TestContext } from './test-app';

/**
 * The server tests' one set of factories. People, communities, their roles and friendships are written straight
 * to the database (`db`): the API that makes them is tested on its own. Content (posts, comments, blogs,
 * uploads, invitations) goes through the API (`t`), so counters, notifications and files are what a client
 * leaves, and a factory fails its test when the API refuses. Helpers of one module's tests live beside them in
 * `<module>/test-support.ts`; the inject wrapper is `client(t)` (test-app.ts).
 */

export const TEST_PASSWORD = 'correct-horse-9';
let passwordHash: Promise<string> | undefined;
let counter = 0;

export type TestUser = { id: number; username: string; email: string; token: string; auth: { authorization: string } };

/** A user with a live session, written straight to the database (registration itself is tested through the API). */
export async function createUser(db: Db, overrides: Partial<typeof users.$inferInsert> = {}): Promise<TestUser> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  counter += 1;
  const username = overrides.username ?? `user_${process.pid}_${counter}`;
  const [row] = await db
    .insert(users)
    .values({
      username,
      email: `${username}@example.test`,
      firstName: 'Test',
      lastName: 'User',
      passwordHash: await passwordHash,
      // A confirmed address unless a test says otherwise (`emailVerifiedAt: null`): unconfirmed accounts have tighter limits.
      emailVerifiedAt: new Date(),
      // A month old unless a test says otherwise: an account's first day has tighter posting limits (modules/posting).
      createdAt: new Date(Date.now() - 30 * 24 * 60 * 60 * 1000),
      ...overrides,
    })
    .returning();
  const token = newSessionToken();
  await db.insert(sessions).values({ userId: row!.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) });
  return { id: row!.id, username: row!.username, email: row!.email, token, auth: { authorization: `Bearer ${token}` } };
}

/** A real PNG of the given size. */
export function pngImage(width = 64, height = 64): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .toBuffer();
}

/** A multipart/form-data body with one file, for app.inject. */
export function multipart(
  field: string,
  filename: string,
  contentType: string,
  data: Buffer,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----agora${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export type TestGroup = { id: number; slug: string; name: string };

/**
 * A community written straight to the database as the API would leave it: slug (also in the history), three
 * sections, the owner's membership row, and `members` with their roles; member_count counts them all.
 */
export async function createGroup(
  db: Db,
  opts: {
    owner: { id: number };
    name?: string;
    isPrivate?: boolean;
    members?: { user: { id: number }; role?: 'admin' | 'moderator' | 'member' }[];
  },
): Promise<TestGroup> {
  counter += 1;
  const name = opts.name ?? `Group ${process.pid} ${counter}`;
  const slug = `g-${process.pid}-${counter}`;
  const members = opts.members ?? [];
  const [row] = await db
    .insert(groups)
    .values({
      slug,
      groupName: name,
      nameKey: groupNameKey(name),
      ownerId: opts.owner.id,
      isPrivate: opts.isPrivate ?? false,
      memberCount: 1 + members.length,
    })
    .returning();
  const id = row!.id;
  await db.insert(groupSlugs).values({ slug, groupId: id });
  await db.insert(groupSections).values(
    (['About Us', 'Rules & Regulations', 'Social Media'] as const).map((sectionHeader) => ({
      groupId: id,
      sectionHeader,
      sectionDesc: '',
    })),
  );
  await db
    .insert(groupMembers)
    .values([
      { groupId: id, userId: opts.owner.id, role: 'owner' as const },
      ...members.map((m) => ({ groupId: id, userId: m.user.id, role: m.role ?? ('member' as const) })),
    ]);
  return { id, slug, name };
}

/** A multipart/form-data body with text fields and files, for app.inject. */
export function multipartForm(
  fields: Record<string, string>,
  files: Record<string, { data: Buffer; filename?: string; contentType?: string }> = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----agora${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const [name, file] of Object.entries(files)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file.filename ?? `${name}.png`}"\r\nContent-Type: ${file.contentType ?? 'image/png'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Makes `a` and `b` friends (an accepted friendship row, `a` the requester). */
export async function befriend(db: Db, a: { id: number }, b: { id: number }): Promise<void> {
  await db.insert(friendships).values({ requesterId: a.id, addresseeId: b.id, status: 'accepted' });
}

/** Everyone SPEC §6 tells apart in one community: one person of each role, the `author` of the content, and an outsider. */
export type Cast = {
  owner: TestUser;
  admin: TestUser;
  moderator: TestUser;
  member: TestUser;
  /** Writes the content under test: an ordinary member unless `authorRole: 'admin'` (blogs are written by admins). */
  author: TestUser;
  /** Signed in, not a member. */
  outsider: TestUser;
};

/** The cast's members with their roles (everyone but the owner and the outsider), for another `createGroup`. */
export function castMembers(cast: Cast, authorRole: 'member' | 'admin' = 'member') {
  return [
    { user: cast.admin, role: 'admin' as const },
    { user: cast.moderator, role: 'moderator' as const },
    { user: cast.member, role: 'member' as const },
    { user: cast.author, role: authorRole },
  ];
}

/** The owner/member/outsider builder: a community (private with `isPrivate`) with its cast. */
export async function createCast(
  db: Db,
  opts: { isPrivate?: boolean; authorRole?: 'member' | 'admin' } = {},
): Promise<{ cast: Cast; group: TestGroup }> {
  const [owner, admin, moderator, member, author, outsider] = await Promise.all(Array.from({ length: 6 }, () => createUser(db)));
  const cast: Cast = { owner: owner!, admin: admin!, moderator: moderator!, member: member!, author: author!, outsider: outsider! };
  const group = await createGroup(db, {
    owner: cast.owner,
    isPrivate: opts.isPrivate ?? false,
    members: castMembers(cast, opts.authorRole),
  });
  return { cast, group };
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

/** A post (discussion) by `user` in `group`, through the API (expects 201). */
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

/** A comment (a reply with `parentCommentId`) by `user` on `post`, through the API (expects 201). */
export async function createComment(
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

/** A blog by `user` in `group`, published through the API (multipart, the header image optional; expects 201). */
export async function createBlog(
  t: TestContext,
  group: { id: number },
  user: TestUser,
  fields: { title?: string; content?: string } = {},
  image?: { data: Buffer; filename?: string; contentType?: string },
): Promise<Blog> {
  const body = multipartForm({ title: fields.title ?? 'A title', content: fields.content ?? 'Some **content**.' }, image ? { image } : {});
  const res = await t.app.inject({
    method: 'POST',
    url: `/groups/${group.id}/posts`,
    headers: { ...user.auth, ...body.headers },
    payload: body.payload,
  });
  if (res.statusCode !== 201) throw new Error(`createBlog failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { post: Blog }).post;
}

/** `sender` invites `invitee` to `group` through the API (expects 200); returns the invitation's notification id. */
export async function invite(t: TestContext, group: { id: number }, sender: TestUser, invitee: { id: number }): Promise<number> {
  const res = await client(t).post(`/api/groups/${group.id}/invite`, sender, { userId: invitee.id });
  expect(res.statusCode).toBe(200);
  return (res.json() as { notificationId: number }).notificationId;
}
