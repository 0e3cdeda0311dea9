import { index, integer, pgEnum, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { SITE_ACTIONS } from '@agora/contract';
import { users } from './users';

export const siteAction = pgEnum('site_action', SITE_ACTIONS);

/**
 * The site log (issue 15 §8): every action of site staff and of the operator's command line, written in the
 * action's own transaction. Append-only: nothing updates or deletes a row (a deleted account's rows keep their
 * ids; the names come from the users table, which keeps deleted accounts as "Deleted user").
 */
export const siteLog = pgTable(
  'site_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The site admin; null for the operator's command line. */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: siteAction('action').notNull(),
    targetUserId: integer('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: varchar('reason', { length: 500 }),
    /** A suspension's end, as decided then. */
    until: timestamp('until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('site_log_created_idx').on(t.createdAt, t.id)],
);
