import type { Role } from '@agora/contract';
import { and, eq, gt, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { blogs, comments, discussions, groupMembers, groupPostingRules, groups } from '../../db/schema';

/** Drizzle only: a community's posting rules and what the rules compare with. Services decide. */

export type PostingRulesRow = { slowModeMinutes: number; minAccountAgeHours: number; blockedWords: string[] };

/** The community's owner, the writer's role in it and its rules (null when it set none), in one round trip. */
export async function findPostingFacts(
  db: DbOrTx,
  groupId: number,
  userId: number,
): Promise<{ ownerId: number; role: Role | null; rules: PostingRulesRow | null } | null> {
  const rows = await db
    .select({
      ownerId: groups.ownerId,
      role: groupMembers.role,
      slowModeMinutes: groupPostingRules.slowModeMinutes,
      minAccountAgeHours: groupPostingRules.minAccountAgeHours,
      blockedWords: groupPostingRules.blockedWords,
    })
    .from(groups)
    .leftJoin(groupPostingRules, eq(groupPostingRules.groupId, groups.id))
    .leftJoin(groupMembers, and(eq(groupMembers.groupId, groups.id), eq(groupMembers.userId, userId)))
    .where(eq(groups.id, groupId));
  const row = rows[0];
  if (!row) return null;
  const rules =
    row.slowModeMinutes === null
      ? null
      : { slowModeMinutes: row.slowModeMinutes, minAccountAgeHours: row.minAccountAgeHours ?? 0, blockedWords: row.blockedWords ?? [] };
  return { ownerId: row.ownerId, role: row.role, rules };
}

/** The community's rules, the defaults (all off) when it set none. */
export async function readPostingRules(db: DbOrTx, groupId: number): Promise<PostingRulesRow> {
  const rows = await db
    .select({
      slowModeMinutes: groupPostingRules.slowModeMinutes,
      minAccountAgeHours: groupPostingRules.minAccountAgeHours,
      blockedWords: groupPostingRules.blockedWords,
    })
    .from(groupPostingRules)
    .where(eq(groupPostingRules.groupId, groupId));
  return rows[0] ?? { slowModeMinutes: 0, minAccountAgeHours: 0, blockedWords: [] };
}

/** Writes the community's rules (one row per community). */
export async function writePostingRules(db: DbOrTx, groupId: number, rules: PostingRulesRow): Promise<void> {
  await db
    .insert(groupPostingRules)
    .values({ groupId, ...rules })
    .onConflictDoUpdate({ target: groupPostingRules.groupId, set: { ...rules, updatedAt: sql`now()` } });
}

/** When the person last started a discussion in the community, or null. */
export async function lastDiscussionAt(db: DbOrTx, groupId: number, userId: number): Promise<Date | null> {
  const rows = await db
    .select({ at: max(discussions.createdAt) })
    .from(discussions)
    .where(and(eq(discussions.groupId, groupId), eq(discussions.userId, userId)));
  return rows[0]?.at ?? null;
}

/** The texts of the person's discussions, comments and blogs written after `since` (a few at most: rate limits bound them). */
export async function recentTexts(db: DbOrTx, userId: number, since: Date): Promise<string[]> {
  const rows = await db
    .select({ text: discussions.content })
    .from(discussions)
    .where(and(eq(discussions.userId, userId), gt(discussions.createdAt, since)))
    .unionAll(
      db
        .select({ text: comments.content })
        .from(comments)
        .where(and(eq(comments.userId, userId), gt(comments.createdAt, since))),
    )
    .unionAll(
      db
        .select({ text: blogs.content })
        .from(blogs)
        .where(and(eq(blogs.authorId, userId), gt(blogs.createdAt, since))),
    );
  return rows.map((row) => row.text);
}
