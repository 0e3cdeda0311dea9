import { readFileSync, existsSync, readdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { buildApp } from '../app';
import { connect } from '../db/client';
import { LocalUploadStore, uploadKeyOf } from '../lib/file-store';
import { client, useTestApp } from '../test/test-app';
import { withDatabase } from '../test/global-setup';
import { createComment, createGroup, createPost, createUser, pngImage, TEST_PASSWORD, uploadImage, createBlog } from '../test/factories';
import { jobHandlers } from '../jobs/handlers';
import { JobQueue } from '../jobs/queue';
import type { Mailer } from '../mail/transport';
import { loadConfig } from '../plugins/config';
import { createBackup, type Manifest } from './backup';
import { digestFile, extractArchive, writeArchive } from './archive';
import { countsTable, restoreBackup } from './restore';

/**
 * Issue 18 §1: a backup of a seeded instance restores into an empty database and upload folder, the app starts on
 * it with every count, upload byte, password and sequence intact; a damaged, newer or misplaced restore is refused
 * and leaves the target empty.
 */

const t = useTestApp({ rateLimit: false });
const adminUrl = inject('adminUrl');
const work = mkdtempSync(path.join(os.tmpdir(), 'agora-backup-test-'));
const created: string[] = [];

/** A new empty database (and its URL). */
async function emptyDatabase(): Promise<string> {
  const name = `agora_r_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  await admin.end();
  created.push(name);
  return withDatabase(adminUrl, name);
}

async function tableCount(url: string): Promise<number> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const [row] = await sql<
    { n: string }[]
  >`SELECT count(*) AS n FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`;
  await sql.end();
  return Number(row!.n);
}

function freshUploadsDir(): string {
  return mkdtempSync(path.join(work, 'uploads-'));
}

let backupFile = '';
let manifest: Manifest;
let users: Awaited<ReturnType<typeof createUser>>[] = [];

beforeAll(async () => {
  users = [await createUser(t.database.db), await createUser(t.database.db), await createUser(t.database.db)];
  const group = await createGroup(t.database.db, { owner: users[0]!, members: [{ user: users[1]! }] });
  const image = await uploadImage(t, users[0]!);
  const post = await createPost(t, group, users[0]!, 'A post with a picture, searchable words: lighthouse keeper', [image]);
  await createPost(t, group, users[1]!, 'Second post');
  await createComment(t, post, users[1]!, 'A comment');
  await createBlog(t, group, users[0]!, { title: 'A blog' }, { data: await pngImage(50, 40), filename: 'b.png', contentType: 'image/png' });
  backupFile = path.join(work, 'first.tar.gz');
  const result = await createBackup({
    sql: t.database.sql,
    uploads: new LocalUploadStore(t.config.uploadsDir),
    migrationsDir: t.config.migrationsDir,
    file: backupFile,
  });
  manifest = result.manifest;
});

afterAll(async () => {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  for (const name of created) await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
  rmSync(work, { recursive: true, force: true });
});

const restore = (file: string, url: string, uploadsDir: string) =>
  restoreBackup({
    file,
    target: { kind: 'database', url },
    uploads: new LocalUploadStore(uploadsDir),
    migrationsDir: t.config.migrationsDir,
    log: () => {},
  });

/** Rewrites a backup with `change` applied to its extracted parts (the manifest's checksums are left as they were unless `change` fixes them). */
async function tampered(name: string, change: (dir: string, manifest: Manifest) => Promise<Manifest>): Promise<string> {
  const dir = mkdtempSync(path.join(work, 'tamper-'));
  const parts = await extractArchive(backupFile, dir);
  const next = await change(dir, JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')) as Manifest);
  await writeFile(path.join(dir, 'manifest.json'), JSON.stringify(next));
  const file = path.join(work, name);
  await writeArchive(file, dir, ['manifest.json', ...[...parts.keys()].filter((p) => p !== 'manifest.json')]);
  return file;
}

describe('backup and restore', () => {
  it('the manifest counts what was seeded, with a checksum per part', () => {
    expect(manifest.counts).toMatchObject({ users: 3, communities: 1, discussions: 2, comments: 1, blogs: 1, uploads: 2 });
    expect(manifest.migration.tag).toMatch(/^\d{4}_/);
    expect(Object.keys(manifest.parts)).toContain('db/users.copy');
    expect(manifest.uploadsMissing).toEqual([]);
  });

  it('restores into an empty database and uploads folder: the app starts with every count, upload, password and sequence', async () => {
    const url = await emptyDatabase();
    const uploadsDir = freshUploadsDir();
    const result = await restore(backupFile, url, uploadsDir);
    expect(result.now).toEqual(manifest.counts);
    expect(countsTable(manifest.counts, result.now)).not.toContain('differs');

    const database = connect(url, { max: 3 });
    const app = await buildApp({ ...t.config, uploadsDir }, database.db, { logger: false });
    try {
      await app.ready();
      const paths = await database.sql<{ path: string }[]>`SELECT path FROM uploads ORDER BY id`;
      expect(paths).toHaveLength(2);
      for (const { path: p } of paths) {
        const key = uploadKeyOf(p)!;
        expect(readFileSync(path.join(uploadsDir, key)).equals(readFileSync(path.join(t.config.uploadsDir, key)))).toBe(true);
      }
      const signIn = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { emailOrUsername: users[1]!.username, password: TEST_PASSWORD },
      });
      expect(signIn.statusCode, signIn.body).toBe(200);
      // Sessions came along too: the old token still works, and a new row takes a fresh id (sequences continue).
      const [group] = await database.sql<{ id: number }[]>`SELECT id FROM groups`;
      const [max] = await database.sql<{ id: number }[]>`SELECT max(id) AS id FROM discussions`;
      const res = await client({ ...t, app }).post(`/groups/${group!.id}/discussions`, users[0]!, {
        content: 'After the restore',
        mediaUrls: [],
      });
      expect(res.statusCode, res.body).toBe(201);
      expect((res.json() as { discussion: { id: number } }).discussion.id).toBeGreaterThan(max!.id);
      // The search vectors were rebuilt by their triggers while the rows went in.
      const [hit] = await database.sql<
        { n: string }[]
      >`SELECT count(*) AS n FROM discussions WHERE search_vector @@ plainto_tsquery('english', 'lighthouse')`;
      expect(Number(hit!.n)).toBe(1);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it("rebuilds the search vectors in the backup's search language, not the triggers' default", async () => {
    // An instance that searches with `simple` (SEARCH_LANGUAGE): its vectors keep words unstemmed.
    await t.database.sql`UPDATE search_settings SET language = 'simple'`;
    const file = path.join(work, 'simple.tar.gz');
    try {
      await createBackup({
        sql: t.database.sql,
        uploads: new LocalUploadStore(t.config.uploadsDir),
        migrationsDir: t.config.migrationsDir,
        file,
      });
    } finally {
      await t.database.sql`UPDATE search_settings SET language = 'english'`;
    }
    const url = await emptyDatabase();
    await restore(file, url, freshUploadsDir());
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      const [row] = await sql<
        { v: string }[]
      >`SELECT search_vector::text AS v FROM discussions WHERE content LIKE 'A post with a picture%'`;
      // english would have stemmed it to 'searchabl'.
      expect(row!.v).toContain("'searchable'");
    } finally {
      await sql.end();
    }
  });

  it('refuses a truncated file and a flipped byte, leaving the target empty', async () => {
    const bytes = readFileSync(backupFile);
    const truncated = path.join(work, 'truncated.tar.gz');
    writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    const raw = gunzipSync(bytes);
    // A byte inside the users table's rows (not the gzip trailer): only the part's checksum can catch it.
    const at = raw.indexOf(Buffer.from(users[2]!.username));
    raw[at] = raw[at]! ^ 0x01;
    const flipped = path.join(work, 'flipped.tar.gz');
    writeFileSync(flipped, gzipSync(raw));
    const gzipFlipped = path.join(work, 'gzip-flipped.tar.gz');
    const copy = Buffer.from(bytes);
    const middle = Math.floor(copy.length / 2);
    copy[middle] = copy[middle]! ^ 0xff;
    writeFileSync(gzipFlipped, copy);
    const url = await emptyDatabase();
    const uploadsDir = freshUploadsDir();
    await expect(restore(truncated, url, uploadsDir)).rejects.toThrow(/^The backup file is damaged: it is truncated/);
    await expect(restore(flipped, url, uploadsDir)).rejects.toThrow(
      /^The backup file is damaged: the part db\/users.copy does not match its checksum/,
    );
    await expect(restore(gzipFlipped, url, uploadsDir)).rejects.toThrow(/^The backup file is damaged/);
    expect(await tableCount(url)).toBe(0);
    expect(readdirSync(uploadsDir)).toEqual([]);
  });

  it('refuses a backup made by a newer Agora (a later migration level)', async () => {
    const file = await tampered('newer.tar.gz', async (_dir, m) => ({
      ...m,
      migration: { tag: '9999_from_the_future', when: m.migration.when + 1 },
    }));
    const url = await emptyDatabase();
    await expect(restore(file, url, freshUploadsDir())).rejects.toThrow(
      /^The backup was made by a newer Agora .* 9999_from_the_future.*update the code, then restore\.$/,
    );
    expect(await tableCount(url)).toBe(0);
  });

  it('refuses a target that is not empty, naming why', async () => {
    await expect(restore(backupFile, t.databaseUrl, freshUploadsDir())).rejects.toThrow(
      /^The database is not empty \(\d+ tables\): restore into a new, empty database\.$/,
    );
    const uploadsDir = freshUploadsDir();
    await mkdir(path.join(uploadsDir, 'images'));
    await expect(restore(backupFile, await emptyDatabase(), uploadsDir)).rejects.toThrow(/^The uploads folder .* is not empty/);
    const dataDir = freshUploadsDir();
    writeFileSync(path.join(dataDir, 'secrets.json'), '{}');
    await expect(
      restoreBackup({
        file: backupFile,
        target: { kind: 'embedded', dataDir },
        uploads: new LocalUploadStore(path.join(dataDir, 'uploads')),
        migrationsDir: t.config.migrationsDir,
        log: () => {},
      }),
    ).rejects.toThrow(/^DATA_DIR .* is not empty/);
  });

  it('a failure while loading rolls everything back: no table, no upload left', async () => {
    // Valid archive, valid checksums, but a row the database rejects (a comment on a discussion that does not exist).
    const file = await tampered('bad-row.tar.gz', async (dir, m) => {
      const part = path.join(dir, 'db', 'comments.copy');
      const text = await readFile(part, 'utf8');
      await writeFile(part, text.replace(/^(\d+)\t(\d+)\t/m, '$1\t999999\t'));
      return { ...m, parts: { ...m.parts, 'db/comments.copy': await digestFile(part) } };
    });
    const url = await emptyDatabase();
    const uploadsDir = freshUploadsDir();
    await expect(restore(file, url, uploadsDir)).rejects.toThrow(/foreign key/);
    expect(await tableCount(url)).toBe(0);
    expect(readdirSync(uploadsDir).flatMap((d) => readdirSync(path.join(uploadsDir, d)))).toEqual([]);
    expect(existsSync(file)).toBe(true);
    // Empty as before: the same database takes the good backup (no type, function or journal left behind).
    const result = await restore(backupFile, url, freshUploadsDir());
    expect(result.now).toEqual(manifest.counts);
  });
});

describe('scheduled backups (BACKUP_SCHEDULE, BACKUP_KEEP)', () => {
  it('defaults to 03:30 UTC daily on the embedded database, off with DATABASE_URL; `off` and an invalid cron', () => {
    const { DATABASE_URL: _url, BACKUP_SCHEDULE: _schedule, BACKUP_KEEP: _keep, ...base } = process.env;
    expect(loadConfig(base).backups).toMatchObject({ cron: '30 3 * * *', keep: 7 });
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://a@localhost/b' }).backups.cron).toBeNull();
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://a@localhost/b', BACKUP_SCHEDULE: '0 */6 * * *' }).backups.cron).toBe(
      '0 */6 * * *',
    );
    expect(loadConfig({ ...base, BACKUP_SCHEDULE: 'off', BACKUP_KEEP: '3' }).backups).toMatchObject({ cron: null, keep: 3 });
    for (const bad of ['every day', '61 3 * * *', '30 3 * *']) {
      expect(() => loadConfig({ ...base, BACKUP_SCHEDULE: bad })).toThrow(
        /^Invalid configuration: BACKUP_SCHEDULE: must be a cron expression/,
      );
    }
    expect(() => loadConfig({ ...base, BACKUP_KEEP: '0' })).toThrow(/^Invalid configuration: BACKUP_KEEP/);
  });

  it('the job writes a backup into DATA_DIR/backups and keeps the newest BACKUP_KEEP, after the new one is complete', async () => {
    const dir = path.join(work, 'scheduled');
    await mkdir(dir);
    const old = [
      'agora-backup-2026-11-20T03-30-00Z.tar.gz',
      'agora-backup-2026-11-21T03-30-00Z.tar.gz',
      'agora-backup-2026-11-22T03-30-00Z.tar.gz',
    ];
    for (const name of [...old, 'notes.txt']) writeFileSync(path.join(dir, name), 'x');
    const handlers = jobHandlers(t.app.ctx, { send: async () => {} } as unknown as Mailer, {
      schedule: { cron: '30 3 * * *', keep: 2, dir },
      migrationsDir: t.config.migrationsDir,
      log: () => {},
    });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-11-23T03:30:00Z'));
      await handlers.backup({}, { id: 'j1', retryCount: 0 });
    } finally {
      vi.useRealTimers();
    }
    expect(readdirSync(dir).sort()).toEqual([
      'agora-backup-2026-11-22T03-30-00Z.tar.gz',
      'agora-backup-2026-11-23T03-30-00Z.tar.gz',
      'notes.txt',
    ]);
    const parts = await extractArchive(path.join(dir, 'agora-backup-2026-11-23T03-30-00Z.tar.gz'), mkdtempSync(path.join(work, 'check-')));
    expect(parts.has('db/users.copy')).toBe(true);
  });

  it('is scheduled once per cluster on the job queue, and `off` removes the schedule', async () => {
    const quiet = { info: () => {}, warn: () => {} };
    const schedule = async () =>
      (await t.database.sql<{ cron: string }[]>`SELECT cron FROM pgboss.schedule WHERE name = 'backup'`).map((r) => r.cron);
    let queue = await JobQueue.start(t.databaseUrl, { work: true, handlers: {}, log: quiet, backupCron: '30 3 * * *' });
    await queue.stop();
    expect(await schedule()).toEqual(['30 3 * * *']);
    queue = await JobQueue.start(t.databaseUrl, { work: true, handlers: {}, log: quiet, backupCron: null });
    await queue.stop();
    expect(await schedule()).toEqual([]);
  });
});
