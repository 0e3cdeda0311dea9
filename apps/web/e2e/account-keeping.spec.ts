import { readFileSync } from 'node:fs';
import { inflateRawSync } from 'node:zlib';
import type { Browser, Page } from '@playwright/test';
import { expect, expectAccessible, expectNoHorizontalOverflow, expectThemeClass, snap, test } from './fixtures';
import { auth, createGroupViaApi, joinViaApi, snapView } from './groups-helpers';

/**
 * Issue 14's "Tests and measurements" beyond account.spec.ts (which registers, resets a forgotten password from
 * the mail, confirms the address, signs out one device, exports and downloads): change the password (the old
 * one stops working), sign out every other device, the export's archive holds account.json, mute a community and
 * a post from their menus and unmute from the settings, and delete the account: another person then sees the
 * post under "Deleted user".
 */

/** The files of a zip archive, read from its central directory (sizes there are right even when streamed). */
function unzip(buffer: Buffer): Map<string, Buffer> {
  const end = buffer.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end, 'the end of the central directory').toBeGreaterThan(0);
  const count = buffer.readUInt16LE(end + 10);
  let at = buffer.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i += 1) {
    expect(buffer.readUInt32LE(at), 'a central directory entry').toBe(0x02014b50);
    const method = buffer.readUInt16LE(at + 10);
    const size = buffer.readUInt32LE(at + 20);
    const nameLength = buffer.readUInt16LE(at + 28);
    const extraLength = buffer.readUInt16LE(at + 30);
    const commentLength = buffer.readUInt16LE(at + 32);
    const local = buffer.readUInt32LE(at + 42);
    const name = buffer.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const start = local + 30 + buffer.readUInt16LE(local + 26) + buffer.readUInt16LE(local + 28);
    const data = buffer.subarray(start, start + size);
    files.set(name, method === 8 ? inflateRawSync(data) : data);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}

/** Signs `username` in through the form in a browser context of its own: another device. */
async function signInElsewhere(browser: Browser, baseURL: string | undefined, username: string, password: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email or username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Your feed' })).toBeVisible();
  return page;
}

/** Full-page screenshots at 390 px and 1366 px, both themes. */
async function snapBoth(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalOverflow(page);
  await snap(page, `mobile-${name}`);
  await page.setViewportSize({ width: 1366, height: 900 });
  await snap(page, `desktop-${name}`);
}

/** What the viewport shows (an open dialog or menu) at 390 px and 1366 px, both themes. */
async function snapOpen(page: Page, name: string): Promise<void> {
  for (const [width, height, prefix] of [
    [390, 844, 'mobile'],
    [1366, 900, 'desktop'],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expectThemeClass(page, scheme);
      await snapView(page, `${prefix}-${name}-${scheme}`);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await expectThemeClass(page, 'light');
  }
}

test('change the password (the old one stops working), sign out every other device, export the zip with account.json', async ({
  page,
  browser,
  baseURL,
  login,
}) => {
  test.slow();
  const me = await login();
  const group = await createGroupViaApi(me);
  const text = 'My first post, to export';
  const posted = await page.request.post(`/groups/${group.id}/discussions`, { headers: auth(me), data: { content: text } });
  expect(posted.status(), await posted.text()).toBe(201);

  // Another device, then change the password here: that device is signed out, the old password stops working.
  const elsewhere = await signInElsewhere(browser, baseURL, me.username, me.password);
  const newPassword = 'a-changed-password-77';
  await page.goto('/settings');
  const security = page.getByRole('region', { name: 'Security' });
  const form = security.getByRole('form', { name: 'Change password' });
  await form.getByLabel('Current password').fill(me.password);
  await form.getByLabel('New password', { exact: true }).fill(newPassword);
  await form.getByLabel('Confirm new password').fill(newPassword);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password was changed. Your other devices were signed out.')).toBeVisible();
  await expect(form.getByLabel('Current password')).toHaveValue('');
  await elsewhere.goto('/settings');
  await expect(elsewhere).toHaveURL(/\/login\?redirect=%2Fsettings$/);
  await elsewhere.getByLabel('Email or username').fill(me.username);
  await elsewhere.getByLabel('Password', { exact: true }).fill(me.password);
  await elsewhere.getByRole('button', { name: 'Sign in' }).click();
  await expect(elsewhere.getByText('Invalid email/username or password')).toBeVisible();
  await elsewhere.getByLabel('Password', { exact: true }).fill(newPassword);
  await elsewhere.getByRole('button', { name: 'Sign in' }).click();
  await expect(elsewhere.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

  // Sign out of all other devices: the other browser is signed out at its next step.
  await page.reload();
  const sessions = page.getByRole('region', { name: 'Sessions' });
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  await sessions.getByRole('button', { name: 'Sign out of all other devices' }).click();
  await expect(page.getByText('Signed out of all other devices')).toBeVisible();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  await elsewhere.reload();
  await expect(elsewhere).toHaveURL(/\/login\?redirect=%2Fsettings$/);
  await elsewhere.context().close();

  // Export: prepared by the job queue (the page follows its state), then the archive holds account.json.
  const data = page.getByRole('region', { name: 'Your data' });
  await data.getByRole('button', { name: 'Request my data' }).click();
  await expect(data.getByText(/Your data is ready/)).toBeVisible({ timeout: 60_000 });
  const downloading = page.waitForEvent('download');
  await data.getByRole('button', { name: 'Download' }).click();
  const archive = unzip(readFileSync(await (await downloading).path()));
  expect([...archive.keys()]).toEqual(expect.arrayContaining(['account.json', 'discussions.json', 'comments.json']));
  const account = JSON.parse(archive.get('account.json')!.toString('utf8')) as Record<string, unknown>;
  expect(JSON.stringify(account)).toContain(me.username);
  expect(archive.get('discussions.json')!.toString('utf8')).toContain(text);
  expect(archive.get('account.json')!.toString('utf8')).toContain(group.name);
});

test('mute a community and a post from their menus, unmute from the settings, delete the account: "Deleted user" stays', async ({
  page,
  login,
}) => {
  // Many screens, each checked by axe in both themes and photographed at two widths: slow on a shared machine.
  test.slow();
  const owner = await login({ newContext: true });
  const group = await createGroupViaApi(owner);
  const me = await login();
  await joinViaApi(me, group);
  const text = 'A post that outlives its author';
  const posted = await page.request.post(`/groups/${group.id}/discussions`, { headers: auth(me), data: { content: text } });
  expect(posted.status(), await posted.text()).toBe(201);

  // Mute the community from its menu.
  await page.goto(`/group/${group.slug}`);
  await page.getByRole('button', { name: 'Community options' }).click();
  const muteCommunity = page.getByRole('menuitem', { name: 'Mute notifications' });
  await expect(muteCommunity).toBeEnabled();
  await expectAccessible(page, 'community menu');
  await snapOpen(page, 'community-menu');
  await muteCommunity.click();
  await expect(page.getByText('You will not be notified about this community')).toBeVisible();
  await page.getByRole('button', { name: 'Community options' }).click();
  await expect(page.getByRole('menuitem', { name: 'Unmute notifications' })).toBeVisible();
  await page.keyboard.press('Escape');

  // Mute the post from its card's menu.
  await page.goto(`/group/${group.slug}/discussions`);
  const card = page.getByRole('article', { name: `Post by ${me.username}` });
  await card.hover();
  await card.getByRole('button', { name: 'Post options' }).click();
  const mutePost = page.getByRole('menuitem', { name: 'Mute', exact: true });
  await expect(mutePost).toBeEnabled();
  await expectAccessible(page, 'post menu');
  await mutePost.click();
  await expect(page.getByText('You will not be notified about this post')).toBeVisible();

  // The settings list both, by name; unmute the community there.
  await page.goto('/settings');
  const muted = page.getByRole('region', { name: 'Notifications' }).getByRole('region', { name: 'Muted' });
  await expect(muted.getByRole('link', { name: group.name, exact: true })).toBeVisible();
  await expect(muted.getByRole('link', { name: new RegExp(`A post in ${group.name}`) })).toContainText(text);
  await expectAccessible(page, 'settings with mutes');
  await snapBoth(page, 'settings-mutes');
  await muted.getByRole('button', { name: `Unmute ${group.name}` }).click();
  await expect(muted.getByRole('link', { name: group.name, exact: true })).toBeHidden();
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Muted' }).getByRole('link', { name: new RegExp(`A post in ${group.name}`) }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Muted' }).getByRole('link', { name: group.name, exact: true })).toHaveCount(0);

  // Delete the account: the dialog names what happens; a community still owned is refused with what to do.
  const mine = await createGroupViaApi(me);
  const danger = page.getByRole('region', { name: 'Delete account' });
  await danger.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog.getByText('Your username becomes free for others after 30 days.')).toBeVisible();
  await expectAccessible(page, 'delete account dialog');
  await snapOpen(page, 'delete-account');
  await dialog.getByLabel('Your password').fill('not-my-password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Your current password is not correct')).toBeVisible();
  await dialog.getByLabel('Your password').fill(me.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(`You still own ${mine.name}. Transfer ownership or delete the community first.`);
  await expectAccessible(page, 'delete account dialog, refused');
  const removed = await page.request.delete(`/api/groups/${mine.id}`, { headers: auth(me), data: { confirmName: mine.name } });
  expect(removed.ok(), await removed.text()).toBe(true);

  // Posts stay (the box is left unticked): deleted, signed out here, home with the toast.
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Your account was deleted')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  const again = await page.request.post('/api/auth/login', { data: { emailOrUsername: me.username, password: me.password } });
  expect(again.ok()).toBe(false);

  // Another person sees the post under "Deleted user".
  await owner.page.goto(`/group/${group.slug}/discussions`);
  const left = owner.page.getByRole('article', { name: 'Post by Deleted user' });
  await expect(left).toContainText(text);
  await expect(owner.page.getByRole('article', { name: `Post by ${me.username}` })).toHaveCount(0);
});
