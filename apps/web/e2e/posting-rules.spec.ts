import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { createGroupViaApi, joinViaApi, snapView, useDarkTheme as setDarkTheme } from './groups-helpers';

/**
 * Issue 15 §7, posting limits and filters: the owner sets slow mode and a blocked word in the community settings;
 * a member posts once, and the second post shows the server's slow mode message in the editor; a text with the
 * blocked word is refused with its message. (The journeys run with RATE_LIMIT=off: the site-wide limits are
 * tested on the server; a community's own rules always apply.)
 */
test.describe.configure({ timeout: 180_000 });

const SLOW_MODE = /^Slow mode is on in this community: one new discussion every 5 minutes\. You can start another in \d+ minutes?\.$/;

/** The viewport in the light and the dark theme (test-results/screenshots/<name>-light|dark.png). */
async function snapBoth(page: Page, name: string): Promise<void> {
  await snapView(page, `${name}-light`);
  await setDarkTheme(page);
  await snapView(page, `${name}-dark`);
  await setDarkTheme(page, false);
}

async function writePost(page: Page, text: string) {
  await page.getByRole('button', { name: 'Anything on your mind?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a post' });
  await dialog.getByRole('textbox', { name: 'Post text' }).fill(text);
  await dialog.getByRole('button', { name: 'Post', exact: true }).click();
  return dialog;
}

test('the owner sets slow mode and a blocked word; a member posts once, then sees the slow mode message', async ({ page, login }) => {
  const owner = await login();
  const group = await createGroupViaApi(owner);
  await page.goto(`/group/${group.slug}`);

  await page.getByRole('button', { name: 'Community settings' }).click();
  await page.getByRole('menuitem', { name: 'Posting rules' }).click();
  const rules = page.getByRole('dialog', { name: 'Posting rules' });
  const slowMode = rules.getByRole('combobox', { name: 'Slow mode' });
  await expect(slowMode).toHaveValue('0');
  await slowMode.selectOption({ label: 'One discussion every 5 minutes' });
  await rules.getByRole('textbox', { name: 'Blocked words and phrases' }).fill('casino\nfree money');
  await expectAccessible(page, 'posting rules dialog');
  await snapBoth(page, 'posting-rules-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await snapBoth(page, 'posting-rules-mobile');
  await page.setViewportSize({ width: 1366, height: 900 });
  await rules.getByRole('button', { name: 'Save rules' }).click();
  await expect(rules).toBeHidden();
  await expect(page.getByText('Posting rules saved')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Community settings' })).toBeFocused();

  // The owner is exempt from slow mode, not from the words: "Casino" in any case is refused, naming the word.
  await page.goto(`/group/${group.slug}/discussions`);
  const ownerEditor = await writePost(page, 'Friday is CASINO night');
  await expect(ownerEditor.getByRole('alert')).toHaveText('Your text contains “casino”, which this community does not allow.');
  await expect(ownerEditor.getByRole('textbox', { name: 'Post text' })).toHaveValue('Friday is CASINO night');
  await page.keyboard.press('Escape');

  const member = await login({ newContext: true });
  await joinViaApi(member, group);
  const memberPage = member.page;
  await memberPage.goto(`/group/${group.slug}/discussions`);
  const first = await writePost(memberPage, 'Hello everyone, glad to be here');
  await expect(first).toBeHidden();
  await expect(memberPage.getByText('Post added!')).toBeVisible();

  const second = await writePost(memberPage, 'And one more thing');
  await expect(second.getByRole('alert')).toHaveText(SLOW_MODE);
  await expect(second.getByRole('textbox', { name: 'Post text' })).toHaveValue('And one more thing');
  await expectAccessible(memberPage, 'slow mode message in the editor');
  await snapBoth(memberPage, 'posting-rules-slow-mode-desktop');
  await memberPage.setViewportSize({ width: 390, height: 844 });
  await snapBoth(memberPage, 'posting-rules-slow-mode-mobile');
});
