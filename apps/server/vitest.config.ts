import { defineConfig } from 'vitest/config';

// API tests run through app.inject against a real PostgreSQL: the global setup starts one server (embedded, or
// the one in DATABASE_URL) and migrates a template; each test file clones its own database from it.
export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
