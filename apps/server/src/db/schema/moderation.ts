import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { ModAction, ModTargetType } from '@agora/contract';
import { blogs } from './blogs';
import { comments, discussions } from './discussions';
import { groups } from './groups';
import { notificationTypeEnum } from './social';
import { users } from './users';

/**
 * Bans from a community (issue 15 §4): one row per community and person while banned. `expires_at` null: permanent;
 * a row whose end has passed bans nobody (every check compares with now()) and is replaced by the next ban. Unban
 * deletes the row; the moderation log keeps the history.
 */
export const groupBans = pgTable(
  'group_bans',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bannedBy: integer('banned_by').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    // The staff list: newest first (keyset on created_at, user_id).
    index('group_bans_group_created_idx').on(t.groupId, t.createdAt, t.userId),
  ],
);

/**
 * What a community's staff did (issue 15 §5): appended in the same transaction as the action, never updated or
 * deleted by the application (no query does either). The rows go with their community (cascade: a deleted
 * community's content goes, its log with it); a deleted account's rows stay, the actor or target shown as deleted.
 */
export const moderationLog = pgTable(
  'moderation_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: varchar('action', { length: 40 }).$type<ModAction>().notNull(),
    targetType: varchar('target_type', { length: 20 }).$type<ModTargetType>().notNull(),
    targetId: integer('target_id'),
    targetUserId: integer('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    detail: varchar('detail', { length: 200 }),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  // The staff view: a community's rows, newest first (keyset on id).
  (t) => [index('moderation_log_group_idx').on(t.groupId, t.id.desc())],
);

/**
 * Notifications a removal took away from people who may no longer see the item (issue 15 §3, decision 0118):
 * moved here, row for row with the same id, and moved back to `notifications` when nothing they are about is still
 * removed. The same columns and cascades as `notifications`, so deleting the item or the person deletes them too.
 */
export const heldNotifications = pgTable(
  'held_notifications',
  {
    id: integer('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'cascade' }),
    notiType: notificationTypeEnum('noti_type').notNull(),
    notiContent: text('noti_content').notNull(),
    notiLink: varchar('noti_link', { length: 500 }),
    groupId: integer('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    discussionId: integer('discussion_id').references(() => discussions.id, { onDelete: 'cascade' }),
    commentId: integer('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    blogId: integer('blog_id').references(() => blogs.id, { onDelete: 'cascade' }),
    isRead: boolean('is_read').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('held_notifications_discussion_idx').on(t.discussionId),
    index('held_notifications_comment_idx').on(t.commentId),
    index('held_notifications_blog_idx').on(t.blogId),
    index('held_notifications_user_idx').on(t.userId),
  ],
);
