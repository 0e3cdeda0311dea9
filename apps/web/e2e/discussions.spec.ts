import type { Page } from '@playwright/test';
import { expect, expectAccessible, expectNoHorizontalOverflow, makePng, snap, test } from './fixtures';
import { createGroupViaApi, joinViaApi, setPrivateViaApi, snapView, tabTo, postViaApi } from './groups-helpers';

/** A post's card in a feed, found by its text. */
function postCard(page: Page, text: string) {
  return page.getByTestId('post-card').filter({ hasText: text });
}

const panel = (page: Page) => page.getByTestId('post-panel');

// Each journey runs axe in two themes on several screens, two people at a time, on a shared 2-core machine.
test.describe.configure({ timeout: 180_000 });

test('a member posts bold text with two images, sees it in the community and on the home feed', async ({ page, login }) => {
  const owner = await login();
  const group = await createGroupViaApi(owner, { images: true });
  await page.goto(`/group/${group.slug}/discussions`);

  const prompt = page.getByRole('button', { name: 'Anything on your mind?' });
  await prompt.click();
  const dialog = page.getByRole('dialog', { name: 'Create a post' });
  const editor = dialog.getByRole('textbox', { name: 'Post text' });
  await expect(editor).toBeFocused();
  const post = dialog.getByRole('button', { name: 'Post', exact: true });
  await expect(post).toHaveAttribute('title', 'Write something first');

  await editor.pressSequentially('Sunrise over the bay');
  // Select "bay" and make it bold with Ctrl+B.
  for (let i = 0; i < 3; i += 1) await editor.press('Shift+ArrowLeft');
  await editor.press('Control+b');
  await expect(editor).toHaveValue('Sunrise over the **bay**');

  // The text is a draft of this community: it survives closing the editor and a reload (issue 12 §2.3).
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.reload();
  await prompt.click();
  await expect(editor).toHaveValue('Sunrise over the **bay**');

  await dialog.getByTestId('post-image-input').setInputFiles([
    { name: 'one.png', mimeType: 'image/png', buffer: makePng(800, 600) },
    { name: 'two.png', mimeType: 'image/png', buffer: makePng(600, 800) },
  ]);
  await expect(dialog.getByRole('list', { name: 'Images' }).getByRole('listitem')).toHaveCount(2);
  await expect(post).not.toHaveAttribute('aria-disabled', 'true');
  // Image descriptions (issue 18 §4): each image offers one; the first gets it, the badge says so.
  await expect(dialog.getByRole('button', { name: /^Add description to image/ })).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Add description to image 1' }).click();
  const describe = page.getByRole('dialog', { name: 'Describe image 1' });
  await describe.getByRole('textbox', { name: 'Image description' }).fill('The sun rising over a calm bay');
  await expectAccessible(page, 'image description dialog');
  await describe.getByRole('button', { name: 'Save description' }).click();
  await expect(describe).toBeHidden();
  await expect(dialog.getByRole('button', { name: 'Edit description of image 1' })).toBeVisible();
  await expect(dialog.getByTestId('alt-badge')).toHaveCount(1);
  await expectAccessible(page, 'create-a-post dialog');
  await snapView(page, 'discussions-compose-desktop');
  await post.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Post added!')).toBeVisible();
  await expect(prompt).toBeFocused();

  const card = postCard(page, 'Sunrise over the');
  await expect(card.locator('strong', { hasText: 'bay' })).toBeVisible();
  await expect(card.getByRole('button', { name: /image/i })).toHaveCount(2);
  await expect(card.getByTestId('post-media').locator('img').first()).toHaveAttribute('alt', 'The sun rising over a calm bay');
  await expect(card.getByTestId('post-media').locator('img').nth(1)).toHaveAttribute('alt', '');
  await expectAccessible(page, 'community Discussion tab with a post');
  await snap(page, 'discussions-community-desktop');

  await page.goto('/');
  const homeCard = postCard(page, 'Sunrise over the');
  await expect(homeCard.locator('strong', { hasText: 'bay' })).toBeVisible();
  await expect(homeCard.getByText(group.name)).toBeVisible();
  await expectAccessible(page, 'home feed');
  await snap(page, 'discussions-home-desktop');
});

test('the post panel: comment, reply, expand replies, like and unlike, a shared link reloads, Escape returns focus', async ({
  page,
  login,
}) => {
  const owner = await login();
  const group = await createGroupViaApi(owner);
  const friend = await login({ newContext: true });
  await joinViaApi(friend, group);
  const id = await postViaApi(friend, group, 'Who is coming **tonight**?');

  await page.goto(`/group/${group.slug}/discussions`);
  const open = postCard(page, 'Who is coming').getByRole('button', { name: /Open post/ });
  await open.click();
  await expect(page).toHaveURL(new RegExp(`[?&]post=${group.id}-${id}`));
  const drawer = panel(page);
  await expect(drawer.getByRole('heading', { name: 'Post', exact: true })).toBeVisible();
  await expect(drawer.getByText('Comments (0)')).toBeVisible();

  // Comment with Enter.
  const input = drawer.getByRole('textbox');
  await expect(input).toHaveAttribute('placeholder', 'Add a comment...');
  await input.fill('Count me in');
  await input.press('Enter');
  await expect(page.getByText('Comment added!')).toBeVisible();
  await expect(drawer.getByText('Comments (1)')).toBeVisible();

  // Reply to it.
  await drawer.getByRole('button', { name: `Reply to ${owner.username}` }).click();
  await expect(drawer.getByText(`Replying to ${owner.username}`)).toBeVisible();
  await expect(input).toHaveAttribute('placeholder', 'Write your reply...');
  await input.fill('Bringing snacks');
  await drawer.getByRole('button', { name: 'Reply', exact: true }).click();
  await expect(page.getByText('Reply added!')).toBeVisible();
  await expect(drawer.getByText('Bringing snacks')).toBeVisible();

  // Like and unlike the post (the count follows), then like the comment.
  const like = drawer.getByRole('button', { name: 'Like post' });
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Liked post')).toBeVisible();
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByText('Removed like from post')).toBeVisible();
  const likeComment = drawer.getByRole('button', { name: 'Like comment' }).first();
  await likeComment.click();
  await expect(likeComment).toHaveAttribute('aria-pressed', 'true');
  await expectAccessible(page, 'post panel with comments');
  await snapView(page, 'discussions-panel-desktop');

  // The shared link survives a reload; the reply is behind "View 1 reply" now.
  await page.reload();
  await expect(drawer.getByText('Who is coming')).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Like comment' }).first()).toHaveAttribute('aria-pressed', 'true');
  const view = drawer.getByRole('button', { name: 'View 1 reply' });
  await view.click();
  await expect(drawer.getByText('Bringing snacks')).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Hide replies' })).toBeVisible();

  // Escape closes it and the address drops the post.
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(page).not.toHaveURL(/[?&]post=/);

  // The friend, who wrote the post, has a notification link that opens the same panel.
  await friend.page.goto(`/groups/${group.id}/discussions/${id}`);
  await expect(panel(friend.page).getByText('Who is coming')).toBeVisible();
  await expect(panel(friend.page).getByText('Comments (2)')).toBeVisible();
  await friend.close();
});

test('the owner pins, the author edits in place and deletes after confirming', async ({ page, login }) => {
  const owner = await login();
  const group = await createGroupViaApi(owner);
  const author = await login({ newContext: true });
  await joinViaApi(author, group);
  await postViaApi(author, group, 'First post');
  await postViaApi(author, group, 'Second post');

  // The owner pins the older post: it moves to the top with "Pinned"; there is no Edit on someone else's post.
  await page.goto(`/group/${group.slug}/discussions`);
  const first = postCard(page, 'First post');
  const cards = page.getByTestId('post-card');
  await first.hover();
  await expect(first.getByRole('button', { name: 'Edit post' })).toHaveCount(0);
  await first.getByRole('button', { name: 'Pin post' }).click();
  await expect(first.getByText('Pinned', { exact: true })).toBeVisible();
  await expect(cards.first()).toContainText('First post');
  await expect(first.getByRole('button', { name: 'Unpin post' })).toBeVisible();

  // The author edits the second post in place; Cancel keeps the old text, Save stores the new one.
  const a = author.page;
  await a.goto(`/group/${group.slug}/discussions`);
  // By position: while it is edited, the card's text is in a text box, which a text filter cannot see.
  const second = a.getByTestId('post-card').nth(1);
  await expect(second).toContainText('Second post');
  await expect(second.getByRole('button', { name: 'Pin post' })).toHaveCount(0);
  await second.getByRole('button', { name: 'Edit post' }).click();
  const edit = second.getByRole('textbox');
  await edit.fill('Changed my mind');
  await second.getByRole('button', { name: 'Cancel' }).click();
  await expect(second).toContainText('Second post');
  await second.getByRole('button', { name: 'Edit post' }).click();
  await second.getByRole('textbox').fill('Second post, **edited**');
  await expectAccessible(a, 'post edited in place');
  await second.getByRole('button', { name: 'Save' }).click();
  const edited = postCard(a, 'Second post, edited');
  await expect(edited.locator('strong', { hasText: 'edited' })).toBeVisible();
  await expect(edited.getByRole('button', { name: 'Edit post' })).toBeFocused();

  // Delete asks first; Cancel keeps the post, Delete removes it.
  await edited.getByRole('button', { name: 'Delete post' }).click();
  const confirm = a.getByRole('alertdialog');
  await expect(confirm.getByText('Are you sure you want to delete this post?')).toBeVisible();
  await expectAccessible(a, 'delete confirmation');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(edited).toBeVisible();
  await edited.getByRole('button', { name: 'Delete post' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(postCard(a, 'Second post')).toHaveCount(0);
  await author.close();
});

test('a visitor reads a public post; a non-member is refused a private one', async ({ browser, baseURL, login }) => {
  const owner = await login();
  const open = await createGroupViaApi(owner);
  const openId = await postViaApi(owner, open, 'Open to everyone');
  const closed = await createGroupViaApi(owner);
  const closedId = await postViaApi(owner, closed, 'Members only');
  await setPrivateViaApi(owner, closed);
  const empty = await createGroupViaApi(owner);

  const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 900 } });
  const visitor = await context.newPage();
  await visitor.goto(`/group/${open.slug}/discussions?post=${open.id}-${openId}`);
  await expect(panel(visitor).getByText('Open to everyone')).toBeVisible();
  await expect(panel(visitor).getByRole('link', { name: 'Sign in to comment' })).toBeVisible();
  await expectAccessible(visitor, 'visitor reading a post');
  await visitor.keyboard.press('Escape');
  await expect(postCard(visitor, 'Open to everyone')).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'Anything on your mind?' })).toHaveCount(0);

  await visitor.goto(`/group/${empty.slug}/discussions`);
  await expect(visitor.getByRole('link', { name: 'Sign In to Post' })).toBeVisible();
  await context.close();

  const stranger = await login({ newContext: true });
  await stranger.page.goto(`/groups/${closed.id}/discussions/${closedId}`);
  const refused = panel(stranger.page);
  await expect(refused.getByRole('heading', { name: 'Post Not Available' })).toBeVisible();
  await expect(stranger.page.getByText('Members only')).toHaveCount(0);
  await expectAccessible(stranger.page, 'private post refused');
  await refused.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(refused).toBeHidden();
  await stranger.close();
});

test('by keyboard only: compose, post, open the panel, comment, like', async ({ page, login }) => {
  const owner = await login();
  const group = await createGroupViaApi(owner);
  await page.goto(`/group/${group.slug}/discussions`);

  const prompt = page.getByRole('button', { name: 'Anything on your mind?' });
  await tabTo(page, prompt);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Create a post' });
  await expect(dialog.getByRole('textbox', { name: 'Post text' })).toBeFocused();
  await page.keyboard.type('Typed without a mouse');
  await tabTo(page, dialog.getByRole('button', { name: 'Post', exact: true }));
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();

  const card = postCard(page, 'Typed without a mouse');
  const open = card.getByRole('button', { name: /Open post/ });
  await tabTo(page, open);
  await page.keyboard.press('Enter');
  const drawer = panel(page);
  const input = drawer.getByRole('textbox');
  await tabTo(page, input);
  await page.keyboard.type('A keyboard comment');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Comment added!')).toBeVisible();
  await expect(drawer.getByText('A keyboard comment')).toBeVisible();

  const like = drawer.getByRole('button', { name: 'Like post' });
  await tabTo(page, like, 'Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(like).toHaveAttribute('aria-pressed', 'true');

  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(open).toBeFocused();
  await expect(card.getByRole('button', { name: 'Like post' })).toHaveAttribute('aria-pressed', 'true');
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('feed and panel fit; a rightward swipe closes the panel', async ({ page, login }) => {
    const owner = await login();
    const group = await createGroupViaApi(owner, { images: true });
    const long = `A very long word ${'x'.repeat(300)} and https://example.com/${'y'.repeat(200)}`;
    const id = await postViaApi(owner, group, `Mobile **post**\n${long}`);
    await page.goto(`/group/${group.slug}/discussions`);
    await expect(postCard(page, 'Mobile post')).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page, 'community Discussion tab at 390 px');
    await snap(page, 'discussions-community-mobile');

    await page.goto('/');
    await expect(postCard(page, 'Mobile post')).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await snap(page, 'discussions-home-mobile');

    await page.goto(`/group/${group.slug}/discussions?post=${group.id}-${id}`);
    const drawer = panel(page);
    await expect(drawer.getByText('Mobile post')).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page, 'post panel at 390 px');
    await snapView(page, 'discussions-panel-mobile');

    // A rightward drag (pointer events) past the SPEC §9 threshold, a third of the width, closes it.
    const box = (await drawer.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(390);
    const y = box.y + 300;
    await page.mouse.move(box.x + 40, y);
    await page.mouse.down();
    for (let x = 60; x <= 260; x += 20) await page.mouse.move(box.x + x, y + 2);
    await page.mouse.up();
    await expect(drawer).toBeHidden();
    await expect(page).not.toHaveURL(/[?&]post=/);
  });
});
