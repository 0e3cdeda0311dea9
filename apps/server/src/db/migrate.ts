import { migrate } from 'drizzle-orm/postgres-js/migrator';
import type { Db } from './client';

/** Applies the committed, generated migrations in order; safe to run on every start. */
export async function runMigrations(db: Db, migrationsFolder: string): Promise<void> {
  await migrate(db, { migrationsFolder });
}
