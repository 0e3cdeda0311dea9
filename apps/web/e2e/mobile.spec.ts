import type { Page } from '@playwright/test';
import { expectAccessible, expectNoHorizontalOverflow, makePng, snap, expect, test } from './fixtures';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** Every screen at 390 px: no sideways scrolling, axe in both themes, screenshots in both themes. */
async function check(page: Page, name: string) {
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page, `mobile ${name}`);
  await snap(page, `mobile-${name}`);
}

test('visitor pages fit a 390 px screen', async ({ page }) => {
  // Many screens, each checked by axe and photographed in both themes: slow on a shared 2-core machine.
  test.slow();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Build. Grow. Connect.' })).toBeVisible();
  await check(page, 'visitor-home');

  await page.goto('/suggested');
  // Empty on a fresh database; other journeys may have created public communities by now.
  await expect(
    page.getByRole('list', { name: 'Suggested communities', exact: true }).or(page.getByText('No suggested communities available..')),
  ).toBeVisible();
  await check(page, 'visitor-explore');

  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await check(page, 'login');

  await page.goto('/register');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await check(page, 'register-errors');

  await page.goto('/nothing/here');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await check(page, 'not-found');
});

test('signed-in pages and panels fit a 390 px screen', async ({ page, login }) => {
  // Many screens, each checked by axe and photographed in both themes: slow on a shared 2-core machine.
  test.slow();
  await login();

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Your feed' })).toBeVisible();
  // The side panel is desktop only.
  await expect(page.getByRole('complementary', { name: 'Side panel' })).toBeHidden();
  await check(page, 'feed');

  await page.goto('/suggested');
  await expect(page.getByRole('heading', { name: 'Build. Grow. Connect.' })).toBeVisible();
  await check(page, 'explore');

  await page.goto('/create');
  await expect(page.getByRole('heading', { name: 'Create a community' })).toBeVisible();
  await check(page, 'create');

  await page.getByRole('button', { name: 'Notifications' }).click();
  await expect(page.getByRole('dialog', { name: 'Notifications' }).getByText('No notifications yet')).toBeVisible();
  await check(page, 'notifications');
  await page.keyboard.press('Escape');

  await page.goto('/?profile=1');
  const panel = page.getByRole('dialog', { name: 'Profile' });
  await expect(panel.getByText('@maya_chen')).toBeVisible();
  await check(page, 'profile-other');

  await panel.getByRole('button', { name: 'My profile' }).click();
  await panel.getByRole('button', { name: 'Edit profile' }).click();
  await panel.getByLabel('Birthday').fill('2020-02-02');
  await expect(panel.getByText('You must be at least 18 years old.')).toBeVisible();
  await check(page, 'profile-edit');

  await panel.getByRole('button', { name: 'Cancel editing' }).click();
  const chooser = page.waitForEvent('filechooser');
  await panel.getByRole('button', { name: 'Change banner' }).click();
  await (await chooser).setFiles({ name: 'banner.png', mimeType: 'image/png', buffer: makePng(900, 400) });
  const crop = page.getByRole('dialog', { name: 'Adjust banner' });
  await expect(crop).toBeVisible();
  await check(page, 'crop-banner');
  await crop.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Banner updated')).toBeVisible();
  await expect(panel.locator('button[aria-label="Change banner"] img')).toHaveAttribute('src', /^\/uploads\/banner\//);
  await check(page, 'profile-own');
});
