import { chmodSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * Browser journeys against the real app: `node scripts/start.mjs` builds what is stale, migrates a fresh
 * database in a new temp DATA_DIR, seeds the demo users and serves the web build on port 3100.
 * Debian's Chromium is used (never `playwright install`: no browser downloads here).
 */
// E2E_PORT lets two checkouts run their journeys side by side.
const PORT = Number(process.env.E2E_PORT ?? 3100);

// The config is loaded by the runner and again by each worker; workers inherit the runner's env, so the
// temp directory is made once.
if (!process.env.AGORA_E2E_DATA_DIR) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'agora-e2e-'));
  chmodSync(dir, 0o755);
  process.env.AGORA_E2E_DATA_DIR = dir;
}

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: 'apps/web/e2e',
  outputDir: 'test-results/playwright',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 120_000,
  expect: { timeout: 10_000 },
  // In CI a JSON report feeds scripts/test-summary.mjs (the closing "N passed, N failed" line).
  reporter: process.env.CI
    ? [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }], ['json', { outputFile: 'test-results/e2e.json' }]]
    : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    headless: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromium,
    // The production build registers a service worker (decision 0144). Journeys run without it, as Playwright
    // advises where requests are routed (a worker's own fetches bypass page.route, and a worker that controls the
    // page after a reload would answer assets from its cache): with it, profile.spec.ts's held-route journey failed
    // (a stall in emulateMedia, then Playwright's trace files missing on close). The journeys about the worker
    // allow it themselves (visitor.spec.ts, installing the app; performance.spec.ts).
    serviceWorkers: 'block',
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 }, launchOptions: chromium } }],
  webServer: {
    command: 'node scripts/start.mjs',
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR: process.env.AGORA_E2E_DATA_DIR,
      RATE_LIMIT: 'off',
      SEED_DEMO: 'true',
    },
  },
});
