import { groupNameKey, type Role, type SectionHeader } from '@agora/contract';
import { and, eq, inArray, type Placeholder, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { NOTIFICATIONS_CHANNEL } from '../notifications/notifications.writer';
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

/** Drizzle only: every statement of the communities feature. Services decide; these read and write. */

export type GroupRow = typeof groups.$inferSelect;
/** Where a path's `{id}` points: a numeric id or a (lowercased) slug. */
export type GroupRef = { id: number } | { slug: string };

/** The id a reference names, for use inside a statement: the id itself, or the slug looked up in the history. */
function refId(ref: Placeholder | number | null, slug: Placeholder | string | null): SQL {
  return sql`coalesce(${ref}::int, (SELECT ${groupSlugs.groupId} FROM ${groupSlugs} WHERE ${groupSlugs.slug} = ${slug}::text))`;
}

/**
 * Named prepared statements, built once per database handle: PostgreSQL plans them once per connection and
 * Drizzle does not rebuild the SQL per request (the hot reads of this feature).
 */
function memo<T>(build: (db: Db) => T): (db: Db) => T {
  const cache = new WeakMap<Db, T>();
  return (db) => {
    let value = cache.get(db);
    if (!value) cache.set(db, (value = build(db)));
    return value;
  };
}

const idParams = (ref: GroupRef) => ('id' in ref ? { id: ref.id, slug: null } : { id: null, slug: ref.slug });

// ---------------------------------------------------------------------------------------------------------------
// Reading one community

const groupByRef = memo((db) =>
  db
    .select()
    .from(groups)
    .where(eq(groups.id, refId(sql.placeholder('id'), sql.placeholder('slug'))))
    .limit(1)
    .prepare('group_by_ref'),
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

const groupWithRole = memo((db) =>
  db
    .select({ group: groups, role: viewerRoleSql(groups.id, sql.placeholder('viewer')) })
    .from(groups)
    .where(eq(groups.id, refId(sql.placeholder('id'), sql.placeholder('slug'))))
    .limit(1)
    .prepare('group_with_viewer_role'),
);

/** The group and the viewer's role in it (null: not a member) in one statement. `viewerId` 0 for visitors. */
export async function findGroupWithRole(db: Db, ref: GroupRef, viewerId: number): Promise<{ group: GroupRow; role: Role | null } | null> {
  const rows = await groupWithRole(db).execute({ ...idParams(ref), viewer: viewerId });
  return rows[0] ?? null;
}

export async function findRole(db: DbOrTx, groupId: number, userId: number): Promise<Role | null> {
  const rows = await db
    .select({ role: groupMembers.role })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
  return rows[0]?.role ?? null;
}

export type GroupDetailRow = {
  group: GroupRow;
  role: Role | null;
  requested: boolean;
  sections: [SectionHeader, string][] | null;
  inviteId: number | null;
  inviteSender: string | null;
};

const groupDetail = memo((db) => {
  const viewer = sql.placeholder('viewer');
  return db
    .select({
      group: groups,
      role: viewerRoleSql(groups.id, viewer),
      requested: sql<boolean>`EXISTS (SELECT 1 FROM ${groupJoinRequests} WHERE ${groupJoinRequests.groupId} = ${groups.id} AND ${groupJoinRequests.userId} = ${viewer}::int)`,
      sections: sql<
        [SectionHeader, string][] | null
      >`(SELECT json_agg(json_build_array(${groupSections.sectionHeader}, ${groupSections.sectionDesc})) FROM ${groupSections} WHERE ${groupSections.groupId} = ${groups.id})`,
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
    .prepare('group_detail');
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

/**
 * The activity score of suggested communities (see the schema): log10(members) + days since the epoch / 7.
 * `members` and `at` are SQL for the values after the change.
 */
export const activityScore = (members: SQL, at: SQL) =>
  sql`log(greatest(${members}, 1)::numeric)::float8 + extract(epoch from ${at}) / 604800.0`;

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
 * Moves member_count by the number of membership rows actually inserted or deleted, keeps the activity score in
 * step, and returns the new count. `touch`: a join is activity (a leave is not).
 */
export async function moveMemberCount(tx: DbOrTx, groupId: number, delta: number, touch: boolean): Promise<number> {
  const at = touch ? sql`now()` : sql`${groups.lastActivityAt}`;
  const [row] = await tx
    .update(groups)
    .set({
      memberCount: sql`${groups.memberCount} + ${delta}`,
      ...(touch ? { lastActivityAt: sql`now()` } : {}),
      activityScore: activityScore(sql`${groups.memberCount} + ${delta}`, at),
    })
    .where(eq(groups.id, groupId))
    .returning({ memberCount: groups.memberCount });
  return row!.memberCount;
}

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

export async function memberCountOf(tx: DbOrTx, groupId: number): Promise<number> {
  const rows = await tx.select({ memberCount: groups.memberCount }).from(groups).where(eq(groups.id, groupId));
  return rows[0]?.memberCount ?? 0;
}

/** Inserts memberships that do not exist yet; returns the user ids actually added. */
export async function addMembers(tx: DbOrTx, groupId: number, userIds: number[], role: Role = 'member'): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await tx
    .insert(groupMembers)
    .values(userIds.map((userId) => ({ groupId, userId, role })))
    .onConflictDoNothing()
    .returning({ userId: groupMembers.userId });
  return rows.map((r) => r.userId);
}

/** Removes a membership unless it is the owner's; true when a row was deleted. */
export async function removeMember(tx: DbOrTx, groupId: number, userId: number, onlyRole?: Role): Promise<boolean> {
  const rows = await tx
    .delete(groupMembers)
    .where(
      and(
        eq(groupMembers.groupId, groupId),
        eq(groupMembers.userId, userId),
        sql`${groupMembers.role} <> 'owner'`,
        onlyRole ? eq(groupMembers.role, onlyRole) : undefined,
      ),
    )
    .returning({ userId: groupMembers.userId });
  return rows.length > 0;
}

/** Changes a member's role only if it is still `from` (a concurrent change makes this a no-op). */
export async function setRole(tx: DbOrTx, groupId: number, userId: number, from: Role, to: Role): Promise<boolean> {
  const rows = await tx
    .update(groupMembers)
    .set({ role: to })
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId), eq(groupMembers.role, from)))
    .returning({ userId: groupMembers.userId });
  return rows.length > 0;
}

export async function setOwner(tx: DbOrTx, groupId: number, ownerId: number): Promise<void> {
  await tx
    .update(groups)
    .set({ ownerId, updatedAt: sql`now()` })
    .where(eq(groups.id, groupId));
}

export type MemberRow = {
  id: number;
  username: string;
  role: Role;
  profileImage: string | null;
  bannerImage: string | null;
  joinedAt: string;
};

const memberFields = {
  id: groupMembers.userId,
  username: users.username,
  role: groupMembers.role,
  profileImage: users.profileImage,
  bannerImage: users.bannerImage,
  joinedAt: sql<string>`${groupMembers.joinedAt}::text`,
};

export async function findMember(db: DbOrTx, groupId: number, userId: number): Promise<MemberRow | null> {
  const rows = await db
    .select(memberFields)
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
  return rows[0] ?? null;
}

// ---------------------------------------------------------------------------------------------------------------
// Members page: the group, the viewer's role and one page of members in one statement

export type MembersCursor = { role: Role; joinedAt: string; userId: number };
export type MembersPage = { found: boolean; isPrivate: boolean; ownerId: number; viewerRole: Role | null; members: MemberRow[] };

/** Escapes LIKE wildcards so a search for "a_b" or "50%" matches those characters. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A member as the page statements return it: one JSON array per member, all in one row (cheap to read). */
type MemberTuple = [id: number, username: string, role: Role, profileImage: string | null, bannerImage: string | null, joinedAt: string];

function buildMembersPage(db: Db, withCursor: boolean, withSearch: boolean, name: string) {
  const viewer = sql.placeholder('viewer');
  const conditions = [sql`m.group_id = g.id`, sql`(NOT g.is_private OR v.role IS NOT NULL OR g.owner_id = ${viewer}::int)`];
  if (withCursor)
    conditions.push(
      sql`(m.role, m.joined_at, m.user_id) > (${sql.placeholder('cRole')}::group_role, ${sql.placeholder('cJoined')}::timestamptz, ${sql.placeholder('cUser')}::int)`,
    );
  if (withSearch) conditions.push(sql`lower(u.username) LIKE ${sql.placeholder('pattern')}::text`);
  return db
    .select({
      groupId: sql<number>`g.id`,
      isPrivate: sql<boolean>`g.is_private`,
      ownerId: sql<number>`g.owner_id`,
      viewerRole: sql<Role | null>`v.role`,
      // The page as one JSON value: one row to read instead of one per member.
      members: sql<MemberTuple[] | null>`(SELECT json_agg(json_build_array(page.user_id, page.username, page.role, page.profile_image,
          page.banner_image, page.joined_at::text) ORDER BY page.role, page.joined_at, page.user_id)
        FROM (SELECT m.user_id, m.role, m.joined_at, u.username, u.profile_image, u.banner_image
          FROM ${groupMembers} m JOIN ${users} u ON u.id = m.user_id
          WHERE ${sql.join(conditions, sql` AND `)}
          ORDER BY m.role, m.joined_at, m.user_id
          LIMIT ${sql.placeholder('limit')}::int) page)`,
    })
    .from(sql`${groups} g`)
    .leftJoin(sql`${groupMembers} v`, sql`v.group_id = g.id AND v.user_id = ${viewer}::int`)
    .where(sql`g.id = ${refId(sql.placeholder('id'), sql.placeholder('slug'))}`)
    .prepare(name);
}

const membersPageStatements = memo((db) => ({
  plain: buildMembersPage(db, false, false, 'group_members_page'),
  cursor: buildMembersPage(db, true, false, 'group_members_page_cursor'),
  search: buildMembersPage(db, false, true, 'group_members_search'),
  searchCursor: buildMembersPage(db, true, true, 'group_members_search_cursor'),
}));

/**
 * One page of a community's members (owner, admins, moderators, members; each by join date, then id), only when
 * the viewer may read them: a private community's rows come back empty unless the viewer is a member, so the
 * members never leave the database for someone who may not see them. `limit` rows at most.
 */
export async function findMembersPage(
  db: Db,
  ref: GroupRef,
  viewerId: number,
  opts: { cursor: MembersCursor | null; search: string | null; limit: number },
): Promise<MembersPage> {
  if (opts.search && opts.search.length >= TRIGRAM_MIN) return findMembersSearchPage(db, ref, viewerId, { ...opts, search: opts.search });
  const s = membersPageStatements(db);
  const statement = opts.search ? (opts.cursor ? s.searchCursor : s.search) : opts.cursor ? s.cursor : s.plain;
  const rows = await statement.execute({
    ...idParams(ref),
    viewer: viewerId,
    limit: opts.limit,
    ...(opts.cursor ? { cRole: opts.cursor.role, cJoined: opts.cursor.joinedAt, cUser: opts.cursor.userId } : {}),
    ...(opts.search ? { pattern: likePattern(opts.search) } : {}),
  });
  const first = rows[0];
  if (!first) return { found: false, isPrivate: false, ownerId: 0, viewerRole: null, members: [] };
  const members = (first.members ?? []).map(([id, username, role, profileImage, bannerImage, joinedAt]) => ({
    id,
    username,
    role,
    profileImage,
    bannerImage,
    joinedAt,
  }));
  return { found: true, isPrivate: first.isPrivate, ownerId: first.ownerId, viewerRole: first.viewerRole, members };
}

/**
 * Search terms of 3+ characters can use the trigram indexes; shorter ones cannot (pg_trgm extracts no trigram from
 * them), so they take the ordered walk, which a 1–2 character term usually ends early (it is common).
 */
export const TRIGRAM_MIN = 3;
/**
 * At most this many site-wide matches are collected through the trigram index before the other strategy is taken.
 * Below it, the matches are joined to the community (cost: the matches, whatever the community's size); above it
 * the term is common, so walking the community's member index in order finds a page of matches quickly. The
 * planner cannot choose between the two itself: the community id is only known at run time (it may come from a
 * slug), and it plans for an average-sized community (measured: 1.1 s for a rare term in a 100,000-member
 * community with the walk, under 1 ms with the trigram path).
 */
export const TRIGRAM_CANDIDATES_MAX = 2000;

function buildMembersSearch(db: Db, withCursor: boolean, name: string) {
  const p = (key: string) => sql.placeholder(key);
  const viewer = sql`${p('viewer')}::int`;
  const pattern = sql`${p('pattern')}::text`;
  const limit = sql`${p('limit')}::int`;
  const after = withCursor
    ? sql`AND (m.role, m.joined_at, m.user_id) > (${p('cRole')}::group_role, ${p('cJoined')}::timestamptz, ${p('cUser')}::int)`
    : sql``;
  return db
    .select({
      groupId: sql<number>`r."groupId"`,
      isPrivate: sql<boolean>`r."isPrivate"`,
      ownerId: sql<number>`r."ownerId"`,
      viewerRole: sql<Role | null>`r."viewerRole"`,
      members: sql<MemberTuple[] | null>`r.members`,
    })
    .from(
      sql`(
    WITH target AS (
      SELECT g.id, g.is_private, g.owner_id, v.role AS viewer_role
      FROM ${groups} g LEFT JOIN ${groupMembers} v ON v.group_id = g.id AND v.user_id = ${viewer}
      WHERE g.id = ${refId(p('id'), p('slug'))}
    ),
    allowed AS (SELECT id FROM target WHERE NOT is_private OR viewer_role IS NOT NULL OR owner_id = ${viewer}),
    cand AS MATERIALIZED (SELECT u.id FROM ${users} u WHERE lower(u.username) LIKE ${pattern} LIMIT ${TRIGRAM_CANDIDATES_MAX + 1}),
    few AS (SELECT count(*) <= ${TRIGRAM_CANDIDATES_MAX} AS yes FROM cand),
    page AS (
      (SELECT m.user_id, m.role, m.joined_at FROM cand c
        -- One probe per candidate through the candidate's own memberships (group_members_user_idx: a person is in few
        -- communities). "group_id + 0" keeps the planner off group_members_group_role_idx, which it would otherwise
        -- pick believing the community average-sized, and which reads the whole community for every probe (measured:
        -- 117 ms → under 1 ms for 23 candidates in the 100,000-member community); LIMIT 1 keeps it from hashing the
        -- whole community instead.
        CROSS JOIN LATERAL (SELECT m.user_id, m.role, m.joined_at FROM ${groupMembers} m
          WHERE m.user_id = c.id AND m.group_id + 0 = (SELECT id FROM allowed) LIMIT 1) m
        WHERE (SELECT yes FROM few) ${after}
        ORDER BY m.role, m.joined_at, m.user_id LIMIT ${limit})
      UNION ALL
      (SELECT m.user_id, m.role, m.joined_at FROM ${groupMembers} m JOIN ${users} u ON u.id = m.user_id
        WHERE NOT (SELECT yes FROM few) AND m.group_id = (SELECT id FROM allowed) AND lower(u.username) LIKE ${pattern} ${after}
        ORDER BY m.role, m.joined_at, m.user_id LIMIT ${limit})
    )
    SELECT t.id AS "groupId", t.is_private AS "isPrivate", t.owner_id AS "ownerId", t.viewer_role AS "viewerRole",
      (SELECT json_agg(json_build_array(p.user_id, u.username, p.role, u.profile_image, u.banner_image, p.joined_at::text)
        ORDER BY p.role, p.joined_at, p.user_id) FROM page p JOIN ${users} u ON u.id = p.user_id) AS members
    FROM target t
  ) r`,
    )
    .prepare(name);
}

const membersSearchStatements = memo((db) => ({
  first: buildMembersSearch(db, false, 'group_members_trigram_search'),
  cursor: buildMembersSearch(db, true, 'group_members_trigram_search_cursor'),
}));

/**
 * findMembersPage for a term of 3+ characters: trigram candidates when the term is rare, else the ordered walk. A
 * prepared statement like the others: its plan does not depend on the term (the strategy is chosen inside it).
 */
async function findMembersSearchPage(
  db: Db,
  ref: GroupRef,
  viewerId: number,
  opts: { cursor: MembersCursor | null; search: string; limit: number },
): Promise<MembersPage> {
  const s = membersSearchStatements(db);
  const rows = await (opts.cursor ? s.cursor : s.first).execute({
    ...idParams(ref),
    viewer: viewerId,
    pattern: likePattern(opts.search),
    limit: opts.limit,
    ...(opts.cursor ? { cRole: opts.cursor.role, cJoined: opts.cursor.joinedAt, cUser: opts.cursor.userId } : {}),
  });
  const first = rows[0];
  if (!first) return { found: false, isPrivate: false, ownerId: 0, viewerRole: null, members: [] };
  const members = (first.members ?? []).map(([id, username, role, profileImage, bannerImage, joinedAt]) => ({
    id,
    username,
    role,
    profileImage,
    bannerImage,
    joinedAt,
  }));
  return { found: true, isPrivate: first.isPrivate, ownerId: first.ownerId, viewerRole: first.viewerRole, members };
}

// ---------------------------------------------------------------------------------------------------------------
// Lists of communities

export type GroupListRow = { group: GroupCore; isMember: boolean };

/** A community as list statements return it: one JSON array per community, the whole page in one row. */
type GroupTuple = [
  id: number,
  slug: string,
  groupName: string,
  groupDp: string | null,
  groupBanner: string | null,
  ownerId: number,
  isPrivate: boolean,
  groupVerified: boolean,
  category: string | null,
  postCount: number,
  memberCount: number,
  isMember: boolean,
];

/** json_agg of the rows of `s` (group columns plus is_member), in the given order. */
const groupPageJson = (order: SQL) =>
  sql<GroupTuple[] | null>`json_agg(json_build_array(s.id, s.slug, s.group_name, s.group_dp, s.group_banner, s.owner_id, s.is_private,
    s.group_verified, s.category, s.post_count, s.member_count, s.is_member) ORDER BY ${order})`;

function fromGroupTuples(page: GroupTuple[] | null): GroupListRow[] {
  return (page ?? []).map(
    ([id, slug, groupName, groupDp, groupBanner, ownerId, isPrivate, groupVerified, category, postCount, memberCount, isMember]) => ({
      group: { id, slug, groupName, groupDp, groupBanner, ownerId, isPrivate, groupVerified, category, postCount, memberCount },
      isMember,
    }),
  );
}

const isMemberSql = (viewer: Placeholder | number) =>
  sql<boolean>`EXISTS (SELECT 1 FROM ${groupMembers} WHERE ${groupMembers.groupId} = ${groups.id} AND ${groupMembers.userId} = ${viewer}::int)`;

const BY_SIZE = sql`s.member_count DESC, s.id DESC`;

function buildExplore(db: Db, withCursor: boolean, withSearch: boolean, name: string) {
  const conditions: SQL[] = [sql`${groups.isPrivate} = false`];
  if (withCursor)
    conditions.push(sql`(${groups.memberCount}, ${groups.id}) < (${sql.placeholder('cCount')}::int, ${sql.placeholder('cId')}::int)`);
  if (withSearch) conditions.push(sql`lower(${groups.groupName}) LIKE ${sql.placeholder('pattern')}::text`);
  return db
    .select({ page: groupPageJson(BY_SIZE) })
    .from(
      sql`(SELECT ${groups}.*, ${isMemberSql(sql.placeholder('viewer'))} AS is_member FROM ${groups}
        WHERE ${and(...conditions)}
        ORDER BY ${groups.memberCount} DESC NULLS LAST, ${groups.id} DESC NULLS LAST
        LIMIT ${sql.placeholder('limit')}::int) s`,
    )
    .prepare(name);
}

const exploreStatements = memo((db) => ({
  plain: buildExplore(db, false, false, 'groups_explore'),
  cursor: buildExplore(db, true, false, 'groups_explore_cursor'),
  search: buildExplore(db, false, true, 'groups_explore_search'),
  searchCursor: buildExplore(db, true, true, 'groups_explore_search_cursor'),
}));

/** Explore: public communities, most members first (then newest id), optionally names containing `search`. */
export async function findExplorePage(
  db: Db,
  viewerId: number,
  opts: { cursor: { memberCount: number; id: number } | null; search: string | null; limit: number },
): Promise<GroupListRow[]> {
  if (opts.search && opts.search.length >= TRIGRAM_MIN) return findExploreSearchPage(db, viewerId, { ...opts, search: opts.search });
  const s = exploreStatements(db);
  const statement = opts.search ? (opts.cursor ? s.searchCursor : s.search) : opts.cursor ? s.cursor : s.plain;
  const [row] = await statement.execute({
    viewer: viewerId,
    limit: opts.limit,
    ...(opts.cursor ? { cCount: opts.cursor.memberCount, cId: opts.cursor.id } : {}),
    ...(opts.search ? { pattern: likePattern(opts.search) } : {}),
  });
  return fromGroupTuples(row?.page ?? null);
}

function buildExploreSearch(db: Db, withCursor: boolean, name: string) {
  const p = (key: string) => sql.placeholder(key);
  const pattern = sql`${p('pattern')}::text`;
  const limit = sql`${p('limit')}::int`;
  const after = withCursor ? sql`AND (g.member_count, g.id) < (${p('cCount')}::int, ${p('cId')}::int)` : sql``;
  return db
    .select({ page: groupPageJson(BY_SIZE) })
    .from(
      sql`(SELECT ${groups}.*, ${isMemberSql(p('viewer'))} AS is_member FROM ${groups} JOIN (
        WITH cand AS MATERIALIZED (SELECT g.id FROM ${groups} g WHERE lower(g.group_name) LIKE ${pattern} LIMIT ${TRIGRAM_CANDIDATES_MAX + 1}),
        few AS (SELECT count(*) <= ${TRIGRAM_CANDIDATES_MAX} AS yes FROM cand)
        (SELECT g.id FROM cand c CROSS JOIN LATERAL (SELECT * FROM ${groups} g WHERE g.id = c.id LIMIT 1) g
          WHERE (SELECT yes FROM few) AND g.is_private = false ${after}
          ORDER BY g.member_count DESC, g.id DESC LIMIT ${limit})
        UNION ALL
        (SELECT g.id FROM ${groups} g
          WHERE NOT (SELECT yes FROM few) AND g.is_private = false AND lower(g.group_name) LIKE ${pattern} ${after}
          ORDER BY g.member_count DESC NULLS LAST, g.id DESC NULLS LAST LIMIT ${limit})
      ) page ON page.id = ${groups.id}) s`,
    )
    .prepare(name);
}

const exploreSearchStatements = memo((db) => ({
  first: buildExploreSearch(db, false, 'groups_explore_trigram_search'),
  cursor: buildExploreSearch(db, true, 'groups_explore_trigram_search_cursor'),
}));

/** Explore search for 3+ characters: trigram candidates when the term is rare, else the walk by size (see above). */
async function findExploreSearchPage(
  db: Db,
  viewerId: number,
  opts: { cursor: { memberCount: number; id: number } | null; search: string; limit: number },
): Promise<GroupListRow[]> {
  const s = exploreSearchStatements(db);
  const [row] = await (opts.cursor ? s.cursor : s.first).execute({
    viewer: viewerId,
    pattern: likePattern(opts.search),
    limit: opts.limit,
    ...(opts.cursor ? { cCount: opts.cursor.memberCount, cId: opts.cursor.id } : {}),
  });
  return fromGroupTuples(row?.page ?? null);
}

const suggestedStatement = memo((db) =>
  db
    .select({ page: groupPageJson(sql`s.activity_score DESC, s.id DESC`) })
    .from(
      sql`(SELECT ${groups}.*, false AS is_member FROM ${groups}
        WHERE ${groups.isPrivate} = false AND NOT EXISTS (SELECT 1 FROM ${groupMembers}
          WHERE ${groupMembers.groupId} = ${groups.id} AND ${groupMembers.userId} = ${sql.placeholder('viewer')}::int)
        ORDER BY ${groups.activityScore} DESC NULLS LAST, ${groups.id} DESC NULLS LAST
        LIMIT ${sql.placeholder('limit')}::int) s`,
    )
    .prepare('groups_suggested'),
);

/** Suggested: public communities the viewer has not joined, by activity score (size and recent activity). */
export async function findSuggested(db: Db, viewerId: number, limit: number): Promise<GroupListRow[]> {
  const [row] = await suggestedStatement(db).execute({ viewer: viewerId, limit });
  return fromGroupTuples(row?.page ?? null);
}

export type OwnListCursor = { ts: string; id: number };

/** The fields every community response needs (SPEC §3), as a list statement selects them. */
export type GroupCore = Pick<
  GroupRow,
  | 'id'
  | 'slug'
  | 'groupName'
  | 'groupDp'
  | 'groupBanner'
  | 'ownerId'
  | 'isPrivate'
  | 'groupVerified'
  | 'category'
  | 'postCount'
  | 'memberCount'
>;

/**
 * The communities a user joined (owned ones included: the owner has a membership row), newest membership first,
 * or the ones they own, newest first; for another viewer, without the private ones the viewer is not a member of.
 * One statement: the user row drives a lateral page, so `found` (the user exists) comes with the list.
 */
export async function findUserGroups(
  db: Db,
  kind: 'joined' | 'mine',
  userId: number,
  viewerId: number,
  opts: { cursor: OwnListCursor | null; limit: number },
): Promise<{ found: boolean; rows: { group: GroupCore; isMember: boolean; sortTs: string }[] }> {
  const sortColumn = kind === 'joined' ? sql`m.joined_at` : sql`g.created_at`;
  const source =
    kind === 'joined'
      ? sql`${groupMembers} m JOIN ${groups} g ON g.id = m.group_id WHERE m.user_id = u.id`
      : sql`${groups} g WHERE g.owner_id = u.id`;
  const after = opts.cursor ? sql`AND (${sortColumn}, g.id) < (${opts.cursor.ts}::timestamptz, ${opts.cursor.id}::int)` : sql``;
  // A private community's membership is itself private (a support group, a union): another person's list shows
  // it only to a viewer who is a member of it too. The filter runs before LIMIT, so pages stay full and exact.
  const visible =
    userId === viewerId
      ? sql``
      : sql`AND (NOT g.is_private OR EXISTS (SELECT 1 FROM ${groupMembers} pv WHERE pv.group_id = g.id AND pv.user_id = ${viewerId}::int))`;
  const rows = await db.execute<{
    found: number;
    id: number | null;
    slug: string;
    groupName: string;
    groupDp: string | null;
    groupBanner: string | null;
    ownerId: number;
    isPrivate: boolean;
    groupVerified: boolean;
    category: string | null;
    postCount: number;
    memberCount: number;
    isMember: boolean;
    sortTs: string;
  }>(sql`
    SELECT u.id AS found, l.* FROM ${users} u
    LEFT JOIN LATERAL (
      SELECT g.id, g.slug, g.group_name AS "groupName", g.group_dp AS "groupDp", g.group_banner AS "groupBanner",
        g.owner_id AS "ownerId", g.is_private AS "isPrivate", g.group_verified AS "groupVerified", g.category,
        g.post_count AS "postCount", g.member_count AS "memberCount", ${sortColumn}::text AS "sortTs",
        EXISTS (SELECT 1 FROM ${groupMembers} vm WHERE vm.group_id = g.id AND vm.user_id = ${viewerId}::int) AS "isMember"
      FROM ${source} ${after} ${visible}
      ORDER BY ${sortColumn} DESC, g.id DESC
      LIMIT ${opts.limit}::int
    ) l ON true
    WHERE u.id = ${userId}::int
    ORDER BY l."sortTs" DESC, l.id DESC`);
  const list = [...rows];
  if (list.length === 0) return { found: false, rows: [] };
  return {
    found: true,
    rows: list
      .filter((r) => r.id !== null)
      .map(({ found: _found, isMember, sortTs, ...group }) => ({ group: { ...group, id: group.id! }, isMember, sortTs })),
  };
}

export async function userExists(db: DbOrTx, userId: number): Promise<{ id: number; username: string } | null> {
  const rows = await db.select({ id: users.id, username: users.username }).from(users).where(eq(users.id, userId));
  return rows[0] ?? null;
}

// ---------------------------------------------------------------------------------------------------------------
// Join requests

/** Stores a pending request; true when it is new (a repeat changes nothing). */
export async function insertJoinRequest(tx: DbOrTx, groupId: number, userId: number): Promise<boolean> {
  const rows = await tx
    .insert(groupJoinRequests)
    .values({ groupId, userId })
    .onConflictDoNothing()
    .returning({ userId: groupJoinRequests.userId });
  return rows.length > 0;
}

/** The owner, admins and moderators of a community: who hears of a request to join. */
export async function staffIdsOf(tx: DbOrTx, groupId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: groupMembers.userId })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), inArray(groupMembers.role, ['owner', 'admin', 'moderator'])));
  return rows.map((r) => r.id);
}

/**
 * Deletes the join_request notifications staff got about these requesters (every requester when null): the
 * request was answered or withdrawn, so the item leaves their panels. Pushes each recipient's new unread count.
 */
export async function deleteRequestNotifications(tx: DbOrTx, groupId: number, requesterIds: number[] | null): Promise<void> {
  if (requesterIds !== null && requesterIds.length === 0) return;
  await tx.execute(sql`
    WITH del AS (
      DELETE FROM ${notifications} WHERE group_id = ${groupId}::int AND noti_type = 'join_request'
        ${requesterIds === null ? sql`` : sql`AND sender_id IN ${requesterIds}`}
      RETURNING user_id
    )
    SELECT pg_notify(${NOTIFICATIONS_CHANNEL}, json_build_object('u', user_id)::text) FROM (SELECT DISTINCT user_id FROM del) r`);
}

/** Deletes one pending request; true when there was one. */
export async function deleteJoinRequest(tx: DbOrTx, groupId: number, userId: number): Promise<boolean> {
  const rows = await tx
    .delete(groupJoinRequests)
    .where(and(eq(groupJoinRequests.groupId, groupId), eq(groupJoinRequests.userId, userId)))
    .returning({ userId: groupJoinRequests.userId });
  return rows.length > 0;
}

/** Deletes every pending request of a community (and staff's notifications of them); returns the requesters. */
export async function takeAllJoinRequests(tx: DbOrTx, groupId: number): Promise<number[]> {
  const rows = await tx
    .delete(groupJoinRequests)
    .where(eq(groupJoinRequests.groupId, groupId))
    .returning({ userId: groupJoinRequests.userId });
  if (rows.length > 0) await deleteRequestNotifications(tx, groupId, null);
  return rows.map((r) => r.userId);
}

export type JoinRequestRow = { id: number; username: string; profileImage: string | null; requestedAt: string };

export async function findJoinRequestsPage(
  db: DbOrTx,
  groupId: number,
  opts: { cursor: { ts: string; id: number } | null; limit: number },
): Promise<JoinRequestRow[]> {
  return db
    .select({
      id: groupJoinRequests.userId,
      username: users.username,
      profileImage: users.profileImage,
      requestedAt: sql<string>`${groupJoinRequests.createdAt}::text`,
    })
    .from(groupJoinRequests)
    .innerJoin(users, eq(users.id, groupJoinRequests.userId))
    .where(
      and(
        eq(groupJoinRequests.groupId, groupId),
        opts.cursor
          ? sql`(${groupJoinRequests.createdAt}, ${groupJoinRequests.userId}) > (${opts.cursor.ts}::timestamptz, ${opts.cursor.id}::int)`
          : undefined,
      ),
    )
    .orderBy(groupJoinRequests.createdAt, groupJoinRequests.userId)
    .limit(opts.limit);
}

// ---------------------------------------------------------------------------------------------------------------
// Invitations (group_invite notifications)

/**
 * The one lock order of membership changes (issue 12 §1.11): every change of one person's place in one community
 * (join, leave, request, approve, decline, invite, accept, kick, role) first takes this (group, user) lock, then
 * writes that person's rows, and moves the group row's counter last. Two such changes of the same person run one
 * after the other instead of locking the membership, request and invitation rows in opposite orders.
 */
export async function lockMembership(tx: DbOrTx, groupId: number, userId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`group-member:${groupId}:${userId}`}))`);
}

/** A member's role, the row share-locked until commit (a kick or demotion of them waits), or null. */
export async function lockRoleOf(tx: DbOrTx, groupId: number, userId: number): Promise<Role | null> {
  const rows = await tx
    .select({ role: groupMembers.role })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)))
    .for('share');
  return rows[0]?.role ?? null;
}

export async function pendingInviteExists(tx: DbOrTx, groupId: number, userId: number): Promise<boolean> {
  const rows = await tx
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.groupId, groupId), eq(notifications.notiType, 'group_invite')))
    .limit(1);
  return rows.length > 0;
}

/** Deletes the recipient's own group_invite notification; returns the community it invited to, or null. */
export async function takeInvite(tx: DbOrTx, notificationId: number, recipientId: number): Promise<number | null> {
  const rows = await tx
    .delete(notifications)
    .where(and(eq(notifications.id, notificationId), eq(notifications.userId, recipientId), eq(notifications.notiType, 'group_invite')))
    .returning({ groupId: notifications.groupId });
  return rows[0]?.groupId ?? null;
}

/**
 * Inside a membership transaction: whether the user holds an invitation to the community from someone who is
 * still staff, with the sender's membership row and then the invitation share-locked until commit. A kick,
 * demotion or departure of the sender (which locks the sender's row, then deletes their invitations) and a revoke
 * (which deletes the invitation) either committed before this check (then it is false) or wait for this
 * transaction; the same row order as theirs, so no deadlock.
 */
export async function lockValidInvite(tx: DbOrTx, groupId: number, userId: number): Promise<boolean> {
  const senders = await tx.execute<{ role: Role }>(sql`
    SELECT s.role FROM ${groupMembers} s
    WHERE s.group_id = ${groupId}::int AND s.role IN ('owner', 'admin', 'moderator') AND s.user_id IN (
      SELECT n.sender_id FROM ${notifications} n
      WHERE n.user_id = ${userId}::int AND n.group_id = ${groupId}::int AND n.noti_type = 'group_invite'
    )
    ORDER BY s.user_id
    FOR SHARE OF s`);
  if ([...senders].length === 0) return false;
  const rows = await tx.execute<{ id: number }>(sql`
    SELECT n.id FROM ${notifications} n
    JOIN ${groupMembers} s ON s.group_id = n.group_id AND s.user_id = n.sender_id AND s.role IN ('owner', 'admin', 'moderator')
    WHERE n.user_id = ${userId}::int AND n.group_id = ${groupId}::int AND n.noti_type = 'group_invite'
    ORDER BY n.id
    FOR SHARE OF n`);
  return [...rows].length > 0;
}

/** The recipient's own group_invite notification: its community and sender, or null. */
export async function findInvite(
  db: DbOrTx,
  notificationId: number,
  recipientId: number,
): Promise<{ groupId: number; senderId: number | null } | null> {
  const rows = await db
    .select({ groupId: notifications.groupId, senderId: notifications.senderId })
    .from(notifications)
    .where(and(eq(notifications.id, notificationId), eq(notifications.userId, recipientId), eq(notifications.notiType, 'group_invite')));
  const row = rows[0];
  return row && row.groupId !== null ? { groupId: row.groupId, senderId: row.senderId } : null;
}

/**
 * Deletes the pending invitations `senderId` sent to this community (they are no longer staff: demoted, kicked,
 * left) and pushes each invitee's new unread count. Returns how many were deleted.
 */
export async function deleteInvitesSentBy(tx: DbOrTx, groupId: number, senderId: number): Promise<number> {
  const rows = await tx.execute<{ n: number }>(sql`
    WITH del AS (
      DELETE FROM ${notifications} WHERE group_id = ${groupId}::int AND sender_id = ${senderId}::int AND noti_type = 'group_invite'
      RETURNING user_id
    ), signalled AS (
      SELECT pg_notify(${NOTIFICATIONS_CHANNEL}, json_build_object('u', user_id)::text) FROM (SELECT DISTINCT user_id FROM del) r
    )
    SELECT (SELECT count(*)::int FROM del) AS n, (SELECT count(*) FROM signalled) AS s`);
  return [...rows][0]?.n ?? 0;
}

/** Deletes one pending invitation of the community (staff revoke it); returns the invitee, or null if none. */
export async function deleteInvitation(tx: DbOrTx, groupId: number, invitationId: number): Promise<number | null> {
  const rows = await tx
    .delete(notifications)
    .where(and(eq(notifications.id, invitationId), eq(notifications.groupId, groupId), eq(notifications.notiType, 'group_invite')))
    .returning({ userId: notifications.userId });
  return rows[0]?.userId ?? null;
}

export type InvitationRow = {
  id: number;
  userId: number;
  username: string;
  profileImage: string | null;
  senderId: number | null;
  senderUsername: string | null;
  invitedAt: string;
};

/** A community's pending invitations, oldest first, keyset-paginated on (created_at, id). */
export async function findInvitationsPage(
  db: DbOrTx,
  groupId: number,
  opts: { cursor: { ts: string; id: number } | null; limit: number },
): Promise<InvitationRow[]> {
  const rows = await db.execute<InvitationRow>(sql`
    SELECT n.id, n.user_id AS "userId", u.username, u.profile_image AS "profileImage", n.sender_id AS "senderId",
      s.username AS "senderUsername", n.created_at::text AS "invitedAt"
    FROM ${notifications} n
    JOIN ${users} u ON u.id = n.user_id
    LEFT JOIN ${users} s ON s.id = n.sender_id
    WHERE n.group_id = ${groupId}::int AND n.noti_type = 'group_invite'
      ${opts.cursor ? sql`AND (n.created_at, n.id) > (${opts.cursor.ts}::timestamptz, ${opts.cursor.id}::int)` : sql``}
    ORDER BY n.created_at, n.id
    LIMIT ${opts.limit}::int`);
  return [...rows];
}

/** Deletes the user's pending invitations to the community; returns how many there were. */
export async function deleteInvitesOf(tx: DbOrTx, groupId: number, userId: number): Promise<number> {
  const rows = await tx
    .delete(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.groupId, groupId), eq(notifications.notiType, 'group_invite')))
    .returning({ id: notifications.id });
  return rows.length;
}
