import sharp from 'sharp';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
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
