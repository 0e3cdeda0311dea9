import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The map and the decision records stay true to the tree (issue 13 item 8): every file or folder that
 * docs/ARCHITECTURE.md names exists, and every decision a comment or a document cites exists.
 */

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const MAP = path.join(ROOT, 'docs/ARCHITECTURE.md');

/** Where a path written relative to something ("lib/prepared.ts", "features/groups/api.ts") may start. */
const BASES = [
  '',
  'apps/server',
  'apps/server/src',
  'apps/server/src/modules',
  'apps/web',
  'apps/web/src',
  'apps/web/src/components',
  'apps/web/e2e',
  'packages/contract/src',
  'scripts',
];
const FILE = /\.(ts|tsx|js|mjs|md|css|json|sql|sh|html)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', '.git', 'test-results', 'playwright-report', 'data']);

/** The code spans of `text` that name a file or folder (placeholders such as `<feature>` or `*.queries.ts` are not paths). */
function namedPaths(text: string): string[] {
  return [...text.matchAll(/`([^`\n]+)`/g)]
    .map((m) => m[1]!.trim())
    .filter((span) => /^[\w.\-/]+$/.test(span) && !span.startsWith('/') && (!span.startsWith('.') || span.startsWith('.ci/')))
    .filter((span) => span.includes('/') || FILE.test(span));
}

/** Files under `dir` (recursively) whose name is `name`. */
function findByName(dir: string, name: string): boolean {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return false;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP_DIRS.has(entry.name)) continue;
    if (entry.name === name) return true;
    if (entry.isDirectory() && findByName(path.join(dir, entry.name), name)) return true;
  }
  return false;
}

/**
 * Whether `named` exists from one of the bases; a bare file name, somewhere inside the table row's folder (for a
 * row such as `modules/<feature>/`, inside `modules/`), or in the repository when the prose names it.
 */
function exists(named: string, rowDir: string | null): boolean {
  const clean = named.replace(/\/$/, '');
  const starts = rowDir ? [rowDir, ...BASES] : BASES;
  if (starts.some((base) => existsSync(path.join(ROOT, base, clean)))) return true;
  return !clean.includes('/') && findByName(path.join(ROOT, rowDir ?? ''), clean);
}

/** Every source and document file of the repository, for citations. */
function repositoryFiles(dir = ROOT, found: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP_DIRS.has(entry.name) || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) repositoryFiles(full, found);
    else if (/\.(ts|tsx|mjs|js|md)$/.test(entry.name)) found.push(full);
  }
  return found;
}

describe('docs/ARCHITECTURE.md', () => {
  it('names only files and folders that exist', () => {
    const missing: string[] = [];
    for (const line of readFileSync(MAP, 'utf8').split('\n')) {
      // A table row's first cell is the folder its bare file names live in.
      const row = /^\|\s*`([^`]+)`\s*\|/.exec(line);
      const rowDir = row ? row[1]!.split('<')[0]!.replace(/\/$/, '') : null;
      for (const named of namedPaths(line)) if (!exists(named, rowDir)) missing.push(named);
    }
    expect(missing).toEqual([]);
  });

  it('still finds what it checks (a name that does not exist is reported)', () => {
    expect(namedPaths('`apps/server/src/app.ts`, `lib/no-such-file.ts`, `<feature>.ts`, `/api/docs`, `.ci/run`')).toEqual([
      'apps/server/src/app.ts',
      'lib/no-such-file.ts',
      '.ci/run',
    ]);
    expect(exists('apps/server/src/app.ts', null)).toBe(true);
    expect(exists('lib/no-such-file.ts', null)).toBe(false);
    expect(exists('groups.access.ts', 'apps/server/src/modules/groups')).toBe(true);
    expect(exists('groups.access.ts', 'apps/server/src/modules/blogs')).toBe(false);
  });
});

describe('decision records', () => {
  const records = readdirSync(path.join(ROOT, 'docs/decisions')).filter((name) => /^\d{4}-.*\.md$/.test(name));
  const numbers = new Set(records.map((name) => name.slice(0, 4)));

  it('hold one status line each, and the index lists every record', () => {
    const index = readFileSync(path.join(ROOT, 'docs/decisions/README.md'), 'utf8');
    for (const name of records) {
      const text = readFileSync(path.join(ROOT, 'docs/decisions', name), 'utf8');
      expect(text.match(/^Status: (accepted|superseded by \d{4})/gm)?.length, name).toBe(1);
      expect(index, name).toContain(`](${name})`);
    }
  });

  it('are cited by files that exist and numbers that exist', () => {
    const broken: string[] = [];
    for (const file of repositoryFiles()) {
      const text = readFileSync(file, 'utf8');
      const where = path.relative(ROOT, file);
      for (const m of text.matchAll(/docs\/decisions\/([\w.-]+)/g)) {
        const cited = m[1]!.replace(/[.,;:]+$/, '');
        if (cited.endsWith('.md') && !existsSync(path.join(ROOT, 'docs/decisions', cited))) broken.push(`${where}: ${cited}`);
      }
      for (const m of text.matchAll(/[Dd]ecisions? (\d{4})/g)) if (!numbers.has(m[1]!)) broken.push(`${where}: decision ${m[1]}`);
    }
    expect(broken).toEqual([]);
  });
});
