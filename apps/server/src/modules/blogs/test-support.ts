import { existsSync } from 'node:fs';
import path from 'node:path';
import { type Cast, castMembers, createCast, createGroup, multipartForm, type TestGroup, type TestUser } from '../../test/factories';
import type { TestContext } from '../../test/test-app';

/** Helpers of the blogs API tests (not a test file itself); content and people come from test/factories.ts. */

/** The blogs tests' world: the cast (the author an admin) in a public community and, the same people, a private one. */
export type BlogWorld = Cast & { /** Another admin (the cast's `admin`). */ otherAdmin: TestUser; open: TestGroup; closed: TestGroup };

export async function blogWorld(t: TestContext): Promise<BlogWorld> {
  const db = t.database.db;
  const { cast, group: open } = await createCast(db, { authorRole: 'admin' });
  const closed = await createGroup(db, { owner: cast.owner, members: castMembers(cast, 'admin'), isPrivate: true });
  return { ...cast, otherAdmin: cast.admin, open, closed };
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

/** Whether a stored upload's file (by its public path) is on disk. */
export function fileExists(t: TestContext, publicPath: string): boolean {
  return existsSync(path.join(t.config.uploadsDir, publicPath.slice('/uploads/'.length)));
}
