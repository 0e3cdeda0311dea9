import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, integer, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { groups } from './groups';
import { hasCjkSql, tsvector } from './search';
import { users } from './users';

export const blogs = pgTable(
  'blogs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    /** Null once the author's account is gone: the page then shows "Unknown Author" (SPEC §2). */
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    title: varchar('title', { length: 200 }).notNull(),
    content: text('content').notNull(),
    /** The header image (/uploads/blog/…), recorded in `uploads` as the author's attached upload; null: none. */
    blogImg: varchar('blog_img', { length: 500 }),
    likeCount: integer('like_count').notNull().default(0),
    shareCount: integer('share_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * A removal by the community's staff (issue 15 §3): hidden from everyone but its author and the staff until
     * restored. Null while the item is visible; `removed_by` null too once that account is gone.
     */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedBy: integer('removed_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    removedReason: text('removed_reason'),
    /** When the blog was last edited; null if never (issue 15 §1). */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /** Search (issue 16): the title weighted A, the text B; written by a trigger (db/schema/search.ts). */
    searchVector: tsvector('search_vector'),
  },
  (t) => [
    index('blogs_search_idx').using('gin', t.searchVector),
    index('blogs_cjk_trgm_idx')
      .using('gin', sql`(${t.title} || ' ' || ${t.content}) gin_trgm_ops`)
      .where(hasCjkSql(sql`(${t.title} || ' ' || ${t.content})`)),
    // A community's blogs newest first (keyset on created_at, id); the home strip reads it once per joined community.
    index('blogs_group_recent_idx').on(t.groupId, t.createdAt.desc(), t.id.desc()),
    index('blogs_author_idx').on(t.authorId),
    check('blogs_removal_whole', sql`(${t.removedAt} IS NULL) = (${t.removedReason} IS NULL)`),
    check('blogs_like_count_nonneg', sql`${t.likeCount} >= 0`),
    check('blogs_share_count_nonneg', sql`${t.shareCount} >= 0`),
    check('blogs_title_not_blank', sql`length(btrim(${t.title})) > 0`),
    check('blogs_content_not_blank', sql`length(btrim(${t.content})) > 0`),
    check('blogs_content_max', sql`char_length(${t.content}) <= 100000`),
  ],
);

export const blogLikes = pgTable(
  'blog_likes',
  {
    blogId: integer('blog_id')
      .notNull()
      .references(() => blogs.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blogId, t.userId] }), index('blog_likes_user_idx').on(t.userId)],
);

/**
 * Each share is recorded (who, when); blogs.share_count caches their number. Sharing needs a signed-in user (the
 * count is rate-limited per user); `user_id` becomes null when that account is deleted, and the share still counts.
 */
export const blogShares = pgTable(
  'blog_shares',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    blogId: integer('blog_id')
      .notNull()
      .references(() => blogs.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('blog_shares_blog_idx').on(t.blogId)],
);
