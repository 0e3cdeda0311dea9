import { expectAccessible, snap, expect, test } from './fixtures';

test.describe('a visitor', () => {
  test('sees the suggested view, explores, finds Sign in, and is sent to /login from /create', async ({ page }) => {
    // Many screens, each checked by axe and photographed in both themes: slow on a shared 2-core machine.
    test.slow();
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Build. Grow. Connect.' })).toBeVisible();
    // Empty on a fresh database; other journeys may have created public communities by now.
    await expect(
      page.getByRole('list', { name: 'Suggested communities', exact: true }).or(page.getByText('No suggested communities available..')),
    ).toBeVisible();
    // The demo content has public discussions; other journeys' databases may have none.
    await expect(
      page.getByRole('list', { name: 'Discussions from suggested communities' }).or(page.getByText('No discussion to show right now..')),
    ).toBeVisible();
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Your feed' })).toHaveCount(0);
    await expect(header.getByRole('button', { name: 'Notifications' })).toHaveCount(0);
    await expect(page.getByRole('complementary', { name: 'Side panel' })).toHaveCount(0);
    // SPEC §2: the visitor's Explore links to / and is highlighted there and on /suggested.
    const explore = header.getByRole('link', { name: 'Explore' });
    await expect(explore).toHaveAttribute('href', '/');
    await expect(explore).toHaveAttribute('aria-current', 'page');
    await expect(page).toHaveTitle('Explore · Agora');
    await expectAccessible(page, 'visitor home');
    await snap(page, 'desktop-visitor-home');

    await page.goto('/suggested');
    await expect(explore).toHaveAttribute('aria-current', 'page');
    await expectAccessible(page, 'visitor explore');
    await snap(page, 'desktop-visitor-explore');
    await explore.click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/suggested');

    await header.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fsuggested$/);
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page).toHaveTitle('Sign in · Agora');
    await expectAccessible(page, 'login');
    await snap(page, 'desktop-login');

    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await expect(page.getByText('Minimum 8 characters')).toBeVisible();
    await expect(page).toHaveTitle('Create your account · Agora');
    await expectAccessible(page, 'register');
    await snap(page, 'desktop-register');

    await page.goto('/create');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fcreate$/);
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  });

  test('gets "Page Not Found" with Go Back and Return Home', async ({ page }) => {
    await page.goto('/suggested');
    await page.goto('/this/does/not/exist');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expectAccessible(page, '404');
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
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid email/username or password');
    await expectAccessible(page, 'login error');
    await snap(page, 'desktop-login-error');
  });
});
