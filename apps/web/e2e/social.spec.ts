import type { Page } from '@playwright/test';
import { expect, expectAccessible, expectNoHorizontalOverflow, type Login, snap, test } from './fixtures';

/**
 * Issue 9 (SPEC §2 Friends panel, Notifications panel, Profile panel "Friends"; §4 Friend relation, Notification,
 * Realtime presence): two people in two browsers, each with their own session and realtime connection.
 */

interface Person {
  page: Page;
  id: number;
  username: string;
}

/** A new account, signed in in its own browser context, on the feed. */
async function person(login: Login, viewport = { width: 1366, height: 900 }): Promise<Person> {
  const { page, username } = await login({ newContext: true, viewport });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Your feed' })).toBeVisible();
  const id = Number(await page.evaluate(() => localStorage.getItem('userId')));
  return { page, id, username };
}

/** The token the page signed in with, for calls made "from elsewhere" (another device of the same person). */
async function tokenOf(page: Page): Promise<string> {
  return (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
}

/** Which control has focus, by its accessible label or text. */
async function focused(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return null;
    return el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName;
  });
}

/** Presses Tab until the control named `name` has focus. */
async function tabTo(page: Page, name: string, max = 25): Promise<void> {
  const stops: string[] = [];
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    const now = (await focused(page)) ?? '(body)';
    stops.push(now);
    if (now === name) return;
  }
  throw new Error(`never reached ${name}: ${stops.join(' → ')}`);
}

const sidePanel = (page: Page) => page.getByRole('complementary', { name: 'Side panel' });

test('friend request, live bell and answer, presence, live notification, clear, unfriend', async ({ login }) => {
  // Two browsers, many screens each checked by axe and photographed in both themes: slow on a shared machine.
  test.slow();
  const a = await person(login);
  const b = await person(login);

  // Nobody is a friend yet: the friends panel says so.
  await expect(sidePanel(a.page).getByText('No friends yet')).toBeVisible();

  // A opens B's profile and sends a request: the button turns into Cancel Request at once.
  await a.page.goto(`/?profile=${b.id}`);
  const profileOfB = a.page.getByRole('dialog', { name: 'Profile' });
  await expect(profileOfB.getByText(`@${b.username}`)).toBeVisible();
  await profileOfB.getByRole('button', { name: 'Add Friend' }).click();
  await expect(a.page.getByText('Friend request sent successfully!')).toBeVisible();
  await expect(profileOfB.getByRole('button', { name: 'Cancel Request' })).toBeVisible();
  await profileOfB.getByRole('tab', { name: 'Friends' }).click();
  await expect(profileOfB.getByText('All Friends (0)')).toBeVisible();
  await expect(profileOfB.getByRole('heading', { name: 'Mutual Friends' })).toBeVisible();
  await expect(profileOfB.getByText('No mutual friends')).toBeVisible();
  await expectAccessible(a.page, 'another person’s profile, Friends tab');
  await snap(a.page, 'social-profile-other-friends');
  await a.page.keyboard.press('Escape');
  await expect(profileOfB).toBeHidden();

  // A keeps the notifications panel open: empty for now.
  await a.page.getByRole('button', { name: 'Notifications' }).click();
  const panelOfA = a.page.getByRole('dialog', { name: 'Notifications' });
  await expect(panelOfA.getByText('No notifications yet')).toBeVisible();
  await expect(panelOfA.getByText("When you get notifications, they'll appear here")).toBeVisible();
  await expect(panelOfA.getByRole('button', { name: 'Clear notifications' })).toBeDisabled();
  await expectAccessible(a.page, 'notifications, empty');
  await snap(a.page, 'social-notifications-empty');

  // B's bell gets its dot without a reload (pushed over the realtime connection).
  const bellOfB = b.page.getByRole('button', { name: 'Notifications, 1 unread' });
  await expect(bellOfB).toBeVisible();
  await expect(bellOfB.getByTestId('unread-dot')).toBeVisible();

  // B answers with the keyboard only: focus the bell, open, Tab to Accept, Enter.
  await bellOfB.focus();
  await b.page.keyboard.press('Enter');
  const panelOfB = b.page.getByRole('dialog', { name: 'Notifications' });
  await expect(panelOfB.getByRole('heading', { name: 'Notifications, 1 unread' })).toBeVisible();
  await expect(panelOfB.getByText(`${a.username} sent you a friend request`)).toBeVisible();
  await expectAccessible(b.page, 'notifications with a friend request');
  await snap(b.page, 'social-notifications-request');
  // The search finds the request by its type, and says so when nothing matches.
  const search = panelOfB.getByRole('searchbox', { name: 'Search notifications...' });
  await search.fill('friend request');
  await expect(panelOfB.getByText(`${a.username} sent you a friend request`)).toBeVisible();
  await search.fill('nothing like this');
  await expect(panelOfB.getByText('No matching notifications found')).toBeVisible();
  await expect(panelOfB.getByText('Try a different search term')).toBeVisible();
  await search.fill('');
  await search.focus();
  await tabTo(b.page, `Accept friend request from ${a.username}`);
  await b.page.keyboard.press('Enter');
  await expect(b.page.getByText('Friend request accepted', { exact: true })).toBeVisible();
  await expect(panelOfB.getByText('No notifications yet')).toBeVisible();
  await b.page.keyboard.press('Escape');
  await expect(panelOfB).toBeHidden();
  await expect(b.page.getByRole('button', { name: 'Notifications', exact: true })).toBeFocused();

  // A's open panel shows B's answer live, with the red bar and the badge; A's bell has its dot.
  const accepted = panelOfA.getByRole('button', { name: new RegExp(`${b.username} accepted your friend request`) });
  await expect(accepted).toBeVisible();
  await expect(panelOfA.getByRole('heading', { name: 'Notifications, 1 unread' })).toBeVisible();
  await expect(accepted.getByText('Unread:')).toBeAttached();
  await expectAccessible(a.page, 'notifications with a live item');
  await snap(a.page, 'social-notifications-live');

  // Both see each other in the friends panel, online.
  await a.page.keyboard.press('Escape');
  await expect(sidePanel(a.page).getByRole('button', { name: `${b.username}, Online` })).toBeVisible();
  await expect(sidePanel(b.page).getByRole('button', { name: `${a.username}, Online` })).toBeVisible();
  await expect(sidePanel(a.page).getByText('1 online')).toBeVisible();
  // The friend's card, and View Profile opens the profile panel.
  await sidePanel(a.page)
    .getByRole('button', { name: `${b.username}, Online` })
    .click();
  const card = a.page.getByRole('dialog', { name: `${b.username}'s profile` });
  await expect(card.getByText('Online', { exact: true })).toBeVisible();
  await expectAccessible(a.page, 'friend card');
  await snap(a.page, 'social-friend-card');
  await card.getByRole('button', { name: 'View Profile' }).click();
  await expect(profileOfB.getByRole('button', { name: 'Unfriend' })).toBeVisible();
  await a.page.keyboard.press('Escape');
  await expect(profileOfB).toBeHidden();

  // Another device of A reads everything: A's bell follows live (no reload).
  await expect(a.page.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
  const read = await a.page.request.get('/api/notifications', { headers: { authorization: `Bearer ${await tokenOf(a.page)}` } });
  const { notifications } = (await read.json()) as { notifications: { id: number }[] };
  expect(notifications).toHaveLength(1);
  const marked = await a.page.request.put(`/api/notifications/${notifications[0]!.id}/read`, {
    headers: { authorization: `Bearer ${await tokenOf(a.page)}` },
  });
  expect(marked.ok()).toBe(true);
  await expect(a.page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  // A clears the notifications.
  await a.page.getByRole('button', { name: 'Notifications', exact: true }).click();
  await expect(panelOfA.getByText(`${b.username} accepted your friend request`)).toBeVisible();
  await panelOfA.getByRole('button', { name: 'Clear notifications' }).click();
  await expect(a.page.getByText('All notifications cleared')).toBeVisible();
  await expect(panelOfA.getByText('No notifications yet')).toBeVisible();
  await expect(panelOfA.getByRole('button', { name: 'Clear notifications' })).toBeDisabled();
  await a.page.keyboard.press('Escape');

  // A unfriends B after the confirmation; focus lands on Add Friend, A's friends list empties at once.
  await a.page.goto(`/?profile=${b.id}`);
  await profileOfB.getByRole('button', { name: 'Unfriend' }).click();
  const confirm = a.page.getByRole('alertdialog', { name: `Are you sure you want to unfriend ${b.username}?` });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectAccessible(a.page, 'unfriend confirmation');
  await snap(a.page, 'social-unfriend-confirm');
  await confirm.getByRole('button', { name: 'Yes, Unfriend' }).click();
  await expect(a.page.getByText('Friend removed successfully!')).toBeVisible();
  await expect(profileOfB.getByRole('button', { name: 'Add Friend' })).toBeVisible();
  await expect(profileOfB.getByRole('button', { name: 'Add Friend' })).toBeFocused();
  await a.page.keyboard.press('Escape');
  await expect(sidePanel(a.page).getByText('No friends yet')).toBeVisible();
  // No push tells B about an unfriend (no notification; the presence list only drops A): B's list is right on reload.
  await b.page.reload();
  await expect(sidePanel(b.page).getByText('No friends yet')).toBeVisible();

  await a.page.context().close();
  await b.page.context().close();
});

test('390 px: notifications and the own Friends tab fit the phone', async ({ login }) => {
  test.slow();
  const phone = { width: 390, height: 844 };
  const a = await person(login, phone);
  const b = await person(login, phone);
  // B asks A by the API (the UI path is the journey above).
  const asked = await b.page.request.post('/api/friends/request', {
    data: { addressee_id: a.id },
    headers: { authorization: `Bearer ${await tokenOf(b.page)}` },
  });
  expect(asked.ok(), await asked.text()).toBe(true);

  // No side panel on a phone; the bell is there with its dot.
  await expect(sidePanel(a.page)).toBeHidden();
  await a.page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  const panel = a.page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByRole('button', { name: `Accept friend request from ${b.username}` })).toBeVisible();
  await expectNoHorizontalOverflow(a.page);
  await expectAccessible(a.page, '390 px notifications');
  await snap(a.page, 'social-390-notifications');

  // Clicking the request opens B's profile over the panel; Reject from there is also possible, Accept here.
  await panel.getByRole('button', { name: new RegExp(`${b.username} sent you a friend request`) }).click();
  const profile = a.page.getByRole('dialog', { name: 'Profile' });
  await expect(profile.getByRole('button', { name: 'Accept' })).toBeVisible();
  await expect(profile.getByRole('button', { name: 'Reject' })).toBeVisible();
  await expectNoHorizontalOverflow(a.page);
  await snap(a.page, 'social-390-request-profile');
  await profile.getByRole('button', { name: 'Accept' }).click();
  await expect(a.page.getByText('Friend request accepted!')).toBeVisible();
  await expect(profile.getByRole('button', { name: 'Unfriend' })).toBeVisible();
  // Back to one's own profile, Friends tab: My Friends (1) and the suggestions search.
  await profile.getByRole('button', { name: 'My profile' }).click();
  await expect(profile.getByRole('button', { name: 'Edit profile' })).toBeVisible();
  await profile.getByRole('tab', { name: 'Friends' }).click();
  await expect(profile.getByText('My Friends (1)')).toBeVisible();
  await expect(profile.getByText(b.username)).toBeVisible();
  await profile.getByRole('searchbox', { name: 'Search suggestions by username' }).fill('zz_nobody');
  await expect(profile.getByText('Nobody whose username starts with "zz_nobody"')).toBeVisible();
  await expectNoHorizontalOverflow(a.page);
  await expectAccessible(a.page, '390 px own Friends tab');
  await snap(a.page, 'social-390-own-friends');

  await a.page.context().close();
  await b.page.context().close();
});
