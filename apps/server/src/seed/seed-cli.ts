import { connect } from '../db/client';
import { startEmbeddedPostgres } from '../db/embedded';
import { runMigrations } from '../db/migrate';
import { createUploadStore } from '../lib/file-store';
import { syncSearchLanguage } from '../modules/search/search-language';
import { loadConfig } from '../plugins/config';
import { seedDemo } from './seed';

/** `npm run seed`: migrate and seed demo content into the configured database. */
const config = loadConfig();
const log = { info: console.log, warn: console.warn };
const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres(config.dataDir, log);
const database = connect(config.databaseUrl ?? embedded!.url, { max: 2 });
try {
  await runMigrations(database.db, config.migrationsDir);
  await syncSearchLanguage(database.db, config.searchLanguage);
  const uploads = createUploadStore(config);
  await uploads.check();
  const accounts = await seedDemo(database.db, uploads);
  console.log(
    accounts
      ? `Demo accounts: ${accounts.map((a) => a.username).join(', ')} (password ${accounts[0]?.password})`
      : 'The database already has users; nothing seeded.',
  );
} finally {
  await database.close();
  await embedded?.stop();
}
