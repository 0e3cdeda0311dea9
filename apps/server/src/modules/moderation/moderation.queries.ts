import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { groupBans, moderationLog, users } from '../../db/schema';

/** Drizzle only: bans and the moderation log. Services decide; these read and write (the log is only ever appended). */

/** A ban in force: no end, or an end still ahead (the database's clock, the same for every check). */
const inForce = sql`(${groupBans.expiresAt} IS NULL OR ${groupBans.expiresAt} > now())`;

/** The person's ban in this community while it lasts (`until`: ISO text, null for permanent), or null. */
export async function findActiveBan(db: DbOrTx, groupId: number, userId: number): Promise<{ until: string | null } | null> {
  const rows = await db
    .select({ until: sql<string | null>`to_char(${groupBans.expiresAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')` })
    .from(groupBans)
    .where(and(eq(groupBans.groupId, groupId), eq(groupBans.userId, userId), inForce));
  return rows[0] ?? null;
}

/**
 * Bans the person (a finished ban's row is replaced); `days` null: permanent. Returns the ban's end, or null when
 * a ban was already in force (nothing changed).
 */
export async function insertBan(
  tx: DbOrTx,
  input: { groupId: number; userId: number; bannedBy: number; reason: string; days: number | null },
): Promise<{ until: string | null; createdAt: string } | null> {
  const expiresAt = input.days === null ? sql`NULL` : sql`now() + make_interval(days => ${input.days}::int)`;
  const rows = await tx
    .insert(groupBans)
    .values({ groupId: input.groupId, userId: input.userId, bannedBy: input.bannedBy, reason: input.reason, expiresAt: sql`${expiresAt}` })
    .onConflictDoUpdate({
      target: [groupBans.groupId, groupBans.userId],
      set: { bannedBy: input.bannedBy, reason: input.reason, createdAt: sql`now()`, expiresAt: sql`${expiresAt}` },
      // Only a finished ban is replaced: one in force stays as it is (the service answers 409).
      setWhere: sql`${groupBans.expiresAt} IS NOT NULL AND ${groupBans.expiresAt} <= now()`,
    })
    .returning({
      until: sql<string | null>`to_char(${groupBans.expiresAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
      createdAt: sql<string>`to_char(${groupBans.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
    });
  return rows[0] ?? null;
}

/** Ends a ban in force; true when there was one (a finished one's row goes too, and counts as none). */
export async function deleteBan(tx: DbOrTx, groupId: number, userId: number): Promise<boolean> {
  const rows = await tx
    .delete(groupBans)
    .where(and(eq(groupBans.groupId, groupId), eq(groupBans.userId, userId)))
    .returning({ inForce: sql<boolean>`${inForce}` });
  return rows[0]?.inForce ?? false;
}

const banner = alias(users, 'banner');

export type BanRow = {
  userId: number;
  username: string;
  bannedById: number | null;
  bannedByName: string | null;
  reason: string;
  createdAt: string;
  until: string | null;
};

/** Bans in force, newest first, keyset on (created_at, user_id). */
export async function findBansPage(
  db: DbOrTx,
  groupId: number,
  opts: { cursor: { ts: string; id: number } | null; limit: number },
): Promise<BanRow[]> {
  return db
    .select({
      userId: groupBans.userId,
      username: users.username,
      bannedById: banner.id,
      bannedByName: banner.username,
      reason: groupBans.reason,
      createdAt: sql<string>`${groupBans.createdAt}::text`,
      until: sql<string | null>`to_char(${groupBans.expiresAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
    })
    .from(groupBans)
    .innerJoin(users, eq(users.id, groupBans.userId))
    .leftJoin(banner, eq(banner.id, groupBans.bannedBy))
    .where(
      and(
        eq(groupBans.groupId, groupId),
        inForce,
        opts.cursor
          ? sql`(${groupBans.createdAt}, ${groupBans.userId}) < (${opts.cursor.ts}::timestamptz, ${opts.cursor.id}::int)`
          : undefined,
      ),
    )
    .orderBy(desc(groupBans.createdAt), desc(groupBans.userId))
    .limit(opts.limit);
}

// ---------------------------------------------------------------------------------------------------------------
// The moderation log

export type ModlogInsert = typeof moderationLog.$inferInsert;

/** Appends one row (the only write this table ever gets). */
export async function insertModlogRow(tx: DbOrTx, row: ModlogInsert): Promise<void> {
  await tx.insert(moderationLog).values(row);
}

const actorUser = alias(users, 'actor_user');
const targetUser = alias(users, 'target_user');

export type ModlogRow = {
  id: number;
  actorId: number | null;
  actorName: string | null;
  action: ModlogInsert['action'];
  targetType: ModlogInsert['targetType'];
  targetId: number | null;
  targetUserId: number | null;
  targetUserName: string | null;
  reason: string | null;
  detail: string | null;
  createdAt: string;
};

/** A community's log, newest first, keyset on id. */
export async function findModlogPage(db: DbOrTx, groupId: number, opts: { before: number | null; limit: number }): Promise<ModlogRow[]> {
  return db
    .select({
      id: moderationLog.id,
      actorId: actorUser.id,
      actorName: actorUser.username,
      action: moderationLog.action,
      targetType: moderationLog.targetType,
      targetId: moderationLog.targetId,
      targetUserId: targetUser.id,
      targetUserName: targetUser.username,
      reason: moderationLog.reason,
      detail: moderationLog.detail,
      createdAt: sql<string>`to_char(${moderationLog.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    })
    .from(moderationLog)
    .leftJoin(actorUser, eq(actorUser.id, moderationLog.actorId))
    .leftJoin(targetUser, eq(targetUser.id, moderationLog.targetUserId))
    .where(and(eq(moderationLog.groupId, groupId), opts.before !== null ? lt(moderationLog.id, opts.before) : undefined))
    .orderBy(desc(moderationLog.id))
    .limit(opts.limit);
}
