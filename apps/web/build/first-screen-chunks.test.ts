import { describe, expect, it } from 'vitest';
import { ImportGraph } from './first-screen-chunks.ts';

/**
 * The module graph the screen groups are built from (decision 0122): an import from the contract's barrel follows
 * the files that export the names imported, not every module of the contract (schemas and zod).
 */
const C = '/repo/packages/contract/src';
const modules: Record<string, { code: string; imports: Record<string, string> }> = {
  '/repo/apps/web/src/main.tsx': {
    code: "import { APP_ROUTES, parsePathId } from '@agora/contract';\nimport { cn } from './cn';",
    imports: { '@agora/contract': `${C}/index.ts`, './cn': '/repo/apps/web/src/cn.ts' },
  },
  '/repo/apps/web/src/cn.ts': { code: 'export const cn = 1;', imports: {} },
  '/repo/apps/web/src/unknown.ts': {
    code: "import { notInTheContract } from '@agora/contract';",
    imports: { '@agora/contract': `${C}/index.ts` },
  },
  '/repo/apps/web/src/namespace.ts': {
    code: "import * as contract from '@agora/contract';\nexport const c = contract;",
    imports: { '@agora/contract': `${C}/index.ts` },
  },
  [`${C}/index.ts`]: {
    code: "export * from './routes';\nexport * from './discussions';\nexport * from './schemas';",
    imports: { './routes': `${C}/routes.ts`, './discussions': `${C}/discussions.ts`, './schemas': `${C}/schemas.ts` },
  },
  [`${C}/routes.ts`]: { code: 'export const APP_ROUTES = {};', imports: {} },
  // A module with code of its own (a schema) that passes a zod-free module's names on.
  [`${C}/discussions.ts`]: {
    code: "import { z } from 'zod';\nexport * from './discussion-texts';\nexport const discussionSchema = z.object({});",
    imports: { zod: '/repo/node_modules/zod/index.js', './discussion-texts': `${C}/discussion-texts.ts` },
  },
  [`${C}/discussion-texts.ts`]: { code: 'export function parsePathId() {}', imports: {} },
  [`${C}/schemas.ts`]: {
    code: "import { z } from 'zod';\nexport const s = z.string();",
    imports: { zod: '/repo/node_modules/zod/index.js' },
  },
  '/repo/node_modules/zod/index.js': { code: 'export const z = {};', imports: {} },
};

function graph(): ImportGraph {
  const info = (id: string) => {
    const m = modules[id];
    return m ? { importedIds: Object.values(m.imports), dynamicallyImportedIds: [], isEntry: false, code: m.code } : null;
  };
  const resolved = new Map(Object.entries(modules).map(([id, m]) => [id, new Map(Object.entries(m.imports))]));
  return new ImportGraph(info, resolved, new Map());
}

describe('ImportGraph', () => {
  it('follows an import from the contract to the files behind the names, not to zod', () => {
    const closure = graph().closure(['/repo/apps/web/src/main.tsx']);
    expect([...closure].sort()).toEqual(
      [
        '/repo/apps/web/src/main.tsx',
        '/repo/apps/web/src/cn.ts',
        `${C}/routes.ts`,
        // Re-exported by discussions.ts, whose own code (a schema) the name does not need.
        `${C}/discussion-texts.ts`,
      ].sort(),
    );
  });

  it('follows the whole contract when a name cannot be placed, or for a namespace import', () => {
    for (const root of ['/repo/apps/web/src/unknown.ts', '/repo/apps/web/src/namespace.ts']) {
      const closure = graph().closure([root]);
      expect(closure).toContain(`${C}/index.ts`);
      expect(closure).toContain(`${C}/schemas.ts`);
      expect(closure).toContain('/repo/node_modules/zod/index.js');
    }
  });
});
