import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { REPORT_ACTIONS, REPORT_REASONS, REPORT_STATUSES, REPORT_TARGETS } from '@agora/contract';
import { groups } from './groups';
import { users } from './users';

export const reportTarget = pgEnum('report_target', REPORT_TARGETS);
export const reportReason = pgEnum('report_reason', REPORT_REASONS);
export const reportStatus = pgEnum('report_status', REPORT_STATUSES);
export const reportAction = pgEnum('report_action', REPORT_ACTIONS);

/**
 * Reports (issue 15 §2): one row per reporter and item, to the item's community. An item's open reports are
 * resolved together, with one action and reason. A deleted item's reports go when its community does; the rows of
 * a deleted account keep its id (the account stays as "Deleted user").
 */
export const reports = pgTable(
  'reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: reportTarget('target_type').notNull(),
    targetId: integer('target_id').notNull(),
    /** The item's author, or the reported person: what a "ban" resolution bans. */
    targetUserId: integer('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: reportReason('reason').notNull(),
    note: varchar('note', { length: 1000 }),
    status: reportStatus('status').notNull().default('open'),
    action: reportAction('action'),
    resolutionReason: varchar('resolution_reason', { length: 500 }),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One open report per reporter and item.
    uniqueIndex('reports_open_uq')
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`${t.status} = 'open'`),
    // The staff queue: a community's reports by status, newest first.
    index('reports_group_status_idx').on(t.groupId, t.status, t.createdAt),
    index('reports_target_idx').on(t.targetType, t.targetId),
  ],
);
