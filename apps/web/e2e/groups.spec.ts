// Over 400 lines on purpose: one screen's tests share one mock server and its helpers; split by screen, not by size.
import type { Page } from '@playwright/test';
import { expect, expectAccessible, type Login, makePng, snap, test } from './fixtures';
import { createGroupViaApi, joinViaApi, setPrivateViaApi, uniqueGroupName, expectFocusVisible, tabTo, snapView } from './groups-helpers';

const VIDEO = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1m30s';

const ABOUT = `We read **after dark**.\n\n[${VIDEO}]`;
const RULES = '1. **Be kind**\n2. No spoilers';
const SOCIAL = 'discord.gg/nightowls [Our Discord]\ninstagram.com/nightowls\nhttps://evil.example/x [paypal.com]\nAsk at the front desk';

// Budgets: about twice the slowest time each journey took on a 2-core machine with a load average of 15-21
// (axe in both themes costs 10-20 s a screen there, and one journey's time varied up to twofold between runs);
// journeys without one keep the config's 120 s. A hang still fails within three minutes.
test('create a community with both images through the form', async ({ page, login }) => {
  test.setTimeout(120_000);
  await login();
  await page.goto('/');

  // The logo opens the communities panel; "Create a community" closes it and goes to /create.
  await page.getByRole('button', { name: 'Agora communities', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'Communities' });
  await expect(panel.getByText("You haven't created any communities yet").or(panel.getByText('No joined groups found'))).toBeVisible();
  await expectAccessible(page, 'communities panel');
  await snapView(page, 'desktop-communities-panel-empty');
  await panel.getByRole('button', { name: 'Create a community' }).click();
  await expect(page).toHaveURL(/\/create$/);
  await expect(panel).toBeHidden();

  // The form refuses a blank name before sending anything.
  await page.getByRole('button', { name: 'Create a community' }).click();
  await expect(page.getByText('Please enter a valid group name')).toBeVisible();
  await expectAccessible(page, 'create page with an error');
  await snapView(page, 'desktop-create-error');

  const name = uniqueGroupName('Night Owls');
  await page.getByLabel('Community name').fill(name);
  await page.getByLabel('About').fill(ABOUT);
  await page.getByLabel('Rules').fill(RULES);
  await page.getByLabel('Social media').fill(SOCIAL);
  let chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose banner image' }).click();
  await (await chooser).setFiles({ name: 'banner.png', mimeType: 'image/png', buffer: makePng(1200, 400) });
  chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose picture image' }).click();
  await (await chooser).setFiles({ name: 'dp.png', mimeType: 'image/png', buffer: makePng(400, 400) });
  await expect(page.getByRole('img', { name: 'Banner preview' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Picture preview' })).toBeVisible();
  await expectAccessible(page, 'create page filled');
  await snapView(page, 'desktop-create-filled');
  await page.getByRole('button', { name: 'Create a community' }).click();

  await expect(page.getByText('Group created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/group\/night-owls-[a-z0-9-]+$/);
  const header = page.getByRole('region', { name });
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(header.getByRole('img', { name: `${name} picture` })).toHaveAttribute('src', /^\/uploads\//);
  await expect(page.getByRole('heading', { name: `Welcome to ${name}` })).toBeVisible();
  await expect(page.getByText('after dark')).toHaveJSProperty('tagName', 'STRONG');
  await expect(page.getByTitle('YouTube video')).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=90');
  await expect(page.getByText('Be kind')).toHaveJSProperty('tagName', 'STRONG');
  await expect(page.getByRole('link', { name: 'Our Discord discord.gg' })).toHaveAttribute('href', 'https://discord.gg/nightowls');
  await expect(page.getByRole('link', { name: 'Instagram instagram.com' })).toHaveAttribute('target', '_blank');
  await expect(page.getByRole('link', { name: 'evil.example' })).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(page.getByText('Ask at the front desk')).toBeVisible();
  // The owner sees neither JOIN nor Leave.
  await expect(header.getByRole('button', { name: /^(JOIN|Leave)$/ })).toHaveCount(0);
  // axe and the pictures (desktop-group-owner-light.png and -dark.png) in both themes.
  await expectAccessible(page, 'community page (owner)');
  await snap(page, 'desktop-group-owner');
});

test('the owner edits its name, sections and pictures, copies its link, makes it private', async ({ page, context, baseURL, login }) => {
  test.setTimeout(90_000);
  const owner = await login();
  const { name, slug } = await createGroupViaApi(owner, {
    name: uniqueGroupName('Night Owls'),
    about: ABOUT,
    rules: RULES,
    social: SOCIAL,
    images: true,
  });
  await page.goto(`/group/${slug}`);
  const header = page.getByRole('region', { name });
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByTitle('YouTube video')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Our Discord discord.gg' })).toBeVisible();

  // Rename inline: Escape cancels, Enter saves; the address follows the new slug.
  await header.getByRole('button', { name: 'Edit community name' }).click();
  await header.getByRole('textbox', { name: 'Community name' }).fill('Ignored');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const renamed = uniqueGroupName('Early Birds');
  await header.getByRole('button', { name: 'Edit community name' }).click();
  await expect(header.getByRole('textbox', { name: 'Community name' })).toHaveAttribute('maxlength', '50');
  await header.getByRole('textbox', { name: 'Community name' }).fill(renamed);
  await snapView(page, 'desktop-group-rename');
  await header.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  await expect(page).toHaveURL(/\/group\/early-birds-[a-z0-9-]+$/);
  const slugPath = new URL(page.url()).pathname;
  const renamedHeader = page.getByRole('region', { name: renamed });

  // Each section: edit, save, see it rendered.
  await page.getByRole('button', { name: 'Edit About Us' }).click();
  await page.getByRole('textbox', { name: 'About Us' }).fill('Mornings are **ours**.');
  await snapView(page, 'desktop-group-section-edit');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('ours')).toHaveJSProperty('tagName', 'STRONG');
  await expect(page.getByTitle('YouTube video')).toHaveCount(0);
  await page.getByRole('button', { name: 'Edit Rules & Regulations' }).click();
  await page.getByRole('textbox', { name: 'Rules & Regulations' }).fill('Be on time');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Be on time')).toBeVisible();
  await page.getByRole('button', { name: 'Edit Social Media' }).click();
  await page.getByRole('textbox', { name: 'Social Media' }).fill('github.com/earlybirds');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('link', { name: 'GitHub github.com' })).toHaveAttribute('href', 'https://github.com/earlybirds');
  await expect(page.getByRole('link', { name: 'Our Discord discord.gg' })).toHaveCount(0);

  // A new banner through the crop dialog (3:1).
  const oldBanner = await renamedHeader.locator('img').first().getAttribute('src');
  const chooser = page.waitForEvent('filechooser');
  await renamedHeader.getByRole('button', { name: 'Change banner' }).click();
  await (await chooser).setFiles({ name: 'new.png', mimeType: 'image/png', buffer: makePng(1500, 600) });
  const crop = page.getByRole('dialog', { name: 'Adjust banner' });
  await expect(crop).toBeVisible();
  await expectAccessible(page, 'crop dialog');
  await snapView(page, 'desktop-group-crop-banner');
  await crop.getByRole('button', { name: 'Save' }).click();
  await expect(crop).toBeHidden();
  await expect.poll(() => renamedHeader.locator('img').first().getAttribute('src')).not.toBe(oldBanner);
  await expect(renamedHeader.getByRole('button', { name: 'Change banner' })).toBeFocused();

  // Copy link: the clipboard holds the community's address.
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await renamedHeader.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied to clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}${slugPath}`);

  // Private: the lock shows, and the switch keeps the server's value after a reload.
  await renamedHeader.getByRole('switch', { name: 'Private community' }).click();
  await expect(renamedHeader.getByRole('img', { name: 'Private community' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: renamed }).getByRole('switch', { name: 'Private community' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await snap(page, 'desktop-group-private-owner');
});

test('a second person joins and leaves with the confirmations, using only the keyboard', async ({ login }) => {
  test.setTimeout(180_000);
  const owner = await login();
  const group = await createGroupViaApi(owner, { name: uniqueGroupName('Keyboard Club'), about: 'All **keys** welcome.', images: true });
  const member = await login({ newContext: true });
  const p = member.page;
  await p.goto('/suggested');

  // Logo → panel (Joined tab) → Search tab → type → Tab to the community's link → Enter.
  await tabTo(p, p.getByRole('button', { name: 'Agora communities', exact: true }));
  await expectFocusVisible(p);
  await p.keyboard.press('Enter');
  const panel = p.getByRole('dialog', { name: 'Communities' });
  await expect(panel).toBeVisible();
  // Focus starts on the panel's close button; the tabs come next.
  await expect(panel.getByRole('button', { name: 'Close communities' })).toBeFocused();
  await tabTo(p, panel.getByRole('tab', { name: 'Joined' }));
  // Two arrows in quick succession: the second is not lost (components/ui/tabs.tsx moves focus within the key).
  await p.keyboard.press('ArrowRight');
  await p.keyboard.press('ArrowRight');
  await expect(panel.getByRole('tab', { name: 'Search' })).toHaveAttribute('aria-selected', 'true');
  await tabTo(p, panel.getByRole('searchbox', { name: 'Find new communities' }));
  await p.keyboard.type(group.name);
  const link = panel.getByRole('link', { name: new RegExp(group.name) });
  await expect(link).toBeVisible();
  await expect(panel.getByRole('link')).toHaveCount(1);
  await expectAccessible(p, 'communities panel search');
  await snapView(p, 'desktop-communities-panel-search');
  await tabTo(p, link);
  await expectFocusVisible(p);
  await p.keyboard.press('Enter');
  await expect(p).toHaveURL(new RegExp(`/group/${group.slug}$`));
  await expect(panel).toBeHidden();

  // JOIN by keyboard: focus moves through the header; the button is reached with Tab and pressed with Enter.
  const header = p.getByRole('region', { name: group.name });
  const join = header.getByRole('button', { name: 'JOIN' });
  await tabTo(p, join);
  await expectFocusVisible(p);
  await p.keyboard.press('Enter');
  await expect(p.getByText('You have successfully joined the community!')).toBeVisible();
  await expect(header.getByRole('button', { name: 'Leave' })).toBeVisible();
  await expect(header.getByText(/^2 members/)).toBeVisible();
  await expectAccessible(p, 'community page (member)');
  await snap(p, 'desktop-group-member');

  // The joined community appears in the navigation strip, highlighted here.
  const strip = p.getByRole('group', { name: 'Your communities' });
  await expect(strip.getByRole('link', { name: group.name })).toHaveAttribute('aria-current', 'page');

  await tabTo(p, header.getByRole('button', { name: 'Leave' }), 'Shift+Tab');
  await p.keyboard.press('Enter');
  // Leave asks first; focus starts on Cancel, Tab reaches Leave.
  const confirm = p.getByRole('alertdialog', { name: `Leave ${group.name}?` });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectAccessible(p, 'leave confirmation');
  await p.keyboard.press('Tab');
  await expect(confirm.getByRole('button', { name: 'Leave' })).toBeFocused();
  await p.keyboard.press('Enter');
  await expect(p.getByText('You have left the community')).toBeVisible();
  await expect(header.getByRole('button', { name: 'JOIN' })).toBeVisible();
  await expect(strip.getByRole('link', { name: group.name })).toHaveCount(0);
  await member.close();
});

/** The owner on the members page of a community with two more members, Alice and Bob. */
async function membersPageWithTwoMembers(page: Page, login: Login) {
  const owner = await login();
  const group = await createGroupViaApi(owner, { images: true });
  const alice = await login({ newContext: true });
  const bob = await login({ newContext: true });
  await joinViaApi(alice, group);
  await joinViaApi(bob, group);
  await page.goto(`/group/${group.slug}/members`);
  await expect(page.getByRole('heading', { name: '3 Members' })).toBeVisible();
  const rows = page.getByRole('list', { name: 'Members' }).getByRole('listitem');
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText(owner.username);
  await expect(rows.first().getByRole('img', { name: 'Owner' })).toBeVisible();
  return { owner, alice, bob, rows };
}

test('the owner promotes and demotes with the confirmations', async ({ page, login }) => {
  test.setTimeout(180_000);
  const { alice, bob, rows } = await membersPageWithTwoMembers(page, login);
  // The members page itself is checked (axe, pictures) in the next journey, which starts on the same screen.

  // Promote Alice to admin.
  await page.getByRole('button', { name: `Options for ${alice.username}` }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText(['Make Admin', 'Make Moderator', 'Kick Member', 'Ban']);
  await expectAccessible(page, 'member options menu');
  await snapView(page, 'desktop-members-menu');
  await menu.getByRole('menuitem', { name: 'Make Admin' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Are you sure you want to make this member a admin?' });
  await expect(confirm).toBeVisible();
  await expectAccessible(page, 'role confirmation');
  await snapView(page, 'desktop-members-confirm-role');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Member role has been updated to admin')).toBeVisible();
  const aliceRow = rows.filter({ hasText: alice.username });
  await expect(aliceRow.getByRole('img', { name: 'Admin' })).toBeVisible();
  await expect(rows.nth(1)).toContainText(alice.username);

  // Demote her to member again; Escape on the confirmation changes nothing and returns focus.
  await page.getByRole('button', { name: `Options for ${alice.username}` }).click();
  await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText([
    'Make Moderator',
    'Make Member',
    'Kick Member',
    'Ban',
    'Make Owner',
  ]);
  await page.getByRole('menuitem', { name: 'Make Member' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('alertdialog')).toBeHidden();
  await expect(page.getByRole('button', { name: `Options for ${alice.username}` })).toBeFocused();
  await page.getByRole('button', { name: `Options for ${alice.username}` }).click();
  await page.getByRole('menuitem', { name: 'Make Member' }).click();
  await page
    .getByRole('alertdialog', { name: 'Are you sure you want to make this member a member?' })
    .getByRole('button', { name: 'Confirm' })
    .click();
  await expect(page.getByText('Member role has been updated to member')).toBeVisible();
  await expect(aliceRow.getByRole('img', { name: 'Admin' })).toHaveCount(0);
  await alice.close();
  await bob.close();
});

test('the owner kicks a member with the confirmation, and searches the members', async ({ page, login }) => {
  test.setTimeout(180_000);
  const { alice, bob, rows } = await membersPageWithTwoMembers(page, login);
  await expectAccessible(page, 'members page (owner)');
  await snap(page, 'desktop-members-owner');

  // Kick Bob.
  await page.getByRole('button', { name: `Options for ${bob.username}` }).click();
  await page.getByRole('menuitem', { name: 'Kick Member' }).click();
  const kick = page.getByRole('alertdialog', { name: `Are you sure you want to kick ${bob.username} from the community?` });
  await expectAccessible(page, 'kick confirmation');
  await snapView(page, 'desktop-members-confirm-kick');
  await kick.getByRole('button', { name: 'Kick Member' }).click();
  await expect(page.getByText(`${bob.username} has been kicked from the community`)).toBeVisible();
  await expect(rows.filter({ hasText: bob.username })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: '2 Members' })).toBeVisible();

  // Search is on the server, case-insensitive.
  await page.getByRole('searchbox', { name: 'Find a member' }).fill(alice.username.toUpperCase());
  await expect(rows).toHaveCount(1);
  await page.getByRole('searchbox', { name: 'Find a member' }).fill('nobody-here');
  await expect(page.getByText('No members found matching "nobody-here"')).toBeVisible();
  await snap(page, 'desktop-members-no-match');
  await alice.close();
  await bob.close();
});

test('a private community: a non-member is kept out of its sub-pages, asks to join, and the owner approves', async ({ page, login }) => {
  const owner = await login();
  const group = await createGroupViaApi(owner, { images: true, about: 'Members only.' });
  await setPrivateViaApi(owner, group);
  const visitor = await login({ newContext: true });
  const v = visitor.page;

  for (const sub of ['members', 'blogs', 'discussions']) {
    await v.goto(`/group/${group.slug}/${sub}`);
    await expect(v).toHaveURL(new RegExp(`/group/${group.slug}$`));
  }
  const header = v.getByRole('region', { name: group.name });
  await expect(header.getByRole('img', { name: 'Private community' })).toBeVisible();
  await expect(v.getByRole('navigation', { name: 'Community sections' }).getByRole('link')).toHaveText(['Overview']);
  await expectAccessible(v, 'private community (non-member)');
  await snap(v, 'desktop-group-private-visitor');

  await header.getByRole('button', { name: 'JOIN' }).click();
  await expect(v.getByText('Your request to join has been sent')).toBeVisible();
  await expect(header.getByRole('button', { name: 'Requested' })).toBeVisible();
  await snap(v, 'desktop-group-requested');

  // Staff hear of the request (issue 12 §2.2): a notification, and the count on the Members tab.
  await page.goto(`/group/${group.slug}`);
  await expect(
    page.getByRole('navigation', { name: 'Community sections' }).getByRole('link', { name: 'Members 1 pending join request' }),
  ).toBeVisible();
  await page.getByRole('button', { name: /^Notifications/ }).click();
  const ownerPanel = page.getByRole('dialog', { name: 'Notifications' });
  await ownerPanel.getByRole('button', { name: new RegExp(`${visitor.username} asked to join`) }).click();
  await expect(page).toHaveURL(new RegExp(`/group/${group.slug}/members$`));
  await expect(ownerPanel).toBeHidden();
  const requests = page.getByRole('region', { name: /Join requests/ });
  await expect(requests.getByText(visitor.username)).toBeVisible();
  await expectAccessible(page, 'members page with join requests');
  await snap(page, 'desktop-members-requests');
  await requests.getByRole('button', { name: `Approve ${visitor.username}` }).click();
  await expect(page.getByText(`${visitor.username} is now a member`)).toBeVisible();
  await expect(page.getByRole('heading', { name: '2 Members' })).toBeVisible();
  await expect(requests).toHaveCount(0);

  await v.reload();
  await expect(header.getByRole('button', { name: 'Leave' })).toBeVisible();
  await expect(v.getByRole('navigation', { name: 'Community sections' }).getByRole('link')).toHaveText([
    'Overview',
    'Members',
    'Blogs',
    'Discussion',
  ]);
  await v.goto(`/group/${group.slug}/members`);
  await expect(v.getByRole('heading', { name: '2 Members' })).toBeVisible();
  await v.getByRole('button', { name: /^Notifications/ }).click();
  await expect(v.getByRole('dialog', { name: 'Notifications' }).getByText(`Your request to join ${group.name} was approved`)).toBeVisible();
  await visitor.close();
});

test('the owner invites someone by username, who accepts on the community page', async ({ page, login }) => {
  const owner = await login();
  const group = await createGroupViaApi(owner, { images: true });
  await setPrivateViaApi(owner, group);
  const guest = await login({ newContext: true });

  await page.goto(`/group/${group.slug}/members`);
  await page.getByRole('button', { name: 'Invite' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite to this community' });
  await dialog.getByLabel('Username').fill('no_such_person_here');
  await dialog.getByRole('button', { name: 'Send invite' }).click();
  await expect(dialog.getByText('No user named "no_such_person_here"')).toBeVisible();
  await expectAccessible(page, 'invite dialog');
  await snapView(page, 'desktop-invite-dialog');
  await dialog.getByLabel('Username').fill(guest.username.toUpperCase());
  await dialog.getByRole('button', { name: 'Send invite' }).click();
  await expect(page.getByText('Invitation sent')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Invite' })).toBeFocused();
  // Staff see the pending invitation and can take it back (issue 12 §1.8); then invite again.
  const pending = page.getByRole('region', { name: /Pending invitations/ });
  await expect(pending.getByText(`Invited by ${owner.username}`)).toBeVisible();
  await expectAccessible(page, 'members page with pending invitations');
  await pending.getByRole('button', { name: `Revoke invitation for ${guest.username}` }).click();
  await expect(page.getByText('Invitation revoked')).toBeVisible();
  await expect(pending).toHaveCount(0);
  await page.getByRole('button', { name: 'Invite' }).click();
  await dialog.getByLabel('Username').fill(guest.username);
  await dialog.getByRole('button', { name: 'Send invite' }).click();
  await expect(pending.getByText(guest.username)).toBeVisible();

  const g = guest.page;
  await g.goto(`/group/${group.slug}`);
  const invitation = g.getByRole('region', { name: 'Invitation' });
  await expect(invitation).toContainText(`${owner.username} invited you to join this community.`);
  // The invitation replaces JOIN (which would only ask to join).
  await expect(g.getByRole('region', { name: group.name }).getByRole('button', { name: 'JOIN' })).toHaveCount(0);
  await expectAccessible(g, 'community page with an invitation');
  await snap(g, 'desktop-group-invited');
  await invitation.getByRole('button', { name: 'Accept' }).click();
  await expect(g.getByText('Group invite accepted')).toBeVisible();
  await expect(g.getByRole('region', { name: group.name }).getByRole('button', { name: 'Leave' })).toBeVisible();
  await expect(invitation).toHaveCount(0);
  await guest.close();
});

test('the navigation strip, the communities panel, Explore and the profile Communities tab', async ({ page, login }) => {
  test.setTimeout(180_000);
  const owner = await login();
  const mine = await createGroupViaApi(owner, { images: true, name: uniqueGroupName('Alpha') });
  const other = await login({ newContext: true });
  const theirs = await createGroupViaApi(other, { images: true, name: uniqueGroupName('Beta') });
  await joinViaApi(owner, theirs);

  // Strip: owned first, then joined; tooltip with the name; the find button opens the Search tab.
  await page.goto(`/group/${theirs.slug}`);
  const strip = page.getByRole('group', { name: 'Your communities' });
  await expect(strip.getByRole('link')).toHaveCount(2);
  await expect(strip.getByRole('link').first()).toHaveAccessibleName(mine.name);
  await expect(strip.getByRole('link').nth(1)).toHaveAttribute('aria-current', 'page');
  await strip.getByRole('link').first().hover();
  await expect(page.getByRole('tooltip', { name: mine.name })).toBeVisible();
  await snapView(page, 'desktop-strip-tooltip');
  await strip.getByRole('button', { name: 'Find communities' }).click();
  const panel = page.getByRole('dialog', { name: 'Communities' });
  await expect(panel.getByRole('tab', { name: 'Search' })).toHaveAttribute('aria-selected', 'true');
  await panel.getByRole('tab', { name: 'Joined' }).click();
  await expect(panel.getByRole('link', { name: new RegExp(theirs.name) })).toBeVisible();
  await panel.getByRole('tab', { name: 'Created' }).click();
  await expect(panel.getByRole('link', { name: new RegExp(mine.name) })).toBeVisible();
  await snapView(page, 'desktop-communities-panel-created');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(strip.getByRole('button', { name: 'Find communities' })).toBeFocused();

  // Explore: the suggested row and the create button.
  await page.goto('/suggested');
  await expect(page.getByRole('link', { name: 'Create a community' })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Suggested communities', exact: true }).or(page.getByText('No suggested communities available..')),
  ).toBeVisible();
  await expectAccessible(page, 'explore (signed in)');
  await snap(page, 'desktop-explore-signed-in');

  // Profile Communities tab.
  await page.goto('/?profile=me');
  const profile = page.getByRole('dialog', { name: 'Profile' });
  await profile.getByRole('tab', { name: 'Communities' }).click();
  await expect(profile.getByText('Created communities')).toContainText('1');
  await expect(profile.getByRole('link', { name: new RegExp(mine.name) })).toBeVisible();
  await expect(profile.getByRole('link', { name: new RegExp(theirs.name) })).toBeVisible();
  await expectAccessible(page, 'profile communities tab');
  await snapView(page, 'desktop-profile-communities');
  await other.close();
});

test('the Discussion tab frames for a member, a signed-in non-member and a visitor', async ({ page, browser, baseURL, login }) => {
  test.setTimeout(160_000);
  const owner = await login();
  const other = await login({ newContext: true });
  const theirs = await createGroupViaApi(other, { images: true, name: uniqueGroupName('Beta') });
  await joinViaApi(owner, theirs);

  // Discussion tab: member frame.
  await page.goto(`/group/${theirs.slug}/discussions`);
  await expect(page.getByText('Be the first to start a discussion in this group!')).toBeVisible();
  await expectAccessible(page, 'discussion tab (member)');
  await snap(page, 'desktop-discussions-member');

  // A signed-in non-member.
  const third = await login({ newContext: true });
  await third.page.goto(`/group/${theirs.slug}/discussions`);
  await expect(third.page.getByRole('heading', { name: 'Join this community' })).toBeVisible();
  await expect(third.page.getByText("This group doesn't have any discussions yet.")).toBeVisible();
  await expectAccessible(third.page, 'discussion tab (non-member)');
  await snap(third.page, 'desktop-discussions-nonmember');
  await third.page.getByRole('button', { name: 'Join Group' }).click();
  await expect(third.page.getByText('Be the first to start a discussion in this group!')).toBeVisible();

  // A visitor: banner (closing it sticks), and Sign In to Post.
  const visitorContext = await browser.newContext({ baseURL });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/group/${theirs.slug}/discussions`);
  await expect(visitor.getByText('Want to participate in this community? Join now!')).toBeVisible();
  // One banner, not two alike.
  await expect(visitor.getByText(/^Want to participate/)).toHaveCount(1);
  await expect(visitor.getByRole('link', { name: 'Sign In to Post' })).toBeVisible();
  await expectAccessible(visitor, 'discussion tab (visitor)');
  await snap(visitor, 'desktop-discussions-visitor');
  await visitor.getByRole('region', { name: 'Sign in' }).getByRole('button', { name: 'Close' }).click();
  await visitor.reload();
  await expect(visitor.getByText('No discussions yet')).toBeVisible();
  await expect(visitor.getByText('Want to participate in this community? Join now!')).toHaveCount(0);
  await expect(visitor.getByText('Want to participate in discussions? Sign in to join this community and start posting!')).toBeVisible();
  await visitor.getByRole('region', { name: theirs.name }).getByRole('button', { name: 'JOIN' }).click();
  await expect(visitor).toHaveURL(/\/login\?redirect=/);
  await visitorContext.close();
  await other.close();
  await third.close();
});

test('a missing community shows "Community Not Found" with Go Back', async ({ page }) => {
  test.setTimeout(30_000);
  await page.goto('/suggested');
  await page.goto('/group/no-such-community-anywhere');
  await expect(page.getByRole('heading', { name: 'Community Not Found' })).toBeVisible();
  await expectAccessible(page, 'community not found');
  await snap(page, 'desktop-group-not-found');
  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(/\/suggested$/);
});
