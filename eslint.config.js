import { readdirSync } from 'node:fs';
import js from '@eslint/js';
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
 * Import boundaries of the web app (docs/ARCHITECTURE.md "Import boundaries"):
 * - a feature imports another feature only through its `api.ts`, `public.ts` or `lazy.ts` (components whose code
 *   loads when they first render, so the importer's static graph stays small);
 * - `components/` and `lib/` never import `features/` or `app/`;
 * - anything outside the importing file's own folder is imported by its `@/` path, never `../`, so the two
 *   rules above see every crossing. `app/` composes features and may import any of their modules.
 * One config object per feature (a feature may import its own modules by `@/features/<own>/…`).
 */
const WEB_SRC = 'apps/web/src';
const NO_PARENT_PATHS = { regex: '^\\.\\./', message: 'Import from outside this folder by its @/ path (see docs/ARCHITECTURE.md).' };
const FEATURES = readdirSync(new URL(`./${WEB_SRC}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
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
              regex: `^@/features/(?!${feature}/)[^/]+/(?!(api|public|lazy)$)`,
              message: "Another feature's internals are private: import its api.ts, public.ts or lazy.ts.",
            },
            { regex: '^@/app(/|$)', message: 'app/ composes features; features never import it.' },
          ],
        },
      ],
    },
  })),
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
      'no-restricted-syntax': ['error', { selector: "CallExpression[callee.property.name='only']", message: 'No focused tests.' }],
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
