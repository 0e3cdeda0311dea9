import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, expectThemeClass, makePng, SCREENSHOT_DIR, uniqueUser, waitForStill } from './fixtures';

/** A registered, signed-in person: their page (own browser context), token and id. */
export interface Person {
  page: Page;
  token: string;
  id: number;
  username: string;
  password: string;
  close: () => Promise<void>;
}

async function register(request: APIRequestContext) {
  const user = uniqueUser();
  const response = await request.post('/api/auth/register', { data: { ...user, confirmPassword: user.password } });
  expect(response.status(), await response.text()).toBe(201);
  const login = await request.post('/api/auth/login', { data: { emailOrUsername: user.username, password: user.password } });
  expect(login.ok(), await login.text()).toBeTruthy();
  const body = (await login.json()) as { token: string; user: { id: number; username: string } };
  return { user, token: body.token, id: body.user.id, username: body.user.username };
}

/** Stores the session the way the login page does, on a page already at the app's origin. */
async function storeSession(page: Page, token: string, id: number, username: string): Promise<void> {
  await page.goto('/suggested');
  await page.evaluate(
    (s) => {
      localStorage.setItem('token', s.token);
      localStorage.setItem('authToken', s.token);
      localStorage.setItem('userId', String(s.id));
      localStorage.setItem('username', s.username);
    },
    { token, id, username },
  );
}

/** Registers and signs in on `page` (the test's own page). */
export async function signUp(page: Page): Promise<Person> {
  const { user, token, id, username } = await register(page.request);
  await storeSession(page, token, id, username);
  return { page, token, id, username, password: user.password, close: async () => {} };
}

/** Another person in a separate browser context (their own storage), at the given viewport. */
export async function anotherPerson(browser: Browser, baseURL: string, viewport = { width: 1366, height: 900 }): Promise<Person> {
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  const { user, token, id, username } = await register(page.request);
  await storeSession(page, token, id, username);
  return { page, token, id, username, password: user.password, close: () => context.close() };
}

export function auth(person: Pick<Person, 'token'>) {
  return { Authorization: `Bearer ${person.token}` };
}

let groupCounter = 0;
/** A community name unique to this run (names are unique case-insensitively). */
export function uniqueGroupName(prefix = 'Journey'): string {
  groupCounter += 1;
  return `${prefix} ${Date.now().toString(36).slice(-5)}${groupCounter}`;
}

export interface CreatedGroup {
  id: number;
  slug: string;
  name: string;
}

/** Creates a community through the API (for journeys that are not about creating one). */
export async function createGroupViaApi(
  owner: Person,
  fields: { name?: string; about?: string; rules?: string; social?: string; images?: boolean } = {},
): Promise<CreatedGroup> {
  const name = fields.name ?? uniqueGroupName();
  const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = {
    group_name: name,
    aboutText: fields.about ?? '',
    rulesText: fields.rules ?? '',
    socialMediaText: fields.social ?? '',
  };
  if (fields.images) {
    multipart.group_banner = { name: 'banner.png', mimeType: 'image/png', buffer: makePng(900, 300) };
    multipart.group_dp = { name: 'dp.png', mimeType: 'image/png', buffer: makePng(300, 300) };
  }
  const response = await owner.page.request.post('/api/groups', { headers: auth(owner), multipart });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { group_id: number; slug: string };
  return { id: body.group_id, slug: body.slug, name };
}

export async function joinViaApi(person: Person, group: Pick<CreatedGroup, 'id'>): Promise<void> {
  const response = await person.page.request.post(`/api/groups/${group.id}/join`, { headers: auth(person) });
  expect(response.ok(), await response.text()).toBeTruthy();
}

export async function setPrivateViaApi(owner: Person, group: Pick<CreatedGroup, 'id'>): Promise<void> {
  const response = await owner.page.request.put(`/api/groups/${group.id}/privacy`, { headers: auth(owner), data: { is_private: 1 } });
  expect(response.ok(), await response.text()).toBeTruthy();
}

/** Turns the dark theme on for what follows (the `dark` class on <html> selects the dark tokens). */
export async function useDarkTheme(page: Page, on = true): Promise<void> {
  // Through the system preference, which the default "system" choice follows live (as expectAccessible does).
  await page.emulateMedia({ colorScheme: on ? 'dark' : 'light' });
  await expectThemeClass(page, on ? 'dark' : 'light');
}

/** The element that has keyboard focus shows a visible focus indicator (an outline or a ring). */
export async function expectFocusVisible(page: Page): Promise<void> {
  const visible = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return false;
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const ring = style.boxShadow !== 'none' && style.boxShadow !== '';
    return el.matches(':focus-visible') && (outline || ring);
  });
  expect(visible, 'the focused element shows a focus indicator').toBe(true);
}

/** Presses Tab (or Shift+Tab) until `target` has focus: how a keyboard user reaches it. Fails after 60 presses. */
export async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  for (let i = 0; i < 60; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(key);
  }
  await expect(target).toBeFocused();
}

/**
 * A screenshot of the viewport only, for open panels and dialogs: a full-page capture of a scrolled page draws
 * fixed and sticky layers (drawers, overlays, the navigation bar) in the wrong place.
 */
export async function snapView(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await waitForStill(page);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}
