import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { type UserRow, users } from '../../db/schema';
import { prepared } from '../../lib/prepared';

const userById = prepared('find_user_by_id', (db, name) =>
  db
    .select()
    .from(users)
    .where(and(eq(users.id, sql.placeholder('id')), isNull(users.deletedAt)))
    .limit(1)
    .prepare(name),
);

/** A live (not deleted) user by id, as a named prepared statement (profile views are hot reads). */
export async function findUserById(db: Db, id: number): Promise<UserRow | null> {
  const rows = await userById(db).execute({ id });
  return rows[0] ?? null;
}

/** The user's row, locked for the rest of the transaction (profile updates compare old and new images). */
export async function findUserForUpdate(db: DbOrTx, id: number): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1).for('update');
  return rows[0] ?? null;
}

/** A user by username in any case (served by the unique index on lower(username)). */
export async function findUserByUsername(db: Db, username: string): Promise<Pick<UserRow, 'id' | 'username' | 'profileImage'> | null> {
  const rows = await db
    .select({ id: users.id, username: users.username, profileImage: users.profileImage })
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${username})`, isNull(users.deletedAt)))
    .limit(1);
  return rows[0] ?? null;
}

export type ProfileChanges = Partial<Pick<UserRow, 'bio' | 'about' | 'birthday' | 'userLink' | 'profileImage' | 'bannerImage'>>;

export async function updateUser(db: DbOrTx, id: number, changes: ProfileChanges): Promise<UserRow | null> {
  const rows = await db
    .update(users)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return rows[0] ?? null;
}
