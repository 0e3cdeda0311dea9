import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { readableCommunitySql } from '../../policies/community';
import { visibleItemSql } from '../../policies/removal';

/**
 * Drizzle only: what link previews, the sitemap and the feeds read. Everything here is read as a visitor (no
 * account, no membership), through the same rules every other read uses: the community policy's read rule
 * (policies/community.ts `readableCommunitySql`) and the removal rule (policies/removal.ts `visibleItemSql`). On top
 * of them, an item whose author's account is deleted is left out of what is advertised outside the app.
 */

/** The visitor: no account (id 0), no membership role. */
const VISITOR = sql`0::int`;
const NO_ROLE = sql`NULL::group_role`;

/** Community `g` is readable by a visitor: public. */
const publicCommunity = (g: string) =>
  readableCommunitySql({ isPrivate: sql.raw(`${g}.is_private`), ownerId: sql.raw(`${g}.owner_id`) }, NO_ROLE, VISITOR);

/** Item `alias` (with `removed_at`, its author column and `group_id`) is visible to a visitor, by a live account. */
const publicItem = (alias: string, authorColumn: string) =>
  sql`${visibleItemSql(
    { removedAt: sql.raw(`${alias}.removed_at`), authorId: sql.raw(`${alias}.${authorColumn}`), groupId: sql.raw(`${alias}.group_id`) },
    VISITOR,
  )} AND EXISTS (SELECT 1 FROM users au WHERE au.id = ${sql.raw(`${alias}.${authorColumn}`)} AND au.deleted_at IS NULL)`;

/** ISO 8601 in UTC, as the API answers dates. */
const iso = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

// ---------------------------------------------------------------------------------------------------------------
// Link previews

export type DiscussionHeadRow = {
  id: number;
  groupId: number;
  content: string;
  publishedAt: string;
  groupName: string;
  groupDp: string | null;
  /** The post's first image: its first attached image, else the first one its text shows. */
  image: string | null;
};

/** A discussion of a public community, visible to a visitor and by a live account, or null. */
export async function findPublicDiscussion(db: Db, groupId: number, discussionId: number): Promise<DiscussionHeadRow | null> {
  const rows = await db.execute<DiscussionHeadRow>(sql`
    SELECT d.id, d.group_id AS "groupId", d.content, ${iso(sql`d.created_at`)} AS "publishedAt",
      g.group_name AS "groupName", g.group_dp AS "groupDp",
      (SELECT m.media_url FROM discussion_media m WHERE m.discussion_id = d.id ORDER BY m.inline, m.position, m.id LIMIT 1) AS image
    FROM discussions d JOIN groups g ON g.id = d.group_id
    WHERE d.id = ${discussionId} AND d.group_id = ${groupId} AND ${publicCommunity('g')} AND ${publicItem('d', 'user_id')}`);
  return rows[0] ?? null;
}

/** Whether a blog is in a public community, visible to a visitor and by a live account (its head is blogs.og.ts's). */
export async function isPublicBlog(db: Db, blogId: number): Promise<boolean> {
  const rows = await db.execute<{ ok: number }>(sql`
    SELECT 1 AS ok FROM blogs b JOIN groups g ON g.id = b.group_id
    WHERE b.id = ${blogId} AND ${publicCommunity('g')} AND ${publicItem('b', 'author_id')}`);
  return rows.length > 0;
}

/** The community's "About Us" text (empty when none). */
export async function findCommunityAbout(db: Db, groupId: number): Promise<string> {
  const rows = await db.execute<{ about: string }>(
    sql`SELECT section_desc AS about FROM group_sections WHERE group_id = ${groupId} AND section_header = 'About Us'`,
  );
  return rows[0]?.about ?? '';
}

// ---------------------------------------------------------------------------------------------------------------
// Sitemap: keyset pages on the id of each kind

export const SITEMAP_KINDS = ['communities', 'discussions', 'blogs'] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];

/** One URL of the sitemap: the web path's parts and the last change. */
export type SitemapRow = { id: number; groupId: number; slug: string; updatedAt: string };

/** The visitor-visible rows of each kind, as `id, group_id, slug, updated_at` (`slug`: the community's). */
const SOURCES: Record<SitemapKind, SQL> = {
  communities: sql`SELECT g.id, g.id AS group_id, g.slug, g.updated_at FROM groups g WHERE ${publicCommunity('g')}`,
  discussions: sql`SELECT d.id, d.group_id, g.slug, d.updated_at FROM discussions d JOIN groups g ON g.id = d.group_id
    WHERE ${publicCommunity('g')} AND ${publicItem('d', 'user_id')}`,
  blogs: sql`SELECT b.id, b.group_id, g.slug, b.updated_at FROM blogs b JOIN groups g ON g.id = b.group_id
    WHERE ${publicCommunity('g')} AND ${publicItem('b', 'author_id')}`,
};

/** Up to `limit` rows of `kind` with an id after `after`, by id. */
export async function sitemapRows(db: Db, kind: SitemapKind, after: number, limit: number): Promise<SitemapRow[]> {
  return db.execute<SitemapRow>(sql`
    SELECT s.id, s.group_id AS "groupId", s.slug, ${iso(sql`s.updated_at`)} AS "updatedAt"
    FROM (${SOURCES[kind]}) s WHERE s.id > ${after} ORDER BY s.id LIMIT ${limit}`);
}

/**
 * How many rows `kind` has, and the id that ends each full page of `pageSize` (the keyset of the next page), for
 * the sitemap index.
 */
export async function sitemapBounds(db: Db, kind: SitemapKind, pageSize: number): Promise<{ total: number; bounds: number[] }> {
  const rows = await db.execute<{ total: number; bounds: number[] }>(sql`
    SELECT count(*)::int AS total, coalesce(array_agg(n.id ORDER BY n.id) FILTER (WHERE n.rn % ${pageSize} = 0), '{}') AS bounds
    FROM (SELECT s.id, row_number() OVER (ORDER BY s.id) AS rn FROM (${SOURCES[kind]}) s) n`);
  const row = rows[0];
  return { total: row?.total ?? 0, bounds: (row?.bounds ?? []).map(Number) };
}

// ---------------------------------------------------------------------------------------------------------------
// Feeds

export type FeedItemRow = { kind: 'discussion' | 'blog'; id: number; title: string | null; content: string; publishedAt: string };

/** A community's newest discussions and blogs together, newest first, visible to a visitor and by live accounts. */
export async function feedItems(db: Db, groupId: number, limit: number): Promise<FeedItemRow[]> {
  return db.execute<FeedItemRow>(sql`
    SELECT f.kind, f.id, f.title, f.content, ${iso(sql`f.created_at`)} AS "publishedAt" FROM (
      (SELECT 'discussion' AS kind, d.id, NULL::text AS title, d.content, d.created_at FROM discussions d
        WHERE d.group_id = ${groupId} AND ${publicItem('d', 'user_id')} ORDER BY d.created_at DESC, d.id DESC LIMIT ${limit})
      UNION ALL
      (SELECT 'blog' AS kind, b.id, b.title::text, b.content, b.created_at FROM blogs b
        WHERE b.group_id = ${groupId} AND ${publicItem('b', 'author_id')} ORDER BY b.created_at DESC, b.id DESC LIMIT ${limit})
    ) f ORDER BY f.created_at DESC, f.id DESC LIMIT ${limit}`);
}
