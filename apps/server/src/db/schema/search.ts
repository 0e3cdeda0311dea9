import { sql } from 'drizzle-orm';
import { boolean, check, customType, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Search (issue 16, decision 0117). The `search_vector` columns of discussions, comments and blogs are written by
 * PostgreSQL itself: BEFORE INSERT / UPDATE OF the text triggers (migration `search_triggers`) call
 * `agora_search_config()`, which reads the one row of this table. The server writes the row at start from
 * SEARCH_LANGUAGE and, when it changed, rebuilds every vector (search/search-language.ts).
 */
export const tsvector = customType<{ data: string; driverData: string }>({ dataType: () => 'tsvector' });

export const searchSettings = pgTable(
  'search_settings',
  {
    /** Always true: the table has one row at most. */
    id: boolean('id').primaryKey().default(true),
    /** A text search configuration name (pg_ts_config), e.g. english or simple. */
    language: text('language').notNull().default('english'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('search_settings_one_row', sql`${t.id}`)],
);

/**
 * Chinese, Japanese and Korean characters (kana, CJK ideographs, hangul): text search configurations have no
 * dictionary for them, so such words are found by substring through a trigram index of the rows that hold any. The
 * partial indexes' predicate and the search statements use this exact expression (the planner matches it).
 */
export const CJK_CLASS = '[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]';
export const hasCjkSql = (column: ReturnType<typeof sql>) => sql`${column} ~ ${sql.raw(`'${CJK_CLASS}'`)}`;
