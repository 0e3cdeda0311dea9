import { defineConfig } from 'vitest/config';

// One `vitest run` for every workspace: pure rules (contract), API tests on a real PostgreSQL (server),
// and component tests in jsdom (web). Browser journeys are Playwright's (playwright.config.ts).
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web'],
    reporters: process.env.CI ? ['default', ['json', { outputFile: 'test-results/unit.json' }]] : ['default'],
  },
});
