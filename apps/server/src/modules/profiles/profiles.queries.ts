import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { UserRow } from '../auth/auth.queries';

function buildUserById(db: Db) {
  return db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('find_user_by_id');
}
const userByIdLookups = new WeakMap<Db, ReturnType<typeof buildUserById>>();

/** A user by id, as a named prepared statement (profile views are hot reads). */
export async function findUserById(db: Db, id: number): Promise<UserRow | null> {
  let lookup = userByIdLookups.get(db);
  if (!lookup) userByIdLookups.set(db, (lookup = buildUserById(db)));
  const rows = await lookup.execute({ id });
  return rows[0] ?? null;
}

/** A user by username in any case (served by the unique index on lower(username)). */
export async function findUserByUsername(db: Db, username: string): Promise<Pick<UserRow, 'id' | 'username' | 'profileImage'> | null> {
  const rows = await db
    .select({ id: users.id, username: users.username, profileImage: users.profileImage })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
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
