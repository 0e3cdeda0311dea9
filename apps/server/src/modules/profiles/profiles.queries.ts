import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { UserRow } from '../auth/auth.queries';

export async function findUserById(db: Db, id: number): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0] ?? null;
}

export type ProfileChanges = Partial<Pick<UserRow, 'bio' | 'about' | 'birthday' | 'userLink' | 'profileImage' | 'bannerImage'>>;

export async function updateUser(db: Db, id: number, changes: ProfileChanges): Promise<UserRow | null> {
  const rows = await db
    .update(users)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return rows[0] ?? null;
}
