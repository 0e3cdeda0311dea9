import { readdirSync, readFileSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Server import boundaries (docs/ARCHITECTURE.md "Import boundaries"). Each rule lists every pattern for its files,
// because a later config object's no-restricted-imports replaces an earlier one's for the same file.
const otherModuleQueries = {
  group: ['../*/*.queries', '../../modules/*/*.queries'],
  message: "A module reaches another module's data through that module's exported service, not its queries.",
};
const anyRoutes = { group: ['**/*.routes'], message: 'Only app.ts composes routes.' };
const httpBelowRoutes = {
  group: ['fastify', '@fastify/*', 'fastify-*'],
  message: 'Services and queries take (ctx, actor, input): HTTP parsing stays in *.routes.ts (or lib/multipart.ts).',
};
const serviceFromQueries = {
  group: ['./*.service', '../*/*.service'],
  message: 'Queries hold Drizzle only; services call queries, not the reverse.',
};
const upward = {
  group: [
    '../modules/*',
    '../modules/**',
    '../plugins/*',
    '../../modules/**',
    '../../plugins/*',
    '../app',
    '../../app',
    '!../plugins/config',
  ],
  message: 'lib/ and db/ sit below modules and plugins.',
};
const noWeb = { group: ['@agora/web', '@agora/web/*', '**/apps/web/**'], message: 'The server and the contract never import the web app.' };
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns: [noWeb, ...patterns] }] });
const serverBoundaries = [
  { files: ['apps/server/src/**/*.ts', 'packages/contract/src/**/*.ts'], rules: restrict() },
  { files: ['apps/server/src/modules/**/*.ts'], rules: restrict(otherModuleQueries, anyRoutes) },
  { files: ['apps/server/src/modules/**/*.service.ts'], rules: restrict(otherModuleQueries, anyRoutes, httpBelowRoutes) },
  {
    files: ['apps/server/src/modules/**/*.queries.ts'],
    rules: restrict(otherModuleQueries, anyRoutes, httpBelowRoutes, serviceFromQueries),
  },
  { files: ['apps/server/src/plugins/**/*.ts'], rules: restrict(anyRoutes) },
  { files: ['apps/server/src/lib/**/*.ts', 'apps/server/src/db/**/*.ts'], ignores: ['**/*.test.ts'], rules: restrict(anyRoutes, upward) },
];

/*
 * Import boundaries of the web app (docs/ARCHITECTURE.md "Import boundaries" and "Feature order"):
 * - features stand in one declared order (FEATURE_ORDER, lowest first) and import only features below them;
 *   `app/` composes them (the community page's tabs and the profile panel's sections are its slots). The one
 *   exception is a feature's `keys.ts` (query keys, a leaf that imports only other keys.ts): any feature may
 *   import it, to refresh another feature's caches;
 * - a feature imports another feature only through its `api.ts`, `public.ts`, `lazy.ts` (components whose code
 *   loads when they first render, so the importer's static graph stays small) or `keys.ts`;
 * - `components/` and `lib/` never import `features/` or `app/`;
 * - anything outside the importing file's own folder is imported by its `@/` path, never `../`, so the two
 *   rules above see every crossing. `app/` composes features and may import any of their modules.
 * One config object per feature (a feature may import its own modules by `@/features/<own>/…`).
 */
const WEB_SRC = 'apps/web/src';
const NO_FOCUSED_TESTS = { selector: "CallExpression[callee.property.name='only']", message: 'No focused tests.' };
const NO_SONNER = {
  selector: "ImportDeclaration[source.value='sonner'], ImportExpression[source.value='sonner']",
  message: 'Toast through @/lib/toast (toastSuccess, toastError), the one module that loads sonner.',
};
const NO_PARENT_PATHS = { regex: '^\\.\\./', message: 'Import from outside this folder by its @/ path (see docs/ARCHITECTURE.md).' };
const FEATURES = readdirSync(new URL(`./${WEB_SRC}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
// Lowest first (docs/decisions/0102-web-features-in-a-declared-order.md); src/test/import-graph.test.ts checks the same
// order and that the web has no import cycle. A new feature takes its place in features/order.json.
const FEATURE_ORDER = JSON.parse(readFileSync(new URL(`./${WEB_SRC}/features/order.json`, import.meta.url), 'utf8'));
const unordered = FEATURES.filter((feature) => !FEATURE_ORDER.includes(feature));
if (unordered.length > 0) throw new Error(`eslint.config.js: put ${unordered.join(', ')} in ${WEB_SRC}/features/order.json`);
const featureOrder = {
  files: [`${WEB_SRC}/**/*.{ts,tsx}`],
  plugins: { 'import-x': importX },
  settings: {
    'import-x/extensions': ['.ts', '.tsx', '.js'],
    'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'apps/web/tsconfig.json' })],
  },
  rules: {
    'import-x/no-cycle': ['error', { ignoreExternal: true }],
    'import-x/no-restricted-paths': [
      'error',
      {
        zones: FEATURE_ORDER.flatMap((feature, rank) =>
          FEATURE_ORDER.slice(rank + 1).map((above) => ({
            target: `./${WEB_SRC}/features/${feature}`,
            from: `./${WEB_SRC}/features/${above}`,
            except: ['./keys.ts'],
            message: `Features import only downward (${FEATURE_ORDER.join(' < ')}): app/ composes ${above} into ${feature}.`,
          })),
        ),
      },
    ],
  },
};
const boundaries = [
  {
    files: [`${WEB_SRC}/**/*.{ts,tsx}`],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_PARENT_PATHS] }] },
  },
  {
    files: [`${WEB_SRC}/components/**/*.{ts,tsx}`, `${WEB_SRC}/lib/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            NO_PARENT_PATHS,
            {
              regex: '^@/(features|app)(/|$)',
              message: 'components/ and lib/ are shared by every feature: they never import features/ or app/.',
            },
          ],
        },
      ],
    },
  },
  ...FEATURES.map((feature) => ({
    files: [`${WEB_SRC}/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            NO_PARENT_PATHS,
            {
              regex: `^@/features/(?!${feature}/)[^/]+/(?!(api|public|lazy|keys|test-data)$)`,
              message: "Another feature's internals are private: import its api.ts, public.ts, lazy.ts or keys.ts (tests: test-data.ts).",
            },
            { regex: '^@/app(/|$)', message: 'app/ composes features; features never import it.' },
          ],
        },
      ],
    },
  })),
  {
    // Query keys are leaves: a keys.ts imports only other features' keys.ts (so importing one never brings a cycle).
    files: [`${WEB_SRC}/features/*/keys.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            NO_PARENT_PATHS,
            { regex: '^@/features/[^/]+/(?!keys$)', message: 'A keys.ts imports only other keys.ts.' },
            { regex: '^@/app(/|$)', message: 'app/ composes features; features never import it.' },
          ],
        },
      ],
    },
  },
  featureOrder,
  {
    // One toast path: lib/toast.ts is the one module that loads sonner (off the first load); tests may spy on sonner.
    files: [`${WEB_SRC}/**/*.{ts,tsx}`],
    ignores: [`${WEB_SRC}/lib/toast.ts`, `${WEB_SRC}/**/*.test.{ts,tsx}`],
    rules: { 'no-restricted-syntax': ['error', NO_FOCUSED_TESTS, NO_SONNER] },
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'apps/server/drizzle/**',
      'test-results/**',
      'playwright-report/**',
      'bench-results/**',
      '.tmp/**',
      'data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': ['error', NO_FOCUSED_TESTS],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  ...serverBoundaries,
  // Accessibility lint for every component (the journeys' axe checks catch what static analysis cannot).
  { ...jsxA11y.flatConfigs.recommended, files: ['apps/web/**/*.tsx'] },
  ...boundaries,
);
