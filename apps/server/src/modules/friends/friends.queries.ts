import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { friendships, groupMembers, groups, notifications, users } from '../../db/schema';
import { prepared } from '../../lib/prepared';

/**
 * Friendships: one row per unordered pair (`friendships_pair_uq` on least/greatest), `pending` from requester to
 * addressee, then `accepted`. Rejecting, cancelling and unfriending delete the row.
 */

export type FriendshipRow = typeof friendships.$inferSelect;

/** The pair condition written exactly as the unique index is, so the index serves it. */
function pairIs(a: number, b: number) {
  return sql`least(${friendships.requesterId}, ${friendships.addresseeId}) = least(${a}::int, ${b}::int)
    AND greatest(${friendships.requesterId}, ${friendships.addresseeId}) = greatest(${a}::int, ${b}::int)`;
}

/** The relation between two users, if any (locked for the rest of the transaction with `forUpdate`). */
export async function findFriendship(db: DbOrTx, a: number, b: number, opts: { forUpdate?: boolean } = {}): Promise<FriendshipRow | null> {
  const query = db.select().from(friendships).where(pairIs(a, b)).limit(1);
  const rows = opts.forUpdate ? await query.for('update') : await query;
  return rows[0] ?? null;
}

/** A new pending request; null when the pair already has a row (whatever its direction or state). */
export async function insertFriendRequest(tx: DbOrTx, requesterId: number, addresseeId: number): Promise<FriendshipRow | null> {
  const rows = await tx.insert(friendships).values({ requesterId, addresseeId, status: 'pending' }).onConflictDoNothing().returning();
  return rows[0] ?? null;
}

/** Turns the pending request requester → addressee into a friendship; false when there is no such request. */
export async function acceptPendingRequest(tx: DbOrTx, requesterId: number, addresseeId: number): Promise<boolean> {
  const rows = await tx
    .update(friendships)
    .set({ status: 'accepted', respondedAt: sql`now()` })
    .where(and(eq(friendships.requesterId, requesterId), eq(friendships.addresseeId, addresseeId), eq(friendships.status, 'pending')))
    .returning({ id: friendships.id });
  return rows.length > 0;
}

/** Deletes the pending request requester → addressee (rejected or withdrawn); false when there is none. */
export async function deletePendingRequest(tx: DbOrTx, requesterId: number, addresseeId: number): Promise<boolean> {
  const rows = await tx
    .delete(friendships)
    .where(and(eq(friendships.requesterId, requesterId), eq(friendships.addresseeId, addresseeId), eq(friendships.status, 'pending')))
    .returning({ id: friendships.id });
  return rows.length > 0;
}

/** Deletes the friendship of a and b, whoever asked; false when they are not friends. */
export async function deleteFriendship(tx: DbOrTx, a: number, b: number): Promise<boolean> {
  const rows = await tx
    .delete(friendships)
    .where(and(pairIs(a, b), eq(friendships.status, 'accepted')))
    .returning({ id: friendships.id });
  return rows.length > 0;
}

/**
 * The sender of the recipient's own friend_request notification `notificationId` (locked until the answer
 * commits); null when there is no such notification for this recipient (another user's, another type, deleted).
 */
export async function findFriendRequestSender(tx: DbOrTx, notificationId: number, recipientId: number): Promise<number | null> {
  const rows = await tx
    .select({ senderId: notifications.senderId })
    .from(notifications)
    .where(and(eq(notifications.id, notificationId), eq(notifications.userId, recipientId), eq(notifications.notiType, 'friend_request')))
    .limit(1)
    .for('update');
  return rows[0]?.senderId ?? null;
}

/** The user's row needed to act on them (exists, username for texts). */
export async function findUserBrief(db: DbOrTx, id: number): Promise<{ id: number; username: string } | null> {
  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  return rows[0] ?? null;
}

/** Accepted friendships of `u` (a SQL expression), as the other user's id: both indexed directions. */
const friendIdsOf = (u: unknown) => sql`(
  SELECT f.addressee_id AS id FROM ${friendships} f WHERE f.requester_id = ${u} AND f.status = 'accepted'
  UNION ALL
  SELECT f.requester_id FROM ${friendships} f WHERE f.addressee_id = ${u} AND f.status = 'accepted')`;

/** The ids of a user's friends (presence: who learns that this user is online). */
export async function findFriendIds(db: Db, userId: number): Promise<number[]> {
  const rows = await friendIdsStatement(db).execute({ user: userId });
  return rows.map((r) => r.id);
}

const friendIdsStatement = prepared('friend_ids_of', (db, name) =>
  db
    .select({ id: sql<number>`x.id` })
    .from(sql`${friendIdsOf(sql`${sql.placeholder('user')}::int`)} x`)
    .prepare(name),
);

export type FriendListRow = {
  id: number;
  username: string;
  profileImage: string | null;
  bannerImage: string | null;
  bio: string;
  sortName: string;
};
export type FriendsCursor = { name: string; id: number };
export type FriendsPage = { found: boolean; total: number; rows: FriendListRow[] };

type FriendsPageRow = {
  found: number;
  total: number;
  id: number | null;
  username: string;
  profileImage: string | null;
  bannerImage: string | null;
  bio: string;
  sortName: string;
};

// The page comes back as one JSON value (one row for postgres.js to decode instead of one per friend), as the
// communities lists do (docs/perf/groups.md). The total is counted once in FROM: as a subquery in the select list
// PostgreSQL counted it again for every friend on the page (51 counts of 200 rows, 7x the whole statement).
function buildFriendsPage(db: Db, withCursor: boolean, name: string) {
  const p = (key: string) => sql.placeholder(key);
  const after = withCursor ? sql`WHERE (lower(fu.username), fu.id) > (${p('cName')}::text, ${p('cId')}::int)` : sql``;
  return db
    .select({ rows: sql<FriendsPageRow[]>`coalesce(json_agg(r ORDER BY r."sortName", r.id), '[]')` })
    .from(
      sql`(
      SELECT u.id AS found, t.total, l.*
      FROM ${users} u
      CROSS JOIN LATERAL (SELECT count(*)::int AS total FROM ${friendIdsOf(sql`u.id`)} c) t
      LEFT JOIN LATERAL (
        SELECT fu.id, fu.username, fu.profile_image AS "profileImage", fu.banner_image AS "bannerImage", fu.bio,
          lower(fu.username) AS "sortName"
        FROM ${friendIdsOf(sql`u.id`)} fr JOIN ${users} fu ON fu.id = fr.id
        ${after}
        ORDER BY lower(fu.username), fu.id
        LIMIT ${p('limit')}::int
      ) l ON true
      WHERE u.id = ${p('user')}::int
    ) r`,
    )
    .prepare(name);
}

const friendsPageStatements = (() => {
  const first = prepared('friends_page', (db, name) => buildFriendsPage(db, false, name));
  const cursor = prepared('friends_page_cursor', (db, name) => buildFriendsPage(db, true, name));
  return { first, cursor };
})();

/**
 * A page of a user's friends, alphabetical (lower-case username, then id), with their total; `found` is false
 * when the user does not exist. One round trip, a prepared statement (the friends panel and profiles read it).
 */
export async function findFriendsPage(db: Db, userId: number, opts: { cursor: FriendsCursor | null; limit: number }): Promise<FriendsPage> {
  const [result] = opts.cursor
    ? await friendsPageStatements.cursor(db).execute({ user: userId, limit: opts.limit, cName: opts.cursor.name, cId: opts.cursor.id })
    : await friendsPageStatements.first(db).execute({ user: userId, limit: opts.limit });
  return pageOf(result?.rows ?? []);
}

function pageOf(rows: FriendsPageRow[]): FriendsPage {
  const first = rows[0];
  if (!first) return { found: false, total: 0, rows: [] };
  return {
    found: true,
    total: first.total,
    rows: rows
      .filter((r) => r.id !== null)
      .map(({ id, username, profileImage, bannerImage, bio, sortName }) => ({
        id: id!,
        username,
        profileImage,
        bannerImage,
        bio,
        sortName,
      })),
  };
}

/** A page of the friends `viewerId` and `userId` have in common, alphabetical, with their total. */
export async function findMutualFriendsPage(
  db: Db,
  viewerId: number,
  userId: number,
  opts: { cursor: FriendsCursor | null; limit: number },
): Promise<FriendsPage> {
  const after = opts.cursor ? sql`WHERE (lower(fu.username), fu.id) > (${opts.cursor.name}::text, ${opts.cursor.id}::int)` : sql``;
  const rows = await db.execute<FriendsPageRow>(sql`
    WITH mutual AS MATERIALIZED (
      SELECT id FROM ${friendIdsOf(sql`${viewerId}::int`)} a
      INTERSECT
      SELECT id FROM ${friendIdsOf(sql`${userId}::int`)} b
    )
    SELECT u.id AS found, t.total, l.*
    FROM ${users} u
    CROSS JOIN (SELECT count(*)::int AS total FROM mutual) t
    LEFT JOIN LATERAL (
      SELECT fu.id, fu.username, fu.profile_image AS "profileImage", fu.banner_image AS "bannerImage", fu.bio,
        lower(fu.username) AS "sortName"
      FROM mutual m JOIN ${users} fu ON fu.id = m.id
      ${after}
      ORDER BY lower(fu.username), fu.id
      LIMIT ${opts.limit}::int
    ) l ON true
    WHERE u.id = ${userId}::int
    ORDER BY l."sortName", l.id`);
  return pageOf([...rows]);
}

export type SuggestionRow = { id: number; username: string; profileImage: string | null; mutual: number; shared: number };
export type SuggestionsCursor = { mutual: number; shared: number; id: number };

/**
 * People to suggest to `viewerId` (SPEC §2 "Suggestions"): never the viewer nor a deleted account, nobody they are friends with or have
 * a pending request with either way. Ranked by mutual friends, then shared communities (those of at most
 * `sharedGroupMaxMembers` members), then id; people with neither follow, by id. `prefix` (lower case) keeps
 * usernames starting with it (users_username_prefix_idx). Keyset on (mutual desc, shared desc, id).
 *
 * Two parts, so neither ranks every user: the scored people (friends of friends and co-members, a set bounded by
 * the viewer's friends and communities), then everyone else walked in id order (primary key) or through the
 * prefix index.
 */
export async function findSuggestions(
  db: Db,
  viewerId: number,
  opts: { prefix: string | null; cursor: SuggestionsCursor | null; limit: number; sharedGroupMaxMembers: number },
): Promise<SuggestionRow[]> {
  const me = sql`${viewerId}::int`;
  const like = opts.prefix ? prefixFilter(opts.prefix) : sql``;
  // (mutual, shared, id) after the cursor in the order (mutual desc, shared desc, id asc).
  const after = (mutual: unknown, shared: unknown) => {
    if (!opts.cursor) return sql``;
    const { mutual: cm, shared: cs, id: ci } = opts.cursor;
    return sql`AND (${mutual} < ${cm}::int OR (${mutual} = ${cm}::int AND ${shared} < ${cs}::int)
      OR (${mutual} = ${cm}::int AND ${shared} = ${cs}::int AND u.id > ${ci}::int))`;
  };
  const rows = await db.execute<SuggestionRow>(sql`
    WITH mine AS MATERIALIZED (SELECT id FROM ${friendIdsOf(me)} x),
    excluded AS MATERIALIZED (
      SELECT f.addressee_id AS id FROM ${friendships} f WHERE f.requester_id = ${me}
      UNION ALL SELECT f.requester_id FROM ${friendships} f WHERE f.addressee_id = ${me}
      UNION ALL SELECT ${me}
      -- Nobody one blocked or was blocked by (issue 15 §6): a request between the two would be refused.
      UNION ALL SELECT b.blocked_id FROM blocks b WHERE b.blocker_id = ${me}
      UNION ALL SELECT b.blocker_id FROM blocks b WHERE b.blocked_id = ${me}
    ),
    mutual AS (
      SELECT x.id, count(*)::int AS n FROM (
        SELECT f.addressee_id AS id FROM mine m JOIN ${friendships} f ON f.requester_id = m.id AND f.status = 'accepted'
        UNION ALL
        SELECT f.requester_id FROM mine m JOIN ${friendships} f ON f.addressee_id = m.id AND f.status = 'accepted'
      ) x GROUP BY x.id
    ),
    shared AS (
      SELECT gm.user_id AS id, count(*)::int AS n
      FROM ${groupMembers} my
      JOIN ${groups} g ON g.id = my.group_id AND g.member_count <= ${opts.sharedGroupMaxMembers}::int
      JOIN ${groupMembers} gm ON gm.group_id = my.group_id
      WHERE my.user_id = ${me}
      GROUP BY gm.user_id
    ),
    scored AS MATERIALIZED (
      SELECT coalesce(m.id, s.id) AS id, coalesce(m.n, 0) AS mutual, coalesce(s.n, 0) AS shared
      FROM mutual m FULL JOIN shared s ON s.id = m.id
      WHERE coalesce(m.id, s.id) NOT IN (SELECT id FROM excluded)
    )
    SELECT * FROM (
      (SELECT u.id, u.username, u.profile_image AS "profileImage", sc.mutual, sc.shared
        FROM scored sc JOIN ${users} u ON u.id = sc.id
        WHERE u.deleted_at IS NULL ${like} ${after(sql`sc.mutual`, sql`sc.shared`)}
        ORDER BY sc.mutual DESC, sc.shared DESC, u.id
        LIMIT ${opts.limit}::int)
      UNION ALL
      (SELECT u.id, u.username, u.profile_image AS "profileImage", 0 AS mutual, 0 AS shared
        FROM ${users} u
        WHERE NOT EXISTS (SELECT 1 FROM scored sc WHERE sc.id = u.id)
          AND u.id NOT IN (SELECT id FROM excluded) AND u.deleted_at IS NULL
          ${like} ${after(sql`0`, sql`0`)}
        ORDER BY u.id
        LIMIT ${opts.limit}::int)
    ) s
    ORDER BY s.mutual DESC, s.shared DESC, s.id
    LIMIT ${opts.limit}::int`);
  return [...rows];
}

/**
 * "lower(username) starts with `prefix`": a range on the byte order of text_pattern_ops (which
 * users_username_prefix_idx serves even in a generic plan, where `LIKE $1` could not use it), then LIKE for the
 * exact rule (`%`, `_` and `\` in the text are matched literally).
 */
function prefixFilter(prefix: string) {
  const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const chars = [...prefix];
  const last = chars.pop()!.codePointAt(0)!;
  // The smallest text above every text starting with the prefix: its last character's next code point.
  const upper = last < 0xd7ff ? chars.join('') + String.fromCodePoint(last + 1) : null;
  const range = upper
    ? sql`lower(u.username) ~>=~ ${prefix} AND lower(u.username) ~<~ ${upper} AND`
    : sql`lower(u.username) ~>=~ ${prefix} AND`;
  return sql`AND ${range} lower(u.username) LIKE ${pattern}`;
}
