import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Manifest, Plugin } from 'vite';

/**
 * For each first page a visitor can land on, the lazy modules it renders at once (see src/app/routes.tsx). The
 * server sends `index.<page>.html` for that page's paths (apps/server/src/plugins/web.ts, APP_ROUTES), which
 * preloads those chunks beside the entry, so the browser fetches them in parallel with it instead of after it
 * has run. Only speed depends on this table: a page missing here still works, one round trip later.
 */
export const FIRST_PAGES: Record<string, string[]> = {
  home: ['src/app/app-layout.tsx', 'src/features/feed/home-page.tsx'],
  explore: ['src/app/app-layout.tsx', 'src/features/feed/explore-page.tsx'],
  login: ['src/features/auth/login-page.tsx'],
  register: ['src/features/auth/register-page.tsx'],
  create: ['src/app/app-layout.tsx', 'src/features/groups/create-page.tsx'],
  // A shared blog link lands here directly.
  blog: ['src/app/app-layout.tsx', 'src/features/blogs/blog-page.tsx'],
  // Paths the app does not have (404) and pages not listed: the layout at least.
  other: ['src/app/app-layout.tsx'],
};

/** The chunk files (and CSS) a set of modules loads, minus what index.html already loads. */
export function preloadsFor(manifest: Manifest, modules: string[]): { js: string[]; css: string[] } {
  const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!entryKey) throw new Error('page-preloads: no entry in the Vite manifest');
  const closure = (keys: string[], into = new Set<string>()) => {
    for (const key of keys) {
      if (into.has(key)) continue;
      const chunk = manifest[key];
      if (!chunk) throw new Error(`page-preloads: "${key}" is not in the build (renamed or no longer lazy?)`);
      into.add(key);
      closure(chunk.imports ?? [], into);
    }
    return into;
  };
  const loadedByEntry = closure([entryKey]);
  const keys = [...closure(modules)].filter((k) => !loadedByEntry.has(k));
  const entryCss = new Set(manifest[entryKey]?.css ?? []);
  return {
    js: keys.map((k) => `/${manifest[k]!.file}`),
    css: [...new Set(keys.flatMap((k) => manifest[k]!.css ?? []))].filter((c) => !entryCss.has(c)).map((c) => `/${c}`),
  };
}

/** Vite plugin: writes `index.<page>.html` for every page of FIRST_PAGES (needs `build.manifest: true`). */
export function pagePreloads(pages: Record<string, string[]> = FIRST_PAGES): Plugin {
  let outDir = 'dist';
  return {
    name: 'agora:page-preloads',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const manifest = JSON.parse(await readFile(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
      const html = await readFile(path.join(outDir, 'index.html'), 'utf8');
      if (!html.includes('\n  </head>')) throw new Error('page-preloads: index.html has no </head> line');
      for (const [page, modules] of Object.entries(pages)) {
        const { js, css } = preloadsFor(manifest, modules);
        const links = [
          ...css.map((href) => `    <link rel="stylesheet" crossorigin href="${href}">`),
          ...js.map((href) => `    <link rel="modulepreload" crossorigin href="${href}">`),
        ].join('\n');
        await writeFile(path.join(outDir, `index.${page}.html`), html.replace('\n  </head>', `\n${links}\n  </head>`));
      }
    },
  };
}
