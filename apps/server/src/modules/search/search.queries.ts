// Over 300 lines on purpose: the five kinds share the match, the privacy conditions and the keyset, written once here.
import { SEARCH_LIMITS, SEARCH_MARK } from '@agora/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { CJK_CLASS, friendships, groupMembers, groups, users } from '../../db/schema';
import { likePattern } from '../../lib/like-search';
import { notBlockedBySql } from '../../policies/block';
import { readableCommunitySql } from '../../policies/community';
import { visibleItemSql } from '../../policies/removal';
import { groupPageJson, type GroupPageEntry } from '../groups/groups.access';

/**
 * Drizzle only: the search statements (issue 16, decision 0120). The service decides what to ask; these read.
 *
 * Posts, comments and blogs in two steps, each one statement:
 *  1. here, the page: the newest `CANDIDATES` matches the viewer may read (an index walk newest first, or the GIN
 *     index for a rare word: the planner picks), ranked by ts_rank_cd, cut at the keyset, with the passage
 *     (ts_headline) of the page's rows only;
 *  2. the service loads that page's cards through the owning modules (discussions.access `findDiscussionCards`,
 *     `findCommentCards`, blogs.service `blogCards`), so a hit is exactly the card the feeds show.
 * Statements are not prepared: the planner sees the query's words (a rare and a common word need different plans).
 */

/**
 * How many matches, newest first, are ranked. Ranking every match of a common word at 2,000,000 posts would read
 * hundreds of thousands of rows, and ts_rank_cd costs up to 0.03 ms a row for a word a post holds many times; past
 * this many, older matches are not found by that query (add a word). Each row's rank is computed once (the CTE).
 */
export const CANDIDATES = 300;

/** What the statements need of a parsed query: the tsquery (text form, from `toTsquery`), CJK substrings, author. */
export type Match = { tsquery: string | null; cjk: string[]; author: string | null };

/** The keyset of a ranked kind: a snapshot of the newest id (new posts never enter a later page), score, likes, id. */
export type RankCursor = { maxId: number; score: string; likes: number; id: number };

export type Hit = { id: number; score: string; likes: number; highlight: string };

type Scope = {
  viewer: number;
  groupId: number | null;
  language: string;
  limit: number;
  cursor: RankCursor | null;
  /** How deep it looks: `FULL_DEPTH`, or `ALL_DEPTH` for `type=all`. */
  depth: Depth;
};

const cfgOf = (language: string) => sql`${language}::regconfig`;

/**
 * websearch_to_tsquery of the words, AND the last word as a prefix; `numnode` 0 when nothing is left (stop words
 * only): the statement then asks nothing of the text. One round trip, so the page's statement gets a constant.
 */
export async function toTsquery(db: Db, language: string, text: string, prefix: string | null): Promise<string | null> {
  const cfg = cfgOf(language);
  const web = sql`websearch_to_tsquery(${cfg}, ${text}::text)`;
  const q = prefix === null ? web : sql`(${web} && to_tsquery(${cfg}, ${`'${prefix}':*`}::text))`;
  const rows = await db.execute<{ q: string; n: number }>(sql`SELECT ${q}::text AS q, numnode(${q}) AS n`);
  const row = rows[0];
  return row && row.n > 0 ? row.q : null;
}

/** SEARCH_MARK characters of stored text never reach a passage as markers (they are taken out first). */
const unmarked = (text: SQL) => sql`translate(${text}, ${SEARCH_MARK.start + SEARCH_MARK.end}, '')`;
const HEADLINE_OPTIONS = `StartSel=${SEARCH_MARK.start}, StopSel=${SEARCH_MARK.end}, MaxWords=30, MinWords=12, ShortWord=2`;
const headline = (language: string, text: SQL, tsquery: string | null) =>
  tsquery === null
    ? sql`left(${unmarked(text)}, 2000)`
    : sql`ts_headline(${cfgOf(language)}, ${unmarked(text)}, ${tsquery}::tsquery, ${HEADLINE_OPTIONS})`;

/** ts_rank_cd with the weights D, C, B, A: a title or first line (A) counts 2.5 times the body (B). */
const score = (vector: SQL, tsquery: string | null) =>
  tsquery === null ? sql`0::numeric` : sql`round(ts_rank_cd('{0.1, 0.2, 0.4, 1.0}', ${vector}, ${tsquery}::tsquery)::numeric, 3)`;

/** The text conditions: the tsquery through the GIN index, each CJK run through the partial trigram index. */
function matchSql(m: Match, vector: SQL, text: SQL): SQL {
  const parts: SQL[] = [];
  if (m.tsquery !== null) parts.push(sql`${vector} @@ ${m.tsquery}::tsquery`);
  if (m.cjk.length > 0) {
    parts.push(sql`${text} ~ ${sql.raw(`'${CJK_CLASS}'`)}`);
    for (const run of m.cjk) parts.push(sql`${text} LIKE ${likePattern(run)}`);
  }
  return parts.length > 0 ? sql.join(parts, sql` AND `) : sql`true`;
}

const authorSql = (m: Match, column: SQL) =>
  m.author === null
    ? sql`true`
    : sql`${column} = (SELECT u.id FROM ${users} u WHERE lower(u.username) = ${m.author}::text AND u.deleted_at IS NULL)`;

/**
 * The community read rule (policies/community.ts `readableCommunitySql`, the one the feeds and a person's activity
 * use), checked per row against the community itself: public, or the viewer is its owner or a member now.
 */
const readableSql = (groupId: SQL, viewer: SQL) =>
  sql`EXISTS (SELECT 1 FROM ${groups} g WHERE g.id = ${groupId} AND ${readableCommunitySql(
    { isPrivate: sql`g.is_private`, ownerId: sql`g.owner_id` },
    sql`(SELECT rm.role FROM ${groupMembers} rm WHERE rm.group_id = g.id AND rm.user_id = ${viewer})`,
    viewer,
  )})`;

/** Neither blocked the other (policies/block.ts `notBlockedBySql`, both ways: nothing by someone who blocked the viewer). */
const unblockedSql = (viewer: SQL, author: SQL) => sql`${notBlockedBySql(viewer, author)} AND ${notBlockedBySql(author, viewer)}`;

const afterSql = (cursor: RankCursor | null) =>
  cursor === null ? sql`true` : sql`(r.score, r.likes, r.id) < (${cursor.score}::numeric, ${cursor.likes}::int, ${cursor.id}::int)`;

/** The newest id of a table now: the snapshot a first page takes (its cursor keeps it). */
async function snapshotOf(db: Db, s: Scope, table: 'discussions' | 'comments' | 'blogs'): Promise<number> {
  if (s.cursor) return s.cursor.maxId;
  // `all` is never paged: every row counts, and the round trip is saved (decision 0124).
  if (!s.depth.paged) return 2_147_483_647;
  return maxIdOf(db, table);
}

async function maxIdOf(db: Db, table: 'discussions' | 'comments' | 'blogs'): Promise<number> {
  const rows = await db.execute<{ id: number | null }>(sql`SELECT max(id) AS id FROM ${sql.identifier(table)}`);
  return rows[0]?.id ?? 0;
}

/**
 * Bounded work whatever the planner guesses (docs/perf/search.md): the candidates are first looked for among the newest
 * `RECENT_WINDOW` rows only (an index walk newest first, which the GIN index cannot replace); when those hold at least
 * `RECENT_ENOUGH` matches they are the candidates. Otherwise the word is rare there and the GIN index finds every match
 * (an order no index gives, so the planner cannot walk the whole table instead). The planner's row estimates for a
 * prefix (`word:*`, every query's last word) or a phrase are guesses: at 2,000,000 posts it walked 3,250,000 comments
 * for a word 25 of them hold (2.7 s), and read all 20,000 posts of a 1% phrase through the GIN index (0.25-0.44 s).
 * Both ways are now at most 20,000 rows walked, or a bitmap of a word rare in the newest rows.
 */
export const RECENT_WINDOW = 20_000;
export const RECENT_ENOUGH = SEARCH_LIMITS.pageDefault + 1;

/** How deep one kind's search looks: the candidates ranked, the newest rows looked at first, and enough there. */
export type Depth = {
  candidates: number;
  window: number;
  enough: number;
  /** Paged (a tab): the first page snapshots the newest id for its cursor. Unpaged (`all`) needs no snapshot. */
  paged: boolean;
};

/** A tab of one kind: the full ranking, paged. */
export const FULL_DEPTH: Depth = { candidates: CANDIDATES, window: RECENT_WINDOW, enough: RECENT_ENOUGH, paged: true };

/**
 * `type=all` shows the first five hits of each kind (the tab shows the full ranking): the newest 100 matches among the
 * newest 5,000 rows are ranked, enough with 6 there (decision 0124; at 2,000,000 posts `all` took p50 21-38 ms in
 * SQL with the full depth, 18-24 ms with this one: docs/perf/search.md).
 */
export const ALL_DEPTH: Depth = { candidates: 100, window: 5_000, enough: SEARCH_LIMITS.perKindInAll + 1, paged: false };

type Candidates = { recent: SQL | null; all: SQL };

/**
 * Ranks the candidates (rows id, likes; `vectorOf` reads the vector of `c.id`: the candidates' sort then carries no
 * vectors), cuts the page after the cursor and writes the passages (`textOf` reads the text of `p.id`).
 * `limit` + 1 rows, so the service knows whether a next page exists. `recent` first (see RECENT_WINDOW): the choice
 * depends only on the candidates, not on the cursor, so every page of a search ranks the same set.
 */
async function rankPage(db: Db, s: Scope, m: Match, candidates: Candidates, vectorOf: SQL, textOf: SQL): Promise<Hit[]> {
  const ranked = async (cand: SQL) => {
    const rows = await db.execute<{ hits: Hit[] | null; n: number }>(sql`
      WITH r AS MATERIALIZED (SELECT c.id, c.likes, ${score(vectorOf, m.tsquery)} AS score FROM (${cand}) c),
      page AS (SELECT r.id, r.likes, r.score FROM r WHERE ${afterSql(s.cursor)} ORDER BY r.score DESC, r.likes DESC, r.id DESC LIMIT ${s.limit + 1}::int)
      SELECT (SELECT json_agg(json_build_object('id', p.id, 'score', p.score::text, 'likes', p.likes,
        'highlight', ${headline(s.language, textOf, m.tsquery)}) ORDER BY p.score DESC, p.likes DESC, p.id DESC) FROM page p) AS hits,
        (SELECT count(*)::int FROM r) AS n`);
    return { hits: rows[0]?.hits ?? [], n: rows[0]?.n ?? 0 };
  };
  if (candidates.recent !== null && m.tsquery !== null) {
    const recent = await ranked(candidates.recent);
    if (recent.n >= s.depth.enough) return recent.hits;
  }
  return (await ranked(candidates.all)).hits;
}

// ---------------------------------------------------------------------------------------------------------------
// Discussions

export async function searchDiscussions(db: Db, s: Scope, m: Match): Promise<{ maxId: number; hits: Hit[] }> {
  const viewer = sql`${s.viewer}::int`;
  const maxId = await snapshotOf(db, s, 'discussions');
  const conditions = sql`${matchSql(m, sql`d.search_vector`, sql`d.content`)}
      ${s.groupId === null ? sql`` : sql`AND d.group_id = ${s.groupId}::int`}
      AND ${authorSql(m, sql`d.user_id`)}
      AND ${readableSql(sql`d.group_id`, viewer)}
      AND ${visibleItemSql({ removedAt: sql`d.removed_at`, authorId: sql`d.user_id`, groupId: sql`d.group_id` }, viewer)}
      AND ${unblockedSql(viewer, sql`d.user_id`)}`;
  const recent = sql`SELECT d.id, d.like_count AS likes FROM (SELECT * FROM discussions w WHERE w.id <= ${maxId}::int
      ${s.groupId === null ? sql`` : sql`AND w.group_id = ${s.groupId}::int`}
      ORDER BY w.created_at DESC NULLS LAST, w.id DESC NULLS LAST LIMIT ${s.depth.window}::int) d
    WHERE ${conditions} ORDER BY d.created_at DESC NULLS LAST, d.id DESC NULLS LAST LIMIT ${s.depth.candidates}::int`;
  const all = sql`SELECT d.id, d.like_count AS likes FROM discussions d WHERE ${conditions} AND d.id <= ${maxId}::int
    ORDER BY d.created_at + interval '0 s' DESC, d.id DESC LIMIT ${s.depth.candidates}::int`;
  const hits = await rankPage(
    db,
    s,
    m,
    { recent, all },
    sql`(SELECT x.search_vector FROM discussions x WHERE x.id = c.id)`,
    sql`(SELECT x.content FROM discussions x WHERE x.id = p.id)`,
  );
  return { maxId, hits };
}

// ---------------------------------------------------------------------------------------------------------------
// Comments (and replies): readable through their post, which must be readable and visible too

export async function searchComments(db: Db, s: Scope, m: Match): Promise<{ maxId: number; hits: Hit[] }> {
  const viewer = sql`${s.viewer}::int`;
  const maxId = await snapshotOf(db, s, 'comments');
  const conditions = sql`${matchSql(m, sql`c.search_vector`, sql`c.content`)} AND c.deleted_at IS NULL
      ${s.groupId === null ? sql`` : sql`AND d.group_id = ${s.groupId}::int`}
      AND ${authorSql(m, sql`c.user_id`)}
      AND ${readableSql(sql`d.group_id`, viewer)}
      AND ${visibleItemSql({ removedAt: sql`d.removed_at`, authorId: sql`d.user_id`, groupId: sql`d.group_id` }, viewer)}
      AND ${visibleItemSql({ removedAt: sql`c.removed_at`, authorId: sql`c.user_id`, groupId: sql`d.group_id` }, viewer)}
      AND ${unblockedSql(viewer, sql`c.user_id`)} AND ${unblockedSql(viewer, sql`d.user_id`)}`;
  // Within one community the newest comments of the whole site are the wrong window: the index finds them.
  const recent =
    s.groupId === null
      ? sql`SELECT c.id, c.like_count AS likes
          FROM (SELECT * FROM comments w WHERE w.id <= ${maxId}::int ORDER BY w.id DESC LIMIT ${s.depth.window}::int) c
          JOIN discussions d ON d.id = c.discussion_id
          WHERE ${conditions} ORDER BY c.id DESC LIMIT ${s.depth.candidates}::int`
      : null;
  const all = sql`SELECT c.id, c.like_count AS likes FROM comments c JOIN discussions d ON d.id = c.discussion_id
    WHERE ${conditions} AND c.id <= ${maxId}::int ORDER BY c.id + 0 DESC LIMIT ${s.depth.candidates}::int`;
  const hits = await rankPage(
    db,
    s,
    m,
    { recent, all },
    sql`(SELECT x.search_vector FROM comments x WHERE x.id = c.id)`,
    sql`(SELECT x.content FROM comments x WHERE x.id = p.id)`,
  );
  return { maxId, hits };
}

// ---------------------------------------------------------------------------------------------------------------
// Blogs

export async function searchBlogs(db: Db, s: Scope, m: Match): Promise<{ maxId: number; hits: Hit[] }> {
  const viewer = sql`${s.viewer}::int`;
  const maxId = await snapshotOf(db, s, 'blogs');
  const candidates = sql`SELECT b.id, b.like_count AS likes FROM blogs b
    WHERE ${matchSql(m, sql`b.search_vector`, sql`(b.title || ' ' || b.content)`)} AND b.id <= ${maxId}::int
      ${s.groupId === null ? sql`` : sql`AND b.group_id = ${s.groupId}::int`}
      AND ${authorSql(m, sql`b.author_id`)}
      AND ${readableSql(sql`b.group_id`, viewer)}
      AND ${visibleItemSql({ removedAt: sql`b.removed_at`, authorId: sql`b.author_id`, groupId: sql`b.group_id` }, viewer)}
      AND (b.author_id IS NULL OR (${unblockedSql(viewer, sql`b.author_id`)}))
    ORDER BY b.id DESC LIMIT ${s.depth.candidates}::int`;
  // Blogs are few (a tenth of a percent of the posts at scale): the planner's choice is bounded by their number.
  const hits = await rankPage(
    db,
    s,
    m,
    { recent: null, all: candidates },
    sql`(SELECT x.search_vector FROM blogs x WHERE x.id = c.id)`,
    sql`(SELECT x.title || E'\n' || x.content FROM blogs x WHERE x.id = p.id)`,
  );
  return { maxId, hits };
}

// ---------------------------------------------------------------------------------------------------------------
// Communities: by name (groups_name_trgm_idx), an exact name first, then a name that starts so, then the rest; then
// most members. Listed: public ones (Explore's rule) and the private ones the viewer belongs to or owns.

export type NameCursor = { cls: number; n: number; id: number };
export type CommunityHitRow = GroupPageEntry & { cls: number };

export async function searchCommunities(
  db: Db,
  s: Omit<Scope, 'cursor' | 'language' | 'depth'> & { cursor: NameCursor | null },
  terms: string[],
): Promise<CommunityHitRow[]> {
  const viewer = sql`${s.viewer}::int`;
  const phrase = terms.join(' ');
  const name = sql`lower(g.group_name)`;
  const cls = sql`CASE WHEN ${name} = ${phrase}::text THEN 0 WHEN ${name} LIKE ${likePattern(phrase).slice(1)}::text THEN 1 ELSE 2 END`;
  const after =
    s.cursor === null
      ? sql`true`
      : sql`(x.cls > ${s.cursor.cls}::int OR (x.cls = ${s.cursor.cls}::int AND (x.member_count, x.id) < (${s.cursor.n}::int, ${s.cursor.id}::int)))`;
  const rows = await db.execute<{ page: GroupPageEntry[] | null; cls: { id: number; cls: number }[] | null }>(sql`
    WITH x AS (SELECT g.*, ${cls} AS cls,
        EXISTS (SELECT 1 FROM ${groupMembers} m WHERE m.group_id = g.id AND m.user_id = ${viewer}) AS is_member
      FROM ${groups} g
      WHERE ${sql.join(
        terms.map((t) => sql`${name} LIKE ${likePattern(t)}::text`),
        sql` AND `,
      )}
        ${s.groupId === null ? sql`` : sql`AND g.id = ${s.groupId}::int`}
        AND ${readableCommunitySql({ isPrivate: sql`g.is_private`, ownerId: sql`g.owner_id` }, sql`(SELECT rm.role FROM ${groupMembers} rm WHERE rm.group_id = g.id AND rm.user_id = ${viewer})`, viewer)}),
    s AS (SELECT * FROM x WHERE ${after} ORDER BY x.cls, x.member_count DESC, x.id DESC LIMIT ${s.limit + 1}::int)
    SELECT ${groupPageJson(sql`s.cls, s.member_count DESC, s.id DESC`)} AS page,
      json_agg(json_build_object('id', s.id, 'cls', s.cls)) AS cls FROM s`);
  const clsOf = new Map((rows[0]?.cls ?? []).map((c) => [c.id, c.cls]));
  return (rows[0]?.page ?? []).map((g) => ({ ...g, cls: clsOf.get(g.id) ?? 2 }));
}

// ---------------------------------------------------------------------------------------------------------------
// People: by username (users_username_trgm_idx) or display name (users_display_name_trgm_idx); a username that
// starts with the words first, then a first or last name that does, then the rest; then mutual friends. Never a
// deleted account, nobody either side blocked.

/** A person's friends (accepted friendships either way), as the friends module reads them. */
const friendIdsOf = (u: SQL) => sql`(
  SELECT f.addressee_id AS id FROM ${friendships} f WHERE f.requester_id = ${u} AND f.status = 'accepted'
  UNION ALL
  SELECT f.requester_id FROM ${friendships} f WHERE f.addressee_id = ${u} AND f.status = 'accepted')`;

export type PersonRow = {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  profileImage: string | null;
  cls: number;
  mutual: number;
};

/** At most this many name matches are ranked by mutual friends (the rest of a very common name is not listed). */
export const PEOPLE_CANDIDATES = 1000;

export async function searchPeople(
  db: Db,
  s: Omit<Scope, 'cursor' | 'language' | 'depth'> & { cursor: NameCursor | null },
  terms: string[],
): Promise<PersonRow[]> {
  const viewer = sql`${s.viewer}::int`;
  const uname = sql`lower(u.username)`;
  const display = sql`lower(u.first_name || ' ' || u.last_name)`;
  const first = terms[0]!;
  const startsWith = likePattern(first).slice(1);
  const cls = sql`CASE WHEN ${uname} LIKE ${likePattern(terms.join('')).slice(1)}::text THEN 0
    WHEN lower(u.first_name) LIKE ${startsWith}::text OR lower(u.last_name) LIKE ${startsWith}::text THEN 1 ELSE 2 END`;
  const after =
    s.cursor === null
      ? sql`true`
      : sql`(c.cls > ${s.cursor.cls}::int OR (c.cls = ${s.cursor.cls}::int AND (c.mutual < ${s.cursor.n}::int OR (c.mutual = ${s.cursor.n}::int AND c.id > ${s.cursor.id}::int))))`;
  const rows = await db.execute<PersonRow>(sql`
    WITH mine AS MATERIALIZED (SELECT id FROM ${friendIdsOf(viewer)} f),
    cand AS MATERIALIZED (
      SELECT u.id, u.username, u.first_name, u.last_name, u.profile_image, ${cls} AS cls FROM ${users} u
      WHERE u.deleted_at IS NULL
        AND ${sql.join(
          terms.map((t) => sql`(${uname} LIKE ${likePattern(t)}::text OR ${display} LIKE ${likePattern(t)}::text)`),
          sql` AND `,
        )}
        AND ${unblockedSql(viewer, sql`u.id`)}
        ${s.groupId === null ? sql`` : sql`AND EXISTS (SELECT 1 FROM ${groupMembers} gm WHERE gm.group_id = ${s.groupId}::int AND gm.user_id = u.id)`}
      ORDER BY cls, u.id LIMIT ${PEOPLE_CANDIDATES}),
    c AS (SELECT cand.*, (SELECT count(*)::int FROM ${friendIdsOf(sql`cand.id`)} x WHERE x.id IN (SELECT id FROM mine)) AS mutual FROM cand)
    SELECT c.id, c.username, c.first_name AS "firstName", c.last_name AS "lastName", c.profile_image AS "profileImage", c.cls, c.mutual
    FROM c WHERE ${after}
    ORDER BY c.cls, c.mutual DESC, c.id LIMIT ${s.limit + 1}::int`);
  return [...rows];
}
