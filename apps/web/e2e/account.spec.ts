import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, snap, test, uniqueUser } from './fixtures';

/**
 * Issue 14 in the browser: no SMTP_URL is set for the e2e server, so every mail is an `.eml` file under its
 * DATA_DIR/mail (playwright.config.ts hands the same directory to the runner as AGORA_E2E_DATA_DIR).
 */
const MAIL_DIR = path.join(process.env.AGORA_E2E_DATA_DIR ?? '', 'mail');

/** The text of every mail written so far, quoted-printable undone (soft breaks joined, `=3D` back to `=`). */
function mails(): string[] {
  let names: string[];
  try {
    names = readdirSync(MAIL_DIR).filter((n) => n.endsWith('.eml'));
  } catch {
    return [];
  }
  return names.map((n) =>
    readFileSync(path.join(MAIL_DIR, n), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/gi, '='),
  );
}

/**
 * The path and query of the link to `page` (reset-password, verify-email, confirm-email) in the newest mail to
 * `address`, once it has arrived (the mail is sent by the job queue, after the request answered). The link's
 * origin is PUBLIC_URL (localhost); the journey opens it on its own origin, where its session lives.
 */
async function linkFromMail(address: string, page: string, skip: Set<string> = new Set()): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s"<>]+(/${page}\\?token=[A-Za-z0-9_-]+)`);
  let found = '';
  await expect
    .poll(
      () => {
        for (const mail of mails()) {
          if (!mail.includes(address)) continue;
          const link = pattern.exec(mail)?.[1];
          if (link && !skip.has(link)) found = link;
        }
        return found;
      },
      { message: `a mail to ${address} with a /${page} link`, timeout: 30_000 },
    )
    .not.toBe('');
  return found;
}

/** Screenshots at 390 px and 1366 px, both themes (snap takes light and dark). */
async function snapBoth(page: Page, name: string): Promise<void> {
  const size = page.viewportSize() ?? { width: 1366, height: 900 };
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, `mobile-${name}`);
  await page.setViewportSize({ width: 1366, height: 900 });
  await snap(page, `desktop-${name}`);
  await page.setViewportSize(size);
}

test('register, see the banner, reset a forgotten password from the mail, confirm the address, keep sessions, settings and data', async ({
  page,
  browser,
  baseURL,
}) => {
  // Many screens, each checked by axe in both themes and photographed at two widths: slow on a shared machine.
  test.slow();
  const user = uniqueUser();
  const newPassword = 'a-fresh-password-42';

  // Register through the form, then sign in.
  await page.goto('/register');
  await page.getByLabel('First name').fill(user.firstName);
  await page.getByLabel('Last name').fill(user.lastName);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password').fill(user.password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The sign-in form is ready once it has taken the new username and put focus on the password.
  await expect(page.getByLabel('Email or username')).toHaveValue(user.username);
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Your feed' })).toBeVisible();

  // The banner: the address is not confirmed yet.
  const banner = page.getByRole('region', { name: 'Please confirm your email address' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(user.email);
  await expectAccessible(page, 'feed with the email banner');
  await snapBoth(page, 'email-banner');

  // Forgot password, from the sign-in page's link (in a signed-out context, as someone who lost it would be).
  const lost = await browser.newContext({ baseURL, viewport: { width: 1366, height: 900 } });
  const lostPage = await lost.newPage();
  await lostPage.goto('/login');
  await lostPage.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(lostPage).toHaveURL(/\/forgot-password$/);
  await expect(lostPage.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await expectAccessible(lostPage, 'forgot password');
  await snapBoth(lostPage, 'forgot-password');
  await lostPage.getByLabel('Email').fill(user.email);
  await lostPage.getByRole('button', { name: 'Send reset link' }).click();
  await expect(lostPage.getByRole('status')).toHaveText('If an account uses this address, we sent it a link to choose a new password');
  await expectAccessible(lostPage, 'forgot password, sent');
  await snapBoth(lostPage, 'forgot-password-sent');

  // The reset link from the .eml: a new password (the show-password control shows it), then sign in with it.
  await lostPage.goto(await linkFromMail(user.email, 'reset-password'));
  await expect(lostPage.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await lostPage.getByLabel('New password', { exact: true }).fill(newPassword);
  await lostPage.getByLabel('Confirm new password').fill(newPassword);
  await lostPage.getByRole('button', { name: 'Show password' }).first().click();
  await expect(lostPage.getByLabel('New password', { exact: true })).toHaveAttribute('type', 'text');
  await expectAccessible(lostPage, 'reset password');
  await snapBoth(lostPage, 'reset-password');
  await lostPage.getByRole('button', { name: 'Set new password' }).click();
  await expect(lostPage).toHaveURL(/\/login$/);
  await expect(lostPage.getByText('Your password was changed. Please sign in with the new one.')).toBeVisible();
  await expect(lostPage.getByLabel('Email or username')).toBeFocused();
  await lostPage.getByLabel('Email or username').fill(user.username);
  await lostPage.getByLabel('Password', { exact: true }).fill(newPassword);
  await lostPage.getByRole('button', { name: 'Sign in' }).click();
  await expect(lostPage.getByRole('heading', { name: 'Your feed' })).toBeVisible();

  // The reset ended every session: the first browser's next navigation shows it signed out. Sign in again there.
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fsettings$/);
  await expect(page.getByLabel('Email or username')).toBeFocused();
  await page.getByLabel('Email or username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

  // The verification link from the registration mail confirms the address; the banner is gone.
  await page.goto(await linkFromMail(user.email, 'verify-email'));
  await expect(page.getByRole('status')).toHaveText('Your email address is confirmed');
  await expectAccessible(page, 'verify email');
  await snapBoth(page, 'verify-email');
  await page.getByRole('link', { name: 'Continue to Agora' }).click();
  await expect(page.getByRole('heading', { name: 'Your feed' })).toBeVisible();
  await expect(banner).toBeHidden();

  // The settings page, from the side panel: both sessions, this one marked; sign out the other browser.
  await page.getByRole('complementary', { name: 'Side panel' }).getByRole('link', { name: 'Settings' }).click();
  const sessions = page.getByRole('region', { name: 'Sessions' });
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  await expect(sessions.getByRole('listitem').first()).toContainText('This device');
  await expect(sessions.getByRole('listitem').first().getByRole('button')).toHaveCount(0);
  await expectAccessible(page, 'settings');
  await snapBoth(page, 'settings');
  await sessions
    .getByRole('listitem')
    .nth(1)
    .getByRole('button', { name: /^Sign out/ })
    .click();
  await expect(page.getByText('Signed out of that device')).toBeVisible();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  await lostPage.goto('/settings');
  await expect(lostPage).toHaveURL(/\/login\?redirect=%2Fsettings$/);
  await lost.close();

  // A notification type turned off stays off after a reload.
  const notifications = page.getByRole('region', { name: 'Notifications' });
  const likes = notifications.getByRole('switch', { name: 'Someone likes your post' });
  await expect(likes).toBeChecked();
  const saved = page.waitForResponse((r) => r.url().endsWith('/notifications/settings') && r.request().method() === 'PUT');
  await likes.click();
  expect((await saved).ok()).toBe(true);
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Notifications' }).getByRole('switch', { name: 'Someone likes your post' }),
  ).not.toBeChecked();
  await expect(page.getByRole('region', { name: 'Notifications' }).getByRole('switch', { name: 'Friend requests' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );

  // Change the email: a pending change shows until the link from the new address's mail is opened.
  const security = page.getByRole('region', { name: 'Security' });
  const next = uniqueUser().email;
  await security.getByLabel('New email address').fill(next);
  await security.getByLabel('Password', { exact: true }).fill(newPassword);
  await security.getByRole('button', { name: 'Change email' }).click();
  await expect(security.getByText(`Waiting for confirmation: ${next}`, { exact: false })).toBeVisible();
  await page.goto(await linkFromMail(next, 'confirm-email'));
  await expect(page.getByRole('status')).toHaveText('Your email address was changed');
  await expectAccessible(page, 'confirm email');
  await snapBoth(page, 'confirm-email');
  await page.getByRole('link', { name: 'Go to settings' }).click();
  await expect(page.getByRole('region', { name: 'Security' }).getByText(next, { exact: true })).toBeVisible();

  // Your data: ask for an export, wait for it to be ready, download the archive.
  const data = page.getByRole('region', { name: 'Your data' });
  await data.getByRole('button', { name: 'Request my data' }).click();
  await expect(data.getByText(/Your data is ready/)).toBeVisible({ timeout: 60_000 });
  await expectAccessible(page, 'settings, export ready');
  await snapBoth(page, 'settings-export-ready');
  const downloading = page.waitForEvent('download');
  await data.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^agora-${user.username}-\\d{4}-\\d{2}-\\d{2}\\.zip$`));
  const file = await download.path();
  expect(readFileSync(file).subarray(0, 2).toString()).toBe('PK');
});
