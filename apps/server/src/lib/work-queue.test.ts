import { describe, expect, it } from 'vitest';
import { WorkQueue, type WorkQueueOptions } from './work-queue';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const queue = (opts: Partial<WorkQueueOptions>) =>
  new WorkQueue({ concurrency: 2, maxWaitMs: 5_000, initialJobMs: 100, busyMessage: 'The server is busy', ...opts });

describe('WorkQueue', () => {
  it('runs at most `concurrency` jobs at once, then the waiting ones in order', async () => {
    const q = queue({ concurrency: 2 });
    const gates = [deferred(), deferred(), deferred()];
    const started: number[] = [];
    const jobs = gates.map((g, i) => q.run(async () => (started.push(i), await g.promise, i)));
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(q.load).toEqual({ running: 2, waiting: 1 });
    gates[0]!.resolve();
    await jobs[0];
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1, 2]);
    gates[1]!.resolve();
    gates[2]!.resolve();
    expect(await Promise.all(jobs)).toEqual([0, 1, 2]);
    expect(q.load).toEqual({ running: 0, waiting: 0 });
  });

  it('queues while the estimated wait is under the bound and refuses beyond it with 503 and Retry-After', async () => {
    // One slot, 100 ms per job, 350 ms of patience: the 4th waiter would wait 400 ms.
    const q = queue({ concurrency: 1, initialJobMs: 100, maxWaitMs: 350 });
    const gate = deferred();
    const jobs = Array.from({ length: 4 }, () => q.run(() => gate.promise));
    expect(q.load).toEqual({ running: 1, waiting: 3 });
    expect(q.estimatedWaitMs()).toBe(400);
    await expect(q.run(async () => 'late')).rejects.toMatchObject({
      statusCode: 503,
      code: 'server_busy',
      message: 'The server is busy',
      headers: { 'retry-after': '1' },
    });
    gate.resolve();
    await Promise.all(jobs);
    await expect(q.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(q.load).toEqual({ running: 0, waiting: 0 });
  });

  it('counts by expected wait, not by a number of jobs: fast jobs let many more wait', async () => {
    const gate = deferred();
    const fast = queue({ concurrency: 2, initialJobMs: 20, maxWaitMs: 5_000 });
    const jobs = Array.from({ length: 400 }, () => fast.run(() => gate.promise));
    expect(fast.load).toEqual({ running: 2, waiting: 398 });
    gate.resolve();
    await Promise.all(jobs);
  });

  it('says in Retry-After about how long the wait would have been (at most 10 s)', async () => {
    const gate = deferred();
    const q = queue({ concurrency: 1, initialJobMs: 3_000, maxWaitMs: 1_000 });
    const first = q.run(() => gate.promise);
    await expect(q.run(async () => 1)).rejects.toMatchObject({ headers: { 'retry-after': '3' } });
    const slow = queue({ concurrency: 1, initialJobMs: 60_000, maxWaitMs: 1_000 });
    const other = slow.run(() => gate.promise);
    await expect(slow.run(async () => 1)).rejects.toMatchObject({ headers: { 'retry-after': '10' } });
    gate.resolve();
    await Promise.all([first, other]);
  });

  it('measures the time per job: calibrate, then the fastest of the recent jobs', async () => {
    const q = queue({ initialJobMs: 1_000 });
    await q.calibrate(() => new Promise((r) => setTimeout(r, 30)));
    expect(q.averageJobMs).toBeGreaterThanOrEqual(25);
    expect(q.averageJobMs).toBeLessThan(500);
    const before = q.averageJobMs;
    await q.run(async () => {});
    expect(q.averageJobMs).toBeLessThan(before / 5);
    // A slower machine: once 16 jobs in a row are slow, the estimate follows.
    for (let i = 0; i < 16; i += 1) await q.run(() => new Promise((r) => setTimeout(r, 40)));
    expect(q.averageJobMs).toBeGreaterThanOrEqual(35);
  });

  it('caps the jobs one key may have in the queue; other keys still get in, and the share frees up after', async () => {
    const q = queue({ concurrency: 1, perKey: { ip: 2, account: 1 } });
    const gate = deferred();
    const a1 = q.run(() => gate.promise, { ip: 'A' });
    const a2 = q.run(() => gate.promise, { ip: 'A' });
    await expect(q.run(async () => 1, { ip: 'A' })).rejects.toMatchObject({ statusCode: 503, headers: { 'retry-after': '1' } });
    const b = q.run(async () => 'B', { ip: 'B', account: 'id:1' });
    await expect(q.run(async () => 1, { ip: 'C', account: 'id:1' })).rejects.toMatchObject({ statusCode: 503 });
    // A kind without a cap is not counted.
    const unlisted = q.run(async () => 'D', { ip: 'D', session: 'x' });
    gate.resolve();
    await Promise.all([a1, a2]);
    expect(await b).toBe('B');
    expect(await unlisted).toBe('D');
    expect(await q.run(async () => 'again', { ip: 'A', account: 'id:1' })).toBe('again');
  });
});
