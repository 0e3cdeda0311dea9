import type { Page } from '@playwright/test';
import { expect, expectAccessible, expectNoHorizontalOverflow, snap, test } from './fixtures';
import { auth, createGroupViaApi, joinViaApi, postViaApi, commentViaApi } from './groups-helpers';

/**
 * Issue 15 §1 in the browser: a member edits their comment in place, opens its edit history from "edited", deletes
 * a comment without replies (gone) and one with a reply (kept as "This comment was deleted."), with axe on each
 * screen and dialog in both themes, and pictures at 1366 and 390 px.
 */

const panel = (page: Page) => page.getByTestId('post-panel');
const comment = (page: Page, id: number) => panel(page).locator(`[data-comment-id="${id}"]`);

// axe in two themes on five screens and dialogs, on a shared 2-core machine.
test.describe.configure({ timeout: 300_000 });

test('a member edits a comment, reads its history, and deletes comments with and without replies', async ({ page, login }) => {
  const owner = await login({ newContext: true });
  const group = await createGroupViaApi(owner);
  const member = await login();
  await joinViaApi(member, group);
  const postId = await postViaApi(owner, group, 'Plans for the weekend walk');
  const first = await commentViaApi(member, group, postId, 'Meet at the **station** at nine');
  const second = await commentViaApi(member, group, postId, 'A typo I regret');
  const third = await commentViaApi(member, group, postId, 'Bring water');
  await commentViaApi(owner, group, postId, 'Good idea', third);

  await page.goto(`/group/${group.slug}/discussions?post=${group.id}-${postId}`);
  await expect(panel(page).getByRole('heading', { name: 'Comments (4)' })).toBeVisible();

  // Edit in place: the text in a box, Escape cancels, then Save.
  const mine = comment(page, first);
  await mine.getByRole('button', { name: 'Edit your comment' }).click();
  const box = mine.getByRole('textbox', { name: 'Comment text' });
  await expect(box).toBeFocused();
  await expect(box).toHaveValue('Meet at the **station** at nine');
  await box.press('Escape');
  await expect(box).toBeHidden();
  await expect(panel(page)).toBeVisible();
  await expect(mine.getByRole('button', { name: 'Edit your comment' })).toBeFocused();
  await mine.getByRole('button', { name: 'Edit your comment' }).click();
  await box.fill('Meet at the **station** at half past nine');
  await expectAccessible(page, 'comment editor');
  await mine.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Comment updated')).toBeVisible();
  await expect(mine.getByText('half past nine')).toBeVisible();
  const edited = mine.getByTestId('edited-mark');
  await expect(edited).toHaveText(/^edited /);

  // The history: both versions, newest first.
  await edited.click();
  const history = page.getByRole('dialog', { name: 'Edit history' });
  await expect(history.getByTestId('edit-version')).toHaveCount(2);
  await expect(history.getByTestId('edit-version').first()).toContainText('Version 2');
  await expect(history.getByTestId('edit-version').first()).toContainText('half past nine');
  await expect(history.getByTestId('edit-version').last()).toContainText('Original');
  await expect(history.getByTestId('edit-version').last()).toContainText('at nine');
  await expect(history.locator('strong', { hasText: 'station' })).toHaveCount(2);
  await expectAccessible(page, 'edit history dialog');
  await snap(page, 'comment-history-desktop');
  await page.keyboard.press('Escape');
  await expect(history).toBeHidden();
  await expect(edited).toBeFocused();

  // Delete without replies: asked first, then gone.
  await comment(page, second)
    .getByRole('button', { name: /^Delete .*'s comment$/ })
    .click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this comment?' });
  await expectAccessible(page, 'delete comment confirmation');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Comment deleted')).toBeVisible();
  await expect(comment(page, second)).toHaveCount(0);
  await expect(panel(page).getByRole('heading', { name: 'Comments (3)' })).toBeVisible();

  // Delete with a reply: kept in place, the reply still there.
  await comment(page, third)
    .getByRole('button', { name: /^Delete .*'s comment$/ })
    .click();
  await expect(confirm).toContainText('If it has replies, they stay');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(comment(page, third)).toContainText('This comment was deleted.');
  await expect(comment(page, third).getByRole('button', { name: /Like|Reply|Edit|Delete/ })).toHaveCount(0);
  await comment(page, third).getByRole('button', { name: 'View 1 reply' }).click();
  await expect(panel(page).getByText('Good idea')).toBeVisible();
  await expect(panel(page).getByRole('heading', { name: 'Comments (2)' })).toBeVisible();
  await expectAccessible(page, 'post panel with an edited and a deleted comment');
  await snap(page, 'comment-edit-panel-desktop');

  // After a reload the server says the same.
  await page.reload();
  await expect(comment(page, third)).toContainText('This comment was deleted.');
  await expect(comment(page, first).getByTestId('edited-mark')).toBeVisible();

  // The same at 390 px.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(comment(page, first).getByTestId('edited-mark')).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await snap(page, 'comment-edit-panel-mobile');
  await comment(page, first).getByTestId('edited-mark').click();
  await expect(page.getByRole('dialog', { name: 'Edit history' }).getByTestId('edit-version')).toHaveCount(2);
  await expectAccessible(page, 'edit history dialog at 390 px');
  await snap(page, 'comment-history-mobile');
});

test('an edited post shows "edited" on its card, which opens the post’s history', async ({ page, login }) => {
  const owner = await login();
  const group = await createGroupViaApi(owner);
  const postId = await postViaApi(owner, group, 'First draft of the rules');
  const edit = await page.request.put(`/api/groups/${group.id}/discussions/${postId}`, {
    headers: auth(owner),
    data: { content: 'Final rules' },
  });
  expect(edit.status(), await edit.text()).toBe(200);
  await page.goto(`/group/${group.slug}/discussions`);
  const card = page.getByTestId('post-card').filter({ hasText: 'Final rules' });
  await card.getByTestId('edited-mark').click();
  const history = page.getByRole('dialog', { name: 'Edit history' });
  await expect(history.getByTestId('edit-version')).toHaveCount(2);
  await expect(history.getByTestId('edit-version').last()).toContainText('First draft of the rules');
  await expectAccessible(page, 'post edit history dialog');
});
