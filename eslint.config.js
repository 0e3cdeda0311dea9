import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/*
 * Import boundaries of the web app (docs/ARCHITECTURE.md "Import boundaries"):
 * - a feature imports another feature only through its `api.ts` or `public.ts`;
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
              regex: `^@/features/(?!${feature}/)[^/]+/(?!(api|public)$)`,
              message: "Another feature's internals are private: import its api.ts or public.ts.",
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
  // Accessibility lint for every component (the journeys' axe checks catch what static analysis cannot).
  { ...jsxA11y.flatConfigs.recommended, files: ['apps/web/**/*.tsx'] },
  ...boundaries,
);
