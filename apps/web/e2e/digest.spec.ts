import { expect, expectAccessible, snap, test } from './fixtures';

/**
 * Issue 14 §6 in the browser: the email digest is chosen on the settings page and kept; the digest mail's off link
 * opens `/unsubscribe`, which answers on load without signing in. (The digest itself is sent by the 08:00 UTC job:
 * apps/server/src/modules/notifications/digest.test.ts sends it to a real SMTP server with a fixed clock.)
 */
test('choose a daily digest, keep it, and open a digest off link that is not valid', async ({ page, login }) => {
  await login();
  await page.goto('/settings');
  const digest = page.getByRole('group', { name: 'Email digest' });
  await expect(digest.getByRole('radio', { name: 'Off' })).toBeChecked();
  await expect(digest).toContainText('08:00 UTC');
  await digest.getByText('Daily', { exact: true }).click();
  await expect(digest.getByRole('radio', { name: 'Daily' })).toBeChecked();
  await page.reload();
  await expect(page.getByRole('group', { name: 'Email digest' }).getByRole('radio', { name: 'Daily' })).toBeChecked();

  // A forged (or used) link: the server's message, and the way to the settings for a signed-in person.
  await page.goto(`/unsubscribe?token=${'A'.repeat(43)}`);
  await expect(page.getByRole('heading', { name: 'Turn off the email digest' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('This link is invalid or has expired. Please ask for a new one.');
  await expectAccessible(page, 'unsubscribe');
  await snap(page, 'unsubscribe-invalid');
  await page.getByRole('link', { name: 'Go to settings' }).click();
  await expect(page.getByRole('group', { name: 'Email digest' }).getByRole('radio', { name: 'Daily' })).toBeChecked();
});
