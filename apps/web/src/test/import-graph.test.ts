import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import FEATURE_ORDER from '@/features/order.json';

/**
 * The web's import graph, as `npx madge --circular --ts-config apps/web/tsconfig.json apps/web/src` reads it
 * (static, type-only and dynamic imports alike), checked on every test run: no cycle, and features import only
 * features below them in features/order.json, except their keys.ts (docs/ARCHITECTURE.md "Feature order"). ESLint
 * says the same per file (import-x/no-cycle, import-x/no-restricted-paths); this test keeps CI, which does not lint,
 * honest. It reads the sources as text: a few hundred files, well under a second.
 */
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const IMPORT = /(?:\bimport|\bexport)\s*(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) && !/\.d\.ts$/.test(name) ? [full] : [];
  });
}

function resolve(from: string, specifier: string, files: Set<string>): string | null {
  const base = specifier.startsWith('@/')
    ? path.join(SRC, specifier.slice(2))
    : specifier.startsWith('.')
      ? path.resolve(path.dirname(from), specifier)
      : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (files.has(candidate)) return candidate;
  }
  return null;
}

function importGraph(): Map<string, string[]> {
  const files = sourceFiles(SRC);
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, '');
    const targets = new Set<string>();
    for (const match of text.matchAll(IMPORT)) {
      const target = resolve(file, (match[1] ?? match[2])!, known);
      if (target) targets.add(target);
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

/** Tarjan's strongly connected components with more than one file (or a file importing itself). */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)!.includes(node)) found.push(component);
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

function featureOf(file: string): string | null {
  const parts = path.relative(SRC, file).split(path.sep);
  return parts[0] === 'features' && parts.length > 2 ? parts[1]! : null;
}

describe('the web import graph', () => {
  const graph = importGraph();

  it('reads the sources (the parser finds the imports)', () => {
    const edges = [...graph.values()].reduce((n, targets) => n + targets.length, 0);
    expect(graph.size).toBeGreaterThan(200);
    expect(edges).toBeGreaterThan(graph.size);
  });

  it('has no import cycle', () => {
    expect(cycles(graph).map((cycle) => cycle.map((file) => path.relative(SRC, file)))).toEqual([]);
  });

  it('finds a cycle when there is one (the check itself works)', () => {
    const probe = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(cycles(probe).map((c) => c.sort())).toEqual([['a', 'b', 'c']]);
  });

  it('names every feature in features/order.json', () => {
    const features = readdirSync(path.join(SRC, 'features')).filter((name) => statSync(path.join(SRC, 'features', name)).isDirectory());
    expect([...features].sort()).toEqual([...FEATURE_ORDER].sort());
  });

  it('has features import only features below them (or their keys.ts)', () => {
    const upward: string[] = [];
    for (const [file, targets] of graph) {
      const from = featureOf(file);
      if (!from) continue;
      for (const target of targets) {
        const to = featureOf(target);
        if (!to || to === from || path.basename(target) === 'keys.ts') continue;
        if (FEATURE_ORDER.indexOf(to) > FEATURE_ORDER.indexOf(from))
          upward.push(`${path.relative(SRC, file)} -> ${path.relative(SRC, target)}`);
      }
    }
    expect(upward).toEqual([]);
  });
});
