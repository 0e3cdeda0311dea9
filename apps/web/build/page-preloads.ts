import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppPage } from '@agora/contract';
import type { Plugin } from 'vite';
import { FIRST_PAINT, withFirstPaint } from './first-paint.ts';

/** A first page of the contract's route table, or `other` for the paths that are none (404). */
export type FirstPage = AppPage | 'other';

/**
 * For each first page a visitor can land on, the lazy modules it renders at once (see src/app/routes.tsx). Which
 * paths show which page is the contract's route table (packages/contract/src/routes.ts, `appPageOf`); the server
 * sends `index.<page>.html` for them (apps/server/src/plugins/web.ts), which preloads those chunks beside the entry,
 * so the browser fetches them in parallel with it instead of after it has run. Only speed depends on this table
 * (a module missing here still loads, one round trip later); its type asks for every page of the route table.
 */
export const FIRST_PAGES: Record<FirstPage, string[]> = {
  home: ['src/app/app-layout.tsx', 'src/features/feed/home-page.tsx'],
  explore: ['src/app/app-layout.tsx', 'src/features/feed/explore-page.tsx'],
  login: ['src/features/auth/login-page.tsx'],
  register: ['src/features/auth/register-page.tsx'],
  // Issue 14: where mail links land (forgot/reset password, verify/confirm email), and the settings page.
  'account-link': [
    'src/features/auth/forgot-password-page.tsx',
    'src/features/auth/reset-password-page.tsx',
    'src/features/auth/token-confirm-page.tsx',
  ],
  settings: ['src/app/app-layout.tsx', 'src/features/account/settings-page.tsx'],
  admin: ['src/app/app-layout.tsx', 'src/features/admin/admin-page.tsx'],
  // Issue 16: a search link (shared, or reloaded) lands on the results.
  search: ['src/app/app-layout.tsx', 'src/features/search/search-page.tsx'],
  create: ['src/app/app-layout.tsx', 'src/features/groups/create-page.tsx'],
  // A shared blog link lands here directly.
  blog: ['src/app/app-layout.tsx', 'src/features/blogs/blog-page.tsx'],
  // A community page (any tab) and a post link (which opens the Discussion tab with the post panel).
  community: [
    'src/app/app-layout.tsx',
    'src/features/groups/group-layout.tsx',
    'src/features/groups/group-overview.tsx',
    'src/features/discussions/discussion-tab.tsx',
    'src/features/discussions/discussion-feed.tsx',
  ],
  // Paths the app does not have (404) and pages not listed: the layout at least.
  other: ['src/app/app-layout.tsx'],
};

/** What page-preloads needs of a chunk of the bundle (Rollup/Rolldown OutputChunk). */
export type ChunkInfo = { fileName: string; isEntry: boolean; moduleIds: string[]; imports: string[]; css: string[] };

/**
 * The chunk files (and CSS) a set of modules loads, minus what the entry already loads. A module is found in the
 * chunk that holds it, whether it is that chunk's own (a lazy page) or one of many (build/first-screen-chunks.ts).
 */
export function preloadsFor(chunks: ChunkInfo[], modules: string[]): { js: string[]; css: string[] } {
  const entry = chunks.find((c) => c.isEntry);
  if (!entry) throw new Error('page-preloads: no entry chunk in the build');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (files: string[], into = new Set<string>()) => {
    for (const file of files) {
      if (into.has(file)) continue;
      const chunk = byFile.get(file);
      if (!chunk) continue;
      into.add(file);
      closure(chunk.imports, into);
    }
    return into;
  };
  const start = modules.map((module) => {
    const chunk = chunks.find((c) => c.moduleIds.some((id) => id === module || id.endsWith(`/${module}`)));
    if (!chunk) throw new Error(`page-preloads: "${module}" is not in the build (renamed?)`);
    return chunk.fileName;
  });
  const loadedByEntry = closure([entry.fileName]);
  const files = [...closure(start)].filter((f) => !loadedByEntry.has(f));
  const entryCss = new Set([...loadedByEntry].flatMap((f) => byFile.get(f)!.css));
  return {
    js: files.map((f) => `/${f}`),
    css: [...new Set(files.flatMap((f) => byFile.get(f)!.css))].filter((c) => !entryCss.has(c)).map((c) => `/${c}`),
  };
}

/** Vite plugin: writes `index.<page>.html` for every page of FIRST_PAGES, with its preloads and first paint (first-paint.ts). */
export function pagePreloads(pages: Record<string, string[]> = FIRST_PAGES): Plugin {
  let outDir = 'dist';
  return {
    name: 'agora:page-preloads',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const chunks: ChunkInfo[] = Object.values(bundle).flatMap((out) =>
        out.type === 'chunk'
          ? [
              {
                fileName: out.fileName,
                isEntry: out.isEntry,
                moduleIds: out.moduleIds,
                imports: out.imports,
                css: [...(out.viteMetadata?.importedCss ?? [])],
              },
            ]
          : [],
      );
      const html = await readFile(path.join(outDir, 'index.html'), 'utf8');
      if (!html.includes('\n  </head>')) throw new Error('page-preloads: index.html has no </head> line');
      for (const [page, modules] of Object.entries(pages)) {
        const { js, css } = preloadsFor(chunks, modules);
        const links = [
          ...css.map((href) => `    <link rel="stylesheet" crossorigin href="${href}">`),
          ...js.map((href) => `    <link rel="modulepreload" crossorigin href="${href}">`),
        ].join('\n');
        const pageHtml = withFirstPaint(html.replace('\n  </head>', `\n${links}\n  </head>`), FIRST_PAINT[page]);
        await writeFile(path.join(outDir, `index.${page}.html`), pageHtml);
      }
    },
  };
}
