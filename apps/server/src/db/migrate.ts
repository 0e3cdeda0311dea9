import { groupNameKey } from '@agora/contract';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import type { Db } from './client';

/**
 * Applies the committed, generated migrations in order, then the data fills that need the contract's rules (SQL
 * cannot compute them); safe to run on every start.
 */
export async function runMigrations(db: Db, migrationsFolder: string): Promise<void> {
  await migrate(db, { migrationsFolder });
  await backfillGroupNameKeys(db);
}

const BATCH = 1000;

/**
 * Fills groups.name_key (the look-alike key, contract `groupNameKey`) for rows written before the column existed,
 * oldest community first. When two older communities already share a key (a look-alike pair from before the
 * check), the older one takes it and the later one keeps a null key: both stay as they are, and no new community
 * can take the key. Returns how many rows were filled and how many were left null.
 */
export async function backfillGroupNameKeys(db: Db): Promise<{ filled: number; skipped: number }> {
  const taken = new Set(
    (await db.execute<{ key: string }>(sql`SELECT name_key AS key FROM groups WHERE name_key IS NOT NULL`)).map((r) => r.key),
  );
  let after = 0;
  let filled = 0;
  let skipped = 0;
  for (;;) {
    const rows = [
      ...(await db.execute<{ id: number; name: string }>(
        sql`SELECT id, group_name AS name FROM groups WHERE name_key IS NULL AND id > ${after} ORDER BY id LIMIT ${BATCH}`,
      )),
    ];
    if (rows.length === 0) break;
    after = rows.at(-1)!.id;
    const pairs: { id: number; key: string }[] = [];
    for (const row of rows) {
      const key = groupNameKey(row.name);
      if (taken.has(key)) {
        skipped += 1;
        continue;
      }
      taken.add(key);
      pairs.push({ id: row.id, key });
    }
    if (pairs.length > 0) {
      await db.execute(sql`
        UPDATE groups g SET name_key = v.key
        FROM jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) AS v(id int, key text)
        WHERE g.id = v.id AND g.name_key IS NULL`);
      filled += pairs.length;
    }
  }
  return { filled, skipped };
}
