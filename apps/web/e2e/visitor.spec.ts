import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type APIRequestContext, type BrowserContext, chromium, type Page } from '@playwright/test';
import { expectAccessible, snap, expect, test } from './fixtures';

/** A PNG's width and height, from its header (IHDR). */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1'), 'a PNG').toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Every URL the page's origin holds in Cache Storage. */
function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
}

test.describe('a visitor', () => {
  test('sees the suggested view, explores, finds Sign in, and is sent to /login from /create', async ({ page }) => {
    // Many screens, each checked by axe and photographed in both themes: slow on a shared 2-core machine.
    test.slow();
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Build. Grow. Connect.' })).toBeVisible();
    // Empty on a fresh database; other journeys may have created public communities by now.
    await expect(
      page.getByRole('list', { name: 'Suggested communities', exact: true }).or(page.getByText('No suggested communities available..')),
    ).toBeVisible();
    // The demo content has public discussions; other journeys' databases may have none.
    await expect(
      page.getByRole('list', { name: 'Discussions from suggested communities' }).or(page.getByText('No discussion to show right now..')),
    ).toBeVisible();
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Your feed' })).toHaveCount(0);
    await expect(header.getByRole('button', { name: 'Notifications' })).toHaveCount(0);
    await expect(page.getByRole('complementary', { name: 'Side panel' })).toHaveCount(0);
    // SPEC §2: the visitor's Explore links to / and is highlighted there and on /suggested.
    const explore = header.getByRole('link', { name: 'Explore' });
    await expect(explore).toHaveAttribute('href', '/');
    await expect(explore).toHaveAttribute('aria-current', 'page');
    await expect(page).toHaveTitle('Explore · Agora');
    await expectAccessible(page, 'visitor home');
    await snap(page, 'desktop-visitor-home');

    await page.goto('/suggested');
    await expect(explore).toHaveAttribute('aria-current', 'page');
    await expectAccessible(page, 'visitor explore');
    await snap(page, 'desktop-visitor-explore');
    await explore.click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/suggested');

    await header.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fsuggested$/);
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page).toHaveTitle('Sign in · Agora');
    await expectAccessible(page, 'login');
    await snap(page, 'desktop-login');

    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await expect(page.getByText('Minimum 8 characters')).toBeVisible();
    await expect(page).toHaveTitle('Create your account · Agora');
    await expectAccessible(page, 'register');
    await snap(page, 'desktop-register');

    await page.goto('/create');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fcreate$/);
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  });

  test('gets "Page Not Found" with Go Back and Return Home', async ({ page }) => {
    await page.goto('/suggested');
    await page.goto('/this/does/not/exist');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expectAccessible(page, '404');
    await snap(page, 'desktop-not-found');

    await page.getByRole('button', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(/\/suggested$/);

    await page.goto('/another/missing/page');
    await page.getByRole('link', { name: 'Return Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Build. Grow. Connect.' })).toBeVisible();
  });

  test('sees login errors from the server', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email or username').fill('nobody_here');
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid email/username or password');
    await expectAccessible(page, 'login error');
    await snap(page, 'desktop-login-error');
  });

  // Issue 18 §4, decision 0144: the app is installable (Chromium's own criteria, as Lighthouse 12 no longer has a PWA
  // category), its service worker takes over after a reload, and a navigation without network shows the offline page.
  test('can install the app, which works offline as far as saying so', async ({ request, baseURL }, testInfo) => {
    // A browser profile on disk: Chromium never offers to install from a throwaway (incognito) one, which is what
    // the journeys' contexts are.
    const profile = mkdtempSync(path.join(os.tmpdir(), 'agora-install-'));
    // The journeys' `serviceWorkers: 'block'` (playwright.config.ts) reaches this context too unless it says otherwise.
    const context = await chromium.launchPersistentContext(profile, {
      ...testInfo.project.use.launchOptions,
      baseURL,
      serviceWorkers: 'allow',
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
      page.on('console', (m) => {
        if (m.type() === 'error' && /Content.Security.Policy|Refused to/i.test(m.text())) problems.push(m.text());
      });
      await installJourney(page, context, request);
      expect(problems, problems.join('\n')).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});

async function installJourney(page: Page, context: BrowserContext, request: APIRequestContext): Promise<void> {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Build. Grow. Connect.' })).toBeVisible();
  // The worker registers after load and installs once its precache has downloaded: its state, not a bare wait, so a
  // failure says where it stopped.
  const workerState = () =>
    page.evaluate(async () => {
      const r = await navigator.serviceWorker.getRegistration();
      if (!r) return 'not registered';
      return r.active ? `active ${new URL(r.active.scriptURL).pathname}` : r.installing ? 'installing' : r.waiting ? 'waiting' : 'none';
    });
  await expect.poll(workerState, { timeout: 60_000 }).toBe('active /sw.js');
  const cdp = await context.newCDPSession(page);
  const manifest = await cdp.send('Page.getAppManifest');
  expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
  expect(manifest.errors).toEqual([]);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors).toEqual([]);

  // The icons browsers ask for, at the sizes the manifest says.
  const { icons } = (await (await request.get('/manifest.webmanifest')).json()) as {
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };
  expect(icons.filter((i) => i.type === 'image/png').map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of [...icons.filter((i) => i.type === 'image/png'), { src: '/icons/apple-touch-icon.png', sizes: '180x180' }]) {
    const res = await request.get(icon.src);
    expect(res.status(), icon.src).toBe(200);
    expect(res.headers()['content-type'], icon.src).toBe('image/png');
    const { width, height } = pngSize(await res.body());
    expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
  }
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/icons/apple-touch-icon.png');

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Build. Grow. Connect.' })).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);
  // The app shell is cached; nothing the server answers per person ever is.
  const cached = await cachedUrls(page);
  expect(cached).toContain('/offline.html');
  expect(cached.some((u) => u.startsWith('/assets/') && u.endsWith('.js'))).toBe(true);
  expect(cached.filter((u) => /^\/(api|socket\.io|uploads|users|groups|notifications)(\/|$)|index.*\.html$|^\/$/.test(u))).toEqual([]);

  await context.setOffline(true);
  await page.goto('/suggested');
  await expect(page.getByRole('heading', { name: "You're offline" })).toBeVisible();
  await expect(page).toHaveTitle("You're offline · Agora");
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expectAccessible(page, 'offline page');
  await snap(page, 'desktop-offline');
  // In the app's other language, once chosen.
  await page.evaluate(() => localStorage.setItem('locale', 'es'));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sin conexión' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await page.evaluate(() => localStorage.removeItem('locale'));

  // Back online, "Try again" opens the page the visitor was going to.
  await context.setOffline(false);
  await page.getByRole('link', { name: 'Reintentar' }).click();
  await expect(page).toHaveURL(/\/suggested$/);
  await expect(page.getByRole('heading', { name: 'Build. Grow. Connect.' })).toBeVisible();
}
