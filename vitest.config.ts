import { defineConfig } from 'vitest/config';

// One `vitest run` for every workspace: pure rules (contract), API tests on a real PostgreSQL (server),
// and component tests in jsdom (web). Browser journeys are Playwright's (playwright.config.ts).
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web'],
    // In CI a JSON report feeds scripts/test-summary.mjs; VITEST_JSON_OUT names it (the DATABASE_URL rerun uses another).
    reporters: process.env.CI
      ? ['default', ['json', { outputFile: process.env.VITEST_JSON_OUT ?? 'test-results/unit.json' }]]
      : ['default'],
  },
});
