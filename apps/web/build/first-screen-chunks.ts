import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Fewer, larger chunks for the screens people land on (issue 12 §5: 42 scripts before the visitor's first API call).
 *
 * Left to itself, Rolldown gives every module that two lazy pages share its own chunk: one file per icon, per small
 * component, per helper, so the first screen was a waterfall of 40–85 tiny requests. This plugin works out, once the
 * module graph is known (`buildEnd`), which modules each landing screen needs beyond the entry, and
 * `firstScreenGroups` turns each set into one chunk:
 *
 * - `screen-home`: what the signed-in layout and "/" (visitor's Explore and member's home) import statically;
 * - `screen-community`: what a community page (layout, tabs, the post panel a post link opens) adds to that.
 *
 * Modules the entry already loads stay in the entry, and those the sign-in and sign-up pages import stay out of
 * both groups (so /login loads none of them). A lazy page elsewhere that needs a module of a group loads that
 * group's chunk: already cached after the first screen, and it keeps the count of files low everywhere.
 */
export type ScreenSets = {
  auth: Set<string>;
  home: Set<string>;
  feed: Set<string>;
  member: Set<string>;
  community: Set<string>;
};

type GraphInfo = { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[]; isEntry: boolean; code: string | null };

// `.js` up to lucide-react 0.x, `.mjs` from 1.0.
const ICON_BARREL = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/](lucide-react|icons[\\/]index)\.m?js$/;
const ICON_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g;

/**
 * lucide-react's barrel imports every icon (1,600 modules), so following it would put every icon in every screen.
 * Instead, a module's icons are the names it imports from 'lucide-react', mapped to their files through the
 * barrel's `export { default as Name, … } from './icons/name.js'` lines.
 */
function iconFiles(barrelId: string | undefined, barrelCode: string | null): Map<string, string> {
  const map = new Map<string, string>();
  if (!barrelId || !barrelCode) return map;
  for (const m of barrelCode.matchAll(/export\s*\{([^}]*)\}\s*from\s*'(\.\/icons\/[^']+)'/g)) {
    const file = path.resolve(path.dirname(barrelId), m[2]!);
    for (const part of m[1]!.split(',')) {
      const name = part.trim().split(/\s+as\s+/)[1];
      if (name) map.set(name, file);
    }
  }
  return map;
}

/** Static-import closure of `roots` in the module graph, icons by name (see iconFiles). */
function closure(roots: string[], info: (id: string) => GraphInfo | null, icons: Map<string, string>): Set<string> {
  const into = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (into.has(id)) continue;
    into.add(id);
    const module = info(id);
    for (const next of module?.importedIds ?? []) if (!ICON_BARREL.test(next)) stack.push(next);
    for (const m of module?.code?.matchAll(ICON_IMPORT) ?? []) {
      for (const part of m[1]!.split(',')) {
        const local = part.trim().split(/\s+as\s+/)[0];
        const file = local ? icons.get(local) : undefined;
        if (file) stack.push(file);
      }
    }
  }
  return into;
}

/** The screens: module paths relative to apps/web, as in page-preloads.ts. */
export const SCREENS = {
  home: ['src/app/app-layout.tsx', 'src/features/feed/home-page.tsx', 'src/features/feed/explore-page.tsx'],
  // What a signed-in person's "/" loads at once beyond the layout: the home page, the side panel, the navigation's
  // own actions and the communities strip (each lazy, so a visitor never loads them).
  member: [
    'src/features/feed/signed-in-home.tsx',
    'src/app/side-panel.tsx',
    'src/app/nav-signed-in-actions.tsx',
    'src/features/groups/nav-strip.tsx',
    'src/features/groups/groups-panel.tsx',
  ],
  // The post list (lazy in features/discussions/lazy.ts: it loads when the feed comes into view) and its cards.
  feed: ['src/features/discussions/discussion-feed.tsx'],
  community: [
    'src/features/groups/group-layout.tsx',
    'src/features/groups/group-overview.tsx',
    'src/features/discussions/discussion-tab.tsx',
  ],
  // Kept out of both groups: /login and /register load only what they need.
  auth: ['src/features/auth/login-page.tsx', 'src/features/auth/register-page.tsx'],
};

export function firstScreenChunks(sets: ScreenSets): Plugin {
  let root = process.cwd();
  return {
    name: 'agora:first-screen-chunks',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    buildEnd() {
      const info = (id: string): GraphInfo | null => {
        const m = this.getModuleInfo(id);
        return m
          ? { importedIds: m.importedIds, dynamicallyImportedIds: m.dynamicallyImportedIds, isEntry: m.isEntry, code: m.code }
          : null;
      };
      const ids = [...this.getModuleIds()];
      const barrel = ids.find((id) => /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.m?js$/.test(id));
      // Without the barrel no icon is placed in a group, and Rolldown then emitted a chunk exporting a namespace it
      // never defined (lucide-react 1.0 renamed its files): fail the build instead.
      if (!barrel && ids.some((id) => /[\\/]lucide-react[\\/]/.test(id))) {
        throw new Error('first-screen-chunks: lucide-react is in the build but its barrel file was not found (renamed?)');
      }
      const icons = iconFiles(barrel, barrel ? (info(barrel)?.code ?? null) : null);
      const byPath = (rel: string) => {
        const abs = path.resolve(root, rel);
        const id = ids.find((x) => x === abs);
        if (!id) throw new Error(`first-screen-chunks: ${rel} is not in the build (renamed?)`);
        return id;
      };
      const entry = closure(
        ids.filter((id) => info(id)?.isEntry),
        info,
        icons,
      );
      const auth = closure(SCREENS.auth.map(byPath), info, icons);
      const home = closure(SCREENS.home.map(byPath), info, icons);
      const community = closure(SCREENS.community.map(byPath), info, icons);
      const feed = closure(SCREENS.feed.map(byPath), info, icons);
      const member = closure(SCREENS.member.map(byPath), info, icons);
      for (const set of Object.values(sets)) set.clear();
      // What the sign-in pages share with "/": one chunk both load (what only they need stays theirs; what they
      // share with community pages, the toast library for one, must not come to "/").
      for (const id of auth) if (!entry.has(id) && home.has(id)) sets.auth.add(id);
      for (const id of home) if (!entry.has(id) && !auth.has(id)) sets.home.add(id);
      for (const id of feed) if (!entry.has(id) && !auth.has(id) && !home.has(id)) sets.feed.add(id);
      // What the home screen may load later (its dialogs, panels, …) stays out of the community chunk, or "/" would
      // fetch that whole chunk for one of them.
      const homeLater = closure(
        [...home].flatMap((id) => info(id)?.dynamicallyImportedIds ?? []),
        info,
        icons,
      );
      // What community pages also use stays out of it: a visitor's community page must not load the member chunk.
      for (const id of member) {
        if (!entry.has(id) && !auth.has(id) && !home.has(id) && !feed.has(id) && !community.has(id)) sets.member.add(id);
      }
      for (const id of community) if (!entry.has(id) && !auth.has(id) && !home.has(id) && !homeLater.has(id)) sets.community.add(id);
      if (process.env.AGORA_CHUNKS_DEBUG) {
        console.log(
          `first-screen-chunks: ${Object.entries(sets)
            .map(([k, v]) => `${k} ${v.size}`)
            .join(', ')}`,
        );
      }
    },
  };
}

/** The codeSplitting groups for the sets the plugin fills (read when Rolldown makes the chunks, after buildEnd). */
export function firstScreenGroups(sets: ScreenSets) {
  // Not the dependencies recursively (Rolldown's default): the sets are closed under static imports except for
  // the entry's and the sign-in pages' modules, which must stay where they are (pulled into a screen's chunk, the
  // entry would import that chunk on every page). So a screen chunk imports the entry and the auth chunk, never
  // the other way round: no cycles, and modules run in their import order.
  const group = (name: string, set: Set<string>, priority: number) => ({
    name,
    test: (id: string) => set.has(id),
    priority,
    includeDependenciesRecursively: false,
  });
  return [
    group('screen-shared', sets.auth, 4),
    group('screen-home', sets.home, 3),
    group('screen-feed', sets.feed, 2),
    group('screen-member', sets.member, 2),
    group('screen-community', sets.community, 1),
  ];
}
