import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { siteLog, users } from '../../db/schema';

/** A live (not deleted) account by id, locked for the change about to be made. */
export async function lockLiveUser(db: DbOrTx, id: number) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .for('update');
  return row ?? null;
}

/** A live account by username, any case. */
export async function findLiveUserByUsername(db: DbOrTx, username: string) {
  const [row] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(sql`lower(${users.username}) = ${username.toLowerCase()}`, isNull(users.deletedAt)));
  return row ?? null;
}

const suspender = alias(users, 'suspender');

/** The most accounts the suspended list answers (docs/SECURITY.md). */
export const SUSPENDED_LIST_MAX = 500;

/** Accounts whose suspension is in force now, most recent first (at most `SUSPENDED_LIST_MAX`). */
export async function selectSuspendedUsers(db: DbOrTx) {
  return db
    .select({
      id: users.id,
      username: users.username,
      profileImage: users.profileImage,
      reason: users.suspendedReason,
      suspendedAt: users.suspendedAt,
      suspendedUntil: users.suspendedUntil,
      suspendedBy: suspender.username,
    })
    .from(users)
    .leftJoin(suspender, eq(suspender.id, users.suspendedBy))
    .where(
      and(
        sql`${users.suspendedAt} IS NOT NULL`,
        isNull(users.deletedAt),
        or(isNull(users.suspendedUntil), sql`${users.suspendedUntil} > now()`),
      ),
    )
    .orderBy(desc(users.suspendedAt), desc(users.id))
    .limit(SUSPENDED_LIST_MAX);
}

const actor = alias(users, 'actor');
const target = alias(users, 'target');

/** One page of the site log, newest first, after the row `beforeId` when given. */
export async function selectSiteLog(db: DbOrTx, beforeId: number | null, limit: number) {
  return db
    .select({
      id: siteLog.id,
      action: siteLog.action,
      reason: siteLog.reason,
      until: siteLog.until,
      createdAt: siteLog.createdAt,
      actor: actor.username,
      targetId: target.id,
      targetUsername: target.username,
      targetImage: target.profileImage,
    })
    .from(siteLog)
    .leftJoin(actor, eq(actor.id, siteLog.actorId))
    .leftJoin(target, eq(target.id, siteLog.targetUserId))
    .where(beforeId === null ? undefined : lt(siteLog.id, beforeId))
    .orderBy(desc(siteLog.id))
    .limit(limit + 1);
}
