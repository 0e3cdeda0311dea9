import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { signIn, spawnServer, type SpawnedServer, waitForHealth } from './test/spawn-server';

let server: SpawnedServer | undefined;
afterEach(() => server?.cleanup());

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('the server process', () => {
  it('drains on SIGTERM under load: no 5xx, no reset, then stops its database and exits 0', async () => {
    server = await spawnServer({ RATE_LIMIT: 'off' });
    const { url } = server;
    const token = await signIn(url);
    const pgPid = server.postmasterPid();
    const statuses = new Map<number, number>();
    const errors = new Map<string, number>();
    let completed = 0;
    let sigtermSent = false;
    let afterSigterm = 0;
    // 16 clients, each sending one request after another over keep-alive (a profile read hits the database),
    // until the server refuses connections (it has stopped listening) or 1,500 requests each.
    const worker = async (n: number) => {
      for (let i = 0; i < 1500; i += 1) {
        try {
          const res = await fetch(n % 2 ? `${url}/users/profile` : `${url}/api/health`, { headers: { authorization: `Bearer ${token}` } });
          await res.arrayBuffer();
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          completed += 1;
          if (sigtermSent) afterSigterm += 1;
        } catch (error) {
          const code = String((error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message);
          errors.set(code, (errors.get(code) ?? 0) + 1);
          if (code === 'ECONNREFUSED') return;
        }
      }
    };
    const load = Promise.all(Array.from({ length: 16 }, (_, n) => worker(n)));
    while (completed < 400) await new Promise((r) => setTimeout(r, 20));
    sigtermSent = true;
    server.child.kill('SIGTERM');
    await load;
    const exitCode = await server.exited;
    const fiveHundreds = [...statuses].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);
    const resets = [...errors].filter(([code]) => code !== 'ECONNREFUSED').reduce((n, [, c]) => n + c, 0);
    const summary = JSON.stringify({ statuses: Object.fromEntries(statuses), errors: Object.fromEntries(errors), afterSigterm });
    console.log(`SIGTERM under load: ${summary}`);
    expect(fiveHundreds, summary).toBe(0);
    expect(resets, summary).toBe(0);
    expect(statuses.get(200), summary).toBeGreaterThan(400);
    expect(exitCode, server.output()).toBe(0);
    expect(alive(pgPid)).toBe(false);
    expect(existsSync(path.join(server.dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  }, 120_000);

  // The 503 while the database is down is health.test.ts's (a restart here can take less than one poll).
  it('starts a killed postmaster again, and the pool reconnects', async () => {
    server = await spawnServer();
    const before = server.postmasterPid();
    process.kill(before, 'SIGKILL');
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && !server.output().includes('The embedded PostgreSQL runs again'))
      await new Promise((r) => setTimeout(r, 200));
    expect(server.output()).toContain('The embedded PostgreSQL runs again');
    expect(await waitForHealth(server.url, 200, 60_000), server.output()).toBe(true);
    const after = server.postmasterPid();
    expect(after).not.toBe(before);
    expect(alive(after)).toBe(true);
    // Real requests work again: the pool reconnected.
    const res = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ emailOrUsername: 'nobody', password: 'whatever-it-is' }),
    });
    expect(res.status).toBe(401);
    server.child.kill('SIGTERM');
    expect(await server.exited, server.output()).toBe(0);
  }, 150_000);
});
