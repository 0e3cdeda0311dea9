import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { ROLES } from '@agora/contract';
import { users } from './users';

/** The contract's role list is the single source: a role added there reaches the database by a migration. */
export const roleEnum = pgEnum('group_role', ROLES);
export const sectionEnum = pgEnum('group_section_header', ['About Us', 'Rules & Regulations', 'Social Media']);

export const groups = pgTable(
  'groups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: varchar('slug', { length: 80 }).notNull(),
    groupName: varchar('group_name', { length: 50 }).notNull(),
    /**
     * The name's look-alike key (contract `groupNameKey`: NFKC, confusables skeleton, case folded), unique, so
     * "Ｐａｙｐａｌ" or a Cyrillic "Раураl" cannot sit beside "Paypal". Written with every name; rows from before
     * the column are filled by `backfillGroupNameKeys` after the migrations (null only for a legacy look-alike).
     */
    nameKey: text('name_key'),
    groupDp: varchar('group_dp', { length: 500 }),
    groupBanner: varchar('group_banner', { length: 500 }),
    // A group outlives nobody: deleting a user who still owns groups is refused until ownership moves.
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    isPrivate: boolean('is_private').notNull().default(false),
    groupVerified: boolean('group_verified').notNull().default(false),
    category: varchar('category', { length: 50 }),
    /**
     * Cached counts; the discussion and membership rows are the truth, kept in step in the same transaction.
     * member_count is maintained by modules/groups (join, approve, invite, kick, leave); post_count by the
     * discussions feature, which must move it in the transaction that inserts or deletes a discussion.
     */
    postCount: integer('post_count').notNull().default(0),
    memberCount: integer('member_count').notNull().default(0),
    /** Last join, new post or creation: the "recent activity" of suggested communities. */
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Suggested ranking, kept in step with member_count and last_activity_at (groups/group-sql.ts `activityScore`):
     * log10(members) + days of last activity / 7, so ten times the members is worth a week of recency. It only
     * grows with time, so it can be stored and indexed instead of recomputed per request.
     */
    activityScore: doublePrecision('activity_score').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('groups_slug_uq').on(t.slug),
    uniqueIndex('groups_name_lower_uq').on(sql`lower(${t.groupName})`),
    uniqueIndex('groups_name_key_uq').on(t.nameKey),
    index('groups_owner_idx').on(t.ownerId),
    // Explore lists public communities, most members first.
    index('groups_public_popular_idx')
      .on(t.memberCount.desc(), t.id.desc())
      .where(sql`${t.isPrivate} = false`),
    // Suggested communities: public ones by activity score.
    index('groups_public_activity_idx')
      .on(t.activityScore.desc(), t.id.desc())
      .where(sql`${t.isPrivate} = false`),
    // Explore search: case-insensitive substring of the name (pg_trgm; migration 0001 creates the extension).
    // fastupdate off: a search never scans a pending list left by a burst of inserts (GIN merges it only at
    // vacuum); new communities and users are rare enough to update the index at insert time.
    index('groups_name_trgm_idx')
      .using('gin', sql`lower(${t.groupName}) gin_trgm_ops`)
      .with({ fastupdate: false }),
    check('groups_post_count_nonneg', sql`${t.postCount} >= 0`),
    check('groups_member_count_nonneg', sql`${t.memberCount} >= 0`),
    check('groups_name_not_blank', sql`length(btrim(${t.groupName})) > 0`),
  ],
);

/** The three text sections of a community (SPEC §3 "Group section"); one row per header. */
export const groupSections = pgTable(
  'group_sections',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    sectionHeader: sectionEnum('section_header').notNull(),
    sectionDesc: text('section_desc').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('group_sections_group_header_uq').on(t.groupId, t.sectionHeader)],
);

/**
 * Membership with a role. The owner also has a row (role 'owner') so that "joined", feeds and permission
 * checks read one table; groups.owner_id stays the authority and a partial unique index allows one owner row.
 */
export const groupMembers = pgTable(
  'group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: roleEnum('role').notNull().default('member'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    // Member list: by role rank (the enum's order is owner, admin, moderator, member), then join date, then user id;
    // the keyset cursor is exactly this key, so any page of a 100,000-member community is an index range scan.
    index('group_members_group_role_idx').on(t.groupId, t.role, t.joinedAt, t.userId),
    // "Is this person a member, with which role?" (every community read and action) as an index-only lookup. Without
    // it the planner answers that question from group_members_group_role_idx (it also holds user_id) and, planning
    // for an average-sized community, reads the whole community: 12 ms per lookup in a 100,000-member one.
    index('group_members_lookup_idx').on(t.groupId, t.userId, t.role),
    // "Groups I joined" and feeds built from them.
    index('group_members_user_idx').on(t.userId, t.joinedAt.desc()),
    uniqueIndex('group_members_one_owner_uq')
      .on(t.groupId)
      .where(sql`${t.role} = 'owner'`),
  ],
);

/**
 * A community's current slug (groups.slug) and its last GROUP_LIMITS.formerSlugsKept former ones: a rename adds a
 * row and deletes older former ones, so an old link keeps reaching the community for a while. A former slug is
 * freed when another community is created or renamed to exactly that name (the redirect is dropped then); a
 * current slug is never taken.
 */
export const groupSlugs = pgTable(
  'group_slugs',
  {
    slug: varchar('slug', { length: 80 }).primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('group_slugs_group_idx').on(t.groupId)],
);

/** Pending requests to join a private community; approving moves the row into group_members, declining deletes it. */
export const groupJoinRequests = pgTable(
  'group_join_requests',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    // Staff list requests oldest first (keyset on created_at, user_id).
    index('group_join_requests_group_idx').on(t.groupId, t.createdAt, t.userId),
    index('group_join_requests_user_idx').on(t.userId),
  ],
);
