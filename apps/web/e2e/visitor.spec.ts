import { snap, expect, test } from './fixtures';

test.describe('a visitor', () => {
  test('sees the suggested view, explores, finds Sign in, and is sent to /login from /create', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Build. Grow. Connect.' })).toBeVisible();
    // Empty on a fresh database; other journeys may have created public communities by now.
    await expect(
      page.getByRole('list', { name: 'Suggested communities' }).or(page.getByText('No suggested communities available..')),
    ).toBeVisible();
    await expect(page.getByText('No discussion to show right now..')).toBeVisible();
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Your feed' })).toHaveCount(0);
    await expect(header.getByRole('button', { name: 'Notifications' })).toHaveCount(0);
    await expect(page.getByRole('complementary', { name: 'Side panel' })).toHaveCount(0);
    await snap(page, 'desktop-visitor-home');

    await header.getByRole('link', { name: 'Explore' }).click();
    await expect(page).toHaveURL(/\/suggested$/);
    await expect(header.getByRole('link', { name: 'Explore' })).toHaveAttribute('aria-current', 'page');
    await snap(page, 'desktop-visitor-explore');

    await header.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fsuggested$/);
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
    await snap(page, 'desktop-login');

    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await expect(page.getByText('Minimum 8 characters')).toBeVisible();
    await snap(page, 'desktop-register');

    await page.goto('/create');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fcreate$/);
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  });

  test('gets "Page Not Found" with Go Back and Return Home', async ({ page }) => {
    await page.goto('/suggested');
    await page.goto('/this/does/not/exist');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await snap(page, 'desktop-not-found');

    await page.getByRole('button', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(/\/suggested$/);

    await page.goto('/another/missing/page');
    await page.getByRole('link', { name: 'Return Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Build. Grow. Connect.' })).toBeVisible();
  });

  test('sees login errors from the server', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email or username').fill('nobody_here');
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid email/username or password');
    await snap(page, 'desktop-login-error');
  });
});
