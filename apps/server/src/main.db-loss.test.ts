import { afterEach, describe, expect, it } from 'vitest';
import { signIn, spawnServer, type SpawnedServer, waitForHealth } from './test/spawn-server';

let server: SpawnedServer | undefined;
afterEach(() => server?.cleanup());

type Answer = { start: number; end: number; status: number };

describe('the server process when its database goes away', () => {
  // postgres.js 3.4.9 threw from a timer when a transaction's connection closed under it (the ROLLBACK written to
  // a closed socket), which killed the process 200 ms after the postmaster, before the restart logic could run.
  it('survives its postmaster killed under write load, answers 503 while the database is down and 200 after the restart', async () => {
    server = await spawnServer({ RATE_LIMIT: 'off' });
    const { url } = server;
    const token = await signIn(url);
    const writes: Answer[] = [];
    const health: Answer[] = [];
    const errors: string[] = [];
    let stop = false;
    // 12 writers, each updating the profile (a transaction) one request after another.
    const writer = async (n: number) => {
      for (let i = 0; !stop; i += 1) {
        const start = performance.now();
        try {
          const res = await fetch(`${url}/users/profile`, {
            method: 'PUT',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ bio: `writer ${n}, write ${i}` }),
          });
          await res.arrayBuffer();
          writes.push({ start, end: performance.now(), status: res.status });
        } catch (error) {
          errors.push(String((error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message));
          await new Promise((r) => setTimeout(r, 20));
        }
      }
    };
    const poller = async () => {
      while (!stop) {
        const start = performance.now();
        const status = await fetch(`${url}/api/health`).then(
          (r) => r.status,
          () => 0,
        );
        health.push({ start, end: performance.now(), status });
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const load = Promise.all([...Array.from({ length: 12 }, (_, n) => writer(n)), poller()]);
    while (writes.length < 200) await new Promise((r) => setTimeout(r, 20));
    const killedAt = performance.now();
    process.kill(server.postmasterPid(), 'SIGKILL');

    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && !server.output().includes('The embedded PostgreSQL runs again') && server.child.exitCode === null)
      await new Promise((r) => setTimeout(r, 100));
    expect(server.child.exitCode, server.output()).toBe(null);
    expect(server.output()).toContain('The embedded PostgreSQL runs again');
    const restartedAt = performance.now();
    expect(await waitForHealth(url, 200, 30_000), server.output()).toBe(true);
    const healthyAt = performance.now();
    // Writes succeed again: the pool reconnected.
    const recovered = performance.now();
    while (!writes.some((w) => w.start > recovered && w.status === 200) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    stop = true;
    await load;

    const after = writes.filter((w) => w.start > killedAt);
    const firstFailure = Math.min(...after.filter((w) => w.status === 503).map((w) => w.end));
    const summary = JSON.stringify({
      ms: {
        firstFailure: firstFailure - killedAt,
        restarted: restartedAt - killedAt,
        healthy: healthyAt - killedAt,
        recovered: performance.now() - killedAt,
      },
      writesAfterKill: countBy(after.map((w) => w.status)),
      health: countBy(health.filter((h) => h.start > killedAt).map((h) => h.status)),
      errors: countBy(errors),
    });
    console.log(`postmaster killed under load: ${summary}`);
    expect(server.child.exitCode, server.output()).toBe(null);
    expect(server.output()).not.toContain("Cannot read properties of null (reading 'write')");
    expect(errors, summary).toEqual([]);
    // A write the database could not take is a 503 with Retry-After (the client may retry), never a 500.
    expect(
      after.filter((w) => w.status !== 200 && w.status !== 503),
      summary,
    ).toEqual([]);
    expect(
      after.some((w) => w.start > recovered && w.status === 200),
      summary,
    ).toBe(true);
    // Health saw the database down. Once a request had failed for want of the database, no health check answered
    // a cached 200 while the database was certainly still down (the restart waits 500 ms before its first try).
    expect(
      health.some((h) => h.start > killedAt && h.status === 503),
      summary,
    ).toBe(true);
    const stale = health.filter((h) => h.start > firstFailure && h.end < killedAt + 450 && h.status === 200);
    expect(stale, summary).toEqual([]);

    server.child.kill('SIGTERM');
    expect(await server.exited, server.output()).toBe(0);
  }, 150_000);
});

function countBy<T extends string | number>(values: T[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const v of values) counts[String(v)] = (counts[String(v)] ?? 0) + 1;
  return counts;
}
