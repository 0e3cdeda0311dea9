import { index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { blogs } from './blogs';
import { comments, discussions } from './discussions';
import { users } from './users';

/**
 * Edit history (issue 15 §1): one row per edit of a post, a comment or a blog, holding the text as it was before
 * that edit, who made the edit and when. The item's current text is its own row; GET …/history puts the two
 * together, newest first. Rows go with their item (cascade); an editor's account going leaves the row (editor null).
 */

export const discussionEdits = pgTable(
  'discussion_edits',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    discussionId: integer('discussion_id')
      .notNull()
      .references(() => discussions.id, { onDelete: 'cascade' }),
    editorId: integer('editor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The text before this edit. */
    content: text('content').notNull(),
    editedAt: timestamp('edited_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('discussion_edits_item_idx').on(t.discussionId, t.id)],
);

export const commentEdits = pgTable(
  'comment_edits',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    commentId: integer('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    editorId: integer('editor_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    editedAt: timestamp('edited_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('comment_edits_item_idx').on(t.commentId, t.id)],
);

export const blogEdits = pgTable(
  'blog_edits',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    blogId: integer('blog_id')
      .notNull()
      .references(() => blogs.id, { onDelete: 'cascade' }),
    editorId: integer('editor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The title and text before this edit. */
    title: varchar('title', { length: 200 }).notNull(),
    content: text('content').notNull(),
    editedAt: timestamp('edited_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('blog_edits_item_idx').on(t.blogId, t.id)],
);
