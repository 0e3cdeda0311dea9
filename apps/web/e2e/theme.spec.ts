import { expectAccessible, expect, test } from './fixtures';

const DARK = /(^|\s)dark(\s|$)/;

test('the theme follows the system, can be chosen in the navigation bar, and is applied before the app runs', async ({ page, login }) => {
  // System (the default) follows prefers-color-scheme, live.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/suggested');
  const html = page.locator('html');
  await expect(html).toHaveClass(DARK);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html).not.toHaveClass(DARK);

  // A visitor picks Dark; the menu says which theme is chosen.
  const header = page.getByRole('banner');
  await header.getByRole('button', { name: 'Theme: System' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitemradio', { name: 'System' })).toHaveAttribute('aria-checked', 'true');
  await expectAccessible(page, 'theme menu');
  await menu.getByRole('menuitemradio', { name: 'Dark' }).click();
  await expect(html).toHaveClass(DARK);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  await expect(header.getByRole('button', { name: 'Theme: Dark' })).toBeFocused();
  // An explicit choice wins over the system.
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html).toHaveClass(DARK);

  // Remembered, and set by public/theme.js before any app code: with the app's script blocked the page is
  // still dark (no white flash while the app loads), and the CSP (no inline scripts) is respected.
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.reload();
  await expect(html).toHaveClass(DARK);
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(12, 12, 15)');
  await page.unroute(/\/assets\/.*\.js$/);

  // Signed in, toasts follow the theme too.
  await login();
  await page.goto('/?profile=me');
  const panel = page.getByRole('dialog', { name: 'Profile' });
  await panel.getByRole('button', { name: 'Edit profile' }).click();
  await panel.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Profile saved')).toBeVisible();
  await expect(page.locator('[data-sonner-toaster]')).toHaveAttribute('data-sonner-theme', 'dark');

  // Back to System: the operating system decides again.
  await page.keyboard.press('Escape');
  await page.getByRole('banner').getByRole('button', { name: 'Theme: Dark' }).click();
  await page.getByRole('menu').getByRole('menuitemradio', { name: 'System' }).click();
  await expect(html).not.toHaveClass(DARK);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveClass(DARK);
  await page.emulateMedia({ colorScheme: 'light' });
});
