import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { sessions, type UserRow, users } from '../../db/schema';
import { prepared } from '../../lib/prepared';

/** A live session with its user: what every authenticated request and every socket needs. */
export type SessionWithUser = { user: UserRow; sessionId: number; expiresAt: Date; lastSeenAt: Date };

const sessionLookup = prepared('find_session_by_hash', (db, name) =>
  db
    .select({ user: users, sessionId: sessions.id, expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql`now()`),
        // A suspended account's sessions are ended when it is suspended; this keeps any that survived (a suspension
        // made by the command line while a node was down) from authenticating.
        or(isNull(users.suspendedAt), sql`${users.suspendedUntil} <= now()`),
      ),
    )
    .limit(1)
    .prepare(name),
);

/** The one query behind every authenticated request and socket: the live session of a token hash, with its user. */
export async function findSessionByHash(db: Db, tokenHash: Buffer): Promise<SessionWithUser | null> {
  const rows = await sessionLookup(db).execute({ tokenHash });
  return rows[0] ?? null;
}

export async function findUserByIdentifier(db: DbOrTx, identifier: string): Promise<UserRow | null> {
  const lowered = identifier.toLowerCase();
  const rows = await db
    .select()
    .from(users)
    .where(and(or(sql`lower(${users.email}) = ${lowered}`, sql`lower(${users.username}) = ${lowered}`), isNull(users.deletedAt)))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertUser(db: DbOrTx, values: typeof users.$inferInsert): Promise<{ id: number; username: string }> {
  const [row] = await db.insert(users).values(values).returning({ id: users.id, username: users.username });
  return row!;
}

export async function insertSession(db: DbOrTx, values: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(values);
}

/** Deletes the session of a token hash; returns its id, or null when there was none. */
export async function deleteSession(db: DbOrTx, tokenHash: Buffer): Promise<number | null> {
  const rows = await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash)).returning({ id: sessions.id });
  return rows[0]?.id ?? null;
}

export async function deleteExpiredSessions(db: DbOrTx): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(sql`${sessions.expiresAt} <= now()`)
    .returning({ id: sessions.id });
  return rows.length;
}

/** Of the given session ids, those still live (present and not expired). */
export async function liveSessionIds(db: DbOrTx, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(inArray(sessions.id, ids), gt(sessions.expiresAt, sql`now()`)));
  return new Set(rows.map((r) => r.id));
}

/** Records that a session was used now (the caller writes at most once a minute per session). */
export async function touchSession(db: DbOrTx, sessionId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(eq(sessions.id, sessionId));
}
