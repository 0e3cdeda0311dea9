import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { auth, createGroupViaApi, joinViaApi, snapView, useDarkTheme, postViaApi } from './groups-helpers';

/**
 * Issue 15 §3, removal with a reason: a moderator removes a member's post with a reason; its author still sees it,
 * with "Removed by a moderator: {reason}", and gets the notification; another member no longer sees it. The
 * moderator restores it and everyone sees it again.
 */

const postCard = (page: Page, text: string) => page.getByTestId('post-card').filter({ hasText: text });

test.describe.configure({ timeout: 300_000 });

test('a moderator removes a post with a reason; the author sees why and is notified; another member no longer sees it', async ({
  page,
  login,
}) => {
  const owner = await login();
  const group = await createGroupViaApi(owner);
  const moderator = await login({ newContext: true });
  const author = await login({ newContext: true });
  const member = await login({ newContext: true });
  for (const person of [moderator, author, member]) await joinViaApi(person, group);
  const promoted = await page.request.post(`/api/groups/${group.id}/assign-role`, {
    headers: auth(owner),
    data: { memberId: moderator.id, newRole: 'moderator' },
  });
  expect(promoted.ok(), await promoted.text()).toBeTruthy();
  await postViaApi(author, group, 'Cheap watches here');
  await postViaApi(author, group, 'A fine morning');

  // The moderator removes the post; the dialog asks for the reason first.
  const m = moderator.page;
  await m.goto(`/group/${group.slug}/discussions`);
  const card = postCard(m, 'Cheap watches here');
  await card.hover();
  await card.getByRole('button', { name: 'Remove post' }).click();
  const dialog = m.getByRole('dialog', { name: 'Remove with a reason' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(dialog.getByText('Give a reason for the removal')).toBeVisible();
  await expectAccessible(m, 'remove with a reason dialog');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Advertising is not allowed here');
  await snapView(m, 'removals-dialog-1366-light');
  await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByRole('note')).toHaveText('Removed by a moderator: Advertising is not allowed here');
  await expect(card.getByRole('button', { name: 'Restore post' })).toBeVisible();

  // The author still sees it, with the reason, and the notification.
  const a = author.page;
  await a.goto(`/group/${group.slug}/discussions`);
  await expect(postCard(a, 'Cheap watches here').getByRole('note')).toHaveText('Removed by a moderator: Advertising is not allowed here');
  await a.getByRole('button', { name: 'Notifications' }).click();
  const notifications = a.getByRole('dialog', { name: 'Notifications' });
  await expect(notifications.getByText('A moderator removed your post: Advertising is not allowed here')).toBeVisible();
  await expectAccessible(a, 'notifications with a removal');
  await a.keyboard.press('Escape');
  await expectAccessible(a, 'a removed post seen by its author');
  const removedCard = postCard(a, 'Cheap watches here');
  await removedCard.scrollIntoViewIfNeeded();
  await snapView(a, 'removals-author-1366-light');
  await useDarkTheme(a);
  await snapView(a, 'removals-author-1366-dark');
  await a.setViewportSize({ width: 390, height: 844 });
  await removedCard.scrollIntoViewIfNeeded();
  await snapView(a, 'removals-author-390-dark');
  await useDarkTheme(a, false);
  await snapView(a, 'removals-author-390-light');

  // Another member: the post is gone from the community and the home feed; the other post stays.
  const other = member.page;
  await other.goto(`/group/${group.slug}/discussions`);
  await expect(postCard(other, 'A fine morning')).toBeVisible();
  await expect(postCard(other, 'Cheap watches here')).toHaveCount(0);
  await other.goto('/');
  await expect(postCard(other, 'A fine morning')).toBeVisible();
  await expect(postCard(other, 'Cheap watches here')).toHaveCount(0);

  // The moderator restores it; the member sees it again.
  await m.setViewportSize({ width: 390, height: 844 });
  await useDarkTheme(m);
  await card.scrollIntoViewIfNeeded();
  await snapView(m, 'removals-moderator-390-dark');
  await card.getByRole('button', { name: 'Restore post' }).click();
  await expect(card.getByRole('note')).toHaveCount(0);
  await other.goto(`/group/${group.slug}/discussions`);
  await expect(postCard(other, 'Cheap watches here')).toBeVisible();
});
