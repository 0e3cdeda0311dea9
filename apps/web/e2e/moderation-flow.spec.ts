import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { auth, createGroupViaApi, joinViaApi, postViaApi, commentViaApi } from './groups-helpers';

/**
 * Issue 15, the whole path in three browsers: a member reports a comment; a moderator sees the Reports badge go to
 * 1 without reloading, removes the comment from the queue with a reason; its author sees the reason on the comment
 * and the notification; the moderator bans the author, who can no longer post. Each step's details have their own
 * journeys (reports, removals, bans); this one proves they hold together.
 */

test.describe.configure({ timeout: 300_000 });

const reportsToggle = (page: Page, n: number) => page.getByRole('button', { name: `Reports (${n})` });

test('report → live badge → removal with a reason → the author is told → ban → the author cannot post', async ({ login }) => {
  test.slow();
  const owner = await login({ newContext: true });
  const group = await createGroupViaApi(owner);
  const moderator = await login({ newContext: true });
  const reporter = await login({ newContext: true });
  const author = await login({ newContext: true });
  for (const person of [moderator, reporter, author]) await joinViaApi(person, group);
  const promoted = await owner.page.request.post(`/api/groups/${group.id}/assign-role`, {
    headers: auth(owner),
    data: { memberId: moderator.id, newRole: 'moderator' },
  });
  expect(promoted.ok(), await promoted.text()).toBeTruthy();
  const postId = await postViaApi(owner, group, 'Welcome, everyone');
  await commentViaApi(author, group, postId, 'Buy cheap watches at my shop');

  // The moderator has the community open: no open report yet.
  const m = moderator.page;
  await m.goto(`/group/${group.slug}`);
  await expect(reportsToggle(m, 0)).toBeVisible();

  // The member reports the comment from the post panel.
  const r = reporter.page;
  const postPath = `/group/${group.slug}/discussions?post=${group.id}-${postId}`;
  await r.goto(postPath);
  const panel = r.getByTestId('post-panel');
  await panel.getByRole('button', { name: `Report the comment by ${author.username}` }).click();
  const report = r.getByRole('dialog', { name: 'Report this comment' });
  await report.getByRole('radio', { name: 'Spam' }).check();
  await report.getByRole('button', { name: 'Send' }).click();
  await expect(r.getByText('Thank you. The community’s moderators will look at your report.')).toBeVisible();

  // The moderator's badge follows without a reload; the queue removes the comment with a reason.
  await expect(reportsToggle(m, 1)).toBeVisible();
  await reportsToggle(m, 1).click();
  const item = m.getByRole('article', { name: /Comment/ });
  await expect(item.getByText('Buy cheap watches at my shop')).toBeVisible();
  await item.getByRole('button', { name: `Remove: Comment by @${author.username}` }).click();
  const remove = m.getByRole('dialog', { name: 'Remove the item' });
  await remove.getByLabel('Reason').fill('Advertising is not allowed here');
  await remove.getByRole('button', { name: 'Remove' }).click();
  await expect(m.getByText('Report resolved')).toBeVisible();
  await expect(reportsToggle(m, 0)).toBeVisible();
  await expectAccessible(m, 'the queue after a removal');

  // The author sees the comment with the reason, and the notification; the reporter no longer sees it.
  const a = author.page;
  await a.goto(postPath);
  const own = a.getByTestId('post-panel');
  await expect(own.getByText('Removed by a moderator: Advertising is not allowed here')).toBeVisible();
  await a.goto(`/group/${group.slug}`);
  await a.getByRole('button', { name: 'Notifications' }).click();
  const notifications = a.getByRole('dialog', { name: 'Notifications' });
  await expect(notifications.getByText('A moderator removed your comment: Advertising is not allowed here')).toBeVisible();
  await a.keyboard.press('Escape');
  await r.goto(postPath);
  await expect(r.getByTestId('post-panel').getByText('Welcome, everyone')).toBeVisible();
  await expect(r.getByTestId('post-panel').getByText('Buy cheap watches at my shop')).toHaveCount(0);

  // The moderator bans the author from the member menu; the author can no longer post.
  await m.goto(`/group/${group.slug}/members`);
  await m.getByRole('button', { name: `Options for ${author.username}` }).click();
  await m.getByRole('menuitem', { name: 'Ban' }).click();
  const ban = m.getByRole('dialog', { name: `Ban ${author.username}` });
  await ban.getByRole('textbox', { name: 'Reason' }).fill('Advertising again and again');
  await ban.getByRole('radio', { name: '7 days' }).check();
  await ban.getByRole('button', { name: 'Ban' }).click();
  await expect(m.getByText(`${author.username} has been banned from the community`)).toBeVisible();

  await a.goto(`/group/${group.slug}/discussions`);
  await expect(a.getByRole('button', { name: 'Anything on your mind?' })).toHaveCount(0);
  const refused = await a.request.post(`/groups/${group.id}/discussions`, {
    headers: auth(author),
    data: { content: 'Posting after the ban', mediaUrls: [] },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toMatch(
    /^You are banned from this community until \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\.$/,
  );
});
