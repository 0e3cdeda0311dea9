import { drizzle } from 'drizzle-orm/postgres-js';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import * as schema from '../../db/schema';
import { createCast, createPost } from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { findHomeFeed } from './discussions.queries';

const t = useTestApp({ rateLimit: false });

// Issue 12 §5: the home feed was planned again on every execution (0 generic plans), 0.5–0.8 ms of PostgreSQL
// CPU per request on top of running it (docs/perf/reads.md).
describe('home feed statement', () => {
  it('settles on its generic plan after the first executions, as the other feeds do', async () => {
    const { cast, group } = await createCast(t.database.db);
    for (let i = 0; i < 3; i++) await createPost(t, group, cast.author);
    // One connection, so its prepared statements (and their plan counts) can be read back.
    const connection = await t.database.sql.reserve();
    try {
      // Drizzle reads the pool's type parsers from `options`, which a reserved connection does not carry.
      const client = Object.assign(connection, { options: t.database.sql.options });
      const db = drizzle(client as never, { schema, casing: 'snake_case' }) as unknown as Db;
      for (let i = 0; i < 12; i++) {
        const items = await findHomeFeed(db, cast.member.id, { cursor: null, limit: 11 });
        expect(items).toHaveLength(3);
      }
      const plans = await connection<{ generic: number; custom: number }[]>`
        SELECT generic_plans::int AS generic, custom_plans::int AS custom FROM pg_prepared_statements
        WHERE statement LIKE '%WITH my AS MATERIALIZED%' AND statement NOT LIKE '%pg_prepared_statements%'`;
      expect(plans).toHaveLength(1);
      expect(plans[0]!.generic).toBeGreaterThan(0);
    } finally {
      connection.release();
    }
  });
});
