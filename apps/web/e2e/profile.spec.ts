import type { Locator, Page } from '@playwright/test';
import { browserDateYearsAgo, expectAccessible, makePng, snap, uniqueUser, expect, test } from './fixtures';

// West of Greenwich: a calendar date read as UTC midnight would show the previous day here, and from 00:00 to
// 08:00 UTC the browser's today is the runner's yesterday.
test.use({ timezoneId: 'America/Los_Angeles' });

/** Which control has focus, by its accessible label or form name. */
async function focused(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return null;
    return el.getAttribute('aria-label') ?? el.getAttribute('name') ?? el.textContent?.trim() ?? el.tagName;
  });
}

/** Presses Tab until `last` has focus; returns the stops in order (a date input's segments count once). */
async function tabUntil(page: Page, last: string, max = 20): Promise<string[]> {
  const stops: string[] = [];
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    const name = (await focused(page)) ?? '(body)';
    if (stops.at(-1) !== name) stops.push(name);
    if (name === last) return stops;
  }
  throw new Error(`never reached ${last}: ${stops.join(' → ')}`);
}

async function outlineOf(locator: Locator): Promise<string> {
  return locator.evaluate((el) => {
    const style = getComputedStyle(el);
    return `${style.outlineStyle} ${style.outlineWidth}`;
  });
}

test('register, sign in, edit the profile, upload a cropped photo, log out', async ({ page }) => {
  // Many screens, each checked by axe and photographed in both themes: slow on a shared 2-core machine.
  test.slow();
  const user = uniqueUser();

  await page.goto('/register');
  await expect(page).toHaveTitle('Create your account · Agora');
  // A failed registration: one summary, focus on the first invalid field, the hint still beside its error.
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please correct the highlighted fields.');
  await expect(page.getByLabel('First name')).toBeFocused();
  await expect(page.getByText('Minimum 8 characters')).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription('Password is required Minimum 8 characters');
  await expectAccessible(page, 'register with errors');
  await snap(page, 'desktop-register-errors');

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
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page.getByRole('heading', { name: 'Your feed' })).toBeVisible();
  // A brand-new account is welcomed, not welcomed back.
  await expect(page.getByText(`Welcome, ${user.firstName}`)).toBeVisible();
  await expect(page.getByText("You haven't joined any community yet")).toBeVisible();
  expect(
    await page.evaluate(() => [localStorage.getItem('token') === localStorage.getItem('authToken'), localStorage.getItem('username')]),
  ).toEqual([true, user.username]);
  await expectAccessible(page, 'feed');
  await snap(page, 'desktop-feed');

  // Notifications: Escape gives focus back to the bell.
  const bell = page.getByRole('button', { name: 'Notifications' });
  await bell.click();
  const notifications = page.getByRole('dialog', { name: 'Notifications' });
  await expect(notifications.getByText('No notifications yet')).toBeVisible();
  await expect(notifications.getByText("When you get notifications, they'll appear here")).toBeVisible();
  await expectAccessible(page, 'notifications panel');
  await snap(page, 'desktop-notifications');
  await page.keyboard.press('Escape');
  await expect(notifications).toBeHidden();
  await expect(bell).toBeFocused();

  // The profile panel: Escape gives focus back to the avatar that opened it.
  const avatar = page.getByRole('button', { name: 'Your profile' });
  await avatar.click();
  const panel = page.getByRole('dialog', { name: 'Profile' });
  await expect(panel.getByText(`@${user.username}`)).toBeVisible();
  await expect(panel.getByText("Nothing's here").first()).toBeVisible();
  await expectAccessible(page, 'own profile, new');
  await snap(page, 'desktop-profile-new');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(avatar).toBeFocused();

  // The tab panel takes focus from the tab list with a visible ring.
  await page.keyboard.press('Enter');
  await expect(panel.getByText(`@${user.username}`)).toBeVisible();
  await panel.getByRole('tab', { name: 'Overview' }).focus();
  await page.keyboard.press('Tab');
  const tabPanel = panel.getByRole('tabpanel', { name: 'Overview' });
  await expect(tabPanel).toBeFocused();
  expect(await outlineOf(tabPanel)).toMatch(/^solid [1-9]/);

  // Edit mode starts on the first field; the fields come before Cancel and Save.
  await panel.getByRole('button', { name: 'Edit profile' }).click();
  await expect(panel.getByLabel('Bio')).toBeFocused();
  expect(await tabUntil(page, 'Save profile')).toEqual(['about', 'birthday', 'userLink', 'Cancel editing', 'Save profile']);
  await panel.getByLabel('Bio').fill('Likes tidy tests');
  await expect(panel.getByText('9 characters left')).toBeVisible();
  await panel.getByLabel('About Me').fill('I write browser journeys.\nSecond line.');
  await panel.getByLabel('Birthday').fill('1990-03-05');
  await panel
    .getByLabel('Social Links')
    .fill('github.com/agora [Code]\nhttps://example.org/me\nhttps://evil.example [https://twitter.com/x]\njust some words');
  await expectAccessible(page, 'profile edit mode');
  await snap(page, 'desktop-profile-edit');
  await panel.getByRole('button', { name: 'Save profile' }).click();

  // Saved: focus is back on the edit button.
  await expect(panel.getByText('Mar 5th')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Edit profile' })).toBeFocused();
  await expect(panel.getByText('Likes tidy tests')).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Code (GitHub)' })).toHaveAttribute('href', 'https://github.com/agora');
  await expect(panel.getByRole('link', { name: 'example.org' })).toHaveAttribute('target', '_blank');
  // A label that looks like an address is not shown: the real host is.
  await expect(panel.getByRole('link', { name: 'evil.example' })).toHaveAttribute('href', 'https://evil.example/');
  await expect(panel.getByText('https://twitter.com/x')).toHaveCount(0);
  await expect(panel.getByText('just some words')).toBeVisible();

  // Saved on the server, not just in memory.
  await page.reload();
  await expect(page.getByRole('dialog', { name: 'Profile' }).getByText('Mar 5th')).toBeVisible();

  // The crop dialog: labelled crop frame, the zoom value shown, Escape back to the photo button.
  const photoButton = panel.getByRole('button', { name: 'Change profile photo' });
  let chooser = page.waitForEvent('filechooser');
  await photoButton.click();
  await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: makePng(640, 480) });
  const crop = page.getByRole('dialog', { name: 'Adjust profile photo' });
  await expect(crop).toBeVisible();
  await expect(crop.getByRole('group', { name: /^Crop frame/ })).toBeVisible();
  await expectAccessible(page, 'crop dialog');
  await page.keyboard.press('Escape');
  await expect(crop).toBeHidden();
  await expect(photoButton).toBeFocused();

  chooser = page.waitForEvent('filechooser');
  await photoButton.click();
  await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: makePng(640, 480) });
  const zoom = crop.getByRole('slider', { name: 'Zoom' });
  await expect(zoom).toHaveAttribute('aria-valuemin', '1');
  await expect(zoom).toHaveAttribute('aria-valuemax', '4');
  await expect(crop.getByText('1.00×')).toBeVisible();
  // An arrow key zooms by 0.1 (dragging keeps 0.01).
  await zoom.press('ArrowRight');
  await expect(crop.getByText('1.10×')).toBeVisible();
  await expect(zoom).toHaveAttribute('aria-valuetext', '1.10 times');
  await snap(page, 'desktop-crop-photo');
  await crop.getByRole('button', { name: 'Save' }).click();

  // Uploaded: focus stays on the photo button.
  await expect(page.getByText('Profile photo updated')).toBeVisible();
  await expect(photoButton).toBeFocused();
  const photo = panel.getByRole('img', { name: `${user.username}'s profile photo` });
  await expect(photo).toHaveAttribute('src', /^\/uploads\/profile\/[\w-]+\.(jpg|webp)$/);
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  // Saving only the photo path leaves the rest of the profile as it was.
  await expect(panel.getByText('Mar 5th')).toBeVisible();
  await expect(panel.getByText('Likes tidy tests')).toBeVisible();
  await expectAccessible(page, 'own profile, saved');
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

async function openOwnEditor(page: Page): Promise<Locator> {
  await page.goto('/?profile=me');
  const panel = page.getByRole('dialog', { name: 'Profile' });
  await panel.getByRole('button', { name: 'Edit profile' }).click();
  return panel;
}

test('a birthday under 18 shows the error and blocks saving (dates from the browser’s clock)', async ({ page, login }) => {
  await login();
  const panel = await openOwnEditor(page);
  await panel.getByLabel('Birthday').fill(await browserDateYearsAgo(page, 17));
  await expect(panel.getByText('You must be at least 18 years old.')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Save profile' })).toBeDisabled();
  await snap(page, 'desktop-profile-birthday-error');

  await panel.getByLabel('Birthday').fill(await browserDateYearsAgo(page, 18));
  await expect(panel.getByText('You must be at least 18 years old.')).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Save profile' })).toBeEnabled();
});

test('the age rule at 00:05 UTC, when the browser in Los Angeles is still on the previous day', async ({ page, login }) => {
  // The instant CI failed at every night: the runner's UTC date is already Mar 1, the browser's is Feb 28.
  // 2008 is a leap year, so the rule's edges are all here: Feb 28 (18 today), Feb 29 and Mar 1 (still 17).
  await page.clock.setFixedTime(new Date('2026-03-01T00:05:00Z'));
  await login();
  const panel = await openOwnEditor(page);

  expect(await browserDateYearsAgo(page, 0)).toBe('2026-02-28');
  const runnerDate = new Date('2026-03-01T00:05:00Z').toISOString().slice(0, 10);
  const fromRunnerClock = `${Number(runnerDate.slice(0, 4)) - 18}${runnerDate.slice(4)}`;
  expect(fromRunnerClock).toBe('2008-03-01');
  const tooYoung = panel.getByText('You must be at least 18 years old.');
  const save = panel.getByRole('button', { name: 'Save profile' });

  // "18 years ago" by the runner's UTC date is still 17 by the browser's: the old test expected no error here.
  await panel.getByLabel('Birthday').fill(fromRunnerClock);
  await expect(tooYoung).toBeVisible();
  await expect(save).toBeDisabled();
  await panel.getByLabel('Birthday').fill('2008-02-29');
  await expect(tooYoung).toBeVisible();

  const eighteenToday = await browserDateYearsAgo(page, 18);
  expect(eighteenToday).toBe('2008-02-28');
  await panel.getByLabel('Birthday').fill(eighteenToday);
  await expect(tooYoung).toHaveCount(0);
  await expect(save).toBeEnabled();
  await save.click();
  await expect(panel.getByText('Feb 28th')).toBeVisible();

  // Tomorrow's date in the browser's zone is in the future, whatever UTC says.
  await panel.getByRole('button', { name: 'Edit profile' }).click();
  await panel.getByLabel('Birthday').fill('2026-03-01');
  await expect(panel.getByText('Date can’t be in the future.')).toBeVisible();
});

test("another member's profile (its loading skeleton first), with a way back to one's own", async ({ page, login }) => {
  const user = await login();
  // Hold the profile's answer to photograph the skeleton (SPEC §7: skeletons must be visible in both themes).
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/users/1', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/suggested?profile=1');
  const panel = page.getByRole('dialog', { name: 'Profile' });
  await expect(panel.getByLabel('Loading profile')).toBeVisible();
  await expectAccessible(page, 'profile loading');
  await snap(page, 'desktop-profile-loading');
  release();
  await expect(panel.getByText('@maya_chen')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Edit profile' })).toHaveCount(0);
  await expect(panel.getByRole('img', { name: "maya_chen's profile photo" })).toHaveAttribute('src', /^\/uploads\//);
  await expectAccessible(page, "another member's profile");
  await snap(page, 'desktop-profile-other');
  // What she wrote (issue 12 §2.16): the demo content gives her posts in public communities.
  await panel.getByRole('tab', { name: 'Activity' }).click();
  const activity = panel.getByRole('list', { name: 'Activity' });
  await expect(activity.getByRole('article').first()).toBeVisible();
  await expect(activity.getByRole('button', { name: 'Copy link' }).first()).toBeVisible();
  await expectAccessible(page, "another member's activity");
  await snap(page, 'desktop-profile-activity');
  await panel.getByRole('tab', { name: 'Overview' }).click();
  await panel.getByRole('button', { name: 'My profile' }).click();
  await expect(panel.getByText(`@${user.username}`)).toBeVisible();
  await expect(page).toHaveURL(/profile=me/);
});

test('toasts stay clear of the side panel and of the drawer (bottom-left)', async ({ page, login }) => {
  // 1000 px: wide enough for the side panel, narrow enough that a centred toast crossed its edge.
  await page.setViewportSize({ width: 1000, height: 800 });
  await login();
  await page.goto('/');
  const side = await page.getByRole('complementary', { name: 'Side panel' }).boundingBox();
  await page.getByRole('button', { name: 'Your profile' }).click();
  const panel = page.getByRole('dialog', { name: 'Profile' });
  await panel.getByRole('button', { name: 'Edit profile' }).click();
  await panel.getByRole('button', { name: 'Save profile' }).click();
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Profile saved' });
  await expect(toast).toBeVisible();
  const drawer = await panel.boundingBox();
  const box = await toast.boundingBox();
  expect(side && drawer && box).toBeTruthy();
  expect(box!.x + box!.width).toBeLessThanOrEqual(Math.min(side!.x, drawer!.x));
  await snap(page, 'desktop-1000-toast');
});
