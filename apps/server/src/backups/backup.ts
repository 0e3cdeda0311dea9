import { createWriteStream, readFileSync } from 'node:fs';
import { link, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type postgres from 'postgres';
import { uploadKeyOf, type UploadStore } from '../lib/file-store';
import { digestFile, writeArchive } from './archive';

/**
 * `npm run agora -- backup` and the scheduled backups (docs/decisions/0140-backups-logical-dump.md): every table of
 * the app's schema as `COPY … TO STDOUT` text, all read in ONE repeatable-read, read-only transaction (one
 * snapshot, so the parts agree with each other), the sequences' positions from the same snapshot, and the bytes
 * of every upload the `uploads` table lists, read through the upload store. The schema itself is not dumped: a
 * restore rebuilds it from the committed migrations at the recorded level.
 */

export const BACKUP_FORMAT = 'agora-backup/1';

export type Counts = { users: number; communities: number; discussions: number; comments: number; blogs: number; uploads: number };

export type Manifest = {
  format: typeof BACKUP_FORMAT;
  agoraVersion: string;
  createdAt: string;
  /** The last migration applied to the database when it was backed up (the drizzle journal's tag and `when`). */
  migration: { tag: string; when: number };
  postgresVersion: string;
  tables: { name: string; columns: string[]; rows: number }[];
  sequences: { name: string; lastValue: string | null }[];
  counts: Counts;
  /** Uploads the database lists whose bytes were missing from the store when the backup ran (not in the archive). */
  uploadsMissing: string[];
  /** SHA-256 and size of every other part of the archive. */
  parts: Record<string, { sha256: string; size: number }>;
};

type JournalEntry = { idx: number; when: number; tag: string };

/** The committed migrations' journal (apps/server/drizzle/meta/_journal.json). */
export function readJournal(migrationsDir: string): JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  return journal.entries;
}

/** The Agora version (the repository's package.json). */
export function agoraVersion(migrationsDir: string): string {
  return (JSON.parse(readFileSync(path.resolve(migrationsDir, '../../../package.json'), 'utf8')) as { version: string }).version;
}

/** The count queries shared by backup and restore: what an operator recognises. */
export async function countRows(sql: postgres.Sql | postgres.TransactionSql): Promise<Omit<Counts, 'uploads'> & { uploadRows: number }> {
  const [row] = await sql<
    { users: string; communities: string; discussions: string; comments: string; blogs: string; uploadRows: string }[]
  >`
    SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM groups) AS communities,
           (SELECT count(*) FROM discussions) AS discussions, (SELECT count(*) FROM comments) AS comments,
           (SELECT count(*) FROM blogs) AS blogs, (SELECT count(*) FROM uploads) AS "uploadRows"`;
  return {
    users: Number(row!.users),
    communities: Number(row!.communities),
    discussions: Number(row!.discussions),
    comments: Number(row!.comments),
    blogs: Number(row!.blogs),
    uploadRows: Number(row!.uploadRows),
  };
}

/** The app's tables (schema public) and their stored columns (generated ones are rebuilt, never copied). */
export async function appTables(sql: postgres.Sql | postgres.TransactionSql): Promise<{ name: string; columns: string[] }[]> {
  const rows = await sql<{ name: string; columns: string[] }[]>`
    SELECT c.relname AS name, array_agg(a.attname::text ORDER BY a.attnum) AS columns
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
    GROUP BY c.relname ORDER BY c.relname`;
  return rows.map((r) => ({ name: r.name, columns: r.columns }));
}

function quote(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Counts lines (COPY text: one row per line) while passing the bytes through. */
function lineCounter(): Transform & { lines: number } {
  const t = new Transform({
    transform(chunk: Buffer, _enc, done) {
      for (const byte of chunk) if (byte === 10) t.lines += 1;
      done(null, chunk);
    },
  }) as Transform & { lines: number };
  t.lines = 0;
  return t;
}

export type BackupResult = { file: string; manifest: Manifest; bytes: number; ms: number };

/**
 * Writes a backup to `file` (refuses to overwrite one). `sql` is any connection to the database (the app's pool,
 * or the CLI's); the dump holds one connection for the length of the snapshot.
 */
export async function createBackup(options: {
  sql: postgres.Sql;
  uploads: UploadStore;
  migrationsDir: string;
  file: string;
  now?: Date;
}): Promise<BackupResult> {
  const started = Date.now();
  const journal = readJournal(options.migrationsDir);
  const work = await mkdtemp(path.join(os.tmpdir(), 'agora-backup-'));
  try {
    await mkdir(path.join(work, 'db'));
    const snapshot = await options.sql.begin('isolation level repeatable read read only', async (tx) => {
      const [level] = await tx<{ createdAt: string }[]>`
        SELECT created_at::text AS "createdAt" FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1`;
      const when = Number(level?.createdAt);
      const entry = journal.find((e) => e.when === when);
      if (!entry) throw new Error('The database has no migration this code knows: is it an Agora database?');
      const [version] = await tx<{ v: string }[]>`SELECT current_setting('server_version') AS v`;
      const tables: Manifest['tables'] = [];
      for (const table of await appTables(tx)) {
        const counter = lineCounter();
        const source = await tx.unsafe(`COPY ${quote(table.name)} (${table.columns.map(quote).join(', ')}) TO STDOUT`).readable();
        await pipeline(source, counter, createWriteStream(path.join(work, 'db', `${table.name}.copy`), { flags: 'wx' }));
        tables.push({ ...table, rows: counter.lines });
      }
      const sequences = await tx<{ name: string; lastValue: string | null }[]>`
        SELECT sequencename AS name, last_value::text AS "lastValue" FROM pg_sequences WHERE schemaname = 'public' ORDER BY sequencename`;
      const uploadPaths = await tx<{ path: string }[]>`SELECT path FROM uploads ORDER BY id`;
      return {
        migration: { tag: entry.tag, when: entry.when },
        postgresVersion: version!.v,
        tables,
        sequences: sequences.map((s) => ({ name: s.name, lastValue: s.lastValue })),
        counts: await countRows(tx),
        keys: uploadPaths.map((u) => uploadKeyOf(u.path)).filter((k): k is string => k !== null),
      };
    });
    const names = snapshot.tables.map((t) => `db/${t.name}.copy`);
    const missing: string[] = [];
    for (const key of snapshot.keys) {
      const stream = await options.uploads.stream(key);
      if (!stream) {
        missing.push(key);
        continue;
      }
      const target = path.join(work, 'uploads', key);
      await mkdir(path.dirname(target), { recursive: true });
      await pipeline(stream, createWriteStream(target, { flags: 'wx' }));
      names.push(`uploads/${key}`);
    }
    const parts: Manifest['parts'] = {};
    for (const name of names) parts[name] = await digestFile(path.join(work, name));
    const { uploadRows, ...counts } = snapshot.counts;
    void uploadRows;
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      agoraVersion: agoraVersion(options.migrationsDir),
      createdAt: (options.now ?? new Date()).toISOString(),
      migration: snapshot.migration,
      postgresVersion: snapshot.postgresVersion,
      tables: snapshot.tables,
      sequences: snapshot.sequences,
      counts: { ...counts, uploads: names.length - snapshot.tables.length },
      uploadsMissing: missing,
      parts,
    };
    await writeFile(path.join(work, 'manifest.json'), JSON.stringify(manifest, null, 2));
    await mkdir(path.dirname(options.file), { recursive: true });
    // Written under a `.partial` name, then linked to its own name (never over an existing file): a process killed
    // mid-write leaves no file that looks like a backup (nor one the schedule's pruning would count).
    const partial = `${options.file}.partial`;
    try {
      await writeArchive(partial, work, ['manifest.json', ...names]);
      await link(partial, options.file);
    } finally {
      await rm(partial, { force: true });
    }
    const { size } = await digestFile(options.file);
    return { file: options.file, manifest, bytes: size, ms: Date.now() - started };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** The file name of a backup made at `now`: agora-backup-2026-11-26T03-30-00Z.tar.gz (sorts by time). */
export function backupFileName(now: Date): string {
  return `agora-backup-${now
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/:/g, '-')}.tar.gz`;
}
