import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Blog } from '@agora/contract';
import { createGroup, createUser, multipartForm, type TestGroup, type TestUser } from '../../test/factories';
import type { TestContext } from '../../test/test-app';

/** Test helpers of the blogs API tests (not a test file itself). */

/** Everyone SPEC §6 distinguishes, in one public and one private community with the same people. */
export type BlogWorld = {
  owner: TestUser;
  /** An admin who writes blogs. */
  author: TestUser;
  /** Another admin of the same communities. */
  otherAdmin: TestUser;
  moderator: TestUser;
  member: TestUser;
  /** Signed in, member of neither. */
  outsider: TestUser;
  open: TestGroup;
  closed: TestGroup;
};

export async function blogWorld(t: TestContext): Promise<BlogWorld> {
  const db = t.database.db;
  const [owner, author, otherAdmin, moderator, member, outsider] = await Promise.all(Array.from({ length: 6 }, () => createUser(db)));
  const members = [
    { user: author!, role: 'admin' as const },
    { user: otherAdmin!, role: 'admin' as const },
    { user: moderator!, role: 'moderator' as const },
    { user: member!, role: 'member' as const },
  ];
  const open = await createGroup(db, { owner: owner!, members });
  const closed = await createGroup(db, { owner: owner!, members, isPrivate: true });
  return {
    owner: owner!,
    author: author!,
    otherAdmin: otherAdmin!,
    moderator: moderator!,
    member: member!,
    outsider: outsider!,
    open,
    closed,
  };
}

type ImageFile = { data: Buffer; filename?: string; contentType?: string };

/** POST /groups/{id}/posts as multipart (the image optional). */
export function postBlog(
  t: TestContext,
  user: TestUser | null,
  groupRef: string | number,
  fields: Record<string, string>,
  image?: ImageFile,
  url = `/groups/${groupRef}/posts`,
) {
  const body = multipartForm(fields, image ? { image } : {});
  return t.app.inject({ method: 'POST', url, headers: { ...(user?.auth ?? {}), ...body.headers }, payload: body.payload });
}

/** PUT /groups/{id}/blogs/{blogId} as multipart. */
export function putBlog(
  t: TestContext,
  user: TestUser | null,
  groupRef: string | number,
  blogId: number | string,
  fields: Record<string, string>,
  image?: ImageFile,
) {
  const body = multipartForm(fields, image ? { image } : {});
  return t.app.inject({
    method: 'PUT',
    url: `/groups/${groupRef}/blogs/${blogId}`,
    headers: { ...(user?.auth ?? {}), ...body.headers },
    payload: body.payload,
  });
}

/** A blog published through the API; fails the test if it is refused. */
export async function publish(
  t: TestContext,
  user: TestUser,
  group: TestGroup,
  fields: { title?: string; content?: string } = {},
  image?: ImageFile,
): Promise<Blog> {
  const res = await postBlog(
    t,
    user,
    group.id,
    { title: fields.title ?? 'A title', content: fields.content ?? 'Some **content**.' },
    image,
  );
  if (res.statusCode !== 201) throw new Error(`publish failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { post: Blog }).post;
}

export function call(t: TestContext, method: 'GET' | 'POST' | 'DELETE', url: string, user?: TestUser | null) {
  return t.app.inject({ method, url, headers: user?.auth ?? {} });
}

/** Whether a stored upload's file (by its public path) is on disk. */
export function fileExists(t: TestContext, publicPath: string): boolean {
  return existsSync(path.join(t.config.uploadsDir, publicPath.slice('/uploads/'.length)));
}
