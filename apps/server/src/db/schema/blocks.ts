import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Who blocked whom (issue 15 §6). One row per blocker and blocked person; never shown to the blocked person. The
 * primary key (blocker_id, blocked_id) serves every "has the viewer blocked this author?" probe of the feeds and
 * comment pages; blocks_blocked_idx serves the other direction (a notification's or a request's recipient check)
 * and the cascade of a deleted account.
 */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('blocks_blocked_idx').on(t.blockedId),
    index('blocks_blocker_recent_idx').on(t.blockerId, t.createdAt.desc(), t.blockedId.desc()),
    check('blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);
