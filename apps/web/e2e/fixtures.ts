import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import { test as base, type BrowserContext, expect, type Page } from '@playwright/test';

/** A registered, signed-in person: their page, session token and id (see the `login` fixture). */
export interface Person {
  page: Page;
  token: string;
  id: number;
  username: string;
  email: string;
  firstName: string;
  password: string;
  /** Closes the person's own browser context (nothing for the test's page); the fixture closes any left open. */
  close: () => Promise<void>;
}

export type LoginOptions = {
  /** Sign in in a browser context of their own (their own storage and socket) instead of on the test's `page`. */
  newContext?: boolean;
  /** The new context's viewport (with `newContext`). */
  viewport?: { width: number; height: number };
  /** The new context's base URL (with `newContext`): a journey across several nodes talks to one node directly. */
  baseURL?: string;
};

export type Login = (options?: LoginOptions) => Promise<Person>;

/**
 * Every journey also fails on a browser error the user would not see: an uncaught exception or something the
 * server's Content-Security-Policy blocked (inline script, external font or image).
 *
 * `login` is the journeys' one way to a signed-in person (Epic Stack's login fixture): it registers a new person
 * through the API, signs them in and stores the session the way the login page does, on the test's page or, with
 * `newContext`, in a browser context of their own (closed when the test ends). Journeys about registering or
 * signing in use the forms instead.
 */
export const test = base.extend<{ pageErrors: void; login: Login }>({
  pageErrors: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content.Security.Policy|Refused to/i.test(message.text())) problems.push(message.text());
      });
      await use();
      expect(problems, problems.join('\n')).toEqual([]);
    },
    { auto: true },
  ],
  login: async ({ page, browser, baseURL }, provide) => {
    const contexts: BrowserContext[] = [];
    await provide(async (options = {}) => {
      let target = page;
      if (options.newContext) {
        const context = await browser.newContext({
          baseURL: options.baseURL ?? baseURL,
          viewport: options.viewport ?? { width: 1366, height: 900 },
        });
        contexts.push(context);
        target = await context.newPage();
      }
      const user = uniqueUser();
      const registered = await target.request.post('/api/auth/register', { data: { ...user, confirmPassword: user.password } });
      expect(registered.status(), await registered.text()).toBe(201);
      const response = await target.request.post('/api/auth/login', { data: { emailOrUsername: user.username, password: user.password } });
      expect(response.ok(), await response.text()).toBeTruthy();
      const session = (await response.json()) as { token: string; user: { id: number; username: string } };
      await target.goto('/suggested');
      await target.evaluate((b) => {
        localStorage.setItem('token', b.token);
        localStorage.setItem('authToken', b.token);
        localStorage.setItem('userId', String(b.user.id));
        localStorage.setItem('username', b.user.username);
      }, session);
      const own = target !== page;
      return {
        page: target,
        token: session.token,
        id: session.user.id,
        username: session.user.username,
        email: user.email,
        firstName: user.firstName,
        password: user.password,
        close: async () => {
          if (own) await target.context().close();
        },
      };
    });
    for (const context of contexts) await context.close().catch(() => undefined);
  },
});
export { expect };

export const DEMO_PASSWORD = 'agora-demo';
export const SCREENSHOT_DIR = path.resolve(process.cwd(), 'test-results', 'screenshots');

/**
 * Saves full-page screenshots as test-results/screenshots/<name>-light.png and <name>-dark.png (kept as CI
 * artifacts), switching the theme the way the operating system does. Ends in the light theme.
 */
export async function snap(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const followsSystem = ((await page.evaluate(() => localStorage.getItem('theme'))) ?? 'system') === 'system';
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    // The picture shows the resting state: the theme applied and the transitions (drawer slide, toasts, the
    // colours easing into the theme) finished.
    if (followsSystem) await expectThemeClass(page, scheme);
    await waitForStill(page);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${scheme}.png`), fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  if (followsSystem) await expectThemeClass(page, 'light');
}

/** <html> carries the `dark` class exactly when `scheme` is dark (the class selects the dark colour tokens). */
export async function expectThemeClass(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  const html = page.locator('html');
  if (scheme === 'dark') await expect(html).toHaveClass(/(^|\s)dark(\s|$)/);
  else await expect(html).not.toHaveClass(/(^|\s)dark(\s|$)/);
}

/**
 * Waits for the page to be at rest rather than for a guessed time: every finite animation and transition running
 * now (a drawer sliding in, a toast, colours easing into a new theme, including ones that start while waiting) has
 * finished, then two frames are painted. Infinite ones (a loading skeleton's pulse) never finish and are not
 * waited for. `document.getAnimations()` flushes pending style changes first, so a transition the last class
 * change starts is already in the list.
 */
export async function waitForStill(page: Page): Promise<void> {
  const endless = await page.evaluate(async () => {
    const finite = () =>
      document.getAnimations().filter((animation) => {
        const end = animation.effect?.getComputedTiming().endTime;
        return animation.playState === 'running' && typeof end === 'number' && Number.isFinite(end);
      });
    // Bounded: a page that keeps starting new animations is a bug to see, not a reason to hang.
    for (let round = 0; round < 50; round += 1) {
      const running = finite();
      if (running.length === 0) {
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        return null;
      }
      await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
    }
    return finite().map(
      (animation) => (animation as CSSAnimation).animationName ?? (animation as CSSTransition).transitionProperty ?? animation.id,
    );
  });
  expect(endless, 'the page keeps starting animations').toBeNull();
}

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

/**
 * Checks axe gave up on. A colour it cannot parse (Tailwind 4's minified `oklch(98.5% 0 none)`) throws inside
 * color-contrast: on a page background the whole rule aborts (the rule lands in `incomplete` with an `error`),
 * on one element that element is skipped (`messageKey: 'colorParse'`). Either way "no contrast violation" would
 * then be a claim nobody checked.
 */
export function abandonedChecks(results: AxeResults): string[] {
  const aborted = results.incomplete
    .filter((rule) => (rule as { error?: unknown }).error !== undefined)
    .map((rule) => `${rule.id} aborted: ${String((rule as { error?: { message?: string } }).error?.message)}`);
  const unparsed = results.incomplete
    .filter((rule) => rule.id === 'color-contrast')
    .flatMap((rule) => rule.nodes)
    .filter((node) =>
      [...node.any, ...node.all, ...node.none].some((check) => (check.data as { messageKey?: string } | null)?.messageKey === 'colorParse'),
    )
    .map((node) => `${node.target.join(' ')}: ${node.any.map((c) => c.message).join('; ')}`);
  return [...aborted, ...unparsed];
}

/** Every WCAG 2.0, 2.1 and 2.2 level A and AA rule axe has. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/**
 * Rules a tag selection leaves out although they check WCAG A/AA: axe skips rules tagged `experimental` unless
 * they are enabled by name. label-content-name-mismatch (2.5.3 label in name) was one of them up to axe 4.13 and
 * is named here so an older axe cannot silently drop it again.
 */
export const EXPLICIT_RULES = [
  'label-content-name-mismatch',
  ...axe
    .getRules(WCAG_TAGS)
    .filter((rule) => rule.tags.includes('experimental'))
    .map((rule) => rule.ruleId),
];

/** axe once, on the page as it is: serious or critical violations fail, and so does a contrast check axe abandoned. */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    // options() replaces what was set before it, so it comes first and withTags() adds runOnly to it.
    .options({ rules: Object.fromEntries(EXPLICIT_RULES.map((id) => [id, { enabled: true }])) })
    .withTags(WCAG_TAGS)
    .analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad, `${label}: axe violations`).toEqual([]);
  expect(abandonedChecks(results), `${label}: checks axe could not run (so their silence proves nothing)`).toEqual([]);
}

/**
 * axe on what the page shows now (every WCAG 2.2 A and AA rule, experimental ones included) in the light theme and then in the dark one, switched
 * the way an operating system does it (prefers-color-scheme, which the default "system" choice follows live);
 * serious and critical violations fail the journey, and so does a contrast check axe could not run. Motion is
 * reduced meanwhile so no colour is caught mid-transition. Ends in the light theme. Call it on every screen and
 * open dialog a journey visits.
 */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const choice = await page.evaluate(() => localStorage.getItem('theme'));
  expect(choice ?? 'system', `${label}: expectAccessible switches themes through the system preference`).toBe('system');
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  await expectThemeClass(page, 'light');
  await waitForStill(page);
  await expectNoAxeViolations(page, `${label} (light)`);

  await page.emulateMedia({ colorScheme: 'dark' });
  await expectThemeClass(page, 'dark');
  await waitForStill(page);
  await expectNoAxeViolations(page, `${label} (dark)`);

  await page.emulateMedia({ colorScheme: 'light', reducedMotion: null });
  await expectThemeClass(page, 'light');
}

/** The page never scrolls sideways. */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `scrollWidth ${scrollWidth} > clientWidth ${clientWidth}`).toBeLessThanOrEqual(clientWidth);
}

let counter = 0;
export function uniqueUser() {
  counter += 1;
  const suffix = `${Date.now().toString(36)}${counter}`.slice(-10);
  return {
    firstName: 'Test',
    lastName: 'Person',
    username: `e2e_${suffix}`,
    email: `e2e.${suffix}@example.com`,
    password: 'e2e-password-123',
  };
}

/** A dependency-free PNG: an RGB gradient with a circle, so a crop visibly shows something. */
export function makePng(width: number, height: number): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x += 1) {
      const dx = x - width / 2;
      const dy = y - height / 2;
      const inCircle = dx * dx + dy * dy < (Math.min(width, height) / 3) ** 2;
      const i = row + 1 + x * 3;
      raw[i] = inCircle ? 250 : Math.round((x / width) * 255);
      raw[i + 1] = inCircle ? 200 : Math.round((y / height) * 180);
      raw[i + 2] = inCircle ? 60 : 200;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buffer: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of buffer) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * The birthday of someone turning `years` today, by the browser's own clock and time zone (never the test
 * runner's: its UTC date is a day ahead of Los Angeles from 00:00 to 08:00 UTC, which failed CI every night).
 */
export async function browserDateYearsAgo(page: Page, years: number): Promise<string> {
  return page.evaluate((n) => {
    const now = new Date();
    const pad = (v: number) => String(v).padStart(2, '0');
    return `${now.getFullYear() - n}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  }, years);
}
