import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import postgres from 'postgres';
import { JobQueue } from '../../jobs/queue';
import { connect } from '../client';
import { runMigrations } from '../migrate';
import { dataMajor, type PgBinaries } from './binaries';
import { type Cluster, initCluster, startCluster } from './cluster';

type Log = (message: string) => void;

export type UpgradeOptions = {
  dataDir: string;
  migrationsDir: string;
  /** The binaries of the major the data folder was written by. */
  oldBin: PgBinaries;
  /** The binaries the code ships (the major to upgrade to). */
  newBin: PgBinaries;
  log: Log;
  /**
   * Called with the old server running (at the code's migration level) before anything new is written.
   * INTEGRATOR (issue 18 §1): the backup of the old data is taken here (the call site is in cli/db-upgrade.ts).
   */
  beforeCopy?: (oldUrl: string) => Promise<void>;
};

export type TableCount = { table: string; rows: number };
export type UpgradeResult =
  | { upgraded: false; major: number }
  | { upgraded: true; from: number; to: number; tables: TableCount[]; sequences: number; oldDir: string };

/** Schemas never copied: PostgreSQL's own, and Drizzle's journal (the new folder is migrated by the same code). */
const SKIPPED_SCHEMAS = ['pg_catalog', 'information_schema', 'drizzle'];

type Sql = postgres.Sql;
const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Tables with rows (plain and partitioned parents; partitions are reached through their parent), FK-safe order. */
async function tablesOf(sql: Sql): Promise<string[]> {
  const rows = await sql<{ oid: number; name: string }[]>`
    SELECT c.oid::int AS oid, format('%I.%I', n.nspname, c.relname) AS name
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition
      AND n.nspname <> ALL(${SKIPPED_SCHEMAS}) AND n.nspname NOT LIKE 'pg\\_%'
    ORDER BY 2`;
  const deps = await sql<{ child: number; parent: number }[]>`
    SELECT conrelid::int AS child, confrelid::int AS parent FROM pg_constraint WHERE contype = 'f' AND conrelid <> confrelid`;
  // Parents before children (a topological order); cycles (none today) fall back to name order.
  const byOid = new Map(rows.map((r) => [r.oid, r.name]));
  const ordered: string[] = [];
  const done = new Set<number>();
  const visit = (oid: number, stack: Set<number>) => {
    if (done.has(oid) || stack.has(oid) || !byOid.has(oid)) return;
    stack.add(oid);
    for (const d of deps) if (d.child === oid) visit(d.parent, stack);
    done.add(oid);
    ordered.push(byOid.get(oid)!);
  };
  for (const r of rows) visit(r.oid, new Set());
  return ordered;
}

/** The columns COPY can write (no generated ones), in the new table's order. */
async function columnsOf(sql: Sql, table: string): Promise<string> {
  const rows = await sql<{ name: string }[]>`
    SELECT attname AS name FROM pg_attribute
    WHERE attrelid = ${table}::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = ''
    ORDER BY attnum`;
  return rows.map((r) => quoteIdent(r.name)).join(', ');
}

async function counts(sql: Sql, tables: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const t of tables) {
    const [row] = await sql.unsafe<{ n: string }[]>(`SELECT count(*) AS n FROM ${t}`);
    out.set(t, Number(row!.n));
  }
  return out;
}

async function migrationLevel(sql: Sql): Promise<string> {
  const rows = await sql<{ hash: string }[]>`SELECT hash FROM drizzle.__drizzle_migrations ORDER BY created_at`;
  return rows.map((r) => r.hash).join(',');
}

/** Brings a database to the code's level: the committed Drizzle migrations, then pg-boss's schema and queues. */
async function bringToCodeLevel(url: string, migrationsDir: string, log: Log): Promise<void> {
  const database = connect(url, { max: 1 });
  try {
    await runMigrations(database.db, migrationsDir);
  } finally {
    await database.close();
  }
  const jobs = await JobQueue.start(url, { work: false, handlers: {}, log: { info: () => {}, warn: log } });
  await jobs.stop();
}

/**
 * Upgrades DATA_DIR/postgres from the major of `oldBin` to that of `newBin` without pg_dump or pg_upgrade (the npm
 * packages ship neither): starts the old server on the old folder and brings it to the code's migration level;
 * initdb's the new major into DATA_DIR/postgres-<new>.new and migrates it the same way; copies every table's rows
 * (COPY … TO STDOUT piped into COPY … FROM STDIN, text format, one transaction with session_replication_role =
 * replica so triggers and foreign keys do not fire on rows that were valid already); sets every sequence; checks
 * every table's row count; then swaps: the old folder becomes DATA_DIR/postgres-<old>.old (kept), the new one
 * DATA_DIR/postgres. Any failure before the swap removes the new folder and leaves the old one as it was live.
 * Agora must be stopped (refused otherwise). Decision 0142.
 */
export async function upgradeEmbedded(options: UpgradeOptions): Promise<UpgradeResult> {
  const { dataDir, oldBin, newBin, log } = options;
  const pgDir = path.join(dataDir, 'postgres');
  const from = dataMajor(pgDir);
  if (from === null) throw new Error(`No embedded database in ${pgDir}: nothing to upgrade.`);
  if (from === newBin.major) return { upgraded: false, major: from };
  if (from > newBin.major) {
    throw new Error(
      `The data in ${pgDir} was written by PostgreSQL ${from}, newer than this code's PostgreSQL ${newBin.major}: nothing to upgrade.`,
    );
  }
  if (oldBin.major !== from) throw new Error(`The old binaries are PostgreSQL ${oldBin.major}, but the data needs ${from}.`);
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (pid > 0 && alive(pid))
      throw new Error(`A PostgreSQL server (pid ${pid}) runs on ${pgDir}: stop Agora first, then run the upgrade again.`);
  }
  const oldDir = path.join(dataDir, `postgres-${from}.old`);
  if (existsSync(oldDir)) {
    throw new Error(`${oldDir} exists (an earlier upgrade's old folder): move or remove it first.`);
  }
  const newDir = path.join(dataDir, `postgres-${newBin.major}.new`);
  rmSync(newDir, { recursive: true, force: true }); // a failed earlier attempt's leftover, never live
  const { dbPassword } = JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as { dbPassword: string };

  let oldServer: Cluster | undefined;
  let newServer: Cluster | undefined;
  const clients: Sql[] = [];
  const open = (url: string) => {
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    clients.push(sql);
    return sql;
  };
  try {
    log(`Starting PostgreSQL ${from} on ${pgDir}`);
    oldServer = await startCluster(oldBin, pgDir, dbPassword);
    await bringToCodeLevel(oldServer.url(), options.migrationsDir, log);
    // ── INTEGRATOR (issue 18 §1): the backup runs here, on the old server, before anything new is written. ──
    await options.beforeCopy?.(oldServer.url());
    const old = open(oldServer.url());
    const [locale] = await old<{ encoding: string; collate: string; ctype: string }[]>`
      SELECT pg_encoding_to_char(encoding) AS encoding, datcollate AS collate, datctype AS ctype
      FROM pg_database WHERE datname = current_database()`;

    log(`Initialising PostgreSQL ${newBin.major} in ${newDir}`);
    await initCluster(newBin, newDir, dbPassword, locale!);
    newServer = await startCluster(newBin, newDir, dbPassword);
    const admin = open(newServer.url('postgres'));
    await admin.unsafe('CREATE DATABASE agora');
    await bringToCodeLevel(newServer.url(), options.migrationsDir, log);
    const next = open(newServer.url());
    if ((await migrationLevel(old)) !== (await migrationLevel(next)))
      throw new Error('The old and new databases are at different migration levels.');

    const tables = await tablesOf(next);
    const oldTables = new Set(await tablesOf(old));
    const missing = [...oldTables].filter((t) => !tables.includes(t));
    if (missing.length > 0) throw new Error(`Tables of the old database that the code does not create: ${missing.join(', ')}`);

    log(`Copying ${tables.length} tables`);
    await old.unsafe('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY'); // one snapshot for every table
    await next.begin(async (tx) => {
      await tx.unsafe('SET LOCAL session_replication_role = replica');
      // The new database holds what its install wrote (pg-boss's queues and version): the old rows replace them.
      await tx.unsafe(`TRUNCATE ${tables.join(', ')}`);
      for (const table of tables) {
        const columns = await columnsOf(tx as unknown as Sql, table);
        const source = await old.unsafe(`COPY (SELECT ${columns} FROM ${table}) TO STDOUT`).readable();
        const target = await tx.unsafe(`COPY ${table} (${columns}) FROM STDIN`).writable();
        await pipeline(source, target);
      }
      const sequences = await old<{ name: string; value: string | null; start: string }[]>`
        SELECT format('%I.%I', schemaname, sequencename) AS name, last_value::text AS value, start_value::text AS start
        FROM pg_sequences WHERE schemaname <> ALL(${SKIPPED_SCHEMAS})`;
      for (const s of sequences) {
        if (s.value === null) await tx`SELECT setval(${s.name}::regclass, ${s.start}::bigint, false)`;
        else await tx`SELECT setval(${s.name}::regclass, ${s.value}::bigint, true)`;
      }
    });

    log('Checking row counts');
    const before = await counts(old, tables);
    await old.unsafe('COMMIT');
    const after = await counts(next, tables);
    const differ = tables.filter((t) => before.get(t) !== after.get(t));
    if (differ.length > 0) {
      throw new Error(`Row counts differ after the copy: ${differ.map((t) => `${t} ${before.get(t)} → ${after.get(t)}`).join('; ')}`);
    }
    const [seq] = await next<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_sequences WHERE schemaname <> ALL(${SKIPPED_SCHEMAS})`;

    await Promise.all(clients.splice(0).map((c) => c.end()));
    await newServer.stop();
    newServer = undefined;
    await oldServer.stop();
    oldServer = undefined;

    // The swap: two renames in DATA_DIR; if the second fails, the first is undone.
    renameSync(pgDir, oldDir);
    try {
      renameSync(newDir, pgDir);
    } catch (error) {
      renameSync(oldDir, pgDir);
      throw error;
    }
    return {
      upgraded: true,
      from,
      to: newBin.major,
      tables: tables.map((t) => ({ table: t, rows: after.get(t)! })),
      sequences: seq!.n,
      oldDir,
    };
  } catch (error) {
    await Promise.all(clients.map((c) => c.end({ timeout: 1 }).catch(() => {})));
    await newServer?.stop().catch(() => {});
    await oldServer?.stop().catch(() => {});
    rmSync(newDir, { recursive: true, force: true });
    throw error;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
