import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, varchar, customType } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: varchar('username', { length: 30 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    firstName: varchar('first_name', { length: 50 }).notNull(),
    lastName: varchar('last_name', { length: 50 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    bio: varchar('bio', { length: 25 }).notNull().default(''),
    about: text('about').notNull().default(''),
    /** A calendar date, not a timestamp: no time zone can move it. */
    birthday: date('birthday', { mode: 'string' }),
    userLink: text('user_link').notNull().default(''),
    profileImage: varchar('profile_image', { length: 500 }),
    bannerImage: varchar('banner_image', { length: 500 }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /**
     * When the account was deleted (issue 14 §8): the row stays so kept posts keep an author, shown as "Deleted
     * user" with the default picture; everything personal is scrubbed.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** When the address was confirmed through its mailed link; null until then (issue 14 §2). */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Site staff (issue 15 §8): set only by the operator's command line, never through the API. */
    siteAdmin: boolean('site_admin').notNull().default(false),
    /**
     * A suspension by site staff (issue 15 §8): while `suspended_at` is set and `suspended_until` is null or in the
     * future, sign-in is refused with the reason and the end, and no session authenticates.
     */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    suspendedReason: varchar('suspended_reason', { length: 500 }),
    suspendedBy: integer('suspended_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The site admins' list of suspended accounts.
    index('users_suspended_idx')
      .on(t.suspendedAt)
      .where(sql`${t.suspendedAt} IS NOT NULL`),
    // Case-insensitive uniqueness: "Alice" and "alice" are the same account name, and the same email.
    // Deleted accounts are all named "Deleted user" (issue 14 §8), so the rule covers live accounts only.
    uniqueIndex('users_username_lower_uq')
      .on(sql`lower(${t.username})`)
      .where(sql`${t.deletedAt} IS NULL`),
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    // Friend suggestions search by username prefix (SPEC §5): text_pattern_ops serves LIKE 'abc%'.
    index('users_username_prefix_idx').using('btree', sql`lower(${t.username}) text_pattern_ops`),
    // Member search in a community: case-insensitive username substring (pg_trgm, see groups.ts).
    index('users_username_trgm_idx')
      .using('gin', sql`lower(${t.username}) gin_trgm_ops`)
      .with({ fastupdate: false }),
    // Search (issue 16): people by display name, a case-insensitive substring of "first last" (pg_trgm).
    index('users_display_name_trgm_idx')
      .using('gin', sql`lower(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`)
      .with({ fastupdate: false }),
    check('users_username_format', sql`${t.deletedAt} IS NOT NULL OR ${t.username} ~ '^[A-Za-z0-9_]{3,30}$'`),
    check('users_birthday_range', sql`${t.birthday} IS NULL OR ${t.birthday} >= DATE '1900-01-01'`),
  ],
);

/** Opaque bearer sessions. Only a SHA-256 of the token is stored; logout deletes the row. */
export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: bytea('token_hash').notNull(),
    userAgent: varchar('user_agent', { length: 300 }),
    ip: varchar('ip', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last request made with it, written at most once a minute (GET /api/auth/sessions shows it). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_uq').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
    index('sessions_expires_idx').on(t.expiresAt),
  ],
);

/** A user row as stored; `toProfile` maps it to the spec's field names. */
export type UserRow = typeof users.$inferSelect;

/** What a mailed single-use token is for. */
export const accountTokenPurpose = pgEnum('account_token_purpose', ['verify_email', 'reset_password', 'change_email', 'digest_off']);

/**
 * Single-use tokens sent by mail (issue 14): only a SHA-256 of the 256-bit token is stored; a use sets `used_at` in
 * the same statement that checks it is unused and unexpired, so two uses at once cannot both succeed.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: accountTokenPurpose('purpose').notNull(),
    tokenHash: bytea('token_hash').notNull(),
    /** change_email: the address the account moves to when the link is opened. */
    newEmail: varchar('new_email', { length: 254 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('account_tokens_hash_uq').on(t.tokenHash), index('account_tokens_user_idx').on(t.userId, t.purpose)],
);
export type AccountTokenRow = typeof accountTokens.$inferSelect;

export const accountExportStatus = pgEnum('account_export_status', ['pending', 'ready', 'failed']);

/** Data exports (issue 14 §7): built by the job queue into DATA_DIR/exports, downloadable by their owner for 7 days. */
export const accountExports = pgTable(
  'account_exports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: accountExportStatus('status').notNull().default('pending'),
    /** The archive's random file name under DATA_DIR/exports, once built. */
    fileName: varchar('file_name', { length: 100 }),
    sizeBytes: integer('size_bytes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [index('account_exports_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Usernames of deleted accounts, held for 30 days (issue 14 §8) so nobody takes over a name people still know
 * (and @mention) at once.
 */
export const releasedUsernames = pgTable('released_usernames', {
  usernameLower: varchar('username_lower', { length: 30 }).primaryKey(),
  availableAt: timestamp('available_at', { withTimezone: true }).notNull(),
});
