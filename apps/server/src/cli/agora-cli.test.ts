import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { connect } from '../db/client';
import { startEmbeddedPostgres } from '../db/embedded';
import { runMigrations } from '../db/migrate';
import { loadConfig } from '../plugins/config';
import { createGroup, createUser } from '../test/factories';
import { useTestApp } from '../test/test-app';
import { runAgoraCli } from './agora-cli';
import { runningEmbeddedUrl } from './database';

const t = useTestApp({ rateLimit: false });

/** The test database's URL, rebuilt from the pool's options. */
function testDatabaseUrl(): string {
  const o = t.database.sql.options as unknown as { host: string[]; port: number[]; user: string; pass: string | null; database: string };
  const auth = o.pass ? `${encodeURIComponent(o.user)}:${encodeURIComponent(o.pass)}` : encodeURIComponent(o.user);
  return `postgres://${auth}@${o.host[0]}:${o.port[0]}/${o.database}`;
}

function capture() {
  const lines: string[] = [];
  return { lines, out: { log: (m: string) => lines.push(m), error: (m: string) => lines.push(`ERR ${m}`) } };
}

async function verified(id: number): Promise<boolean> {
  const [row] = await t.database.sql<{ v: boolean }[]>`SELECT group_verified AS v FROM groups WHERE id = ${id}`;
  return row!.v;
}

describe('npm run agora -- group:verify / group:unverify (DATABASE_URL)', () => {
  it('verifies and unverifies by slug, former slug or id; the API shows it', async () => {
    const owner = await createUser(t.database.db);
    const group = await createGroup(t.database.db, { owner, name: 'Verify Me' });
    const env = { ...process.env, DATABASE_URL: testDatabaseUrl() };
    const c = capture();
    expect(await runAgoraCli(['group:verify', group.slug], env, c.out)).toBe(0);
    expect(await verified(group.id)).toBe(true);
    expect(c.lines.at(-1)).toContain('Verified: "Verify Me"');
    expect((await t.app.inject({ method: 'GET', url: `/groups/${group.slug}` })).json().group.group_verified).toBe(1);
    expect(await runAgoraCli(['group:unverify', String(group.id)], env, c.out)).toBe(0);
    expect(await verified(group.id)).toBe(false);
    expect(await runAgoraCli(['group:verify', group.slug.toUpperCase()], env, c.out)).toBe(0);
    expect(await verified(group.id)).toBe(true);
  });

  it('exits 1 for an unknown community and 2 for wrong usage, changing nothing', async () => {
    const env = { ...process.env, DATABASE_URL: testDatabaseUrl() };
    const c = capture();
    expect(await runAgoraCli(['group:verify', 'no-such-community'], env, c.out)).toBe(1);
    expect(c.lines.at(-1)).toMatch(/^ERR No community "no-such-community"/);
    expect(await runAgoraCli([], env, c.out)).toBe(2);
    expect(await runAgoraCli(['group:verify'], env, c.out)).toBe(2);
    expect(await runAgoraCli(['group:delete', 'x'], env, c.out)).toBe(2);
    expect(await runAgoraCli(['group:verify', 'a', 'b'], env, c.out)).toBe(2);
    expect(await runAgoraCli(['help'], env, c.out)).toBe(0);
  });
});

describe('runningEmbeddedUrl', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'agora-cli-pid-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  it('reads the port from line 4 of a live postmaster.pid and the password from secrets.json', () => {
    mkdirSync(path.join(dir, 'postgres'), { recursive: true });
    writeFileSync(path.join(dir, 'secrets.json'), JSON.stringify({ dbPassword: 'p@ss/word' }));
    writeFileSync(path.join(dir, 'postgres', 'postmaster.pid'), `${process.pid}\n${dir}/postgres\n1700000000\n54321\n/tmp\n`);
    expect(runningEmbeddedUrl(dir)).toBe('postgres://agora:p%40ss%2Fword@127.0.0.1:54321/agora');
    writeFileSync(path.join(dir, 'postgres', 'postmaster.pid'), `999999999\n${dir}/postgres\n1700000000\n54321\n/tmp\n`);
    expect(runningEmbeddedUrl(dir)).toBeNull();
    expect(runningEmbeddedUrl(path.join(dir, 'missing'))).toBeNull();
  });
});

describe('npm run agora with the embedded PostgreSQL of DATA_DIR', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'agora-cli-data-'));
  chmodSync(dataDir, 0o755);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('uses the running one when the app runs, else starts it, acts and stops it', { timeout: 180_000 }, async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    const config = loadConfig(env);
    const quiet = { info: () => {}, warn: () => {} };
    const server = await startEmbeddedPostgres(dataDir, quiet);
    const database = connect(server.url, { max: 1 });
    let id: number;
    try {
      await runMigrations(database.db, config.migrationsDir);
      const owner = await createUser(database.db);
      id = (await createGroup(database.db, { owner, name: 'Embedded One' })).id;
      const c = capture();
      expect(await runAgoraCli(['group:verify', String(id)], env, c.out)).toBe(0);
      expect(c.lines.at(-1)).toContain('[running embedded]');
      const [row] = await database.sql<{ v: boolean }[]>`SELECT group_verified AS v FROM groups WHERE id = ${id}`;
      expect(row!.v).toBe(true);
    } finally {
      await database.close();
      await server.stop();
    }
    const c = capture();
    expect(await runAgoraCli(['group:unverify', String(id)], env, c.out)).toBe(0);
    expect(c.lines.at(-1)).toContain('[started embedded]');
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    // Started again to read the result: the command changed it and stopped its server.
    const again = await startEmbeddedPostgres(dataDir, quiet);
    const check = connect(again.url, { max: 1 });
    try {
      const [row] = await check.sql<{ v: boolean }[]>`SELECT group_verified AS v FROM groups WHERE id = ${id}`;
      expect(row!.v).toBe(false);
    } finally {
      await check.close();
      await again.stop();
    }
  });

  it('backs up the stopped embedded database and restores it into a new, empty DATA_DIR (issue 18 §1)', { timeout: 180_000 }, async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    const file = path.join(dataDir, 'manual.tar.gz');
    const c = capture();
    expect(await runAgoraCli(['backup', '--to', file], env, c.out)).toBe(0);
    expect(c.lines.at(-1)).toMatch(/^Backup written: .*manual\.tar\.gz \(.* 1 communities, .*\) \[started embedded\]$/);
    const target = path.join(dataDir, 'restored');
    const restoreEnv: NodeJS.ProcessEnv = { ...env, DATA_DIR: target };
    const r = capture();
    expect(await runAgoraCli(['restore', file], restoreEnv, r.out)).toBe(0);
    expect(r.lines.join('\n')).toMatch(/communities\s+1\s+1\n/);
    expect(r.lines.join('\n')).not.toContain('differs');
    expect(existsSync(path.join(target, 'postgres', 'postmaster.pid'))).toBe(false);
    // Not into a DATA_DIR that holds something: one line, exit 1, nothing changed.
    const again = capture();
    expect(await runAgoraCli(['restore', file], restoreEnv, again.out)).toBe(1);
    expect(again.lines).toEqual([`ERR DATA_DIR ${target} is not empty: restore into a new, empty DATA_DIR (move this one aside first).`]);
    expect(await runAgoraCli(['restore'], restoreEnv, capture().out)).toBe(2);
  });
});

describe('npm run agora -- user:admin / user:unadmin / user:suspend / user:unsuspend (issue 15 §8)', () => {
  it('makes a site admin, suspends and lifts by username, each logged as the operator; the API follows', async () => {
    const env = { ...process.env, DATABASE_URL: testDatabaseUrl() };
    const staff = await createUser(t.database.db);
    const target = await createUser(t.database.db);
    const c = capture();
    expect(await runAgoraCli(['user:admin', staff.username.toUpperCase()], env, c.out)).toBe(0);
    expect(c.lines.at(-1)).toContain(`Site admin: ${staff.username}`);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/log', headers: staff.auth })).statusCode).toBe(200);

    expect(await runAgoraCli(['user:suspend', target.username, '--reason', 'Spam', '--days', '3'], env, c.out)).toBe(0);
    expect(c.lines.at(-1)).toContain(`The account is suspended: ${target.username}`);
    expect((await t.app.inject({ method: 'GET', url: '/users/profile', headers: target.auth })).statusCode).toBe(401);
    // The operator may suspend a site admin too (the API may not).
    expect(await runAgoraCli(['user:suspend', staff.username, '--reason', 'Lost laptop'], env, c.out)).toBe(0);
    expect(await runAgoraCli(['user:unsuspend', staff.username], env, c.out)).toBe(0);
    expect(await runAgoraCli(['user:unsuspend', target.username], env, c.out)).toBe(0);
    expect(await runAgoraCli(['user:unadmin', staff.username], env, c.out)).toBe(0);

    const rows = await t.database.sql<{ action: string; actor_id: number | null; target: number; until: Date | null }[]>`
      SELECT action, actor_id, target_user_id AS target, until FROM site_log WHERE target_user_id IN (${staff.id}, ${target.id}) ORDER BY id`;
    expect(rows.map((r) => [r.action, r.actor_id, r.target])).toEqual([
      ['grant_admin', null, staff.id],
      ['suspend', null, target.id],
      ['suspend', null, staff.id],
      ['unsuspend', null, staff.id],
      ['unsuspend', null, target.id],
      ['revoke_admin', null, staff.id],
    ]);
    expect(rows[1]!.until).not.toBeNull();
    expect(rows[2]!.until).toBeNull();
  });

  it('exits 1 for an unknown account or a refused change and 2 for wrong usage, changing nothing', async () => {
    const env = { ...process.env, DATABASE_URL: testDatabaseUrl() };
    const target = await createUser(t.database.db);
    const c = capture();
    expect(await runAgoraCli(['user:admin', 'nobody_here_at_all'], env, c.out)).toBe(1);
    expect(c.lines.at(-1)).toBe('ERR No account "nobody_here_at_all".');
    expect(await runAgoraCli(['user:suspend', target.username], env, c.out)).toBe(1);
    expect(c.lines.at(-1)).toBe('ERR Give a reason');
    expect(await runAgoraCli(['user:suspend', target.username, '--reason', 'x', '--days', '0'], env, c.out)).toBe(1);
    expect(c.lines.at(-1)).toBe('ERR Days must be a whole number from 1 to 3650');
    expect(await runAgoraCli(['user:unsuspend', target.username], env, c.out)).toBe(1);
    expect(c.lines.at(-1)).toBe('ERR The account is not suspended');
    expect(await runAgoraCli(['user:suspend', target.username, '--why', 'x'], env, c.out)).toBe(2);
    expect(await runAgoraCli(['user:suspend', target.username, '--reason'], env, c.out)).toBe(2);
    expect(await runAgoraCli(['user:admin'], env, c.out)).toBe(2);
    expect(await runAgoraCli(['user:admin', 'a', 'b'], env, c.out)).toBe(2);
    expect(await t.database.sql`SELECT id FROM site_log WHERE target_user_id = ${target.id}`).toEqual([]);
  });
});
