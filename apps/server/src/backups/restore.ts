import { createReadStream, existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import postgres from 'postgres';
import { connect } from '../db/client';
import { startEmbeddedPostgres, type EmbeddedServer } from '../db/embedded';
import { runMigrations } from '../db/migrate';
import { uploadContentType, type UploadStore } from '../lib/file-store';
import { BackupFileError, extractArchive } from './archive';
import { appTables, BACKUP_FORMAT, countRows, readJournal, type Counts, type Manifest } from './backup';

/**
 * `npm run agora -- restore FILE` (docs/decisions/0140-backups-logical-dump.md): everything is extracted and
 * checked in a temporary folder first; the target must be empty; the uploads are written, then the schema (the
 * committed migrations up to the backup's level), the rows and the sequences go in ONE transaction; after it
 * commits, the pending migrations of this code run. On any failure before the commit the target is empty again.
 */

/** A refusal: one line for the operator, exit code 1, nothing written. */
export class RestoreRefused extends Error {}

export type RestoreTarget = { kind: 'database'; url: string } | { kind: 'embedded'; dataDir: string };

function quote(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Reads and checks the archive: every part present once with its checksum, the format known, the level not newer. */
async function openBackup(file: string, work: string, migrationsDir: string): Promise<Manifest> {
  if (!existsSync(file)) throw new RestoreRefused(`No backup file at ${file}.`);
  let parts: Awaited<ReturnType<typeof extractArchive>>;
  try {
    parts = await extractArchive(file, work);
  } catch (error) {
    if (error instanceof BackupFileError) throw new RestoreRefused(`The backup file is damaged: ${error.message}. Nothing was restored.`);
    throw error;
  }
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(path.join(work, 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    throw new RestoreRefused('The backup file is damaged: its manifest.json is missing or unreadable. Nothing was restored.');
  }
  if (manifest.format !== BACKUP_FORMAT)
    throw new RestoreRefused(`Not an Agora backup this code can read (format ${String(manifest.format)}).`);
  parts.delete('manifest.json');
  for (const [name, expected] of Object.entries(manifest.parts)) {
    const got = parts.get(name);
    if (!got) throw new RestoreRefused(`The backup file is damaged: the part ${name} is missing. Nothing was restored.`);
    if (got.sha256 !== expected.sha256 || got.size !== expected.size) {
      throw new RestoreRefused(`The backup file is damaged: the part ${name} does not match its checksum. Nothing was restored.`);
    }
    parts.delete(name);
  }
  if (parts.size > 0)
    throw new RestoreRefused(`The backup file is damaged: it holds parts its manifest does not list (${[...parts.keys()][0]}).`);
  const journal = readJournal(migrationsDir);
  const last = journal.at(-1)!;
  if (manifest.migration.when > last.when || !journal.some((e) => e.when === manifest.migration.when)) {
    throw new RestoreRefused(
      `The backup was made by a newer Agora (${manifest.agoraVersion}, migration ${manifest.migration.tag}); this code knows migrations up to ${last.tag}: update the code, then restore.`,
    );
  }
  return manifest;
}

/** Whether a folder is missing or empty. */
async function isEmptyDir(dir: string): Promise<boolean> {
  if (!existsSync(dir)) return true;
  return (await readdir(dir)).length === 0;
}

/** Tables in an order where every table comes after the tables it references (self references aside). */
async function loadOrder(tx: postgres.TransactionSql, names: string[]): Promise<string[]> {
  const edges = await tx<{ child: string; parent: string }[]>`
    SELECT DISTINCT c.relname AS child, p.relname AS parent
    FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE k.contype = 'f' AND n.nspname = 'public' AND c.relname <> p.relname`;
  const order: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string) => {
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'visiting')
      throw new Error(`Foreign keys form a cycle through ${name}: the restore order needs deferred constraints`);
    state.set(name, 'visiting');
    for (const e of edges) if (e.child === name) visit(e.parent);
    state.set(name, 'done');
    order.push(name);
  };
  for (const name of [...names].sort()) visit(name);
  return order.filter((n) => names.includes(n));
}

/**
 * `COPY … FROM STDIN` of a file. postgres.js resolves the query with the stream at once and, when PostgreSQL
 * refuses the data, rejects the already-resolved query and never finishes the stream: the refusal is caught from
 * the query's reject so the restore fails with PostgreSQL's message instead of waiting forever.
 */
async function copyIn(tx: postgres.TransactionSql, statement: string, file: string): Promise<void> {
  const query = tx.unsafe(statement) as unknown as postgres.PendingQuery<postgres.Row[]> & { reject: (error: unknown) => void };
  let refuse: (error: unknown) => void = () => {};
  const refused = new Promise<never>((_resolve, reject) => {
    refuse = reject;
  });
  const reject = query.reject.bind(query);
  query.reject = (error: unknown) => {
    refuse(error);
    reject(error);
  };
  const sink = await Promise.race([query.writable(), refused]);
  const finished = new Promise<void>((resolve, reject) => {
    sink.once('finish', resolve);
    sink.once('error', reject);
  });
  await Promise.race([
    (async () => {
      for await (const chunk of createReadStream(file)) {
        if (!sink.write(chunk)) await Promise.race([new Promise((resolve) => sink.once('drain', resolve)), refused]);
      }
      sink.end();
      await finished;
    })(),
    refused,
  ]);
}

/**
 * The schema at the backup's level, in the caller's transaction: what drizzle's migrator does, stopping at the
 * backup's level. Committed before the rows go in: PostgreSQL refuses (before 17) an enum value added by
 * `ALTER TYPE … ADD VALUE` in the transaction that then stores it ("unsafe use of new value").
 */
async function createSchema(tx: postgres.TransactionSql, manifest: Manifest, migrationsDir: string): Promise<void> {
  await tx`CREATE SCHEMA IF NOT EXISTS drizzle`;
  await tx`CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`;
  for (const migration of readMigrationFiles({ migrationsFolder: migrationsDir })) {
    if (migration.folderMillis > manifest.migration.when) break;
    for (const statement of migration.sql) if (statement.trim()) await tx.unsafe(statement);
    await tx`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES (${migration.hash}, ${migration.folderMillis})`;
  }
}

/**
 * Takes a failed restore's schema out of the target again (it had no table before: checked first), so the target
 * is as empty as it was: the migration journal, then every table, enum type and function of the public schema
 * (extensions and what they own stay: installing them was harmless).
 */
async function dropSchema(sql: postgres.Sql): Promise<void> {
  await sql.begin(async (tx) => {
    await tx`DROP SCHEMA IF EXISTS drizzle CASCADE`;
    await tx.unsafe(`DO $$ DECLARE r record; BEGIN
      FOR r IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' LOOP
        EXECUTE format('DROP TABLE IF EXISTS public.%I CASCADE', r.tablename);
      END LOOP;
      FOR r IN SELECT t.typname FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
               WHERE n.nspname = 'public' AND t.typtype = 'e'
                 AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = t.oid AND d.deptype = 'e') LOOP
        EXECUTE format('DROP TYPE IF EXISTS public.%I CASCADE', r.typname);
      END LOOP;
      FOR r IN SELECT p.oid::regprocedure AS f FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
               WHERE n.nspname = 'public'
                 AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e') LOOP
        EXECUTE format('DROP FUNCTION IF EXISTS %s CASCADE', r.f);
      END LOOP;
    END $$`);
  });
}

/** The rows and the sequences, in the caller's transaction, into the schema of `createSchema`. */
async function loadDatabase(tx: postgres.TransactionSql, manifest: Manifest, work: string): Promise<void> {
  const tables = await appTables(tx);
  const dumped = new Map(manifest.tables.map((t) => [t.name, t]));
  const mismatch = tables.find((t) => dumped.get(t.name)?.columns.join() !== t.columns.join());
  if (mismatch || tables.length !== dumped.size) {
    throw new RestoreRefused(`The backup's tables do not match the schema of its migration level (${mismatch?.name ?? 'table count'}).`);
  }
  // Rows the migrations themselves wrote (search_settings' single row) make way for the backup's.
  await tx.unsafe(`TRUNCATE ${[...dumped.keys()].map(quote).join(', ')}`);
  // Search vectors are recomputed by their triggers as the rows go in (no superuser needed to keep the dumped ones),
  // in the language the triggers read from search_settings: so that row goes in first.
  const order = await loadOrder(tx, [...dumped.keys()]);
  for (const name of [...order.filter((n) => n === 'search_settings'), ...order.filter((n) => n !== 'search_settings')]) {
    const table = dumped.get(name)!;
    await copyIn(tx, `COPY ${quote(name)} (${table.columns.map(quote).join(', ')}) FROM STDIN`, path.join(work, 'db', `${name}.copy`));
  }
  for (const sequence of manifest.sequences) {
    if (sequence.lastValue !== null)
      await tx`SELECT setval(${`public.${quote(sequence.name)}`}::regclass, ${sequence.lastValue}::bigint, true)`;
  }
}

export type RestoreResult = { manifest: Manifest; now: Counts };

/**
 * Restores `file` into an empty target. Throws RestoreRefused (a one-line message) for a damaged or newer backup
 * and for a target that is not empty; in every failure before the commit the target is left empty.
 */
export async function restoreBackup(options: {
  file: string;
  target: RestoreTarget;
  uploads: UploadStore;
  migrationsDir: string;
  log: (message: string) => void;
}): Promise<RestoreResult> {
  const { target, uploads, migrationsDir } = options;
  const work = await mkdtemp(path.join(os.tmpdir(), 'agora-restore-'));
  let embedded: EmbeddedServer | undefined;
  let dataDirExisted = false;
  const written: string[] = [];
  let committed = false;
  try {
    const manifest = await openBackup(path.resolve(options.file), work, migrationsDir);
    if (target.kind === 'embedded') {
      dataDirExisted = existsSync(target.dataDir);
      if (!(await isEmptyDir(target.dataDir))) {
        throw new RestoreRefused(
          `DATA_DIR ${target.dataDir} is not empty: restore into a new, empty DATA_DIR (move this one aside first).`,
        );
      }
    }
    if (uploads.kind === 'local' && !(await isEmptyDir((uploads as unknown as { dir: string }).dir))) {
      throw new RestoreRefused(
        `The uploads folder ${(uploads as unknown as { dir: string }).dir} is not empty: restore into an empty one.`,
      );
    }
    let url: string;
    if (target.kind === 'embedded') {
      embedded = await startEmbeddedPostgres(target.dataDir, { info: options.log, warn: options.log });
      url = embedded.url;
    } else {
      url = target.url;
    }
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      const [found] = await sql<{ tables: string }[]>`
        SELECT count(*) AS tables FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`;
      const tables = found!.tables;
      if (Number(tables) > 0) {
        throw new RestoreRefused(`The database is not empty (${tables} tables): restore into a new, empty database.`);
      }
      const keys = Object.keys(manifest.parts)
        .filter((p) => p.startsWith('uploads/'))
        .map((p) => p.slice('uploads/'.length));
      for (const key of keys) {
        if (await uploads.exists(key)) throw new RestoreRefused(`The upload store already holds ${key}: restore into an empty store.`);
      }
      for (const key of keys) {
        await uploads.put(key, await readFile(path.join(work, 'uploads', key)), uploadContentType(key));
        written.push(key);
      }
      await sql.begin((tx) => createSchema(tx, manifest, migrationsDir));
      try {
        await sql.begin((tx) => loadDatabase(tx, manifest, work));
      } catch (error) {
        await dropSchema(sql);
        throw error;
      }
      committed = true;
    } finally {
      await sql.end({ timeout: 5 });
    }
    // The pending migrations of this code (and its data fills), as at every start.
    const database = connect(url, { max: 1 });
    try {
      await runMigrations(database.db, migrationsDir);
      const { uploadRows, ...counts } = await countRows(database.sql);
      void uploadRows;
      let uploadsNow = 0;
      for (const key of written) if (await uploads.exists(key)) uploadsNow += 1;
      return { manifest, now: { ...counts, uploads: uploadsNow } };
    } finally {
      await database.close();
    }
  } catch (error) {
    if (!committed) {
      for (const key of written) await uploads.delete(key).catch(() => {});
      if (embedded) {
        await embedded.stop().catch(() => {});
        embedded = undefined;
      }
      if (target.kind === 'embedded' && existsSync(target.dataDir)) {
        if (dataDirExisted) {
          for (const entry of await readdir(target.dataDir)) await rm(path.join(target.dataDir, entry), { recursive: true, force: true });
        } else {
          await rm(target.dataDir, { recursive: true, force: true });
        }
      }
    }
    throw error;
  } finally {
    await embedded?.stop();
    await rm(work, { recursive: true, force: true });
  }
}

/** The manifest's counts beside what the restored database holds, one line each. */
export function countsTable(manifest: Counts, now: Counts): string {
  const rows = (Object.keys(manifest) as (keyof Counts)[]).map(
    (k) =>
      `  ${k.padEnd(12)} ${String(manifest[k]).padStart(9)} ${String(now[k]).padStart(9)}${manifest[k] === now[k] ? '' : '  (differs)'}`,
  );
  return [`  ${'what'.padEnd(12)} ${'backup'.padStart(9)} ${'restored'.padStart(9)}`, ...rows].join('\n');
}
