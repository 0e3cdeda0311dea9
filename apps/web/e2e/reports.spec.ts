import type { Page } from '@playwright/test';
import { expect, expectAccessible, expectNoHorizontalOverflow, type Login, type Person, snap, test } from './fixtures';
import { auth, createGroupViaApi, expectFocusVisible, joinViaApi, snapView, tabTo, postViaApi, commentViaApi } from './groups-helpers';

const PHONE = { width: 390, height: 844 };

/**
 * Issue 15 §2, reports, with two people in two browsers: a member reports a comment from its post panel; the
 * community's owner sees "Reports (1)" arrive live (no reload), opens the queue and dismisses the report with a
 * reason, by keyboard only. axe on the dialog and the queue in both themes; screenshots at 1366 and 390 px.
 */

test.describe.configure({ timeout: 180_000 });

async function person(login: Login, viewport = { width: 1366, height: 900 }): Promise<Person> {
  const signedIn = await login({ newContext: true, viewport });
  await signedIn.page.goto('/');
  await expect(signedIn.page.getByRole('heading', { name: 'Your feed' })).toBeVisible();
  return signedIn;
}

const reportsToggle = (page: Page, n: number) => page.getByRole('button', { name: `Reports (${n})` });

test('a member reports a comment; the owner sees the count live and dismisses it by keyboard', async ({ login }) => {
  test.slow();
  const owner = await person(login);
  const reporter = await person(login);
  const group = await createGroupViaApi(owner);
  await joinViaApi(reporter, group);
  const postId = await postViaApi(owner, group, 'Welcome, night owls');
  // The owner's own comment: the reporter reports it (the author is never offered Report on their own).
  await commentViaApi(owner, group, postId, 'Buy cheap watches at my shop');

  await owner.page.goto(`/group/${group.slug}`);
  await expect(reportsToggle(owner.page, 0)).toBeVisible();

  const postPath = `/group/${group.slug}/discussions?post=${group.id}-${postId}`;
  await reporter.page.goto(postPath);
  const panel = reporter.page.getByTestId('post-panel');
  await expect(panel.getByText('Buy cheap watches at my shop')).toBeVisible();
  const opener = panel.getByRole('button', { name: `Report the comment by ${owner.username}` });
  await opener.click();
  const dialog = reporter.page.getByRole('dialog', { name: 'Report this comment' });
  await expect(dialog.getByRole('radio', { name: 'Spam' })).toBeVisible();
  await dialog.getByRole('radio', { name: 'Spam' }).check();
  await dialog.getByLabel('Note (optional)').fill('Links to a shop in every thread');
  await expect(dialog.getByText('31/1000')).toBeVisible();
  await expectAccessible(reporter.page, 'the report dialog');
  await snapView(reporter.page, 'reports-dialog-1366-light');
  await reporter.page.emulateMedia({ colorScheme: 'dark' });
  await snapView(reporter.page, 'reports-dialog-1366-dark');
  await reporter.page.emulateMedia({ colorScheme: 'light' });
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(reporter.page.getByText('Thank you. The community’s moderators will look at your report.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  // A second report of the same comment is refused, and the dialog says so as the server words it.
  await opener.click();
  await dialog.getByRole('radio', { name: 'Other' }).check();
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('You have already reported this. The moderators will look at it.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The owner's page follows without a reload.
  await expect(reportsToggle(owner.page, 1)).toBeVisible();

  // Keyboard only from here: open the queue, dismiss with a reason.
  const toggle = reportsToggle(owner.page, 1);
  await tabTo(owner.page, toggle);
  await expectFocusVisible(owner.page);
  await owner.page.keyboard.press('Enter');
  const item = owner.page.getByRole('article', { name: /Comment/ });
  await expect(item.getByText('Buy cheap watches at my shop')).toBeVisible();
  await expect(item.getByText('Reported by 1 person')).toBeVisible();
  await expect(item.getByText('Spam: 1')).toBeVisible();
  await expect(item.getByText('Links to a shop in every thread')).toBeVisible();
  await expect(item.getByText(`@${reporter.username}`)).toBeVisible();
  await expectAccessible(owner.page, 'the report queue');
  await snap(owner.page, 'reports-queue-1366');

  const dismiss = item.getByRole('button', { name: `Dismiss: Comment by @${owner.username}` });
  await tabTo(owner.page, dismiss);
  await expectFocusVisible(owner.page);
  await owner.page.keyboard.press('Enter');
  const resolve = owner.page.getByRole('dialog', { name: 'Dismiss the report' });
  await expect(resolve.getByLabel('Reason')).toBeFocused();
  await owner.page.keyboard.type('A joke between friends');
  await expectAccessible(owner.page, 'the dismiss dialog');
  await tabTo(owner.page, resolve.getByRole('button', { name: 'Dismiss' }));
  await owner.page.keyboard.press('Enter');
  await expect(owner.page.getByText('Report resolved')).toBeVisible();
  await expect(owner.page.getByText('No open reports.')).toBeVisible();
  await expect(reportsToggle(owner.page, 0)).toBeVisible();

  const resolved = owner.page.getByRole('button', { name: 'Resolved' });
  await tabTo(owner.page, resolved);
  await owner.page.keyboard.press('Enter');
  await expect(owner.page.getByText(`Dismissed by @${owner.username}`)).toBeVisible();
  await expect(owner.page.getByText('A joke between friends')).toBeVisible();
  await expectAccessible(owner.page, 'the resolved reports');

  // 390 px: the dialog and the queue fit a phone.
  await reporter.page.setViewportSize({ width: 390, height: 844 });
  await owner.page.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalOverflow(owner.page);
  await snap(owner.page, 'reports-queue-390');
  await opener.click();
  await expect(dialog.getByRole('radio', { name: 'Spam' })).toBeVisible();
  await expectNoHorizontalOverflow(reporter.page);
  await snapView(reporter.page, 'reports-dialog-390-light');
  await reporter.page.emulateMedia({ colorScheme: 'dark' });
  await snapView(reporter.page, 'reports-dialog-390-dark');
  await reporter.page.emulateMedia({ colorScheme: 'light' });
});

test('at 390 px the staff’s "Reports (n)" tab and its badge are in the visible tab strip, in both themes', async ({ login }) => {
  const owner = await person(login, PHONE);
  const reporter = await person(login, PHONE);
  const group = await createGroupViaApi(owner);
  await joinViaApi(reporter, group);
  const postId = await postViaApi(owner, group, 'Phone-sized moderation');
  const report = await reporter.page.request.post('/api/reports', {
    headers: auth(reporter),
    data: { target_type: 'discussion', target_id: postId, group_id: group.id, reason: 'spam' },
  });
  expect(report.status(), await report.text()).toBe(201);

  await owner.page.goto(`/group/${group.slug}/discussions`);
  const toggle = reportsToggle(owner.page, 1);
  await expect(toggle).toBeVisible();
  const strip = owner.page.getByRole('navigation', { name: 'Community sections' });
  const [tab, bar] = [await toggle.boundingBox(), await strip.boundingBox()];
  // Inside the strip as it shows, not scrolled off its right edge.
  expect(tab!.x).toBeGreaterThanOrEqual(bar!.x);
  expect(tab!.x + tab!.width).toBeLessThanOrEqual(bar!.x + bar!.width);
  await expect(toggle.getByText('1', { exact: true })).toBeInViewport();
  for (const t of ['Overview', 'Members', 'Blogs', 'Discussion']) await expect(strip.getByRole('link', { name: t })).toBeInViewport();
  await expectNoHorizontalOverflow(owner.page);
  await snapView(owner.page, 'reports-tab-390-light');
  await owner.page.emulateMedia({ colorScheme: 'dark' });
  await snapView(owner.page, 'reports-tab-390-dark');
  await owner.page.emulateMedia({ colorScheme: 'light' });
});
