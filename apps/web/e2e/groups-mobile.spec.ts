import type { Page } from '@playwright/test';
import { expect, expectAccessible, expectNoHorizontalOverflow, snap, test } from './fixtures';
import { createGroupViaApi, joinViaApi, snapView, uniqueGroupName, useDarkTheme } from './groups-helpers';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

async function check(page: Page, name: string, viewportOnly = false) {
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page, name);
  await (viewportOnly ? snapView : snap)(page, `mobile-${name}`);
}

test('community screens fit a 390 px screen, in both themes', async ({ page, login }) => {
  test.setTimeout(240_000);
  const owner = await login();
  const group = await createGroupViaApi(owner, {
    images: true,
    name: uniqueGroupName('A Rather Long Community Name For Phones'),
    about: `Welcome! **Bold words** and a very long link https://example.org/${'x'.repeat(120)}\n\n[https://youtu.be/dQw4w9WgXcQ]`,
    rules: '1. **Be kind**\n2. No spam',
    social: 'discord.gg/phones\ninstagram.com/phones\nhttps://example.org/a-very-long-path-that-goes-on-and-on-and-on',
  });
  const member = await login({ newContext: true, viewport: { width: 390, height: 844 } });
  await joinViaApi(member, group);

  await page.goto(`/group/${group.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: group.name })).toBeVisible();
  await expect(page.getByTitle('YouTube video')).toBeVisible();
  await check(page, 'group-owner');
  // check() above ran axe and took the pictures in both themes; the dark one must not scroll sideways either.
  await useDarkTheme(page);
  await expectNoHorizontalOverflow(page);
  await useDarkTheme(page, false);

  await page.getByRole('link', { name: 'Members' }).click();
  await expect(page.getByRole('heading', { name: '2 Members' })).toBeVisible();
  await check(page, 'members-owner');
  await page.getByRole('button', { name: `Options for ${member.username}` }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await check(page, 'members-menu', true);
  await page.keyboard.press('Escape');

  await page.getByRole('link', { name: 'Discussion' }).click();
  await expect(page.getByText('Be the first to start a discussion in this group!')).toBeVisible();
  await check(page, 'discussions-member');

  await page.goto('/create');
  await page.getByRole('button', { name: 'Create a community' }).click();
  await expect(page.getByText('Please enter a valid group name')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await check(page, 'create');
  // check() above ran axe and took the pictures in both themes; the dark one must not scroll sideways either.
  await useDarkTheme(page);
  await expectNoHorizontalOverflow(page);
  await useDarkTheme(page, false);

  // The logo opens the panel full width; a leftward swipe closes it.
  await page.getByRole('button', { name: 'Agora communities', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'Communities' });
  await panel.getByRole('tab', { name: 'Created' }).click();
  await expect(panel.getByRole('link', { name: new RegExp(group.name) })).toBeVisible();
  await check(page, 'communities-panel', true);
  const box = (await panel.boundingBox())!;
  expect(box.width).toBeLessThanOrEqual(390);
  await page.mouse.move(box.x + box.width - 40, box.y + 300);
  await page.mouse.down();
  for (let x = box.width - 40; x >= box.width - 260; x -= 20) await page.mouse.move(box.x + x, box.y + 302);
  await page.mouse.up();
  await expect(panel).toBeHidden();

  // The member's view.
  const m = member.page;
  await m.goto(`/group/${group.slug}`);
  await expect(m.getByRole('region', { name: group.name }).getByRole('button', { name: 'Leave' })).toBeVisible();
  await expectNoHorizontalOverflow(m);
  await expectAccessible(m, 'group-member');
  await snap(m, 'mobile-group-member');
  await member.close();
});

test('a visitor sees a community and its discussion frame on a phone', async ({ page, login }) => {
  const owner = await login();
  const group = await createGroupViaApi(owner, { images: true, about: 'Open to everyone.' });
  await page.evaluate(() => localStorage.clear());
  await page.goto(`/group/${group.slug}/discussions`);
  await expect(page.getByText('Want to participate in this community? Join now!')).toBeVisible();
  await check(page, 'discussions-visitor');
  await page.getByRole('link', { name: 'Overview' }).click();
  await expect(page.getByRole('region', { name: group.name }).getByRole('button', { name: 'JOIN' })).toBeVisible();
  await check(page, 'group-visitor');
  await page.goto('/suggested');
  await expect(page.getByRole('list', { name: 'Suggested communities', exact: true })).toBeVisible();
  await check(page, 'explore-visitor');
});
