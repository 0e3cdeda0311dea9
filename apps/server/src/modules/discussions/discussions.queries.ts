// Over 400 lines on purpose: the feed, post, comment-page and activity statements share one community-access CTE and
// one row shape (named rows); splitting them would copy those. The comment writes live in modules/comments.
import type { Role } from '@agora/contract';
import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import {
  commentLikes,
  comments,
  discussionLikes,
  discussionMedia,
  discussions,
  groupMembers,
  groups,
  groupSlugs,
  users,
} from '../../db/schema';
import { prepared } from '../../lib/prepared';
import { readableCommunitySql } from '../../policies/community';
import { blockedBySql, blocksAnyoneSql, notBlockedBySql, notBlockedInFeedSql } from '../../policies/block';
import { visibleItemSql } from '../../policies/removal';

/**
 * Drizzle only: every statement of discussions, comments, likes and pins. Services decide; these read and write.
 *
 * Reads are one statement each (after the session lookup): the community named by the path, the viewer's role in
 * it, the access rule of a private community, and the page, which comes back as one JSON value (one row to decode
 * instead of one per post). A private community's posts never leave the database for someone who may not read
 * them: the page is empty unless the statement's own access condition holds.
 */

/** Where a path's `{id}` points: a numeric id or a (lowercased) slug (groups.access.ts `parseGroupRef`). */
export type GroupRef = { id: number } | { slug: string };

const p = (name: string) => sql.placeholder(name);
const refParams = (ref: GroupRef) => ('id' in ref ? { gid: ref.id, gslug: null } : { gid: null, gslug: ref.slug });
const viewer = sql`${p('viewer')}::int`;

/** The community id a path names: the id itself, or the slug looked up in the slug history. */
const refId = sql`coalesce(${p('gid')}::int, (SELECT ${groupSlugs.groupId} FROM ${groupSlugs} WHERE ${groupSlugs.slug} = ${p('gslug')}::text))`;

/** Rows by an author the viewer blocked are left out of every feed and comment page (issue 15 §6). */
const unblockedPost = notBlockedInFeedSql(viewer, sql`d.user_id`);
const unblockedComment = notBlockedBySql(viewer, sql`c.user_id`);

/** ISO 8601 in UTC with milliseconds, as the API answers dates. */
const iso = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * CTEs `target` (the community, the viewer's role) and `allowed` (its id, only when the viewer may read it: public,
 * or a member, or the owner — the community policy's read rule, policies/community.ts `readableCommunitySql`).
 */
const TARGET = sql`target AS (
    SELECT g.id, g.is_private, g.owner_id, v.role AS viewer_role
    FROM ${groups} g LEFT JOIN ${groupMembers} v ON v.group_id = g.id AND v.user_id = ${viewer}
    WHERE g.id = ${refId}
  ),
  allowed AS (SELECT id FROM target WHERE ${readableCommunitySql({ isPrivate: sql`is_private`, ownerId: sql`owner_id` }, sql`viewer_role`, viewer)})`;

/** What the statements answer about the community named by the path (null: no community has that id or slug). */
export type GroupAccess = { groupId: number; isPrivate: boolean; ownerId: number; viewerRole: Role | null };

const accessColumns = {
  groupId: sql<number>`r.id`,
  isPrivate: sql<boolean>`r.is_private`,
  ownerId: sql<number>`r.owner_id`,
  viewerRole: sql<Role | null>`r.viewer_role`,
};

function accessOf(row: { groupId: number; isPrivate: boolean; ownerId: number; viewerRole: Role | null } | undefined): GroupAccess | null {
  return row ? { groupId: row.groupId, isPrivate: row.isPrivate, ownerId: row.ownerId, viewerRole: row.viewerRole } : null;
}

// ---------------------------------------------------------------------------------------------------------------
// Posts as the API shows them

/** A post as the statements return it: one JSON object per post (see `discussionJson`), named as here. */
export type DiscussionRow = {
  id: number;
  groupId: number;
  slug: string;
  groupName: string;
  groupDp: string | null;
  groupVerified: boolean;
  ownerId: number;
  userId: number;
  username: string;
  profileImage: string | null;
  /** The author's role in the community (null: not a member). */
  authorRole: Role | null;
  content: string;
  datePosted: string;
  dateEdited: string | null;
  isPinned: boolean;
  commentCount: number;
  likeCount: number;
  liked: boolean;
  /** The gallery images (not the inline ones), in their order; null when there are none. */
  media: { id: number; url: string; alt: string }[] | null;
  viewerRole: Role | null;
  /** Removed by the staff (issue 15 §3): when and why; null while visible. */
  removedAt: string | null;
  removedReason: string | null;
  /** created_at as PostgreSQL text (microseconds), for keyset cursors. */
  cursorTs: string;
};

/**
 * The removal rule (policies/removal.ts `visibleItemSql`) for the post `alias`: not removed, or the viewer wrote it
 * or is staff of its community. Every list and read of posts applies it, so a removed post never leaves the database
 * for anyone else (decision 0111).
 */
const visiblePost = (alias: string) =>
  visibleItemSql(
    { removedAt: sql.raw(`${alias}.removed_at`), authorId: sql.raw(`${alias}.user_id`), groupId: sql.raw(`${alias}.group_id`) },
    viewer,
  );

/**
 * json_agg of the posts whose ids the CTE `page` lists, in `order` (over `d`): the community, the author and their
 * role in it, the viewer's like and role there, the gallery images. Each lookup is an index probe.
 *
 * `OFFSET 0` keeps the LATERAL a per-row lookup: these statements are prepared, and PostgreSQL's generic plan cannot
 * see that `LIMIT $n` is small (it assumes 10% of the rows), so without the fence it planned merge joins over every
 * post and community (1 s instead of 1 ms at 200,000 posts; docs/perf/discussions.md).
 */
const discussionJson = (order: SQL, source: SQL = sql`page`) => sql`(
  SELECT json_agg(json_build_object(
    'id', d.id, 'groupId', d.group_id, 'slug', d.slug, 'groupName', d.group_name, 'groupDp', d.group_dp,
    'groupVerified', d.group_verified, 'ownerId', d.owner_id,
    'userId', d.user_id, 'username', d.username, 'profileImage', d.profile_image,
    'authorRole', (SELECT am.role FROM ${groupMembers} am WHERE am.group_id = d.group_id AND am.user_id = d.user_id),
    'content', d.content, 'datePosted', ${iso(sql`d.created_at`)}, 'dateEdited', ${iso(sql`d.edited_at`)},
    'isPinned', d.is_pinned, 'commentCount', d.comment_count, 'likeCount', d.like_count,
    'liked', EXISTS (SELECT 1 FROM ${discussionLikes} l WHERE l.discussion_id = d.id AND l.user_id = ${viewer}),
    'media', (SELECT json_agg(json_build_object('id', m.id, 'url', m.media_url, 'alt', m.alt_text) ORDER BY m.position, m.id)
      FROM ${discussionMedia} m WHERE m.discussion_id = d.id AND NOT m.inline),
    'viewerRole', (SELECT vm.role FROM ${groupMembers} vm WHERE vm.group_id = d.group_id AND vm.user_id = ${viewer}),
    'removedAt', ${iso(sql`d.removed_at`)}, 'removedReason', d.removed_reason,
    'cursorTs', d.created_at::text
  ) ORDER BY ${order})
  FROM ${source} pg CROSS JOIN LATERAL (
    SELECT d.*, g.slug, g.group_name, g.group_dp, g.group_verified, g.owner_id, u.username, u.profile_image
    FROM ${discussions} d JOIN ${groups} g ON g.id = d.group_id JOIN ${users} u ON u.id = d.user_id
    WHERE d.id = pg.id OFFSET 0) d
)`;

// The indexes are DESC NULLS LAST (drizzle-kit's DESC), so the ORDER BY says so too or the index cannot serve it.
const NEWEST = sql`d.created_at DESC NULLS LAST, d.id DESC NULLS LAST`;
const PINNED_NEWEST = sql`d.is_pinned DESC NULLS LAST, d.created_at DESC NULLS LAST, d.id DESC NULLS LAST`;
const limit = sql`${p('limit')}::int`;
const pageLimit = limit;
const beforeTs = sql`(d.created_at, d.id) < (${p('cTs')}::timestamptz, ${p('cId')}::int)`;

export type TimeCursor = { ts: string; id: number };
export type PinnedCursor = TimeCursor & { pinned: boolean };
export type DiscussionsPage = { access: GroupAccess | null; items: DiscussionRow[] };

const cursorParams = (cursor: TimeCursor | null) => (cursor ? { cTs: cursor.ts, cId: cursor.id } : {});

// ---------------------------------------------------------------------------------------------------------------
// A community's feed: pinned first, then newest (discussions_group_feed_idx)

/** The community feed's statement, unprepared (also EXPLAINed by seed/feed-timing-cli.ts). */
export function groupFeedQuery(db: Db, withCursor: boolean) {
  const after = withCursor
    ? sql`AND (d.is_pinned, d.created_at, d.id) < (${p('cPinned')}::boolean, ${p('cTs')}::timestamptz, ${p('cId')}::int)`
    : sql``;
  return db.select({ ...accessColumns, items: sql<DiscussionRow[] | null>`r.items` }).from(
    sql`(WITH ${TARGET},
        page AS (SELECT d.id FROM ${discussions} d WHERE d.group_id = (SELECT id FROM allowed) AND ${unblockedPost} AND ${visiblePost('d')} ${after}
          ORDER BY ${PINNED_NEWEST} LIMIT ${limit})
        SELECT t.id, t.is_private, t.owner_id, t.viewer_role, ${discussionJson(PINNED_NEWEST)} AS items FROM target t) r`,
  );
}

const groupFeedFirst = prepared('discussions_group_feed', (db, name) => groupFeedQuery(db, false).prepare(name));
const groupFeedNext = prepared('discussions_group_feed_next', (db, name) => groupFeedQuery(db, true).prepare(name));

/** One page of a community's feed; empty unless the viewer may read the community. */
export async function findGroupFeed(
  db: Db,
  ref: GroupRef,
  viewerId: number,
  opts: { cursor: PinnedCursor | null; limit: number },
): Promise<DiscussionsPage> {
  const statement = opts.cursor ? groupFeedNext(db) : groupFeedFirst(db);
  const rows = await statement.execute({
    ...refParams(ref),
    viewer: viewerId,
    limit: opts.limit,
    ...(opts.cursor ? { cPinned: opts.cursor.pinned, ...cursorParams(opts.cursor) } : {}),
  });
  return { access: accessOf(rows[0]), items: rows[0]?.items ?? [] };
}

// ---------------------------------------------------------------------------------------------------------------
// One post

const discussionOne = prepared('discussions_one', (db, name) =>
  db
    .select({ ...accessColumns, items: sql<DiscussionRow[] | null>`r.items` })
    .from(
      sql`(WITH ${TARGET},
        page AS (SELECT d.id FROM ${discussions} d WHERE d.id = ${p('did')}::int AND d.group_id = (SELECT id FROM allowed) AND ${visiblePost('d')})
        SELECT t.id, t.is_private, t.owner_id, t.viewer_role, ${discussionJson(NEWEST)} AS items FROM target t) r`,
    )
    .prepare(name),
);

/** The post with that id in the community the path names, if the viewer may read the community. */
export async function findDiscussion(db: Db, ref: GroupRef, discussionId: number, viewerId: number): Promise<DiscussionsPage> {
  const rows = await discussionOne(db).execute({ ...refParams(ref), viewer: viewerId, did: discussionId });
  return { access: accessOf(rows[0]), items: rows[0]?.items ?? [] };
}

// ---------------------------------------------------------------------------------------------------------------
// The home feed: posts of the communities the viewer joined or owns (the owner has a member row), newest first

/**
 * Up to this many communities, the home feed takes each community's newest posts (one short range scan of
 * discussions_group_recent_idx per community, LATERAL) and merges them: the cost grows with the communities, not
 * with the posts. Beyond it, it walks every post newest first (discussions_recent_idx) and keeps the viewer's: the
 * cost is the page size divided by the viewer's share of all posts, which is high for someone in many communities.
 * Measured in docs/perf/discussions.md (both plans, p50 at 200,000 and 2,000,000 posts).
 */
export const HOME_FEED_FEW_GROUPS = 50;

/**
 * The home feed's statement, unprepared (also EXPLAINed by seed/feed-timing-cli.ts). With `rows`, the page size is
 * written into the statement instead of being a parameter: a generic plan takes `LIMIT $n` for 10% of the rows,
 * which made its estimate dearer than the custom plans', so PostgreSQL planned the statement again on every
 * execution (0 generic plans in `pg_prepared_statements`; 0.5–0.8 ms each: docs/perf/reads.md).
 */
export function homeFeedQuery(db: Db, withCursor: boolean, rows?: number) {
  const after = withCursor ? sql`AND ${beforeTs}` : sql``;
  if (rows !== undefined && !(Number.isInteger(rows) && rows >= 1 && rows <= 1000)) throw new Error(`home feed: bad page size ${rows}`);
  const limit = rows === undefined ? pageLimit : sql.raw(String(rows));
  return db.select({ items: sql<DiscussionRow[] | null>`r.items` }).from(
    sql`(WITH my AS MATERIALIZED (SELECT m.group_id FROM ${groupMembers} m WHERE m.user_id = ${viewer}),
        few AS (SELECT count(*) <= ${HOME_FEED_FEW_GROUPS} AS yes FROM my),
        page AS (
          (SELECT x.id, x.created_at FROM my CROSS JOIN LATERAL (
              SELECT d.id, d.created_at FROM ${discussions} d WHERE d.group_id = my.group_id AND ${unblockedPost} AND ${visiblePost('d')} ${after}
              ORDER BY ${NEWEST} LIMIT ${limit}) x
            WHERE (SELECT yes FROM few)
            ORDER BY x.created_at DESC NULLS LAST, x.id DESC NULLS LAST LIMIT ${limit})
          UNION ALL
          (SELECT d.id, d.created_at FROM ${discussions} d
            WHERE NOT (SELECT yes FROM few)
              -- A scalar subquery, not EXISTS: EXISTS becomes a join, and the generic plan (which guesses a
              -- couple of memberships) then starts from the memberships and sorts all their posts (70 ms).
              AND (SELECT m.user_id FROM ${groupMembers} m WHERE m.group_id = d.group_id AND m.user_id = ${viewer}) IS NOT NULL
              AND ${unblockedPost} AND ${visiblePost('d')} ${after}
            ORDER BY ${NEWEST} LIMIT ${limit})
        )
        SELECT ${discussionJson(NEWEST)} AS items) r`,
  );
}

/** One prepared statement per page size (the API allows 1 to PAGE_SIZE_MAX, plus the look-ahead row). */
const homeFeedStatements = new Map<string, (db: Db) => ReturnType<ReturnType<typeof homeFeedQuery>['prepare']>>();
function homeFeedStatement(db: Db, withCursor: boolean, rows: number) {
  const key = `${withCursor ? 'next' : 'first'}_${rows}`;
  let statement = homeFeedStatements.get(key);
  if (!statement) {
    statement = prepared(`discussions_home_feed_${key}`, (d, name) => homeFeedQuery(d, withCursor, rows).prepare(name));
    homeFeedStatements.set(key, statement);
  }
  return statement(db);
}

export async function findHomeFeed(db: Db, viewerId: number, opts: { cursor: TimeCursor | null; limit: number }): Promise<DiscussionRow[]> {
  const statement = homeFeedStatement(db, opts.cursor !== null, opts.limit);
  const rows = await statement.execute({ viewer: viewerId, ...cursorParams(opts.cursor) });
  return rows[0]?.items ?? [];
}

// ---------------------------------------------------------------------------------------------------------------
// Explore: public communities' posts, newest first (partial index discussions_public_recent_idx)

/** Explore's statement, unprepared (also EXPLAINed by seed/feed-timing-cli.ts). */
export function exploreFeedQuery(db: Db, withCursor: boolean) {
  const after = withCursor ? sql`AND ${beforeTs}` : sql``;
  return db.select({ items: sql<DiscussionRow[] | null>`r.items` }).from(
    // group_is_public selects the index; the subquery re-checks the community itself, so a post whose copy of
    // the privacy is stale (a privacy change racing a new post) is left out rather than shown. A scalar subquery,
    // not a join: the prepared statement's generic plan would hash-join every public post and sort (150 ms).
    sql`(WITH page AS (SELECT d.id FROM ${discussions} d
          WHERE d.group_is_public AND NOT (SELECT g.is_private FROM ${groups} g WHERE g.id = d.group_id) AND ${unblockedPost} AND ${visiblePost('d')} ${after}
          ORDER BY ${NEWEST} LIMIT ${limit})
        SELECT ${discussionJson(NEWEST)} AS items) r`,
  );
}

const exploreFirst = prepared('discussions_explore_feed', (db, name) => exploreFeedQuery(db, false).prepare(name));
const exploreNext = prepared('discussions_explore_feed_next', (db, name) => exploreFeedQuery(db, true).prepare(name));

export async function findExploreFeed(
  db: Db,
  viewerId: number,
  opts: { cursor: TimeCursor | null; limit: number },
): Promise<DiscussionRow[]> {
  const statement = opts.cursor ? exploreNext(db) : exploreFirst(db);
  const rows = await statement.execute({ viewer: viewerId, limit: opts.limit, ...cursorParams(opts.cursor) });
  return rows[0]?.items ?? [];
}

// ---------------------------------------------------------------------------------------------------------------
// Cards by id (search, issue 16): the feed's post shape for posts another statement found, in the order given

/** `{1,2,3}`: an int[] parameter (a JS array in a drizzle template would become a list of parameters). */
const intArray = (ids: number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;
const idsInOrder = (ids: number[]) => sql`(SELECT x.id, x.ord FROM unnest(${intArray(ids)}::int[]) WITH ORDINALITY AS x(id, ord))`;

/** The posts with these ids as the feeds show them (no access check: the caller's statement made it), in order. */
export async function findDiscussionCards(db: Db, ids: number[], viewerId: number): Promise<DiscussionRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ items: sql<DiscussionRow[] | null>`r.items` })
    .from(sql`(SELECT ${discussionJson(sql`pg.ord`, idsInOrder(ids))} AS items) r`)
    .execute({ viewer: viewerId });
  return rows[0]?.items ?? [];
}

// ---------------------------------------------------------------------------------------------------------------
// Comments and replies

/** A comment as the statements return it: one JSON object per comment (see `commentJson`), named as here. */
export type CommentRow = {
  id: number;
  discussionId: number;
  parentId: number | null;
  content: string;
  datePosted: string;
  userId: number;
  username: string;
  profileImage: string | null;
  liked: boolean;
  likeCount: number;
  replyCount: number;
  /** The author's role in the post's community (null: not a member), for the removal policy. */
  authorRole: Role | null;
  removedAt: string | null;
  removedReason: string | null;
  editedAt: string | null;
  /** Deleted while it had replies: kept as "[deleted]" (issue 15 §1). */
  deleted: boolean;
  /** Removed, and the viewer may not see it: listed only as "[removed]" over its replies (decision 0117). */
  removedHidden?: boolean;
  /** created_at as PostgreSQL text (microseconds), for keyset cursors. */
  cursorTs: string;
};

/** The removal rule for the comment `c` of a post in community `groupId` (see `visiblePost`). */
const visibleComment = (groupId: SQL) => visibleItemSql({ removedAt: sql`c.removed_at`, authorId: sql`c.user_id`, groupId }, viewer);

/**
 * A comment `c` the panel lists: visible, or a removed top-level comment with a reply the viewer may read, which
 * stays in place as "[removed]" so its replies read on (decision 0117, as Lemmy does; the mapper blanks it).
 */
const listedComment = (groupId: SQL) => sql`(${visibleComment(groupId)} OR (c.parent_id IS NULL AND EXISTS (SELECT 1 FROM ${comments} rc
  WHERE rc.parent_id = c.id AND ${visibleItemSql({ removedAt: sql`rc.removed_at`, authorId: sql`rc.user_id`, groupId }, viewer)})))`;

const commentJson = (order: SQL, source: SQL = sql`page`) => sql`(
  SELECT json_agg(json_build_object(
    'id', c.id, 'discussionId', c.discussion_id, 'parentId', c.parent_id, 'content', c.content,
    'datePosted', ${iso(sql`c.created_at`)}, 'userId', c.user_id, 'username', c.username, 'profileImage', c.profile_image,
    'liked', EXISTS (SELECT 1 FROM ${commentLikes} l WHERE l.comment_id = c.id AND l.user_id = ${viewer}),
    'likeCount', c.like_count, 'replyCount', c.reply_count, 'editedAt', ${iso(sql`c.edited_at`)},
    'deleted', c.deleted_at IS NOT NULL,
    'authorRole', (SELECT am.role FROM ${groupMembers} am WHERE am.group_id = c.group_id AND am.user_id = c.user_id),
    'removedAt', ${iso(sql`c.removed_at`)}, 'removedReason', c.removed_reason, 'cursorTs', c.created_at::text,
    'removedHidden', NOT ${visibleComment(sql`c.group_id`)}
  ) ORDER BY ${order})
  FROM ${source} pg CROSS JOIN LATERAL (
    SELECT c.*, u.username, u.profile_image, cd.group_id FROM ${comments} c JOIN ${users} u ON u.id = c.user_id
      JOIN ${discussions} cd ON cd.id = c.discussion_id WHERE c.id = pg.id OFFSET 0) c
)`;

// comments_discussion_parent_idx and comments_parent_idx are ascending: newest first is their backward scan.
const COMMENTS_NEWEST = sql`c.created_at DESC, c.id DESC`;
const OLDEST = sql`c.created_at, c.id`;
// A post's top-level comments, in the same order with parent_id (null in every one) in front: `parent_id IS NULL`
// pins no sort key for the planner, so without it the page read every top-level comment of the post and sorted
// them; with it comments_discussion_parent_idx gives the order and the scan stops after the page (docs/perf/moderation.md).
const TOP_OLDEST = sql`c.parent_id, ${OLDEST}`;
const TOP_NEWEST = sql`c.parent_id DESC, ${COMMENTS_NEWEST}`;

export type CommentsPage = {
  access: GroupAccess | null;
  discussionFound: boolean;
  parentFound: boolean;
  items: CommentRow[];
  /** The thread's comments by authors the viewer blocked, left out of `items` (issue 15 §6). */
  hiddenCount: number;
};

function buildComments(db: Db, name: string, replies: boolean, withCursor: boolean, oldest = replies) {
  const disc = sql`disc AS (SELECT d.id FROM ${discussions} d WHERE d.id = ${p('did')}::int AND d.group_id = (SELECT id FROM allowed) AND ${visiblePost('d')})`;
  const visible = visibleComment(sql`(SELECT id FROM allowed)`);
  const listed = listedComment(sql`(SELECT id FROM allowed)`);
  const page = replies
    ? sql`parent AS (SELECT c.id FROM ${comments} c WHERE c.id = ${p('cid')}::int AND c.discussion_id = (SELECT id FROM disc) AND ${listed}),
        page AS (SELECT c.id FROM ${comments} c WHERE c.parent_id = (SELECT id FROM parent) AND ${visible} AND ${unblockedComment}
          ${withCursor ? sql`AND (c.created_at, c.id) > (${p('cTs')}::timestamptz, ${p('cId')}::int)` : sql``}
          ORDER BY ${OLDEST} LIMIT ${limit})`
    : sql`page AS (SELECT c.id FROM ${comments} c WHERE c.discussion_id = (SELECT id FROM disc) AND c.parent_id IS NULL AND ${listed} AND ${unblockedComment}
          ${withCursor ? (oldest ? sql`AND (c.created_at, c.id) > (${p('cTs')}::timestamptz, ${p('cId')}::int)` : sql`AND (c.created_at, c.id) < (${p('cTs')}::timestamptz, ${p('cId')}::int)`) : sql``}
          ORDER BY ${oldest ? TOP_OLDEST : TOP_NEWEST} LIMIT ${limit})`;
  // The whole thread's comments by people the viewer blocked (not only this page's): the panel says how many. It
  // reads the whole thread, so only for a viewer who blocked someone (PostgreSQL runs a CASE branch's subquery only
  // when it is taken).
  const hiddenThread = replies
    ? sql`c.parent_id = (SELECT id FROM parent)`
    : sql`c.discussion_id = (SELECT id FROM disc) AND c.parent_id IS NULL`;
  return db
    .select({
      ...accessColumns,
      discussionFound: sql<boolean>`r.discussion_found`,
      parentFound: sql<boolean>`r.parent_found`,
      items: sql<CommentRow[] | null>`r.items`,
      hiddenCount: sql<number>`r.hidden_count`,
    })
    .from(
      sql`(WITH ${TARGET}, ${disc}, ${page}
        SELECT t.id, t.is_private, t.owner_id, t.viewer_role,
          EXISTS (SELECT 1 FROM ${discussions} d WHERE d.id = ${p('did')}::int AND d.group_id = t.id AND ${visiblePost('d')}) AS discussion_found,
          ${replies ? sql`EXISTS (SELECT 1 FROM parent)` : sql`true`} AS parent_found,
          CASE WHEN ${blocksAnyoneSql(viewer)}
            THEN (SELECT count(*)::int FROM ${comments} c WHERE ${hiddenThread} AND ${blockedBySql(viewer, sql`c.user_id`)})
            ELSE 0 END AS hidden_count,
          ${commentJson(oldest ? OLDEST : COMMENTS_NEWEST)} AS items
        FROM target t) r`,
    )
    .prepare(name);
}

const commentStatements = {
  first: prepared('discussions_comments', (db, name) => buildComments(db, name, false, false)),
  next: prepared('discussions_comments_next', (db, name) => buildComments(db, name, false, true)),
  oldestFirst: prepared('discussions_comments_oldest', (db, name) => buildComments(db, name, false, false, true)),
  oldestNext: prepared('discussions_comments_oldest_next', (db, name) => buildComments(db, name, false, true, true)),
  repliesFirst: prepared('discussions_replies', (db, name) => buildComments(db, name, true, false)),
  repliesNext: prepared('discussions_replies_next', (db, name) => buildComments(db, name, true, true)),
};

/**
 * One page of a post's top-level comments (newest first, or oldest first with `oldest`), or of one comment's
 * replies (always oldest first) when `commentId` is given; empty unless the viewer may read the community.
 */
export async function findComments(
  db: Db,
  ref: GroupRef,
  viewerId: number,
  opts: { discussionId: number; commentId: number | null; cursor: TimeCursor | null; limit: number; oldest?: boolean },
): Promise<CommentsPage> {
  const s = commentStatements;
  const statement =
    opts.commentId !== null
      ? opts.cursor
        ? s.repliesNext
        : s.repliesFirst
      : opts.oldest
        ? opts.cursor
          ? s.oldestNext
          : s.oldestFirst
        : opts.cursor
          ? s.next
          : s.first;
  const rows = await statement(db).execute({
    ...refParams(ref),
    viewer: viewerId,
    did: opts.discussionId,
    limit: opts.limit,
    ...(opts.commentId === null ? {} : { cid: opts.commentId }),
    ...cursorParams(opts.cursor),
  });
  const row = rows[0];
  return {
    access: accessOf(row),
    discussionFound: row?.discussionFound ?? false,
    parentFound: row?.parentFound ?? false,
    items: row?.items ?? [],
    hiddenCount: row?.hiddenCount ?? 0,
  };
}

/** A comment card with its community (search hits link to it and need the viewer's role there). */
export type CommentCardRow = CommentRow & { groupId: number; slug: string; groupName: string; ownerId: number; viewerRole: Role | null };

/** The comments with these ids as comment pages show them, with their community (no access check), in order. */
export async function findCommentCards(db: Db, ids: number[], viewerId: number): Promise<CommentCardRow[]> {
  if (ids.length === 0) return [];
  type Community = { id: number; groupId: number; slug: string; groupName: string; ownerId: number; viewerRole: Role | null };
  const rows = await db
    .select({ items: sql<CommentRow[] | null>`r.items`, groups: sql<Community[] | null>`r.groups` })
    .from(
      sql`(SELECT ${commentJson(sql`pg.ord`, idsInOrder(ids))} AS items,
        (SELECT json_agg(json_build_object('id', c.id, 'groupId', g.id, 'slug', g.slug, 'groupName', g.group_name, 'ownerId', g.owner_id,
            'viewerRole', (SELECT vm.role FROM ${groupMembers} vm WHERE vm.group_id = g.id AND vm.user_id = ${viewer})))
          FROM ${comments} c JOIN ${discussions} d ON d.id = c.discussion_id JOIN ${groups} g ON g.id = d.group_id
          WHERE c.id = ANY(${intArray(ids)}::int[])) AS groups) r`,
    )
    .execute({ viewer: viewerId });
  const byId = new Map((rows[0]?.groups ?? []).map((g) => [g.id, g]));
  return (rows[0]?.items ?? []).flatMap((c) => {
    const g = byId.get(c.id);
    return g ? [{ ...c, groupId: g.groupId, slug: g.slug, groupName: g.groupName, ownerId: g.ownerId, viewerRole: g.viewerRole }] : [];
  });
}

// ---------------------------------------------------------------------------------------------------------------
// A person's activity: their posts and comments, newest first, in the communities the viewer may read

/** One entry of a person's activity: kind 1 a post, 0 a comment; `discussionId` the post (itself for a post). */
export type ActivityRow = { kind: 0 | 1; id: number; discussionId: number; cursorTs: string };
export type ActivityCursor = { ts: string; kind: 0 | 1; id: number };
export type ActivityPage = {
  userFound: boolean;
  items: ActivityRow[];
  discussions: DiscussionRow[];
  comments: CommentRow[];
};

/**
 * The viewer may read the community of post `d` (policies/community.ts `readableCommunitySql`): public, or the viewer
 * is its owner or a member. Checked per row against the community itself, so a private community's posts and
 * comments never leave the database for anyone else.
 */
const READABLE = sql`EXISTS (SELECT 1 FROM ${groups} g WHERE g.id = d.group_id AND ${readableCommunitySql(
  { isPrivate: sql`g.is_private`, ownerId: sql`g.owner_id` },
  sql`(SELECT rm.role FROM ${groupMembers} rm WHERE rm.group_id = g.id AND rm.user_id = ${viewer})`,
  viewer,
)})`;
// Newest first; at the same instant a post before a comment, then the higher id (the cursor's order).
const ACTIVITY_ORDER = sql`a.created_at DESC, a.kind DESC, a.id DESC`;

function buildActivity(db: Db, name: string, withCursor: boolean) {
  const after = (kind: 0 | 1, alias: 'd' | 'c') =>
    withCursor
      ? sql`AND (${sql.raw(alias)}.created_at, ${sql.raw(String(kind))}, ${sql.raw(alias)}.id) < (${p('cTs')}::timestamptz, ${p('cKind')}::int, ${p('cId')}::int)`
      : sql``;
  return db
    .select({
      userFound: sql<boolean>`r.user_found`,
      items: sql<ActivityRow[] | null>`r.items`,
      discussions: sql<DiscussionRow[] | null>`r.discussions`,
      comments: sql<CommentRow[] | null>`r.comments`,
    })
    .from(
      sql`(WITH acts AS (
          SELECT * FROM (
            (SELECT 1 AS kind, d.id, d.id AS did, d.created_at FROM ${discussions} d
              WHERE d.user_id = ${p('author')}::int AND ${READABLE} AND ${visiblePost('d')} ${after(1, 'd')}
              ORDER BY d.created_at DESC, d.id DESC LIMIT ${limit})
            UNION ALL
            (SELECT 0 AS kind, c.id, c.discussion_id AS did, c.created_at FROM ${comments} c JOIN ${discussions} d ON d.id = c.discussion_id
              WHERE c.user_id = ${p('author')}::int AND c.deleted_at IS NULL AND ${READABLE} AND ${visiblePost('d')} AND ${visibleComment(sql`d.group_id`)} ${after(0, 'c')}
              ORDER BY c.created_at DESC, c.id DESC LIMIT ${limit})
          ) a ORDER BY ${ACTIVITY_ORDER} LIMIT ${limit}
        ),
        dpage AS (SELECT DISTINCT did AS id FROM acts),
        cpage AS (SELECT id FROM acts WHERE kind = 0)
        SELECT EXISTS (SELECT 1 FROM ${users} u WHERE u.id = ${p('author')}::int) AS user_found,
          (SELECT json_agg(json_build_object('kind', a.kind, 'id', a.id, 'discussionId', a.did, 'cursorTs', a.created_at::text) ORDER BY ${ACTIVITY_ORDER}) FROM acts a) AS items,
          ${discussionJson(NEWEST, sql`dpage`)} AS discussions,
          ${commentJson(COMMENTS_NEWEST, sql`cpage`)} AS comments) r`,
    )
    .prepare(name);
}

const activityFirst = prepared('discussions_activity', (db, name) => buildActivity(db, name, false));
const activityNext = prepared('discussions_activity_next', (db, name) => buildActivity(db, name, true));

/** One page of what `authorId` wrote that `viewerId` may read, with the posts and comments it names. */
export async function findActivity(
  db: Db,
  authorId: number,
  viewerId: number,
  opts: { cursor: ActivityCursor | null; limit: number },
): Promise<ActivityPage> {
  const statement = opts.cursor ? activityNext(db) : activityFirst(db);
  const rows = await statement.execute({
    author: authorId,
    viewer: viewerId,
    limit: opts.limit,
    ...(opts.cursor ? { cTs: opts.cursor.ts, cKind: opts.cursor.kind, cId: opts.cursor.id } : {}),
  });
  const row = rows[0];
  return {
    userFound: row?.userFound ?? false,
    items: row?.items ?? [],
    discussions: row?.discussions ?? [],
    comments: row?.comments ?? [],
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The target of a write: the community, the viewer's role, the post (if it is in that community)

export type WriteTarget = GroupAccess & {
  discussionId: number | null;
  authorId: number | null;
  likeCount: number;
  liked: boolean;
  /** The post is removed (issue 15 §3), and whether the viewer may still see it (its author, the staff). */
  removed: boolean;
  removedVisible: boolean;
};

const writeTarget = prepared('discussions_write_target', (db, name) =>
  db
    .select({
      groupId: sql<number>`g.id`,
      isPrivate: sql<boolean>`g.is_private`,
      ownerId: sql<number>`g.owner_id`,
      viewerRole: sql<Role | null>`v.role`,
      discussionId: sql<number | null>`d.id`,
      authorId: sql<number | null>`d.user_id`,
      likeCount: sql<number>`coalesce(d.like_count, 0)`,
      liked: sql<boolean>`EXISTS (SELECT 1 FROM ${discussionLikes} l WHERE l.discussion_id = d.id AND l.user_id = ${viewer})`,
      removed: sql<boolean>`d.removed_at IS NOT NULL`,
      removedVisible: sql<boolean>`coalesce(${visiblePost('d')}, true)`,
    })
    .from(sql`${groups} g`)
    .leftJoin(sql`${groupMembers} v`, sql`v.group_id = g.id AND v.user_id = ${viewer}`)
    .leftJoin(sql`${discussions} d`, sql`d.id = ${p('did')}::int AND d.group_id = g.id`)
    .where(sql`g.id = ${refId}`)
    .prepare(name),
);

/**
 * The community the path names with the viewer's role, and the post when it belongs to that community (a post of
 * another community is reported absent); null when no community has that id or slug. Also the like state.
 */
export async function findWriteTarget(db: Db, ref: GroupRef, discussionId: number, viewerId: number): Promise<WriteTarget | null> {
  const rows = await writeTarget(db).execute({ ...refParams(ref), viewer: viewerId, did: discussionId });
  return rows[0] ?? null;
}

// ---------------------------------------------------------------------------------------------------------------
// Writing posts

/**
 * Inserts a post with the community's privacy copied from the group row (see the schema); returns its id and the
 * copy written.
 */
export async function insertDiscussion(
  tx: DbOrTx,
  values: { groupId: number; userId: number; content: string },
): Promise<{ id: number; groupIsPublic: boolean } | null> {
  const rows = (await tx.execute(sql`
    INSERT INTO ${discussions} (group_id, user_id, content, group_is_public)
    SELECT g.id, ${values.userId}::int, ${values.content}::text, NOT g.is_private FROM ${groups} g WHERE g.id = ${values.groupId}::int
    RETURNING id, group_is_public AS "groupIsPublic"`)) as unknown as { id: number; groupIsPublic: boolean }[];
  return rows[0] ?? null;
}

export async function setDiscussionPublic(tx: DbOrTx, discussionId: number, isPublic: boolean): Promise<void> {
  await tx.update(discussions).set({ groupIsPublic: isPublic }).where(eq(discussions.id, discussionId));
}

export type MediaRow = { url: string; inline: boolean; alt?: string };

/** Records a post's images in the order given, numbered from `firstPosition` (after the ones it already has). */
export async function insertMedia(tx: DbOrTx, discussionId: number, media: MediaRow[], firstPosition = 0): Promise<void> {
  if (media.length === 0) return;
  await tx
    .insert(discussionMedia)
    .values(media.map((m, i) => ({ discussionId, mediaUrl: m.url, position: firstPosition + i, inline: m.inline, altText: m.alt ?? '' })));
}

export async function mediaOf(tx: DbOrTx, discussionId: number): Promise<(MediaRow & { id: number; alt: string })[]> {
  return tx
    .select({ id: discussionMedia.id, url: discussionMedia.mediaUrl, inline: discussionMedia.inline, alt: discussionMedia.altText })
    .from(discussionMedia)
    .where(eq(discussionMedia.discussionId, discussionId))
    .orderBy(discussionMedia.position, discussionMedia.id);
}

/** Sets the descriptions (alt text) of media rows by id, each row of this post only. */
export async function setMediaAlts(tx: DbOrTx, discussionId: number, alts: { id: number; alt: string }[]): Promise<void> {
  for (const { id, alt } of alts) {
    await tx
      .update(discussionMedia)
      .set({ altText: alt })
      .where(and(eq(discussionMedia.discussionId, discussionId), eq(discussionMedia.id, id)));
  }
}

export async function deleteInlineMedia(tx: DbOrTx, discussionId: number, urls: string[]): Promise<void> {
  if (urls.length === 0) return;
  await tx
    .delete(discussionMedia)
    .where(and(eq(discussionMedia.discussionId, discussionId), eq(discussionMedia.inline, true), inArray(discussionMedia.mediaUrl, urls)));
}

/** Of these paths, those another post still uses (an author may show one upload in two posts). */
export async function pathsUsedElsewhere(tx: DbOrTx, paths: string[], exceptDiscussionId: number): Promise<Set<string>> {
  if (paths.length === 0) return new Set();
  const rows = await tx
    .selectDistinct({ url: discussionMedia.mediaUrl })
    .from(discussionMedia)
    .where(and(inArray(discussionMedia.mediaUrl, paths), ne(discussionMedia.discussionId, exceptDiscussionId)));
  return new Set(rows.map((r) => r.url));
}

/** The post's author and text, the row locked for the rest of the transaction (an edit). */
export async function lockDiscussion(tx: DbOrTx, discussionId: number): Promise<{ userId: number; content: string } | null> {
  const rows = await tx
    .select({ userId: discussions.userId, content: discussions.content })
    .from(discussions)
    .where(eq(discussions.id, discussionId))
    .for('update');
  return rows[0] ?? null;
}

export async function updateDiscussionContent(tx: DbOrTx, discussionId: number, content: string): Promise<void> {
  await tx
    .update(discussions)
    .set({ content, editedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(discussions.id, discussionId));
}

/**
 * Locks the community's row before a post is deleted: deleting takes the group row first and the post second,
 * the order a privacy change takes (group row, then its posts' copy of the privacy), so the two cannot deadlock.
 */
export async function lockGroupRow(tx: DbOrTx, groupId: number): Promise<boolean> {
  const rows = await tx.execute(sql`SELECT id FROM ${groups} WHERE id = ${groupId} FOR NO KEY UPDATE`);
  return rows.length > 0;
}

/** Deletes the post (its comments, likes, media rows and notifications go by cascade); true if it was there. */
export async function deleteDiscussionRow(tx: DbOrTx, discussionId: number, groupId: number): Promise<boolean> {
  const rows = await tx
    .delete(discussions)
    .where(and(eq(discussions.id, discussionId), eq(discussions.groupId, groupId)))
    .returning({ id: discussions.id });
  return rows.length > 0;
}

export async function setPinned(db: DbOrTx, discussionId: number, pinned: boolean): Promise<boolean | null> {
  const rows = await db
    .update(discussions)
    .set({ isPinned: pinned, pinnedAt: pinned ? sql`coalesce(${discussions.pinnedAt}, now())` : null })
    .where(eq(discussions.id, discussionId))
    .returning({ isPinned: discussions.isPinned });
  return rows[0]?.isPinned ?? null;
}

// ---------------------------------------------------------------------------------------------------------------
// Likes: the row is the truth, the counter moves by the rows actually inserted or deleted

export async function insertDiscussionLike(tx: DbOrTx, discussionId: number, userId: number): Promise<boolean> {
  const rows = await tx
    .insert(discussionLikes)
    .values({ discussionId, userId })
    .onConflictDoNothing()
    .returning({ id: discussionLikes.discussionId });
  return rows.length > 0;
}

export async function deleteDiscussionLike(tx: DbOrTx, discussionId: number, userId: number): Promise<boolean> {
  const rows = await tx
    .delete(discussionLikes)
    .where(and(eq(discussionLikes.discussionId, discussionId), eq(discussionLikes.userId, userId)))
    .returning({ id: discussionLikes.discussionId });
  return rows.length > 0;
}

/** Moves like_count by `delta` (0 reads it); returns the count and the post's author, or null if the post is gone. */
export async function moveDiscussionLikes(
  tx: DbOrTx,
  discussionId: number,
  delta: number,
): Promise<{ likeCount: number; authorId: number } | null> {
  const rows =
    delta === 0
      ? await tx
          .select({ likeCount: discussions.likeCount, authorId: discussions.userId })
          .from(discussions)
          .where(eq(discussions.id, discussionId))
      : await tx
          .update(discussions)
          .set({ likeCount: sql`${discussions.likeCount} + ${delta}` })
          .where(eq(discussions.id, discussionId))
          .returning({ likeCount: discussions.likeCount, authorId: discussions.userId });
  return rows[0] ?? null;
}
