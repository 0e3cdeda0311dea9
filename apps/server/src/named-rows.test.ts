import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 13 §4: queries return named rows (a Drizzle select, or json_build_object for a page built in SQL), never
// positional tuples whose indexes leak into services and mappers (`t[14]`, destructuring with holes).
const root = import.meta.dirname;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('named rows', () => {
  const files = sources(root).map((file) => ({
    name: path.relative(root, file).split(path.sep).join('/'),
    text: readFileSync(file, 'utf8'),
  }));

  it('no statement builds a positional JSON tuple', () => {
    expect(files.filter((f) => /json_build_array\s*\(/i.test(f.text)).map((f) => f.name)).toEqual([]);
  });

  it('no tuple row types and no destructuring with two or more holes', () => {
    expect(files.filter((f) => /type\s+\w+Tuple\s*=\s*\[/.test(f.text)).map((f) => f.name)).toEqual([]);
    expect(files.filter((f) => /\[\s*,\s*,/.test(f.text)).map((f) => f.name)).toEqual([]);
  });
});
