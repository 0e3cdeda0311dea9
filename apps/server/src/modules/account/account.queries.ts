import { and, desc, eq, gt, isNull, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accountTokens, sessions, users, type UserRow } from '../../db/schema';

export type TokenPurpose = (typeof accountTokens.$inferSelect)['purpose'];

export async function insertAccountToken(
  db: DbOrTx,
  values: { userId: number; purpose: TokenPurpose; tokenHash: Buffer; expiresAt: Date; newEmail?: string },
): Promise<void> {
  await db.insert(accountTokens).values(values);
}

/**
 * Uses up a token: sets `used_at` only if it is of this purpose, unused and unexpired, in one statement, so of two
 * uses at once exactly one succeeds. Returns the token's user id and new address, or null.
 */
export async function consumeAccountToken(
  db: DbOrTx,
  purpose: TokenPurpose,
  tokenHash: Buffer,
): Promise<{ userId: number; newEmail: string | null } | null> {
  const rows = await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(accountTokens.tokenHash, tokenHash),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: accountTokens.userId, newEmail: accountTokens.newEmail });
  return rows[0] ?? null;
}

/** Whether a token of this purpose is unused and unexpired (checked before argon2 work; the use decides). */
export async function isLiveToken(db: DbOrTx, purpose: TokenPurpose, tokenHash: Buffer): Promise<boolean> {
  const rows = await db
    .select({ id: accountTokens.id })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.tokenHash, tokenHash),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The sweep: expired tokens can never be used again, so their rows only take room. */
export async function deleteExpiredAccountTokens(db: DbOrTx): Promise<number> {
  const rows = await db
    .delete(accountTokens)
    .where(lte(accountTokens.expiresAt, sql`now()`))
    .returning({ id: accountTokens.id });
  return rows.length;
}

/** Retires a user's unused tokens of one purpose (a newer link replaces older ones). */
export async function retireAccountTokens(db: DbOrTx, userId: number, purpose: TokenPurpose): Promise<void> {
  await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
}

/** The address an email change waits to confirm, or null. */
export async function pendingEmailChange(db: DbOrTx, userId: number): Promise<string | null> {
  const rows = await db
    .select({ newEmail: accountTokens.newEmail })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.userId, userId),
        eq(accountTokens.purpose, 'change_email'),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(accountTokens.id))
    .limit(1);
  return rows[0]?.newEmail ?? null;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | null> {
  const rows = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return rows[0] ?? null;
}

export async function findUserById(db: DbOrTx, id: number): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function markEmailVerified(db: DbOrTx, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
    .where(eq(users.id, userId));
}

export async function setPasswordHash(db: DbOrTx, userId: number, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

export async function setEmail(db: DbOrTx, userId: number, email: string): Promise<void> {
  await db
    .update(users)
    .set({ email, emailVerifiedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** A user's live sessions, the most recently used first. */
export async function listSessions(db: DbOrTx, userId: number) {
  return db
    .select({ id: sessions.id, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, userAgent: sessions.userAgent })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
}

/** Deletes one of the user's sessions; its id, or null when the user has no such session. */
export async function deleteUserSession(db: DbOrTx, userId: number, sessionId: number): Promise<number | null> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return rows[0]?.id ?? null;
}

/** Deletes every session of the user but `keep` (null: all of them); the ids deleted. */
export async function deleteUserSessions(db: DbOrTx, userId: number, keep: number | null): Promise<number[]> {
  const rows = await db
    .delete(sessions)
    .where(keep === null ? eq(sessions.userId, userId) : and(eq(sessions.userId, userId), ne(sessions.id, keep)))
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}
