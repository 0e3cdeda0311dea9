import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * SEARCH_LANGUAGE into the index (decision 0117): the triggers that write the search vectors read the configuration
 * from the one row of `search_settings` (`agora_search_config()`). At start the server writes the setting there; when
 * it differs from the stored one, every vector is rebuilt in the same transaction (a language change is rare and
 * deliberate: at 2,000,000 posts it takes minutes, and the server starts after it). An unknown name stops the start.
 */
export async function syncSearchLanguage(db: Db, language: string): Promise<{ rebuilt: boolean }> {
  const known = await db.execute<{ one: number }>(sql`SELECT 1 AS one FROM pg_ts_config WHERE cfgname = ${language}::text`);
  if (known.length === 0) throw new Error(`SEARCH_LANGUAGE: PostgreSQL has no text search configuration named "${language}"`);
  const current = await db.execute<{ language: string }>(sql`SELECT language FROM search_settings WHERE id`);
  if (current[0]?.language === language) return { rebuilt: false };
  await db.transaction(async (tx) => {
    const locked = await tx.execute<{ language: string }>(sql`SELECT language FROM search_settings WHERE id FOR UPDATE`);
    if (locked[0]?.language === language) return;
    await tx.execute(sql`INSERT INTO search_settings (id, language, updated_at) VALUES (true, ${language}::text, now())
      ON CONFLICT (id) DO UPDATE SET language = excluded.language, updated_at = now()`);
    const cfg = sql`${language}::regconfig`;
    await tx.execute(sql`UPDATE discussions SET search_vector = agora_post_vector(${cfg}, content)`);
    await tx.execute(sql`UPDATE comments SET search_vector = agora_comment_vector(${cfg}, content)`);
    await tx.execute(sql`UPDATE blogs SET search_vector = agora_titled_vector(${cfg}, title, content)`);
  });
  return { rebuilt: true };
}
