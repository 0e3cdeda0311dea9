import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderSqlFiles, SQL_DIR } from './sql-dump';

describe('committed SQL (apps/server/sql)', () => {
  it('matches the prepared statements: run `npm run sql:dump` after changing a query', async () => {
    const files = await renderSqlFiles();
    expect(files.size).toBeGreaterThan(5);
    const committed = existsSync(SQL_DIR)
      ? readdirSync(SQL_DIR)
          .filter((f) => f.endsWith('.sql'))
          .sort()
      : [];
    expect(committed).toEqual([...files.keys()].sort());
    for (const [name, text] of files) expect(readFileSync(path.join(SQL_DIR, name), 'utf8'), `${name} is stale`).toBe(text);
  });
});
