import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { groups } from './groups';

/**
 * A community's posting rules (issue 15 §7), one row per community that set any; no row means none. Apart from the
 * groups row so the words list (up to 200 × 100 characters) is read only when someone posts.
 */
export const groupPostingRules = pgTable(
  'group_posting_rules',
  {
    groupId: integer('group_id')
      .primaryKey()
      .references(() => groups.id, { onDelete: 'cascade' }),
    /** One new discussion per member per this many minutes; 0 is off. */
    slowModeMinutes: integer('slow_mode_minutes').notNull().default(0),
    /** Accounts younger than this many hours may not post; 0 is none. */
    minAccountAgeHours: integer('min_account_age_hours').notNull().default(0),
    /** Words or phrases refused in discussions, comments and blogs (contract `findBlockedWord`). */
    blockedWords: text('blocked_words')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('group_posting_rules_slow_mode', sql`${t.slowModeMinutes} >= 0`),
    check('group_posting_rules_age', sql`${t.minAccountAgeHours} >= 0`),
  ],
);
export type GroupPostingRulesRow = typeof groupPostingRules.$inferSelect;
