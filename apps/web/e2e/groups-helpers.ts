import type { Locator, Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, expectThemeClass, makePng, type Person, SCREENSHOT_DIR, waitForStill } from './fixtures';

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

/** A discussion by `person` in the community, through the API; its id. */
export async function postViaApi(person: Person, group: Pick<CreatedGroup, 'id'>, content: string): Promise<number> {
  const response = await person.page.request.post(`/api/groups/${group.id}/discussions`, { headers: auth(person), data: { content } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { discussion: { id: number } }).discussion.id;
}

/** A comment (or, with `parentCommentId`, a reply) by `person` on a discussion, through the API; its id. */
export async function commentViaApi(
  person: Person,
  group: Pick<CreatedGroup, 'id'>,
  postId: number,
  content: string,
  parentCommentId: number | null = null,
): Promise<number> {
  const response = await person.page.request.post(`/groups/${group.id}/discussions/${postId}/comments`, {
    headers: auth(person),
    data: { content, parentCommentId },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { comment: { id: number } }).comment.id;
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
