import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|test-data\.ts$/.test(entry.name) ? [full] : [];
  });
}

/** An API path written as a string in code (comments aside): it belongs in the contract's paths table. */
const API_PATH_LITERAL = /['"`]\/(api\/|groups|users|friends|notifications|auth\/|profile\/|upload\/)/;

describe('API paths', () => {
  it('are never built by hand in the web app: every call goes through the contract table (issue 13 §5)', () => {
    const found = sourceFiles(SRC).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => !/^\s*(\*|\/\/|\/\*)/.test(line) && API_PATH_LITERAL.test(line))
        .map((line) => `${path.relative(SRC, file)}: ${line.trim()}`),
    );
    expect(found).toEqual([]);
  });
});
