import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { groups } from './groups';
import { hasCjkSql, tsvector } from './search';
import { users } from './users';

export const discussions = pgTable(
  'discussions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    isPinned: boolean('is_pinned').notNull().default(false),
    pinnedAt: timestamp('pinned_at', { withTimezone: true }),
    /**
     * NOT groups.is_private, copied so Explore can read a partial index of public posts only. Written from the
     * locked group row when the post is inserted, and moved for every post of a community by the privacy change's
     * transaction (groups.queries.ts `setGroupDiscussionsPublic`), so it never disagrees with the community.
     */
    groupIsPublic: boolean('group_is_public').notNull().default(true),
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the author last changed the text; null if never. */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /**
     * A removal by the community's staff (issue 15 §3): hidden from everyone but its author and the staff until
     * restored. Null while the item is visible; `removed_by` null too once that account is gone.
     */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedBy: integer('removed_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    removedReason: text('removed_reason'),
    /** Search (issue 16): the first line weighted A, the rest B; written by a trigger (db/schema/search.ts). */
    searchVector: tsvector('search_vector'),
  },
  (t) => [
    // Search: full-text matches (GIN), and substrings of Chinese, Japanese and Korean posts (trigram, those rows only).
    index('discussions_search_idx').using('gin', t.searchVector),
    index('discussions_cjk_trgm_idx')
      .using('gin', sql`${t.content} gin_trgm_ops`)
      .where(hasCjkSql(sql`${t.content}`)),
    // A community's feed: pinned first, then newest first, keyset on (is_pinned, created_at, id).
    index('discussions_group_feed_idx').on(t.groupId, t.isPinned.desc(), t.createdAt.desc(), t.id.desc()),
    // The home feed of someone in few communities: the newest posts of each community (LATERAL top-N), merged.
    index('discussions_group_recent_idx').on(t.groupId, t.createdAt.desc(), t.id.desc()),
    // The home feed of someone in many communities: every post newest first, kept if the viewer is a member.
    index('discussions_recent_idx').on(t.createdAt.desc(), t.id.desc()),
    // Explore: public communities' posts newest first (a private community's posts are not in it at all).
    index('discussions_public_recent_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.groupIsPublic}`),
    index('discussions_user_idx').on(t.userId),
    check('discussions_removal_whole', sql`(${t.removedAt} IS NULL) = (${t.removedReason} IS NULL)`),
    check('discussions_like_count_nonneg', sql`${t.likeCount} >= 0`),
    check('discussions_comment_count_nonneg', sql`${t.commentCount} >= 0`),
  ],
);

export const discussionMedia = pgTable(
  'discussion_media',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    discussionId: integer('discussion_id')
      .notNull()
      .references(() => discussions.id, { onDelete: 'cascade' }),
    mediaUrl: varchar('media_url', { length: 500 }).notNull(),
    position: smallint('position').notNull().default(0),
    /**
     * False: an attached image (`mediaUrls`, shown in the post's gallery). True: an upload the post's text shows
     * inline (a pasted image inserted as a bracketed address); recorded so the file lives as long as the post.
     */
    inline: boolean('inline').notNull().default(false),
    /** The image's description (alt text, issue 18 §4); '' when none was written. At most 1,000 characters (contract). */
    altText: text('alt_text').notNull().default(''),
  },
  (t) => [
    index('discussion_media_discussion_idx').on(t.discussionId, t.position),
    // Is a file still used by another post before it is deleted (an author may show one upload in two posts)?
    index('discussion_media_url_idx').on(t.mediaUrl),
  ],
);

export const comments = pgTable(
  'comments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    discussionId: integer('discussion_id')
      .notNull()
      .references(() => discussions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null for a top-level comment; replies point at their parent and go with it. */
    parentId: integer('parent_id').references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    likeCount: integer('like_count').notNull().default(0),
    replyCount: integer('reply_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * A removal by the community's staff (issue 15 §3): hidden from everyone but its author and the staff until
     * restored. Null while the item is visible; `removed_by` null too once that account is gone.
     */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedBy: integer('removed_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    removedReason: text('removed_reason'),
    /** When the author last changed the text; null if never (issue 15 §1). */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /**
     * Set when its author (or staff) deleted a comment that has replies: the row stays as "[deleted]" so the
     * thread keeps its replies, its text is emptied and its author hidden (decision 0113). A comment without
     * replies is deleted for real; a deleted one goes once its last reply goes.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Search (issue 16): the text, weight B; written by a trigger (db/schema/search.ts). */
    searchVector: tsvector('search_vector'),
  },
  (t) => [
    index('comments_search_idx').using('gin', t.searchVector),
    index('comments_cjk_trgm_idx')
      .using('gin', sql`${t.content} gin_trgm_ops`)
      .where(hasCjkSql(sql`${t.content}`)),
    // Top-level comments of a post in order, and the replies of one comment in order.
    index('comments_discussion_parent_idx').on(t.discussionId, t.parentId, t.createdAt, t.id),
    index('comments_parent_idx').on(t.parentId, t.createdAt, t.id),
    index('comments_user_idx').on(t.userId),
    check('comments_removal_whole', sql`(${t.removedAt} IS NULL) = (${t.removedReason} IS NULL)`),
    check('comments_like_count_nonneg', sql`${t.likeCount} >= 0`),
    check('comments_reply_count_nonneg', sql`${t.replyCount} >= 0`),
    check('comments_not_blank', sql`${t.deletedAt} IS NOT NULL OR length(btrim(${t.content})) > 0`),
    check('comments_not_own_parent', sql`${t.parentId} IS NULL OR ${t.parentId} <> ${t.id}`),
  ],
);

/** One like per user and discussion: the primary key is the guarantee, the counter its cache. */
export const discussionLikes = pgTable(
  'discussion_likes',
  {
    discussionId: integer('discussion_id')
      .notNull()
      .references(() => discussions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.discussionId, t.userId] }), index('discussion_likes_user_idx').on(t.userId)],
);

export const commentLikes = pgTable(
  'comment_likes',
  {
    commentId: integer('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] }), index('comment_likes_user_idx').on(t.userId)],
);
