import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { friendships, groupMembers, groups, users } from '../../db/schema';
import { likePattern, TRIGRAM_CANDIDATES_MAX, TRIGRAM_MIN } from '../../lib/like-search';
import { readableCommunitySql } from '../../policies/community';
import { type GroupRef, idParams, refId } from '../groups/group-sql';

/**
 * Drizzle only: the people an `@mention` may suggest (issue 16 §4). The service orders the tiers (friends, members of
 * the community written in, everyone else); these statements find each tier's matches and keep out, in SQL, everyone
 * the list must never show: the caller, deleted accounts, accounts suspended right now, and anyone the caller
 * blocked or who blocked the caller.
 */

export type MentionRow = {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  profileImage: string | null;
  isFriend: boolean;
  isMember: boolean;
};

/** Who may be suggested to `me`: alive, not suspended now, not `me`, no block either way (two primary-key probes). */
const suggestable = (me: SQL) => sql`u.deleted_at IS NULL
  AND (u.suspended_at IS NULL OR u.suspended_until <= now())
  AND u.id <> ${me}
  AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = ${me} AND b.blocked_id = u.id)
  AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = u.id AND b.blocked_id = ${me})`;

/** Accepted friendships of `me`, as the other person's id (both indexed directions). */
const friendIds = (me: SQL) => sql`(
  SELECT f.addressee_id AS id FROM ${friendships} f WHERE f.requester_id = ${me} AND f.status = 'accepted'
  UNION ALL
  SELECT f.requester_id FROM ${friendships} f WHERE f.addressee_id = ${me} AND f.status = 'accepted')`;

/** "Starts with" before "contains", then the username's alphabetical order (what the list shows first). */
const closeness = (prefix: string) => sql`(lower(u.username) NOT LIKE ${`${escapeLike(prefix)}%`}), lower(u.username), u.id`;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const columns = (isFriend: SQL, isMember: SQL) => sql`u.id, u.username, u.first_name AS "firstName", u.last_name AS "lastName",
  u.profile_image AS "profileImage", ${isFriend} AS "isFriend", ${isMember} AS "isMember"`;

/**
 * The id of the community a reference names when `me` may read it; null when there is none or it is private and
 * `me` is not a member (the caller learns nothing either way: both answers look alike).
 */
export async function findReadableGroupId(db: Db, ref: GroupRef, me: number): Promise<number | null> {
  const { id, slug } = idParams(ref);
  const viewer = sql`${me}::int`;
  const rows = await db.execute<{ id: number }>(sql`
    SELECT g.id FROM ${groups} g
    LEFT JOIN ${groupMembers} v ON v.group_id = g.id AND v.user_id = ${viewer}
    WHERE g.id = ${refId(id, slug)}
      AND ${readableCommunitySql({ isPrivate: sql`g.is_private`, ownerId: sql`g.owner_id` }, sql`v.role`, viewer)}`);
  return rows[0]?.id ?? null;
}

/** `me`'s friends whose username contains `term` or whose first or last name starts with it (lower case). */
export async function findFriendMatches(db: Db, me: number, term: string, groupId: number | null, limit: number): Promise<MentionRow[]> {
  const viewer = sql`${me}::int`;
  const prefix = `${escapeLike(term)}%`;
  const rows = await db.execute<MentionRow>(sql`
    SELECT ${columns(sql`true`, isMemberOf(groupId))}
    FROM ${friendIds(viewer)} fr JOIN ${users} u ON u.id = fr.id
    WHERE (lower(u.username) LIKE ${likePattern(term)} OR lower(u.first_name) LIKE ${prefix} OR lower(u.last_name) LIKE ${prefix})
      AND ${suggestable(viewer)}
    ORDER BY ${closeness(term)}
    LIMIT ${limit}::int`);
  return [...rows];
}

const isMemberOf = (groupId: number | null) =>
  groupId === null
    ? sql`false`
    : sql`EXISTS (SELECT 1 FROM ${groupMembers} m WHERE m.group_id = ${groupId}::int AND m.user_id = u.id)`;

/**
 * Members of a community `me` may read whose username contains `term`. Like the members search
 * (members.queries.ts), a term of 3+ characters first collects the site-wide matches through the trigram index and
 * probes each one's memberships (cost: the matches, whatever the community's size); a shorter term, or a common one,
 * walks the community's members instead, which a common term ends early.
 */
export async function findMemberMatches(db: Db, me: number, term: string, groupId: number, limit: number): Promise<MentionRow[]> {
  const viewer = sql`${me}::int`;
  const gid = sql`${groupId}::int`;
  const pattern = likePattern(term);
  const rows = await db.execute<MentionRow>(sql`
    WITH cand AS MATERIALIZED (
      SELECT u.id FROM ${users} u
      WHERE ${term.length >= TRIGRAM_MIN ? sql`true` : sql`false`} AND lower(u.username) LIKE ${pattern}
      LIMIT ${TRIGRAM_CANDIDATES_MAX + 1}
    ),
    few AS (SELECT ${term.length >= TRIGRAM_MIN ? sql`true` : sql`false`} AND count(*) <= ${TRIGRAM_CANDIDATES_MAX} AS yes FROM cand),
    found AS (
      (SELECT c.id FROM cand c
        -- group_id + 0: probe the candidate's own memberships, never read the whole community (members.queries.ts).
        WHERE (SELECT yes FROM few)
          AND EXISTS (SELECT 1 FROM ${groupMembers} m WHERE m.user_id = c.id AND m.group_id + 0 = ${gid}))
      UNION ALL
      (SELECT m.user_id FROM ${groupMembers} m JOIN ${users} mu ON mu.id = m.user_id
        WHERE NOT (SELECT yes FROM few) AND m.group_id = ${gid} AND lower(mu.username) LIKE ${pattern}
        LIMIT ${limit * 4}::int)
    )
    SELECT ${columns(sql`false`, sql`true`)}
    FROM found JOIN ${users} u ON u.id = found.id
    WHERE ${suggestable(viewer)}
    ORDER BY ${closeness(term)}
    LIMIT ${limit}::int`);
  return [...rows];
}

/**
 * Anyone whose username starts with `term` (users_username_prefix_idx, walked in order), and with 3+ characters
 * anyone whose username contains it (users_username_trgm_idx, at most TRIGRAM_CANDIDATES_MAX candidates).
 */
export async function findOtherMatches(db: Db, me: number, term: string, limit: number): Promise<MentionRow[]> {
  const viewer = sql`${me}::int`;
  const chars = [...term];
  const last = chars.pop()!.codePointAt(0)!;
  const upper = last < 0xd7ff ? chars.join('') + String.fromCodePoint(last + 1) : null;
  const range = upper
    ? sql`lower(u.username) ~>=~ ${term} AND lower(u.username) ~<~ ${upper}`
    : sql`lower(u.username) ~>=~ ${term}`;
  const contains =
    term.length >= TRIGRAM_MIN
      ? sql`UNION
      (SELECT u.id FROM ${users} u WHERE lower(u.username) LIKE ${likePattern(term)} LIMIT ${TRIGRAM_CANDIDATES_MAX}::int)`
      : sql``;
  const rows = await db.execute<MentionRow>(sql`
    WITH cand AS MATERIALIZED (
      (SELECT u.id FROM ${users} u
        WHERE ${range} AND lower(u.username) LIKE ${`${escapeLike(term)}%`} AND ${suggestable(viewer)}
        ORDER BY lower(u.username) LIMIT ${limit}::int)
      ${contains}
    )
    SELECT ${columns(sql`false`, sql`false`)}
    FROM cand JOIN ${users} u ON u.id = cand.id
    WHERE ${suggestable(viewer)}
    ORDER BY ${closeness(term)}
    LIMIT ${limit}::int`);
  return [...rows];
}
