import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

/** What an upload was made for; a later feature adds its kind here (and its rendering in uploads/images.ts). */
export const UPLOAD_KINDS = ['profile', 'banner', 'post', 'groupdp', 'groupbanner', 'blog'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];
export const uploadKindEnum = pgEnum('upload_kind', UPLOAD_KINDS);

/**
 * Every file Agora stored under /uploads, with who uploaded it. A feature that starts using a file claims it
 * (`attached_at` set, only by its uploader) and releases it when it stops (row and file deleted); files never
 * claimed are swept a day after upload. The row is the truth about a file: no row, no use.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The public path, /uploads/<kind>/<random>.<ext>. */
    path: varchar('path', { length: 500 }).notNull(),
    kind: uploadKindEnum('kind').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when a feature starts using the file; null while it is only uploaded. */
    attachedAt: timestamp('attached_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('uploads_path_uq').on(t.path),
    index('uploads_user_idx').on(t.userId),
    // The sweep: unattached uploads, oldest first.
    index('uploads_unattached_idx')
      .on(t.createdAt)
      .where(sql`${t.attachedAt} IS NULL`),
  ],
);
export type UploadRow = typeof uploads.$inferSelect;
