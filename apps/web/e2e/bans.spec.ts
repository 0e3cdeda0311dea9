import type { Page } from '@playwright/test';
import { expect, expectAccessible, snap, test } from './fixtures';
import { auth, createGroupViaApi, expectFocusVisible, joinViaApi, snapView, tabTo } from './groups-helpers';

// Issue 15 §4, §5: a moderator bans a member, who can no longer post (the server's message on screen); the
// moderation log shows the ban; Unban (keyboard only) lets them back. Three people, axe in both themes.
test.describe.configure({ timeout: 240_000 });

/** Full-page screenshots at 390 and 1366 px, each in both themes. */
async function screenshots(page: Page, name: string) {
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await snap(page, `${width === 390 ? 'mobile' : 'desktop'}-${name}`); // both themes
  }
}

test('a moderator bans a member who cannot post; the log shows it; unban lets them back', async ({ page, login }) => {
  const owner = await login({ newContext: true });
  const group = await createGroupViaApi(owner);
  const moderator = await login();
  const member = await login({ newContext: true });
  await joinViaApi(moderator, group);
  await joinViaApi(member, group);
  const promote = await owner.page.request.post(`/api/groups/${group.id}/assign-role`, {
    headers: auth(owner),
    data: { memberId: moderator.id, newRole: 'moderator' },
  });
  expect(promote.ok(), await promote.text()).toBeTruthy();

  // The member is on the community's discussions, able to post.
  const memberPage = member.page;
  await memberPage.goto(`/group/${group.slug}/discussions`);
  await expect(memberPage.getByRole('button', { name: 'Anything on your mind?' })).toBeVisible();

  // The moderator bans them from the member menu: a reason and a duration.
  await page.goto(`/group/${group.slug}/members`);
  await page.getByRole('button', { name: `Options for ${member.username}` }).click();
  await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText(['Kick Member', 'Ban']);
  await page.getByRole('menuitem', { name: 'Ban' }).click();
  const dialog = page.getByRole('dialog', { name: `Ban ${member.username}` });
  await expect(dialog.getByRole('textbox', { name: 'Reason' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Ban' }).click();
  await expect(dialog.getByText('Please give a reason for the ban')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Spam links in every thread');
  await dialog.getByRole('radio', { name: '7 days' }).check();
  await expectAccessible(page, 'ban dialog');
  await snapView(page, 'desktop-ban-dialog');
  await dialog.getByRole('button', { name: 'Ban' }).click();
  await expect(page.getByText(`${member.username} has been banned from the community`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('list', { name: 'Members' }).getByText(member.username)).toHaveCount(0);

  // The banned list and the log show the ban.
  const banned = page.getByRole('region', { name: /Banned/ });
  await expect(banned.getByText(member.username)).toBeVisible();
  await expect(banned.getByText(/Spam links in every thread/)).toBeVisible();
  const log = page.getByRole('list', { name: 'Moderation log' });
  await expect(log.getByRole('listitem').first()).toContainText(`${moderator.username} banned ${member.username}`);
  await expect(log.getByRole('listitem').first()).toContainText('Reason: Spam links in every thread');
  await expectAccessible(page, 'members page with bans and the moderation log');
  await screenshots(page, 'moderation');
  await page.setViewportSize({ width: 1366, height: 900 });

  // The member's page follows at once (the ban notification): no composer, Join instead. Joining, and so posting,
  // is refused with the server's message naming the ban and its end.
  await expect(memberPage.getByRole('button', { name: 'Anything on your mind?' })).toHaveCount(0);
  await memberPage.getByRole('button', { name: 'Join Group' }).click();
  await expect(memberPage.getByText(/You are banned from this community until \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\./).first()).toBeVisible();
  const refused = await memberPage.request.post(`/groups/${group.id}/discussions`, {
    headers: auth(member),
    data: { content: 'Posting after the ban', mediaUrls: [] },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toMatch(/^You are banned from this community until /);

  // Keyboard only: the moderator reaches Unban and presses Enter; the log records it.
  await page.reload();
  const unban = banned.getByRole('button', { name: `Unban ${member.username}` });
  await expect(unban).toBeVisible();
  await page
    .getByRole('heading', { name: /Members$/ })
    .first()
    .click();
  await tabTo(page, unban);
  await expectFocusVisible(page);
  await page.keyboard.press('Enter');
  await expect(page.getByText(`${member.username} has been unbanned`)).toBeVisible();
  await expect(banned.getByText('Nobody is banned')).toBeVisible();
  await expect(log.getByRole('listitem').first()).toContainText(`${moderator.username} unbanned ${member.username}`);
  await expect(log.getByRole('listitem').nth(1)).toContainText(`${moderator.username} banned ${member.username}`);

  // They may join and post again.
  await memberPage.reload();
  await memberPage.getByRole('button', { name: 'Join Group' }).click();
  await expect(memberPage.getByRole('button', { name: 'Anything on your mind?' })).toBeVisible();
  const again = await memberPage.request.post(`/groups/${group.id}/discussions`, {
    headers: auth(member),
    data: { content: 'Back again', mediaUrls: [] },
  });
  expect(again.status(), await again.text()).toBe(201);
  await owner.close();
  await member.close();
});
