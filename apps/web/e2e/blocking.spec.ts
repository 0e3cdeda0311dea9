import type { Page } from '@playwright/test';
import { expect, expectAccessible, expectNoHorizontalOverflow, type Login, type Person, snap, test } from './fixtures';
import { createGroupViaApi, joinViaApi, postViaApi, commentViaApi } from './groups-helpers';

/**
 * Issue 15 §6, blocking, with two people in two browsers: A blocks B from B's profile (after a confirmation that
 * says what happens); B's comment on A's post becomes "1 hidden comment from a blocked person" for A; B's friend
 * request to A is refused with a text that names no block; A unblocks B from the settings page.
 */

test.describe.configure({ timeout: 180_000 });

async function person(login: Login, viewport = { width: 1366, height: 900 }): Promise<Person> {
  const signedIn = await login({ newContext: true, viewport });
  await signedIn.page.goto('/');
  await expect(signedIn.page.getByRole('heading', { name: 'Your feed' })).toBeVisible();
  return signedIn;
}

const profilePanel = (page: Page) => page.getByRole('dialog', { name: 'Profile' });

test('A blocks B: B’s comment becomes a hidden line for A, B’s friend request is refused neutrally, A unblocks in settings', async ({
  login,
}) => {
  test.slow();
  const a = await person(login);
  const b = await person(login);
  const group = await createGroupViaApi(a);
  await joinViaApi(b, group);
  const postId = await postViaApi(a, group, 'A post by A');
  await commentViaApi(b, group, postId, 'A comment by B');

  // A opens B's profile and blocks them, after a confirmation that names what happens.
  await a.page.goto(`/?profile=${b.id}`);
  const ofB = profilePanel(a.page);
  await expect(ofB.getByText(`@${b.username}`)).toBeVisible();
  await expect(ofB.getByRole('button', { name: 'Add Friend' })).toBeVisible();
  await ofB.getByRole('button', { name: 'Block' }).click();
  const confirm = a.page.getByRole('alertdialog', { name: `Block ${b.username}?` });
  await expect(confirm.getByText(/won't be able to send you friend requests or reply to your comments/)).toBeVisible();
  await expectAccessible(a.page, 'the block confirmation');
  await snap(a.page, 'blocking-confirm');
  await confirm.getByRole('button', { name: 'Yes, Block' }).click();
  await expect(a.page.getByText(`You blocked ${b.username}`)).toBeVisible();
  await expect(ofB.getByRole('button', { name: 'Unblock' })).toBeVisible();
  await expect(ofB.getByRole('button', { name: 'Add Friend' })).toBeHidden();
  await expect(ofB.getByText(/You blocked this person/)).toBeVisible();
  await expectAccessible(a.page, 'a blocked person’s profile');
  await snap(a.page, 'blocking-profile');
  await a.page.keyboard.press('Escape');
  await expect(ofB).toBeHidden();

  // A's post panel: B's comment is one hidden line.
  await a.page.goto(`/group/${group.slug}/discussions?post=${group.id}-${postId}`);
  const panelOfA = a.page.getByTestId('post-panel');
  await expect(panelOfA.getByText('A post by A')).toBeVisible();
  await expect(panelOfA.getByText('1 hidden comment from a blocked person')).toBeVisible();
  await expect(panelOfA.getByText('A comment by B')).toBeHidden();
  await expectAccessible(a.page, 'the post panel with a hidden comment');
  await snap(a.page, 'blocking-post-panel');

  // B sees their comment as before and is told nothing; a friend request to A is refused with a neutral text.
  await b.page.goto(`/group/${group.slug}/discussions?post=${group.id}-${postId}`);
  const panelOfB = b.page.getByTestId('post-panel');
  await expect(panelOfB.getByText('A comment by B')).toBeVisible();
  await expect(panelOfB.getByText(/hidden comment/)).toBeHidden();
  await b.page.goto(`/?profile=${a.id}`);
  const ofA = profilePanel(b.page);
  await expect(ofA.getByText(`@${a.username}`)).toBeVisible();
  await expect(ofA.getByRole('button', { name: 'Unblock' })).toBeHidden();
  await ofA.getByRole('button', { name: 'Add Friend' }).click();
  await expect(b.page.getByText("You can't send a friend request to this person")).toBeVisible();
  await expect(ofA.getByRole('button', { name: 'Add Friend' })).toBeVisible();
  await expectAccessible(b.page, 'the refused friend request');

  // A unblocks B from the settings page's list.
  await a.page.goto('/settings');
  const blocked = a.page.getByRole('region', { name: 'Blocked people' });
  await expect(blocked.getByText(b.username)).toBeVisible();
  await expectAccessible(a.page, 'settings with a blocked person');
  await snap(a.page, 'blocking-settings');
  await blocked.getByRole('button', { name: `Unblock ${b.username}` }).click();
  await expect(blocked.getByText("You haven't blocked anyone.")).toBeVisible();
  await a.page.goto(`/group/${group.slug}/discussions?post=${group.id}-${postId}`);
  await expect(a.page.getByTestId('post-panel').getByText('A comment by B')).toBeVisible();
});

test('blocking on a phone: the profile buttons and the settings list fit 390 px', async ({ login }) => {
  const a = await person(login, { width: 390, height: 844 });
  const b = await person(login);
  await a.page.goto(`/?profile=${b.id}`);
  const ofB = profilePanel(a.page);
  await expect(ofB.getByRole('button', { name: 'Add Friend' })).toBeVisible();
  await expectNoHorizontalOverflow(a.page);
  await snap(a.page, 'blocking-profile-390');
  await ofB.getByRole('button', { name: 'Block' }).click();
  await a.page.getByRole('alertdialog').getByRole('button', { name: 'Yes, Block' }).click();
  await expect(ofB.getByRole('button', { name: 'Unblock' })).toBeVisible();
  await expectAccessible(a.page, 'a blocked person’s profile on a phone');
  await snap(a.page, 'blocking-profile-blocked-390');
  await a.page.goto('/settings');
  await expect(a.page.getByRole('region', { name: 'Blocked people' }).getByText(b.username)).toBeVisible();
  await expectNoHorizontalOverflow(a.page);
  await snap(a.page, 'blocking-settings-390');
});
