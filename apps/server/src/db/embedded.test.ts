import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { connect } from './client';
import { startEmbeddedPostgres } from './embedded';

const quiet = { info: () => {}, warn: () => {} };
const dirs: string[] = [];
function tempDataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'agora-embedded-'));
  chmodSync(dir, 0o755);
  dirs.push(dir);
  return dir;
}
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function postmasterPid(dataDir: string): number {
  return Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
}
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
async function query(url: string): Promise<number> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql`SELECT 1 AS one`;
    return row!.one as number;
  } finally {
    await sql.end();
  }
}

describe('embedded PostgreSQL', () => {
  it('recovers from a server left running by a killed process', async () => {
    const dataDir = tempDataDir();
    const first = await startEmbeddedPostgres(dataDir, quiet);
    // A killed process restarts nothing: without this, `first` (alive in this test process) sees its postmaster
    // stopped by `second` and starts it again, stopping `second`'s server in turn (Node 24's timing hit that race).
    first.watch(() => {}, { maxRestarts: 0 });
    const orphan = postmasterPid(dataDir);
    // Simulate a crash: never call first.stop(); start again on the same directory.
    const second = await startEmbeddedPostgres(dataDir, quiet);
    try {
      expect(alive(orphan)).toBe(false);
      expect(await query(second.url)).toBe(1);
    } finally {
      await second.stop();
    }
    void first;
  }, 60_000);

  // Issue 12 §5: the app's pool talks to the embedded server over its Unix socket (cheaper than loopback TCP).
  it('answers on its Unix socket, and on TCP for tools', async () => {
    const server = await startEmbeddedPostgres(tempDataDir(), quiet);
    try {
      expect(server.socket).toMatch(/\.s\.PGSQL\.\d+$/);
      const database = connect(server.url, { max: 1, socket: server.socket });
      try {
        const [row] = await database.sql`SELECT inet_server_addr() IS NULL AS local`;
        expect(row!.local).toBe(true);
      } finally {
        await database.close();
      }
      expect(await query(server.url)).toBe(1);
    } finally {
      await server.stop();
    }
  }, 60_000);

  it('removes a stale postmaster.pid naming a dead process', async () => {
    const dataDir = tempDataDir();
    const server = await startEmbeddedPostgres(dataDir, quiet);
    await server.stop();
    const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
    writeFileSync(pidFile, '999999\n/nowhere\n');
    const again = await startEmbeddedPostgres(dataDir, quiet);
    try {
      expect(await query(again.url)).toBe(1);
    } finally {
      await again.stop();
    }
    expect(existsSync(pidFile)).toBe(false);
  }, 60_000);
});
