import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
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
    groupDp: varchar('group_dp', { length: 500 }),
    groupBanner: varchar('group_banner', { length: 500 }),
    // A group outlives nobody: deleting a user who still owns groups is refused until ownership moves.
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    isPrivate: boolean('is_private').notNull().default(false),
    groupVerified: boolean('group_verified').notNull().default(false),
    category: varchar('category', { length: 50 }),
    /** Cached counts; the discussion and membership rows are the truth, kept in step in the same transaction. */
    postCount: integer('post_count').notNull().default(0),
    memberCount: integer('member_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('groups_slug_uq').on(t.slug),
    uniqueIndex('groups_name_lower_uq').on(sql`lower(${t.groupName})`),
    index('groups_owner_idx').on(t.ownerId),
    // Explore lists public communities, most members first.
    index('groups_public_popular_idx')
      .on(t.memberCount.desc(), t.id.desc())
      .where(sql`${t.isPrivate} = false`),
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
    // Member list: by role rank then join date.
    index('group_members_group_role_idx').on(t.groupId, t.role, t.joinedAt),
    // "Groups I joined" and feeds built from them.
    index('group_members_user_idx').on(t.userId, t.joinedAt.desc()),
    uniqueIndex('group_members_one_owner_uq')
      .on(t.groupId)
      .where(sql`${t.role} = 'owner'`),
  ],
);
