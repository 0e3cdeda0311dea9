import { afterAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { connect } from './client';

/**
 * Every connection of the app's pool runs without JIT and without parallel workers (decision 0124): on Debian's
 * PostgreSQL each added 30-98 ms to a search statement that takes 10-20 ms (docs/perf/search.md).
 */
describe('the pool’s session settings', () => {
  const database = connect(inject('adminUrl'), { max: 2 });
  afterAll(() => database.close());

  it('turns JIT and parallel query off on every connection', async () => {
    const rows = await Promise.all(
      [1, 2].map(() =>
        database.db.execute<{ jit: string; workers: string }>(
          sql`SELECT current_setting('jit') AS jit, current_setting('max_parallel_workers_per_gather') AS workers, pg_sleep(0.05)`,
        ),
      ),
    );
    for (const [row] of rows) expect(row).toMatchObject({ jit: 'off', workers: '0' });
  });
});
