import { BLOG_LIMITS, type Role } from '@agora/contract';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { blogLikes, blogs, blogShares, groupMembers, groups, uploads, users } from '../../db/schema';
import { prepared } from '../../lib/prepared';
import { notBlockedBySql } from '../../policies/block';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { visibleItemSql } from '../../policies/removal';

/** Drizzle only: every statement of the blogs feature. Services decide; these read and write. */

/** A blog as the read statements return it: the blog, its community's public fields, its author, the viewer's like. */
export type BlogReadRow = {
  id: number;
  groupId: number;
  slug: string;
  title: string;
  content: string;
  contentTruncated: boolean;
  blogImg: string | null;
  authorId: number | null;
  username: string | null;
  profileImage: string | null;
  /** ISO 8601 in UTC with milliseconds, made by PostgreSQL. */
  publishedAt: string;
  updatedAt: string;
  /** The last edit of the title or text; null if never (issue 15 §1). */
  editedAt: string | null;
  likeCount: number;
  shareCount: number;
  isLiked: boolean;
  groupName: string;
  groupDp: string | null;
  groupVerified: boolean;
  /** Removed by the staff (issue 15 §3): when and why; null while visible. Only its author and the staff get it. */
  removedAt: string | null;
  removedReason: string | null;
};

/** One blog with what the read check needs: the community's privacy and owner, and the viewer's role in it. */
export type BlogDetailRow = BlogReadRow & {
  groupIsPrivate: boolean;
  groupOwnerId: number;
  viewerRole: Role | null;
  authorRole: Role | null;
};

/** A list row also carries its keyset key: created_at as PostgreSQL prints it (microseconds, see lib/cursor.ts). */
export type BlogListRow = BlogReadRow & { cursorTs: string };

const PREVIEW = sql.raw(String(BLOG_LIMITS.previewChars));
const iso = (column: SQL | AnyPgColumn) => sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The select list every read shares. `preview`: lists send the first characters of the content only. */
function readFields(viewer: SQL, preview: boolean) {
  return {
    id: blogs.id,
    groupId: blogs.groupId,
    slug: groups.slug,
    title: blogs.title,
    content: preview ? sql<string>`left(${blogs.content}, ${PREVIEW})` : blogs.content,
    contentTruncated: preview ? sql<boolean>`char_length(${blogs.content}) > ${PREVIEW}` : sql<boolean>`false`,
    blogImg: blogs.blogImg,
    authorId: blogs.authorId,
    username: users.username,
    profileImage: users.profileImage,
    publishedAt: iso(blogs.createdAt),
    updatedAt: iso(blogs.updatedAt),
    editedAt: sql<string | null>`${iso(blogs.editedAt)}`,
    likeCount: blogs.likeCount,
    shareCount: blogs.shareCount,
    isLiked: sql<boolean>`EXISTS (SELECT 1 FROM ${blogLikes} WHERE ${blogLikes.blogId} = ${blogs.id} AND ${blogLikes.userId} = ${viewer})`,
    groupName: groups.groupName,
    groupDp: groups.groupDp,
    groupVerified: groups.groupVerified,
    removedAt: sql<string | null>`${iso(blogs.removedAt)}`,
    removedReason: blogs.removedReason,
  };
}

/** The removal rule (policies/removal.ts): not removed, or the viewer wrote it or is staff of its community. */
const visibleBlog = (viewer: SQL) =>
  visibleItemSql({ removedAt: sql`${blogs.removedAt}`, authorId: sql`${blogs.authorId}`, groupId: sql`${blogs.groupId}` }, viewer);

const placeholder = (name: string) => sql`${sql.placeholder(name)}::int`;

// ---------------------------------------------------------------------------------------------------------------
// Reading

const blogDetail = prepared('blog_detail', (db, name) => {
  const viewer = placeholder('viewer');
  return db
    .select({
      ...readFields(viewer, false),
      groupIsPrivate: groups.isPrivate,
      groupOwnerId: groups.ownerId,
      viewerRole: sql<Role | null>`(SELECT ${groupMembers.role} FROM ${groupMembers}
        WHERE ${groupMembers.groupId} = ${blogs.groupId} AND ${groupMembers.userId} = ${viewer})`,
      authorRole: sql<Role | null>`(SELECT am.role FROM ${groupMembers} am WHERE am.group_id = ${blogs.groupId} AND am.user_id = ${blogs.authorId})`,
    })
    .from(blogs)
    .innerJoin(groups, eq(groups.id, blogs.groupId))
    .leftJoin(users, eq(users.id, blogs.authorId))
    .where(and(eq(blogs.id, placeholder('id')), visibleBlog(viewer)))
    .limit(1)
    .prepare(name);
});

/** GET /groups/blog/{blogId} in one statement: the blog, its community, its author, the viewer's like and role. */
export async function findBlogDetail(db: Db, blogId: number, viewerId: number): Promise<BlogDetailRow | null> {
  const rows = await blogDetail(db).execute({ id: blogId, viewer: viewerId });
  return (rows[0] as BlogDetailRow | undefined) ?? null;
}

function buildGroupPage(db: Db, name: string, withCursor: boolean) {
  const viewer = placeholder('viewer');
  return db
    .select({ ...readFields(viewer, true), cursorTs: sql<string>`${blogs.createdAt}::text` })
    .from(blogs)
    .innerJoin(groups, eq(groups.id, blogs.groupId))
    .leftJoin(users, eq(users.id, blogs.authorId))
    .where(
      and(
        eq(blogs.groupId, placeholder('group')),
        notBlockedBySql(viewer, sql`${blogs.authorId}`),
        visibleBlog(viewer),
        withCursor ? sql`(${blogs.createdAt}, ${blogs.id}) < (${sql.placeholder('cTs')}::timestamptz, ${placeholder('cId')})` : undefined,
      ),
    )
    .orderBy(sql`${blogs.createdAt} DESC`, sql`${blogs.id} DESC`)
    .limit(sql.placeholder('limit'))
    .prepare(name);
}

const groupPageStatements = {
  first: prepared('blogs_group_page', (db, name) => buildGroupPage(db, name, false)),
  cursor: prepared('blogs_group_page_cursor', (db, name) => buildGroupPage(db, name, true)),
};

export type BlogCursor = { ts: string; id: number };

/** A community's blogs, newest first (blogs_group_recent_idx), `limit` rows after the cursor. */
export async function findGroupBlogsPage(
  db: Db,
  groupId: number,
  viewerId: number,
  opts: { cursor: BlogCursor | null; limit: number },
): Promise<BlogListRow[]> {
  const statement = (opts.cursor ? groupPageStatements.cursor : groupPageStatements.first)(db);
  return statement.execute({
    group: groupId,
    viewer: viewerId,
    limit: opts.limit,
    ...(opts.cursor ? { cTs: opts.cursor.ts, cId: opts.cursor.id } : {}),
  });
}

/**
 * The home strip: blogs of every community the viewer belongs to (the owner has a member row), newest first. Each
 * community contributes at most `limit` ids through its own index range (blogs_group_recent_idx, a LATERAL
 * subquery), the few candidates are merged and cut to `limit`, and only those rows are read in full: the cost follows
 * the number of communities joined, never the number of blogs they hold.
 */
function buildJoinedPage(db: Db, name: string, withCursor: boolean) {
  const viewer = placeholder('viewer');
  const limit = sql`${sql.placeholder('limit')}::int`;
  const after = withCursor ? sql`AND (b.created_at, b.id) < (${sql.placeholder('cTs')}::timestamptz, ${placeholder('cId')})` : sql``;
  const ids = sql`SELECT lb.id FROM ${groupMembers} m
    CROSS JOIN LATERAL (SELECT b.id, b.created_at FROM ${blogs} b WHERE b.group_id = m.group_id
      AND ${visibleItemSql({ removedAt: sql`b.removed_at`, authorId: sql`b.author_id`, groupId: sql`b.group_id` }, viewer)} AND ${notBlockedBySql(viewer, sql`b.author_id`)} ${after}
      ORDER BY b.created_at DESC, b.id DESC LIMIT ${limit}) lb
    WHERE m.user_id = ${viewer}
    ORDER BY lb.created_at DESC, lb.id DESC LIMIT ${limit}`;
  return db
    .select({ ...readFields(viewer, true), cursorTs: sql<string>`${blogs.createdAt}::text` })
    .from(blogs)
    .innerJoin(groups, eq(groups.id, blogs.groupId))
    .leftJoin(users, eq(users.id, blogs.authorId))
    .where(sql`${blogs.id} IN (${ids})`)
    .orderBy(sql`${blogs.createdAt} DESC`, sql`${blogs.id} DESC`)
    .prepare(name);
}

const joinedPageStatements = {
  first: prepared('blogs_joined_page', (db, name) => buildJoinedPage(db, name, false)),
  cursor: prepared('blogs_joined_page_cursor', (db, name) => buildJoinedPage(db, name, true)),
};

export async function findJoinedBlogsPage(
  db: Db,
  viewerId: number,
  opts: { cursor: BlogCursor | null; limit: number },
): Promise<BlogListRow[]> {
  const statement = (opts.cursor ? joinedPageStatements.cursor : joinedPageStatements.first)(db);
  return statement.execute({ viewer: viewerId, limit: opts.limit, ...(opts.cursor ? { cTs: opts.cursor.ts, cId: opts.cursor.id } : {}) });
}

/** The blogs with these ids as lists show them (preview length; no access check: search's statement made it). */
export async function findBlogCards(db: Db, ids: number[], viewerId: number): Promise<BlogReadRow[]> {
  if (ids.length === 0) return [];
  const viewer = sql`${viewerId}::int`;
  return db
    .select(readFields(viewer, true))
    .from(blogs)
    .innerJoin(groups, eq(groups.id, blogs.groupId))
    .leftJoin(users, eq(users.id, blogs.authorId))
    .where(inArray(blogs.id, ids));
}

// ---------------------------------------------------------------------------------------------------------------
// Writing a blog

export type LockedBlog = {
  id: number;
  groupId: number;
  authorId: number | null;
  title: string;
  content: string;
  blogImg: string | null;
  groupOwnerId: number;
  groupIsPrivate: boolean;
  groupSlug: string;
  /** The acting user's current role in the blog's community (null: not a member). */
  actorRole: Role | null;
};

/**
 * The blog locked for the rest of the transaction (edit, delete), with its community's owner and the actor's role
 * read in the same statement, so the permission is checked against the state the change is made on.
 */
export async function lockBlog(tx: DbOrTx, blogId: number, actorId: number): Promise<LockedBlog | null> {
  const rows = await tx
    .select({
      id: blogs.id,
      groupId: blogs.groupId,
      authorId: blogs.authorId,
      title: blogs.title,
      content: blogs.content,
      blogImg: blogs.blogImg,
      groupOwnerId: groups.ownerId,
      groupIsPrivate: groups.isPrivate,
      groupSlug: groups.slug,
      actorRole: sql<Role | null>`(SELECT ${groupMembers.role} FROM ${groupMembers}
        WHERE ${groupMembers.groupId} = ${blogs.groupId} AND ${groupMembers.userId} = ${actorId}::int)`,
    })
    .from(blogs)
    .innerJoin(groups, eq(groups.id, blogs.groupId))
    .where(eq(blogs.id, blogId))
    .for('update', { of: blogs });
  return rows[0] ?? null;
}

export async function insertBlog(
  tx: DbOrTx,
  values: { groupId: number; authorId: number; title: string; content: string; blogImg: string | null },
): Promise<number> {
  const [row] = await tx.insert(blogs).values(values).returning({ id: blogs.id });
  return row!.id;
}

/** `edited`: the title or text changed (edited_at moves; a new header image alone is no edit of the words). */
export async function updateBlog(
  tx: DbOrTx,
  blogId: number,
  changes: { title: string; content: string; blogImg: string | null },
  edited: boolean,
): Promise<void> {
  await tx
    .update(blogs)
    .set({ ...changes, updatedAt: sql`now()`, ...(edited ? { editedAt: sql`now()` } : {}) })
    .where(eq(blogs.id, blogId));
}

/** Deletes the blog; its likes, shares and notifications go with it (ON DELETE CASCADE). */
export async function deleteBlogRow(tx: DbOrTx, blogId: number): Promise<boolean> {
  const rows = await tx.delete(blogs).where(eq(blogs.id, blogId)).returning({ id: blogs.id });
  return rows.length > 0;
}

/**
 * Of these content image paths, the ones no other blog of theirs shows and that one of `uploaderIds` (the blog's author, the
 * editor) uploaded as post images: the files an edited or deleted blog may release. Anyone else's upload stays.
 */
export async function releasableContentPaths(
  tx: DbOrTx,
  paths: string[],
  uploaderIds: (number | null)[],
  exceptBlogId: number,
): Promise<string[]> {
  const ids = uploaderIds.filter((id): id is number => id !== null);
  if (paths.length === 0 || ids.length === 0) return [];
  const rows = await tx
    .select({ path: uploads.path })
    .from(uploads)
    .where(
      and(
        inArray(uploads.path, paths),
        inArray(uploads.userId, ids),
        eq(uploads.kind, 'post'),
        // Another blog of the same people that shows it (blogs_author_idx; others rarely copy an upload's address).
        sql`NOT EXISTS (SELECT 1 FROM ${blogs} WHERE ${inArray(blogs.authorId, ids)} AND ${blogs.id} <> ${exceptBlogId}::int
          AND strpos(${blogs.content}, ${uploads.path}) > 0)`,
      ),
    );
  return rows.map((r) => r.path);
}

// ---------------------------------------------------------------------------------------------------------------
// Likes and shares: rows first, then the counter, by the number of rows changed (docs/DATA-MODEL.md)

/** The blog if it belongs to the community: id, author, title (what a like's notification needs). */
export async function findBlogInGroup(
  db: DbOrTx,
  blogId: number,
  groupId: number,
): Promise<{ id: number; authorId: number | null; title: string; removed: boolean } | null> {
  const rows = await db
    .select({ id: blogs.id, authorId: blogs.authorId, title: blogs.title, removed: sql<boolean>`${blogs.removedAt} IS NOT NULL` })
    .from(blogs)
    .where(and(eq(blogs.id, blogId), eq(blogs.groupId, groupId)));
  return rows[0] ?? null;
}

export async function hasLiked(db: DbOrTx, blogId: number, userId: number): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(blogLikes)
    .where(and(eq(blogLikes.blogId, blogId), eq(blogLikes.userId, userId)));
  return rows.length > 0;
}

/** Serialises one person's like toggles on one blog for the rest of the transaction. */
export async function lockLikeToggle(tx: DbOrTx, blogId: number, userId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`blog-like:${blogId}:${userId}`}))`);
}

/** Inserts the like unless it exists; true when this call added it. */
export async function insertLike(tx: DbOrTx, blogId: number, userId: number): Promise<boolean> {
  const rows = await tx.insert(blogLikes).values({ blogId, userId }).onConflictDoNothing().returning({ blogId: blogLikes.blogId });
  return rows.length > 0;
}

/** Deletes the like; true when this call removed it. */
export async function deleteLike(tx: DbOrTx, blogId: number, userId: number): Promise<boolean> {
  const rows = await tx
    .delete(blogLikes)
    .where(and(eq(blogLikes.blogId, blogId), eq(blogLikes.userId, userId)))
    .returning({ blogId: blogLikes.blogId });
  return rows.length > 0;
}

/** Moves like_count by the rows changed (CHECK keeps it ≥ 0) and returns the new count. */
export async function moveLikeCount(tx: DbOrTx, blogId: number, delta: number): Promise<number> {
  const [row] = await tx
    .update(blogs)
    .set({ likeCount: sql`${blogs.likeCount} + ${delta}` })
    .where(eq(blogs.id, blogId))
    .returning({ likeCount: blogs.likeCount });
  return row!.likeCount;
}

export async function likeCountOf(db: DbOrTx, blogId: number): Promise<number> {
  const rows = await db.select({ likeCount: blogs.likeCount }).from(blogs).where(eq(blogs.id, blogId));
  return rows[0]?.likeCount ?? 0;
}

/** Records one share and counts it; returns the new share_count. */
export async function insertShare(tx: DbOrTx, blogId: number, userId: number): Promise<number> {
  await tx.insert(blogShares).values({ blogId, userId });
  const [row] = await tx
    .update(blogs)
    .set({ shareCount: sql`${blogs.shareCount} + 1` })
    .where(eq(blogs.id, blogId))
    .returning({ shareCount: blogs.shareCount });
  return row!.shareCount;
}
