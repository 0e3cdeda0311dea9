import { and, type Placeholder, sql, type SQL } from 'drizzle-orm';
import { prepared } from '../../lib/prepared';
import type { Db } from '../../db/client';
import { likePattern, TRIGRAM_CANDIDATES_MAX, TRIGRAM_MIN } from '../../lib/like-search';
import type { GroupRow } from './groups.queries';
import { groupMembers, groups, users } from '../../db/schema';

/** Drizzle only: the lists of communities (Explore, Suggested, a user's joined and own communities). */

// ---------------------------------------------------------------------------------------------------------------
// Lists of communities

export type GroupListRow = { group: GroupCore; isMember: boolean };

/** A community as list statements return it: one JSON object per community (named keys), the whole page in one row. */
export type GroupPageEntry = GroupCore & { isMember: boolean };

/** json_agg of the rows of `s` (group columns plus is_member) as named objects, in the given order. */
export const groupPageJson = (order: SQL) =>
  sql<GroupPageEntry[] | null>`json_agg(json_build_object('id', s.id, 'slug', s.slug, 'groupName', s.group_name, 'groupDp', s.group_dp,
    'groupBanner', s.group_banner, 'ownerId', s.owner_id, 'isPrivate', s.is_private, 'groupVerified', s.group_verified,
    'category', s.category, 'postCount', s.post_count, 'memberCount', s.member_count, 'isMember', s.is_member) ORDER BY ${order})`;

function fromGroupPage(page: GroupPageEntry[] | null): GroupListRow[] {
  return (page ?? []).map(({ isMember, ...group }) => ({ group, isMember }));
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

const exploreStatements = {
  plain: prepared('groups_explore', (db, name) => buildExplore(db, false, false, name)),
  cursor: prepared('groups_explore_cursor', (db, name) => buildExplore(db, true, false, name)),
  search: prepared('groups_explore_search', (db, name) => buildExplore(db, false, true, name)),
  searchCursor: prepared('groups_explore_search_cursor', (db, name) => buildExplore(db, true, true, name)),
};

/** Explore: public communities, most members first (then newest id), optionally names containing `search`. */
export async function findExplorePage(
  db: Db,
  viewerId: number,
  opts: { cursor: { memberCount: number; id: number } | null; search: string | null; limit: number },
): Promise<GroupListRow[]> {
  if (opts.search && opts.search.length >= TRIGRAM_MIN) return findExploreSearchPage(db, viewerId, { ...opts, search: opts.search });
  const s = exploreStatements;
  const statement = opts.search ? (opts.cursor ? s.searchCursor : s.search) : opts.cursor ? s.cursor : s.plain;
  const [row] = await statement(db).execute({
    viewer: viewerId,
    limit: opts.limit,
    ...(opts.cursor ? { cCount: opts.cursor.memberCount, cId: opts.cursor.id } : {}),
    ...(opts.search ? { pattern: likePattern(opts.search) } : {}),
  });
  return fromGroupPage(row?.page ?? null);
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

const exploreSearchStatements = {
  first: prepared('groups_explore_trigram_search', (db, name) => buildExploreSearch(db, false, name)),
  cursor: prepared('groups_explore_trigram_search_cursor', (db, name) => buildExploreSearch(db, true, name)),
};

/** Explore search for 3+ characters: trigram candidates when the term is rare, else the walk by size (see above). */
async function findExploreSearchPage(
  db: Db,
  viewerId: number,
  opts: { cursor: { memberCount: number; id: number } | null; search: string; limit: number },
): Promise<GroupListRow[]> {
  const s = exploreSearchStatements;
  const [row] = await (opts.cursor ? s.cursor : s.first)(db).execute({
    viewer: viewerId,
    pattern: likePattern(opts.search),
    limit: opts.limit,
    ...(opts.cursor ? { cCount: opts.cursor.memberCount, cId: opts.cursor.id } : {}),
  });
  return fromGroupPage(row?.page ?? null);
}

const suggestedStatement = prepared('groups_suggested', (db, name) =>
  db
    .select({ page: groupPageJson(sql`s.activity_score DESC, s.id DESC`) })
    .from(
      sql`(SELECT ${groups}.*, false AS is_member FROM ${groups}
        WHERE ${groups.isPrivate} = false AND NOT EXISTS (SELECT 1 FROM ${groupMembers}
          WHERE ${groupMembers.groupId} = ${groups.id} AND ${groupMembers.userId} = ${sql.placeholder('viewer')}::int)
        ORDER BY ${groups.activityScore} DESC NULLS LAST, ${groups.id} DESC NULLS LAST
        LIMIT ${sql.placeholder('limit')}::int) s`,
    )
    .prepare(name),
);

/** Suggested: public communities the viewer has not joined, by activity score (size and recent activity). */
export async function findSuggested(db: Db, viewerId: number, limit: number): Promise<GroupListRow[]> {
  const [row] = await suggestedStatement(db).execute({ viewer: viewerId, limit });
  return fromGroupPage(row?.page ?? null);
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
