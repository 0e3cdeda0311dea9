import { describe, expect, it } from 'vitest';
import { WorkQueue } from './work-queue';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('WorkQueue', () => {
  it('runs at most `concurrency` jobs at once, then the waiting ones in order', async () => {
    const queue = new WorkQueue(2, 10, 'busy');
    const gates = [deferred(), deferred(), deferred()];
    const started: number[] = [];
    const jobs = gates.map((g, i) => queue.run(async () => (started.push(i), await g.promise, i)));
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(queue.load).toEqual({ running: 2, waiting: 1 });
    gates[0]!.resolve();
    await jobs[0];
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1, 2]);
    gates[1]!.resolve();
    gates[2]!.resolve();
    expect(await Promise.all(jobs)).toEqual([0, 1, 2]);
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses at once with 503 when the waiting line is full, and frees slots after a failing job', async () => {
    const queue = new WorkQueue(1, 1, 'The server is busy');
    const gate = deferred();
    const first = queue.run(() => gate.promise);
    const second = queue.run(async () => 'second');
    await expect(queue.run(async () => 'third')).rejects.toMatchObject({
      statusCode: 503,
      code: 'server_busy',
      headers: { 'retry-after': '1' },
    });
    gate.resolve();
    await first;
    expect(await second).toBe('second');
    await expect(queue.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
  });
});
