import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { renderSqlFiles, SQL_DIR } from './sql-dump';

/** `npm run sql:dump`: rewrites apps/server/sql/<module>.sql from the prepared statements (no database needed). */
const files = await renderSqlFiles();
await mkdir(SQL_DIR, { recursive: true });
for (const old of await readdir(SQL_DIR)) if (old.endsWith('.sql') && !files.has(old)) await rm(path.join(SQL_DIR, old));
for (const [name, text] of files) await writeFile(path.join(SQL_DIR, name), text);
console.log(`Wrote ${files.size} files to ${path.relative(process.cwd(), SQL_DIR)}/`);
