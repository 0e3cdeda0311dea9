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
 * - `app`: what the entry imports (kept in the entry's chunk);
 * - `screen-home`: what the signed-in layout and "/" (visitor's Explore and member's home) import statically;
 * - `screen-community`: what a community page (layout, tabs, the post panel a post link opens) adds to that.
 *
 * Modules the entry already loads stay in the entry, and those the sign-in and sign-up pages import stay out of
 * both groups (so /login loads none of them). A lazy page elsewhere that needs a module of a group loads that
 * group's chunk: already cached after the first screen, and it keeps the count of files low everywhere.
 */
export type ScreenSets = {
  entry: Set<string>;
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

/** One import or re-export statement: what it names from `spec` (`null`: the whole module, a namespace or bare import). */
type ImportRef = { spec: string; names: string[] | null };

const STRING = String.raw`["']([^"']+)["']`;
const IMPORT_STATEMENTS: [RegExp, (m: RegExpMatchArray) => ImportRef][] = [
  [new RegExp(String.raw`(?:import|export)\s*\*\s*(?:as\s+[\w$]+\s*)?from\s*${STRING}`, 'g'), (m) => ({ spec: m[1]!, names: null })],
  [
    new RegExp(String.raw`(?:import|export)\s*(?:([\w$]+)\s*,?\s*)?(?:\{([^}]*)\})?\s*from\s*${STRING}`, 'g'),
    (m) => ({ spec: m[3]!, names: [...(m[1] ? ['default'] : []), ...bindings(m[2] ?? '').map((b) => b.imported)] }),
  ],
  [new RegExp(String.raw`import\s*${STRING}`, 'g'), (m) => ({ spec: m[1]!, names: null })],
];

/** `a, b as c, type d` → imported and local names (TypeScript's type-only names are gone from the built code). */
function bindings(list: string): { imported: string; local: string }[] {
  return list
    .split(',')
    .map((part) => part.trim().split(/\s+as\s+/))
    .filter((parts) => parts[0] && !parts[0].startsWith('type '))
    .map(([imported, local]) => ({ imported: imported!, local: local ?? imported! }));
}

function importsOf(code: string | null): ImportRef[] {
  const refs: ImportRef[] = [];
  const text = (code ?? '').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  for (const [pattern, read] of IMPORT_STATEMENTS) {
    for (const m of text.matchAll(pattern)) refs.push(read(m));
  }
  return refs;
}

/**
 * A barrel: a module of import and export statements only (the contract's index).
 * Its exported names mapped to where each comes from: `[spec, name]`, name `null` for a namespace (`* as X`), and
 * the specs of its `export * from` in `star`. Null for a module with code of its own.
 */
type Barrel = { named: Map<string, [string, string | null]>; star: string[]; pure: boolean };

function barrelOf(code: string | null): Barrel | null {
  if (!code) return null;
  const text = code
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '')
    .replace(/["']use strict["'];?/, '');
  const imported = new Map<string, [string, string | null]>();
  const named = new Map<string, [string, string | null]>();
  const star: string[] = [];
  let rest = text;
  const take = (pattern: RegExp, read: (m: RegExpMatchArray) => void) => {
    for (const m of rest.matchAll(pattern)) read(m);
    rest = rest.replace(pattern, '');
  };
  take(new RegExp(String.raw`import\s*\*\s*as\s+([\w$]+)\s*from\s*${STRING}\s*;?`, 'g'), (m) => imported.set(m[1]!, [m[2]!, null]));
  take(new RegExp(String.raw`import\s*\{([^}]*)\}\s*from\s*${STRING}\s*;?`, 'g'), (m) => {
    for (const b of bindings(m[1]!)) imported.set(b.local, [m[2]!, b.imported]);
  });
  take(new RegExp(String.raw`export\s*\*\s*as\s+([\w$]+)\s*from\s*${STRING}\s*;?`, 'g'), (m) => named.set(m[1]!, [m[2]!, null]));
  take(new RegExp(String.raw`export\s*\*\s*from\s*${STRING}\s*;?`, 'g'), (m) => star.push(m[1]!));
  take(new RegExp(String.raw`export\s*\{([^}]*)\}\s*from\s*${STRING}\s*;?`, 'g'), (m) => {
    for (const b of bindings(m[1]!)) named.set(b.local, [m[2]!, b.imported]);
  });
  let pure = true;
  take(/export\s*\{([^}]*)\}\s*;?/g, (m) => {
    for (const b of bindings(m[1]!)) {
      const from = imported.get(b.imported);
      if (from) named.set(b.local, from);
      else pure = false;
    }
  });
  if (rest.trim() !== '') pure = false;
  return { named, star, pure: pure && (named.size > 0 || star.length > 0) };
}

/** The names a module (not a barrel) exports, read from its built code; `*` when it re-exports others too. */
function exportedNames(code: string | null): Set<string> {
  const names = new Set<string>();
  const text = code ?? '';
  for (const m of text.matchAll(/export\s+(?:async\s+)?(?:const|let|var|function\*?|class)\s+([\w$]+)/g)) names.add(m[1]!);
  for (const m of text.matchAll(/export\s*\{([^}]*)\}(?!\s*from)/g)) for (const b of bindings(m[1]!)) names.add(b.local);
  if (/export\s+default\b/.test(text)) names.add('default');
  if (/export\s*(\*|\{[^}]*\}\s*from)/.test(text)) names.add('*');
  return names;
}

/**
 * The module graph as the chunks need it. The contract's index re-exports every module of it, schemas and zod
 * included; following all of it put the whole contract in every set, so no contract module was ever in a group
 * (each became a small chunk of its own) and an entry group would have pulled zod onto every page. An import from
 * the contract follows only the files that export the names imported, as Rolldown's tree-shaking does (the contract
 * is side-effect free); icons as in iconFiles. Other barrels (radix-ui, TanStack Query) are followed whole, as before:
 * their modules in the groups keep the chunks free of import cycles.
 */
export class ImportGraph {
  private barrels = new Map<string, Barrel | null>();
  private names = new Map<string, Set<string>>();
  constructor(
    private info: (id: string) => GraphInfo | null,
    /** `spec` as imported by `importer`, resolved (filled by `resolveAll` before any closure is taken). */
    private resolved: Map<string, Map<string, string>>,
    private icons: Map<string, string>,
  ) {}

  /** How `id` re-exports (parsed once). */
  private reexports(id: string): Barrel | null {
    if (!this.barrels.has(id)) this.barrels.set(id, barrelOf(this.info(id)?.code ?? null));
    return this.barrels.get(id)!;
  }

  private barrel(id: string): Barrel | null {
    if (!CONTRACT_BARREL.test(id)) return null;
    const parsed = this.reexports(id);
    return parsed?.pure ? parsed : null;
  }

  private exports(id: string): Set<string> {
    if (!this.names.has(id)) this.names.set(id, exportedNames(this.info(id)?.code ?? null));
    return this.names.get(id)!;
  }

  private resolve(importer: string, spec: string): string | undefined {
    return this.resolved.get(importer)?.get(spec);
  }

  /**
   * The modules that `name` of `id` needs: the file defining it, through re-exports (a module with code of its own
   * that re-exports the name is kept too); null when unsure.
   */
  private provider(id: string, name: string, depth = 0): string[] | null {
    const parsed = this.reexports(id);
    // A module of the contract (side-effect free) that only passes the name on is not needed for it.
    const own = parsed?.pure || CONTRACT_MODULE.test(id) ? [] : [id];
    const direct = parsed?.named.get(name);
    if (depth > 8) return null;
    if (direct) {
      const target = this.resolve(id, direct[0]);
      if (!target) return null;
      const found = direct[1] === null ? [target] : this.provider(target, direct[1], depth + 1);
      return found ? [...own, ...found] : null;
    }
    if (!parsed?.pure && this.exports(id).has(name)) return [id];
    for (const spec of parsed?.star ?? []) {
      const target = this.resolve(id, spec);
      if (!target) return null;
      const found = this.provider(target, name, depth + 1);
      if (found) return [...own, ...found];
    }
    return null;
  }

  /** What `id` imports statically, barrels replaced by the files behind the names imported. */
  private next(id: string): string[] {
    const module = this.info(id);
    if (!module) return [];
    const out: string[] = [];
    const refs = importsOf(module.code);
    for (const imported of module.importedIds) {
      if (ICON_BARREL.test(imported)) continue;
      if (!this.barrel(imported)) {
        out.push(imported);
        continue;
      }
      const mine = refs.filter((r) => this.resolve(id, r.spec) === imported);
      const names = mine.length > 0 && mine.every((r) => r.names !== null) ? mine.flatMap((r) => r.names!) : null;
      const providers = names?.map((name) => this.provider(imported, name));
      if (!providers || providers.some((p) => p === null)) out.push(imported);
      else for (const p of providers) out.push(...p!);
    }
    for (const m of module.code?.matchAll(ICON_IMPORT) ?? []) {
      for (const part of m[1]!.split(',')) {
        const local = part.trim().split(/\s+as\s+/)[0];
        const file = local ? this.icons.get(local) : undefined;
        if (file) out.push(file);
      }
    }
    return out;
  }

  /** Static-import closure of `roots`. */
  closure(roots: string[]): Set<string> {
    const into = new Set<string>();
    const stack = [...roots];
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (into.has(id)) continue;
      into.add(id);
      stack.push(...this.next(id));
    }
    return into;
  }
}

/** Resolves every import specifier of every module (what ImportGraph reads). */
async function resolveAll(
  ids: string[],
  info: (id: string) => GraphInfo | null,
  resolve: (spec: string, importer: string) => Promise<{ id: string } | null>,
): Promise<Map<string, Map<string, string>>> {
  const out = new Map<string, Map<string, string>>();
  await Promise.all(
    ids.map(async (id) => {
      const code = info(id)?.code ?? null;
      const specs = new Set(importsOf(code).map((r) => r.spec));
      const barrel = barrelOf(code);
      for (const [spec] of barrel?.named.values() ?? []) specs.add(spec);
      for (const spec of barrel?.star ?? []) specs.add(spec);
      const map = new Map<string, string>();
      for (const spec of specs) {
        const r = await resolve(spec, id).catch(() => null);
        if (r) map.set(spec, r.id);
      }
      out.set(id, map);
    }),
  );
  return out;
}

// The contract's index re-exports every module of it, schemas (and zod) included.
const CONTRACT_MODULE = /[\\/]packages[\\/]contract[\\/]src[\\/]/;
const CONTRACT_BARREL = /[\\/]packages[\\/]contract[\\/]src[\\/]index\.ts$/;

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
    async buildEnd() {
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
      const graph = new ImportGraph(info, await resolveAll(ids, info, (spec, importer) => this.resolve(spec, importer)), icons);
      const closure = (roots: string[]) => graph.closure(roots);
      const byPath = (rel: string) => {
        const abs = path.resolve(root, rel);
        const id = ids.find((x) => x === abs);
        if (!id) throw new Error(`first-screen-chunks: ${rel} is not in the build (renamed?)`);
        return id;
      };
      const entry = closure(ids.filter((id) => info(id)?.isEntry));
      const auth = closure(SCREENS.auth.map(byPath));
      const home = closure(SCREENS.home.map(byPath));
      const community = closure(SCREENS.community.map(byPath));
      const feed = closure(SCREENS.feed.map(byPath));
      const member = closure(SCREENS.member.map(byPath));
      for (const set of Object.values(sets)) set.clear();
      // What the entry imports: Rolldown gives each such module that a lazy chunk also imports a chunk of its own
      // (it does not merge a module the entry has already loaded into the entry, rolldown/rolldown#10731), so "/"
      // fetched some twenty small files of the entry's own modules; the 'app' group keeps them in the entry's chunk.
      for (const id of entry) sets.entry.add(id);
      // What the sign-in pages share with "/": one chunk both load (what only they need stays theirs; what they
      // share with community pages, the toast library for one, must not come to "/").
      for (const id of auth) if (!entry.has(id) && home.has(id)) sets.auth.add(id);
      for (const id of home) if (!entry.has(id) && !auth.has(id)) sets.home.add(id);
      for (const id of feed) if (!entry.has(id) && !auth.has(id) && !home.has(id)) sets.feed.add(id);
      // What the home screen may load later (its dialogs, panels, …) stays out of the community chunk, or "/" would
      // fetch that whole chunk for one of them.
      const homeLater = closure([...home].flatMap((id) => info(id)?.dynamicallyImportedIds ?? []));
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
    // Above the screens: a module the entry imports is loaded on every page anyway.
    group('app', sets.entry, 4.5),
    group('screen-shared', sets.auth, 4),
    group('screen-home', sets.home, 3),
    group('screen-feed', sets.feed, 2),
    group('screen-member', sets.member, 2),
    group('screen-community', sets.community, 1),
  ];
}
