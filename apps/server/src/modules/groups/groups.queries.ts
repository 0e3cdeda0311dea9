import { groupNameKey, type Role, type SectionHeader } from '@agora/contract';
import { and, eq, inArray, type Placeholder, sql, type SQL } from 'drizzle-orm';
import { prepared } from '../../lib/prepared';
import type { Db, DbOrTx } from '../../db/client';
import { activityScore, type GroupRef, idParams, refId } from './group-sql';
import {
  blogs,
  discussionMedia,
  discussions,
  groupJoinRequests,
  groupMembers,
  groups,
  groupSections,
  groupSlugs,
  notifications,
  users,
} from '../../db/schema';

/** Drizzle only: the statements of one community (reading, slugs, writing, counters). Services decide; these read and write. */

export type GroupRow = typeof groups.$inferSelect;
// ---------------------------------------------------------------------------------------------------------------
// Reading one community

const groupByRef = prepared('group_by_ref', (db, name) =>
  db
    .select()
    .from(groups)
    .where(eq(groups.id, refId(sql.placeholder('id'), sql.placeholder('slug'))))
    .limit(1)
    .prepare(name),
);

export async function findGroup(db: Db, ref: GroupRef): Promise<GroupRow | null> {
  const rows = await groupByRef(db).execute(idParams(ref));
  return rows[0] ?? null;
}

export async function findGroupById(db: DbOrTx, groupId: number): Promise<GroupRow | null> {
  const rows = await db.select().from(groups).where(eq(groups.id, groupId));
  return rows[0] ?? null;
}

/** The group row locked for the rest of the transaction (privacy, rename, transfer, delete). */
export async function lockGroup(tx: DbOrTx, groupId: number): Promise<GroupRow | null> {
  const rows = await tx.select().from(groups).where(eq(groups.id, groupId)).for('update');
  return rows[0] ?? null;
}

const viewerRoleSql = (groupId: SQL | typeof groups.id, viewer: Placeholder | number) =>
  sql<Role | null>`(SELECT ${groupMembers.role} FROM ${groupMembers} WHERE ${groupMembers.groupId} = ${groupId} AND ${groupMembers.userId} = ${viewer}::int)`;

const groupWithRole = prepared('group_with_viewer_role', (db, name) =>
  db
    .select({ group: groups, role: viewerRoleSql(groups.id, sql.placeholder('viewer')) })
    .from(groups)
    .where(eq(groups.id, refId(sql.placeholder('id'), sql.placeholder('slug'))))
    .limit(1)
    .prepare(name),
);

/** The group and the viewer's role in it (null: not a member) in one statement. `viewerId` 0 for visitors. */
export async function findGroupWithRole(db: Db, ref: GroupRef, viewerId: number): Promise<{ group: GroupRow; role: Role | null } | null> {
  const rows = await groupWithRole(db).execute({ ...idParams(ref), viewer: viewerId });
  return rows[0] ?? null;
}

/** One section of a community as the detail statement returns it. */
export type SectionText = { header: SectionHeader; desc: string };

export type GroupDetailRow = {
  group: GroupRow;
  role: Role | null;
  requested: boolean;
  sections: SectionText[] | null;
  inviteId: number | null;
  inviteSender: string | null;
};

const groupDetail = prepared('group_detail', (db, name) => {
  const viewer = sql.placeholder('viewer');
  return db
    .select({
      group: groups,
      role: viewerRoleSql(groups.id, viewer),
      requested: sql<boolean>`EXISTS (SELECT 1 FROM ${groupJoinRequests} WHERE ${groupJoinRequests.groupId} = ${groups.id} AND ${groupJoinRequests.userId} = ${viewer}::int)`,
      sections: sql<
        SectionText[] | null
      >`(SELECT json_agg(json_build_object('header', ${groupSections.sectionHeader}, 'desc', ${groupSections.sectionDesc})) FROM ${groupSections} WHERE ${groupSections.groupId} = ${groups.id})`,
      inviteId: sql<number | null>`invite.id`,
      inviteSender: sql<string | null>`invite.username`,
    })
    .from(groups)
    .leftJoin(
      sql`LATERAL (SELECT n.id, u.username FROM ${notifications} n LEFT JOIN ${users} u ON u.id = n.sender_id
        WHERE n.user_id = ${viewer}::int AND n.group_id = ${groups.id} AND n.noti_type = 'group_invite'
        ORDER BY n.id DESC LIMIT 1) invite`,
      sql`true`,
    )
    .where(eq(groups.id, refId(sql.placeholder('id'), sql.placeholder('slug'))))
    .limit(1)
    .prepare(name);
});

/** GET /groups/{id} in one statement: the group, its sections, and the viewer's role, request and invitation. */
export async function findGroupDetail(db: Db, ref: GroupRef, viewerId: number): Promise<GroupDetailRow | null> {
  const rows = await groupDetail(db).execute({ ...idParams(ref), viewer: viewerId });
  return (rows[0] as GroupDetailRow | undefined) ?? null;
}

/**
 * The name of another community that `name` would duplicate (the same name in any case, or a look-alike by
 * `groupNameKey`), or null. The unique indexes on lower(group_name) and name_key have the final word.
 */
export async function nameTaken(db: DbOrTx, name: string, exceptGroupId = 0): Promise<string | null> {
  const rows = await db
    .select({ name: groups.groupName })
    .from(groups)
    .where(
      and(
        sql`(lower(${groups.groupName}) = lower(${name}) OR ${groups.nameKey} = ${groupNameKey(name)})`,
        sql`${groups.id} <> ${exceptGroupId}`,
      ),
    )
    .limit(1);
  return rows[0]?.name ?? null;
}

// ---------------------------------------------------------------------------------------------------------------
// Slugs

/** Who holds each of these slugs (current or former), if anyone. */
export async function slugOwners(tx: DbOrTx, candidates: string[]): Promise<Map<string, number>> {
  if (candidates.length === 0) return new Map();
  const rows = await tx
    .select({ slug: groupSlugs.slug, groupId: groupSlugs.groupId })
    .from(groupSlugs)
    .where(inArray(groupSlugs.slug, candidates));
  return new Map(rows.map((r) => [r.slug, r.groupId]));
}

/** Serialises slug allocation for one base within the transaction (two "Book Club"s created at once). */
export async function lockSlugBase(tx: DbOrTx, base: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`group-slug:${base}`}))`);
}

/**
 * Records a slug the community now uses. A former slug of its own taken back counts as new again (its date moves),
 * so the pruning below keeps the most recent ones.
 */
export async function insertSlug(tx: DbOrTx, groupId: number, slug: string): Promise<void> {
  await tx
    .insert(groupSlugs)
    .values({ groupId, slug })
    .onConflictDoUpdate({ target: groupSlugs.slug, set: { createdAt: sql`now()` }, where: sql`${groupSlugs.groupId} = ${groupId}` });
}

/**
 * Frees `slug` when it is only a former slug of another community (not its current one): that community's redirect
 * for it is dropped, so a new community (or a rename) named exactly so takes it. Returns whether a row was freed.
 */
export async function freeFormerSlug(tx: DbOrTx, slug: string, forGroupId: number): Promise<boolean> {
  const rows = await tx.execute(sql`
    DELETE FROM ${groupSlugs} gs
    WHERE gs.slug = ${slug} AND gs.group_id <> ${forGroupId}
      AND NOT EXISTS (SELECT 1 FROM ${groups} g WHERE g.slug = gs.slug)
    RETURNING gs.slug`);
  return rows.length > 0;
}

/** Keeps the community's current slug and its `keep` most recent former ones; older ones are deleted (freed). */
export async function pruneFormerSlugs(tx: DbOrTx, groupId: number, currentSlug: string, keep: number): Promise<void> {
  await tx.execute(sql`
    DELETE FROM ${groupSlugs}
    WHERE group_id = ${groupId} AND slug <> ${currentSlug}
      AND slug NOT IN (
        SELECT slug FROM ${groupSlugs}
        WHERE group_id = ${groupId} AND slug <> ${currentSlug}
        ORDER BY created_at DESC, slug
        LIMIT ${keep}
      )`);
}

// ---------------------------------------------------------------------------------------------------------------
// Writing a community

export type NewGroup = {
  slug: string;
  groupName: string;
  ownerId: number;
  groupDp: string | null;
  groupBanner: string | null;
};

export async function insertGroup(tx: DbOrTx, values: NewGroup): Promise<GroupRow> {
  const [row] = await tx
    .insert(groups)
    .values({
      ...values,
      nameKey: groupNameKey(values.groupName),
      memberCount: 1,
      activityScore: sql`${activityScore(sql`1`, sql`now()`)}`,
    })
    .returning();
  return row!;
}

export async function insertSections(tx: DbOrTx, groupId: number, texts: Record<SectionHeader, string>): Promise<void> {
  await tx
    .insert(groupSections)
    .values(
      (Object.keys(texts) as SectionHeader[]).map((sectionHeader) => ({ groupId, sectionHeader, sectionDesc: texts[sectionHeader] })),
    );
}

export async function upsertSection(tx: DbOrTx, groupId: number, sectionHeader: SectionHeader, sectionDesc: string): Promise<void> {
  await tx
    .insert(groupSections)
    .values({ groupId, sectionHeader, sectionDesc })
    .onConflictDoUpdate({
      target: [groupSections.groupId, groupSections.sectionHeader],
      set: { sectionDesc, updatedAt: sql`now()` },
    });
}

export type GroupChanges = Partial<Pick<GroupRow, 'groupName' | 'slug' | 'groupDp' | 'groupBanner' | 'isPrivate' | 'groupVerified'>>;

export async function updateGroup(tx: DbOrTx, groupId: number, changes: GroupChanges): Promise<GroupRow | null> {
  const rows = await tx
    .update(groups)
    .set({ ...changes, ...(changes.groupName !== undefined ? { nameKey: groupNameKey(changes.groupName) } : {}), updatedAt: sql`now()` })
    .where(eq(groups.id, groupId))
    .returning();
  return rows[0] ?? null;
}

export async function deleteGroupRow(tx: DbOrTx, groupId: number): Promise<boolean> {
  const rows = await tx.delete(groups).where(eq(groups.id, groupId)).returning({ id: groups.id });
  return rows.length > 0;
}

/** Every uploaded file a community's rows point at: its pictures, its posts' images, its blogs' header images. */
export async function groupFilePaths(tx: DbOrTx, group: GroupRow): Promise<string[]> {
  const media = await tx
    .select({ path: discussionMedia.mediaUrl })
    .from(discussionMedia)
    .innerJoin(discussions, eq(discussions.id, discussionMedia.discussionId))
    .where(eq(discussions.groupId, group.id));
  const blogImages = await tx
    .select({ path: blogs.blogImg })
    .from(blogs)
    .where(and(eq(blogs.groupId, group.id), sql`${blogs.blogImg} IS NOT NULL`));
  return [group.groupDp, group.groupBanner, ...media.map((m) => m.path), ...blogImages.map((b) => b.path)].filter(
    (p): p is string => typeof p === 'string' && p !== '',
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Membership: rows first, then the counter, in the caller's transaction (docs/DATA-MODEL.md "How counts stay correct")

/**
 * Moves post_count by the number of discussions actually inserted (+) or deleted (−) and, for a new post, marks
 * the community active (last_activity_at and the activity score that ranks suggestions).
 */
export async function movePostCount(tx: DbOrTx, groupId: number, delta: number): Promise<{ isPrivate: boolean } | null> {
  const at = delta > 0 ? sql`now()` : sql`${groups.lastActivityAt}`;
  const rows = await tx
    .update(groups)
    .set({
      postCount: sql`${groups.postCount} + ${delta}`,
      lastActivityAt: at,
      activityScore: activityScore(sql`${groups.memberCount}`, at),
    })
    .where(eq(groups.id, groupId))
    .returning({ isPrivate: groups.isPrivate });
  return rows[0] ?? null;
}

/**
 * Keeps discussions.group_is_public (Explore's partial index) equal to the community's privacy: called by the
 * privacy change's transaction after the group row is locked and updated; only the rows that differ are written.
 */
export async function setGroupDiscussionsPublic(tx: DbOrTx, groupId: number, isPublic: boolean): Promise<void> {
  await tx
    .update(discussions)
    .set({ groupIsPublic: isPublic })
    .where(and(eq(discussions.groupId, groupId), sql`${discussions.groupIsPublic} <> ${isPublic}`));
}
