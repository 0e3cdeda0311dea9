import js from '@eslint/js';
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
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  ...serverBoundaries,
);
