import { groupNameKey } from '@agora/contract';
import sharp from 'sharp';
import type { Db } from '../db/client';
import { groupMembers, groups, groupSections, groupSlugs, sessions, users } from '../db/schema';
import { hashToken, newSessionToken } from '../lib/tokens';
import { hashPassword } from '../modules/auth/passwords';

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
