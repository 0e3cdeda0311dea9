import { NOTIFICATION_TYPES } from '@agora/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { blogs } from './blogs';
import { comments, discussions } from './discussions';
import { groups } from './groups';
import { users } from './users';

export const friendshipStatusEnum = pgEnum('friendship_status', ['pending', 'accepted']);

/**
 * One row per pair of users, whoever asked first: the unique index on the unordered pair makes a second
 * request in either direction impossible. Rejecting or unfriending deletes the row.
 */
export const friendships = pgTable(
  'friendships',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    requesterId: integer('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addresseeId: integer('addressee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: friendshipStatusEnum('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('friendships_pair_uq').on(
      sql`least(${t.requesterId}, ${t.addresseeId})`,
      sql`greatest(${t.requesterId}, ${t.addresseeId})`,
    ),
    index('friendships_addressee_idx').on(t.addresseeId, t.status),
    index('friendships_requester_idx').on(t.requesterId, t.status),
    check('friendships_not_self', sql`${t.requesterId} <> ${t.addresseeId}`),
  ],
);

/** The SPEC §3 types and those issue 12 added, from the contract (same order: the enum's values are the list). */
export const notificationTypeEnum = pgEnum('notification_type', NOTIFICATION_TYPES);

export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'cascade' }),
    notiType: notificationTypeEnum('noti_type').notNull(),
    notiContent: text('noti_content').notNull().default(''),
    notiLink: varchar('noti_link', { length: 500 }),
    /** For group invites and group-scoped activity: the invite is answered against this group. */
    groupId: integer('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    /**
     * What the notification is about, when it is content: deleting the post, comment or blog deletes the
     * notifications that point at it (the link alone would dangle).
     */
    discussionId: integer('discussion_id').references(() => discussions.id, { onDelete: 'cascade' }),
    commentId: integer('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    blogId: integer('blog_id').references(() => blogs.id, { onDelete: 'cascade' }),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The panel lists newest first; the bell counts unread ones (partial index stays small).
    index('notifications_user_recent_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.isRead} = false`),
    index('notifications_sender_idx').on(t.senderId),
    // The cascades above look notifications up by their object.
    index('notifications_discussion_idx')
      .on(t.discussionId)
      .where(sql`${t.discussionId} IS NOT NULL`),
    index('notifications_comment_idx')
      .on(t.commentId)
      .where(sql`${t.commentId} IS NOT NULL`),
    index('notifications_blog_idx')
      .on(t.blogId)
      .where(sql`${t.blogId} IS NOT NULL`),
    // A community's pending invitations and join-request notices (the Members tab lists, revoke, answers), and
    // the cascade of a deleted community.
    index('notifications_group_type_idx')
      .on(t.groupId, t.notiType, t.createdAt, t.id)
      .where(sql`${t.groupId} IS NOT NULL`),
    check('notifications_not_self', sql`${t.senderId} IS NULL OR ${t.senderId} <> ${t.userId}`),
    // Once per sender and object (decision 0083): liking again after un-liking, a mention kept in an edited text,
    // or joining again after leaving notifies nobody a second time. The writer inserts with ON CONFLICT DO
    // NOTHING, so two racing likes still store one row. Only rows that name their object take part, so a
    // notification written without its object can never swallow another one.
    uniqueIndex('notifications_once_per_object_uq')
      .on(
        t.userId,
        t.senderId,
        t.notiType,
        sql`coalesce(${t.groupId}, 0)`,
        sql`coalesce(${t.discussionId}, 0)`,
        sql`coalesce(${t.commentId}, 0)`,
        sql`coalesce(${t.blogId}, 0)`,
      )
      .where(
        sql`(${t.notiType} IN ('like', 'comment_like', 'mention') AND coalesce(${t.discussionId}, ${t.commentId}, ${t.blogId}) IS NOT NULL) OR (${t.notiType} = 'new_follower' AND ${t.groupId} IS NOT NULL)`,
      ),
  ],
);

/**
 * What a person chose to hear about (issue 14 §6): the notification types turned off, and the email digest. No row
 * means every type on and no digest.
 */
export const notificationSettings = pgTable('notification_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  disabledTypes: notificationTypeEnum('disabled_types')
    .array()
    .notNull()
    .default(sql`'{}'`),
  digest: varchar('digest', { length: 10, enum: ['off', 'daily', 'weekly'] })
    .notNull()
    .default('off'),
  /**
   * When the last digest was mailed (decision 0106): the digest job claims a person by moving it forward in the
   * transaction that enqueues the mail, so a period gets one digest however many runs or nodes there are.
   */
  digestSentAt: timestamp('digest_sent_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Communities a person muted (issue 14 §6): nothing from them notifies that person. */
export const groupMutes = pgTable(
  'group_mutes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.groupId] })],
);

/** Discussions a person muted (issue 14 §6): no comment, like or reply on it notifies that person. */
export const discussionMutes = pgTable(
  'discussion_mutes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    discussionId: integer('discussion_id')
      .notNull()
      .references(() => discussions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.discussionId] })],
);
