import { dateYearsAgo, makePng, registerViaApi, signInViaApi, snap, uniqueUser, expect, test } from './fixtures';

// West of Greenwich: a calendar date read as UTC midnight would show the previous day here.
test.use({ timezoneId: 'America/Los_Angeles' });

test('register, sign in, edit the profile, upload a cropped photo, log out', async ({ page }) => {
  const user = uniqueUser();

  await page.goto('/register');
  await page.getByLabel('First name').fill(user.firstName);
  await page.getByLabel('Last name').fill(user.lastName);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password').fill(user.password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page.getByText('Registration successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('Email or username')).toHaveValue(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();

  await expect(page.getByRole('heading', { name: 'Your feed' })).toBeVisible();
  await expect(page.getByText("You haven't joined any community yet")).toBeVisible();
  expect(
    await page.evaluate(() => [localStorage.getItem('token') === localStorage.getItem('authToken'), localStorage.getItem('username')]),
  ).toEqual([true, user.username]);
  await snap(page, 'desktop-feed');

  await page.getByRole('button', { name: 'Notifications' }).click();
  const notifications = page.getByRole('dialog', { name: 'Notifications' });
  await expect(notifications.getByText('No notifications yet')).toBeVisible();
  await expect(notifications.getByText("When you get notifications, they'll appear here")).toBeVisible();
  await snap(page, 'desktop-notifications');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Your profile' }).click();
  const panel = page.getByRole('dialog', { name: 'Profile' });
  await expect(panel.getByText(`@${user.username}`)).toBeVisible();
  await expect(panel.getByText("Nothing's here").first()).toBeVisible();
  await snap(page, 'desktop-profile-new');

  await panel.getByRole('button', { name: 'Edit profile' }).click();
  await panel.getByLabel('Bio').fill('Likes tidy tests');
  await expect(panel.getByText('9 characters left')).toBeVisible();
  await panel.getByLabel('About Me').fill('I write browser journeys.\nSecond line.');
  await panel.getByLabel('Birthday').fill('1990-03-05');
  await panel.getByLabel('Social Links').fill('github.com/agora [Code]\nhttps://example.org/me\njust some words');
  await snap(page, 'desktop-profile-edit');
  await panel.getByRole('button', { name: 'Save profile' }).click();

  await expect(panel.getByText('Mar 5th')).toBeVisible();
  await expect(panel.getByText('Likes tidy tests')).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Code (GitHub)' })).toHaveAttribute('href', 'https://github.com/agora');
  await expect(panel.getByRole('link', { name: 'example (example.org)' })).toHaveAttribute('target', '_blank');
  await expect(panel.getByText('just some words')).toBeVisible();

  // Saved on the server, not just in memory.
  await page.reload();
  await expect(page.getByRole('dialog', { name: 'Profile' }).getByText('Mar 5th')).toBeVisible();

  const chooser = page.waitForEvent('filechooser');
  await panel.getByRole('button', { name: 'Change profile photo' }).click();
  await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: makePng(640, 480) });
  const crop = page.getByRole('dialog', { name: 'Adjust profile photo' });
  await expect(crop).toBeVisible();
  await expect(crop.getByRole('slider', { name: 'Zoom' })).toHaveAttribute('aria-valuemin', '1');
  await expect(crop.getByRole('slider', { name: 'Zoom' })).toHaveAttribute('aria-valuemax', '4');
  await crop.getByRole('slider', { name: 'Zoom' }).press('ArrowRight');
  await snap(page, 'desktop-crop-photo');
  await crop.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByText('Profile photo updated')).toBeVisible();
  const photo = panel.getByRole('img', { name: `${user.username}'s profile photo` });
  await expect(photo).toHaveAttribute('src', /^\/uploads\/profile\/[\w-]+\.(jpg|webp)$/);
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  // Saving only the photo path leaves the rest of the profile as it was.
  await expect(panel.getByText('Mar 5th')).toBeVisible();
  await expect(panel.getByText('Likes tidy tests')).toBeVisible();
  await snap(page, 'desktop-profile-saved');

  await panel.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => ['token', 'authToken', 'userId', 'username'].map((k) => localStorage.getItem(k)))).toEqual([
    null,
    null,
    null,
    null,
  ]);
});

test('a birthday under 18 shows the error and blocks saving', async ({ page }) => {
  const user = await registerViaApi(page);
  await signInViaApi(page, user.username, user.password);
  await page.goto('/?profile=me');
  const panel = page.getByRole('dialog', { name: 'Profile' });
  await panel.getByRole('button', { name: 'Edit profile' }).click();
  await panel.getByLabel('Birthday').fill(dateYearsAgo(17));
  await expect(panel.getByText('You must be at least 18 years old.')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Save profile' })).toBeDisabled();
  await snap(page, 'desktop-profile-birthday-error');

  await panel.getByLabel('Birthday').fill(dateYearsAgo(18));
  await expect(panel.getByText('You must be at least 18 years old.')).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Save profile' })).toBeEnabled();
});

test("another member's profile, with a way back to one's own", async ({ page }) => {
  const user = await registerViaApi(page);
  await signInViaApi(page, user.username, user.password);
  await page.goto('/suggested?profile=1');
  const panel = page.getByRole('dialog', { name: 'Profile' });
  await expect(panel.getByText('@maya_chen')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Edit profile' })).toHaveCount(0);
  await expect(panel.getByRole('img', { name: "maya_chen's profile photo" })).toHaveAttribute('src', /^\/uploads\//);
  await snap(page, 'desktop-profile-other');
  await panel.getByRole('button', { name: 'My profile' }).click();
  await expect(panel.getByText(`@${user.username}`)).toBeVisible();
  await expect(page).toHaveURL(/profile=me/);
});
