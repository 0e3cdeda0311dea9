import { connect } from './client';
import { startEmbeddedPostgres } from './embedded';
import { runMigrations } from './migrate';
import { loadConfig } from '../plugins/config';

/** `npm run db:migrate`: applies migrations to DATABASE_URL, or to the embedded database under DATA_DIR. */
const config = loadConfig();
const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres(config.dataDir, { info: console.log, warn: console.warn });
const database = connect(config.databaseUrl ?? embedded!.url, { max: 1 });
try {
  await runMigrations(database.db, config.migrationsDir);
  console.log('Migrations applied.');
} finally {
  await database.close();
  await embedded?.stop();
}
