import { request as httpRequest } from 'node:http';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * A visitor's "/" before its feed comes into view: at most this much JavaScript, gzipped (issue 5 §2 set 150 KB;
 * 128 KB measured once the app ran on the declarative router, 135.3 KB once issue 13 added the text catalogue and
 * the paths table, 139.4 KB once issue 15's moderation pieces reached the cards; 133.1 KB in 7 files once the entry's
 * modules stayed in its chunk and the contract's modules joined the screen groups; docs/perf/first-load-2026-11-26.md,
 * decisions 0044, 0116 and 0122). About 3 KB of headroom for the navigation bar's search field.
 */
const JS_BUDGET_GZIP_BYTES = 136 * 1024;
/**
 * With Explore's discussions on screen too (a window tall enough to show them at once), the post cards and the
 * renderer load with the page: issue 12 §5 asked for 150 KB. 161.4 KB after issue 15; 148.5 KB once the entry's
 * modules stayed in its chunk, the contract's modules joined the screen groups, and the card's actions, edit form,
 * Report button and removal buttons loaded only for readers who may use them (decision 0122). Held at the goal
 * itself, not above it (1.5 KB of headroom): a change that needs more wins the weight back first.
 */
const JS_BUDGET_WITH_FEED_GZIP_BYTES = 150 * 1024;
/**
 * Scripts a visitor's "/" fetches (issue 12 §5: 42 before build/first-screen-chunks.ts, 15 after, 24 after issue 13,
 * 25 once issue 14's confirmation banner split TanStack's useQuery into its own chunk, 33 with issue 15's small
 * shared modules; 9 once the entry's own modules stayed in its chunk and the contract's joined the screen groups:
 * decisions 0044, 0116 and 0122).
 */
const MAX_SCRIPTS_ON_HOME = 10;

/** Loads `path` on a fresh page and returns the app's scripts it fetched until the network was idle. */
async function scriptsOf(page: Page, path: string): Promise<string[]> {
  const scripts: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.endsWith('.js')) scripts.push(url.pathname);
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  return scripts;
}

/** GET with a chosen Accept-Encoding, the body as sent (not decoded), as a browser without brotli would get it. */
function fetchRaw(
  baseURL: string,
  path: string,
  acceptEncoding: string,
  accept = '*/*',
): Promise<{ headers: Record<string, unknown>; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(path, baseURL), { headers: { 'accept-encoding': acceptEncoding, accept } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers, bytes: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function gzippedBytes(baseURL: string, scripts: string[]): Promise<number> {
  let total = 0;
  for (const script of new Set(scripts)) {
    const { headers, bytes } = await fetchRaw(baseURL, script, 'gzip');
    expect(headers['content-encoding'], `${script} is sent gzipped`).toBe('gzip');
    total += bytes.length;
  }
  return total;
}

async function contents(baseURL: string, scripts: string[]): Promise<string> {
  const bodies = await Promise.all([...new Set(scripts)].map(async (s) => (await fetchRaw(baseURL, s, 'identity')).bytes.toString()));
  return bodies.join('\n');
}

test.describe('first loads stay small', () => {
  // As a visitor's browser does: the service worker registers (decision 0144), and what it downloads is not counted.
  test.use({ serviceWorkers: 'allow' });
  test(`a visitor's "/" loads at most ${JS_BUDGET_GZIP_BYTES / 1024} KB of gzipped JavaScript, preloaded with the page`, async ({
    page,
    baseURL,
  }) => {
    // A 1280 × 720 window: the banner and the suggested communities; Explore's discussions start below the fold.
    await page.setViewportSize({ width: 1280, height: 720 });
    const scripts = await scriptsOf(page, '/');
    await expect(page.getByLabel('Loading discussions from suggested communities')).toBeAttached();
    await expect(page.getByRole('heading', { name: 'Build. Grow. Connect.' })).toBeVisible();
    const gzip = await gzippedBytes(baseURL!, scripts);
    expect(gzip, `JavaScript for / (gzipped): ${(gzip / 1024).toFixed(1)} KB in ${new Set(scripts).size} files`).toBeLessThanOrEqual(
      JS_BUDGET_GZIP_BYTES,
    );
    // Every chunk the page needs is named in its HTML, so the browser fetches them together with the entry.
    const html = (await fetchRaw(baseURL!, '/', 'identity', 'text/html')).bytes.toString();
    for (const script of new Set(scripts)) expect(html, `${script} preloaded by the HTML of /`).toContain(script);
    const code = await contents(baseURL!, scripts);
    expect(code, 'no cropper on /').not.toContain('reactEasyCrop');
  });

  test(`with Explore's discussions on screen, "/" loads at most ${JS_BUDGET_WITH_FEED_GZIP_BYTES / 1024} KB, and no toasts or dialogs`, async ({
    page,
    baseURL,
  }) => {
    const scripts = await scriptsOf(page, '/');
    await expect(page.getByRole('list', { name: 'Discussions from suggested communities' })).toBeVisible();
    const gzip = await gzippedBytes(baseURL!, scripts);
    expect(gzip, `JavaScript for / with its feed (gzipped): ${(gzip / 1024).toFixed(1)} KB`).toBeLessThanOrEqual(
      JS_BUDGET_WITH_FEED_GZIP_BYTES,
    );
    const code = await contents(baseURL!, scripts);
    expect(code, 'no toast library before a toast').not.toContain('data-sonner-toaster');
    expect(code, 'no dialogs (lightbox, delete confirmation) before they open').not.toContain('DialogPortal');
    // The contract's schemas are for forms and the server: a visitor's feed parses nothing (decision 0122).
    expect(code, 'zod on /').not.toMatch(/ZodObject|\$ZodType/);
  });

  test('/login loads neither the cropper, nor zod, nor other pages or the signed-in layout', async ({ page, baseURL }) => {
    const scripts = await scriptsOf(page, '/login');
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    for (const chunk of ['register-page', 'app-layout', 'home-page', 'explore-page', 'profile-panel', 'crop-dialog', 'side-panel']) {
      expect(
        scripts.filter((s) => s.includes(`/${chunk}-`)),
        `${chunk} on /login`,
      ).toEqual([]);
    }
    const code = await contents(baseURL!, scripts);
    // Markers that survive minification: react-easy-crop's class names, zod's schema type names.
    expect(code, 'react-easy-crop on /login').not.toContain('reactEasyCrop');
    expect(code, 'zod on /login').not.toMatch(/ZodObject|\$ZodType/);
    const html = (await fetchRaw(baseURL!, '/login', 'identity', 'text/html')).bytes.toString();
    for (const script of new Set(scripts)) expect(html, `${script} preloaded by the HTML of /login`).toContain(script);
    const gzip = await gzippedBytes(baseURL!, scripts);
    expect(gzip, `JavaScript for /login (gzipped): ${(gzip / 1024).toFixed(1)} KB`).toBeLessThanOrEqual(JS_BUDGET_GZIP_BYTES);
  });

  test(`a visitor's "/" fetches at most ${MAX_SCRIPTS_ON_HOME} scripts (one chunk per screen, not one per icon)`, async ({
    page,
    context,
  }) => {
    // The service worker's precache downloads (decision 0144) are the worker's requests, not the page's: the budgets
    // here count what the page needs to show. They must not compete with it either: the app registers the worker
    // only once the page has loaded (src/lib/service-worker.ts).
    await page.addInitScript(() => {
      const register = ServiceWorkerContainer.prototype.register;
      ServiceWorkerContainer.prototype.register = function (...args: Parameters<typeof register>) {
        (window as unknown as { registeredWhen: string[] }).registeredWhen ??= [];
        (window as unknown as { registeredWhen: string[] }).registeredWhen.push(document.readyState);
        return register.apply(this, args);
      };
    });
    const worker: string[] = [];
    context.on('request', (r) => {
      if (r.serviceWorker()) worker.push(new URL(r.url()).pathname);
    });
    const scripts = await scriptsOf(page, '/');
    await expect(page.getByRole('heading', { name: 'Build. Grow. Connect.' })).toBeVisible();
    expect(new Set(scripts).size, scripts.join(', ')).toBeLessThanOrEqual(MAX_SCRIPTS_ON_HOME);
    await page.evaluate(() => navigator.serviceWorker.ready);
    expect(await page.evaluate(() => (window as unknown as { registeredWhen?: string[] }).registeredWhen)).toEqual(['complete']);
    await expect.poll(() => worker.length, 'the precache downloads, not counted above').toBeGreaterThan(MAX_SCRIPTS_ON_HOME);
  });
});

test.describe('first API requests start beside the JavaScript', () => {
  // The app's scripts are held back until the page's first API request has started: the requests come from
  // public/first-requests.js in the HTML, not from the app once it has run (issue 12 §5). Each goes out once.
  for (const target of ['/', 'post link'] as const) {
    test(`${target}: the API requests start before the app's JavaScript has arrived, each once`, async ({ page, request }) => {
      let url = '/';
      if (target === 'post link') {
        const feed = await request.get('/groups/suggested/discussions');
        const post = ((await feed.json()) as { discussions: { id: number; group_id: number }[] }).discussions[0]!;
        url = `/groups/${post.group_id}/discussions/${post.id}`;
      }
      const api: string[] = [];
      let firstApi: () => void = () => {};
      const apiStarted = new Promise<void>((resolve) => (firstApi = resolve));
      page.on('request', (r) => {
        if (!['fetch', 'xhr'].includes(r.resourceType())) return;
        api.push(new URL(r.url()).pathname + new URL(r.url()).search);
        firstApi();
      });
      await page.route('**/assets/*.js', async (route) => {
        await apiStarted;
        await route.continue();
      });
      await page.goto(url);
      await expect(page.locator('article').first()).toBeVisible();
      expect(api.length).toBeGreaterThan(0);
      // By path, query aside: an early request whose query differs from the app's (comments in another order) is
      // not taken, and the app asks again.
      const paths = api.map((p) => p.split('?')[0]);
      expect(
        paths.filter((p, i) => paths.indexOf(p) !== i),
        `sent twice: ${api.join(', ')}`,
      ).toEqual([]);
    });
  }
});
