import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { asc, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { uploads, users } from '../db/schema';
import { randomName } from '../lib/tokens';
import { hashPassword } from '../modules/auth/passwords';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-data';
import { avatarJpeg, bannerJpeg } from './images';

export type DemoAccount = { username: string; email: string; password: string };

async function saveUpload(uploadsDir: string, kind: 'profile' | 'banner', data: Buffer): Promise<string> {
  const dir = path.join(uploadsDir, kind);
  await mkdir(dir, { recursive: true });
  const name = `${randomName()}.jpg`;
  await writeFile(path.join(dir, name), data);
  return `/uploads/${kind}/${name}`;
}

const emailOf = (username: string) => `${username.replace('_', '.')}@example.com`;

/**
 * Fills an empty database with demo people (SEED_DEMO=false turns it off). Runs under an advisory lock so two
 * processes starting together seed once. Returns the demo accounts that exist, or null when the database held
 * other users already (a real instance is never touched).
 */
export async function seedDemo(db: Db, uploadsDir: string): Promise<DemoAccount[] | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(7417001)`);
    const usernames = DEMO_USERS.map((u) => u.username);
    const [{ total }] = (await tx.select({ total: sql<number>`count(*)::int` }).from(users)) as [{ total: number }];
    if (total > 0) {
      const present = await tx
        .select({ username: users.username, email: users.email })
        .from(users)
        .where(inArray(users.username, usernames))
        .orderBy(asc(users.id));
      return present.length > 0 ? present.map((u) => ({ ...u, password: DEMO_PASSWORD })) : null;
    }
    const rows = [];
    for (const u of DEMO_USERS) {
      // Each account is hashed on its own: argon2 draws a fresh salt per hash, so no two demo hashes are alike
      // and cracking one says nothing about the others.
      const passwordHash = await hashPassword(DEMO_PASSWORD);
      const initials = `${u.firstName[0] ?? ''}${u.lastName[0] ?? ''}`;
      rows.push({
        username: u.username,
        email: emailOf(u.username),
        firstName: u.firstName,
        lastName: u.lastName,
        passwordHash,
        bio: u.bio,
        about: u.about,
        birthday: u.birthday,
        userLink: u.userLink,
        profileImage: await saveUpload(uploadsDir, 'profile', await avatarJpeg(initials, u.colors)),
        bannerImage: await saveUpload(uploadsDir, 'banner', await bannerJpeg(u.colors)),
      });
    }
    const inserted = await tx
      .insert(users)
      .values(rows)
      .returning({ id: users.id, profileImage: users.profileImage, bannerImage: users.bannerImage });
    // The demo images are the demo users' own, attached uploads (so changing them deletes the old file).
    await tx.insert(uploads).values(
      inserted.flatMap((u) => [
        { path: u.profileImage!, kind: 'profile' as const, userId: u.id, attachedAt: new Date() },
        { path: u.bannerImage!, kind: 'banner' as const, userId: u.id, attachedAt: new Date() },
      ]),
    );
    return DEMO_USERS.map((u) => ({ username: u.username, email: emailOf(u.username), password: DEMO_PASSWORD }));
  });
}
