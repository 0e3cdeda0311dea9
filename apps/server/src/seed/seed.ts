import { asc, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { users } from '../db/schema';
import { hashPassword } from '../modules/auth/passwords';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-data';
import { seedDemoDiscussions } from './discussions-seed';
import { seedDemoBlogs } from './blogs-seed';
import { seedDemoFriends } from './friends-seed';
import { seedDemoGroups } from './groups-seed';
import { avatarJpeg, bannerJpeg } from './images';
import { recordSeedUploads, saveUpload, type SeedUploads } from './uploads';

export type DemoAccount = { username: string; email: string; password: string };

const emailOf = (username: string) => `${username.replace('_', '.')}@example.com`;

/**
 * Fills an empty database with demo people and communities (SEED_DEMO=false turns it off). Runs under an
 * advisory lock so two processes starting together seed once. Returns the demo accounts that exist, or null when
 * the database held other users already (a real instance is never touched).
 */
export async function seedDemo(db: Db, uploads: SeedUploads): Promise<DemoAccount[] | null> {
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
    const ids = await seedDemoUsers(tx, uploads);
    await seedDemoGroups(tx, uploads, ids);
    await seedDemoDiscussions(tx, uploads, ids);
    await seedDemoBlogs(tx, uploads, ids);
    await seedDemoFriends(tx, ids);
    return DEMO_USERS.map((u) => ({ username: u.username, email: emailOf(u.username), password: DEMO_PASSWORD }));
  });
}

/**
 * The demo people, each with their own argon2 hash (own salt) of the shared demo password; hashes and pictures are
 * made in parallel to keep the first start quick. Returns user ids by username.
 */
async function seedDemoUsers(tx: Tx, uploads: SeedUploads): Promise<Map<string, number>> {
  const rows = await Promise.all(
    DEMO_USERS.map(async (u) => {
      const initials = `${u.firstName[0] ?? ''}${u.lastName[0] ?? ''}`;
      const [passwordHash, profileImage, bannerImage] = await Promise.all([
        hashPassword(DEMO_PASSWORD),
        avatarJpeg(initials, u.colors).then((data) => saveUpload(uploads, 'profile', data)),
        bannerJpeg(u.colors).then((data) => saveUpload(uploads, 'banner', data)),
      ]);
      return {
        username: u.username,
        email: emailOf(u.username),
        // Demo accounts are verified: they have no mailbox (issue 14 §2).
        emailVerifiedAt: new Date(),
        firstName: u.firstName,
        lastName: u.lastName,
        passwordHash,
        bio: u.bio,
        about: u.about,
        birthday: u.birthday,
        userLink: u.userLink,
        profileImage,
        bannerImage,
      };
    }),
  );
  const inserted = await tx
    .insert(users)
    .values(rows)
    .returning({ id: users.id, username: users.username, profileImage: users.profileImage, bannerImage: users.bannerImage });
  // The demo images are the demo users' own, attached uploads (so changing them deletes the old file).
  await recordSeedUploads(
    tx,
    inserted.flatMap((u) => [
      { path: u.profileImage!, kind: 'profile' as const, userId: u.id },
      { path: u.bannerImage!, kind: 'banner' as const, userId: u.id },
    ]),
  );
  return new Map(inserted.map((u) => [u.username, u.id]));
}
