import type { Page } from '@playwright/test';
import { expect, expectAccessible, expectNoHorizontalOverflow, makePng, type Person, snap, test } from './fixtures';
import { auth, createGroupViaApi, expectFocusVisible, joinViaApi, snapView, tabTo, uniqueGroupName } from './groups-helpers';

/** A blog published through the API (for the steps that are not about writing one). */
async function publishViaApi(owner: Person, groupId: number, title: string, content: string, withImage = true): Promise<number> {
  const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = { title, content };
  if (withImage) multipart.image = { name: 'header.png', mimeType: 'image/png', buffer: makePng(1200, 600) };
  const response = await owner.page.request.post(`/groups/${groupId}/posts`, { headers: auth(owner), multipart });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { post: { id: number } }).post.id;
}

/** A full-page picture of a scrolled page draws the sticky navigation bar mid-page: take it from the top. */
async function snapFromTop(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, name);
}

/** The page scrolled down by 400 px on load, or as far as it goes when it is shorter (SPEC §2). */
async function expectScrolledOnLoad(page: Page) {
  await expect
    .poll(() => page.evaluate(() => Math.round(window.scrollY - Math.min(400, document.documentElement.scrollHeight - window.innerHeight))))
    .toBe(0);
}

test('the owner publishes with an image and bold text by keyboard, a member reads, likes and shares, the owner edits and deletes', async ({
  page,
  browser,
  baseURL,
  login,
}) => {
  // A long journey on a shared machine: time enough, no assertion on speed.
  test.setTimeout(480_000);
  const owner = await login();
  const group = await createGroupViaApi(owner, { images: true, name: uniqueGroupName('Trail Notes') });
  const member = await login({ newContext: true });
  await joinViaApi(member, group);

  // The Blogs tab, empty: the owner is a member, so they are invited to write the first post.
  await page.goto(`/group/${group.slug}/blogs`);
  await expect(page.getByText('No blog posts yet')).toBeVisible();
  await expect(page.getByText('Be the first to post!')).toBeVisible();
  await expectAccessible(page, 'blogs tab (empty, owner)');
  await snap(page, 'desktop-blogs-empty-owner');

  // The editor, by keyboard only: the floating button, the title, a header image, content with bold and an image.
  const create = page.getByRole('button', { name: 'Write a blog post' });
  await tabTo(page, create);
  await expectFocusVisible(page);
  await page.keyboard.press('Enter');
  const editor = page.getByRole('dialog', { name: 'Create Blog Post' });
  await expect(editor).toBeVisible();
  const publish = editor.getByRole('button', { name: 'Publish Blog Post' });
  await expect(publish).toBeDisabled();
  await expectAccessible(page, 'blog editor (empty)');
  await snapView(page, 'desktop-blog-editor-empty');

  await tabTo(page, editor.getByLabel('Blog title'));
  await page.keyboard.type('Dawn runs in Forest Park');
  await tabTo(page, editor.getByRole('button', { name: 'Choose header image' }));
  let chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles({ name: 'header.png', mimeType: 'image/png', buffer: makePng(1400, 700) });
  await expect(editor.getByRole('img', { name: 'Header image preview' })).toBeVisible();

  await tabTo(page, editor.getByLabel('Content'));
  await page.keyboard.type('We meet at seven. Bring water');
  // Select "Bring water" and make it bold with the keyboard shortcut.
  for (let i = 0; i < 'Bring water'.length; i += 1) await page.keyboard.press('Shift+ArrowLeft');
  await page.keyboard.press('Control+b');
  await expect(editor.getByLabel('Content')).toHaveValue('We meet at seven. **Bring water**');
  await page.keyboard.press('End');
  await tabTo(page, editor.getByRole('button', { name: 'Add Image' }));
  chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles({ name: 'map.png', mimeType: 'image/png', buffer: makePng(600, 400) });
  await expect(editor.getByLabel('Content')).toHaveValue(/^We meet at seven\. \*\*Bring water\*\*\n\[\/uploads\/post\/[\w-]+\.webp\]\n$/);
  await expectAccessible(page, 'blog editor (filled)');
  await snapView(page, 'desktop-blog-editor-filled');
  await tabTo(page, publish);
  await page.keyboard.press('Enter');
  await expect(editor).toBeHidden();

  // The card, then the page.
  const card = page.getByRole('article', { name: 'Dawn runs in Forest Park' });
  await expect(card).toBeVisible();
  // The author's picture is a button to their profile (issue 12 §2.14), with the username in its name.
  await expect(card.getByRole('button', { name: `${owner.username}, open profile` })).toBeVisible();
  await expectAccessible(page, 'blogs tab (one post)');
  await snap(page, 'desktop-blogs-owner');
  await card.getByRole('link', { name: 'Dawn runs in Forest Park' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dawn runs in Forest Park' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/group/${group.slug}/blogs/blogpage/\\d+$`));
  const blogPath = new URL(page.url()).pathname;
  await expect(page.getByText('Bring water')).toHaveJSProperty('tagName', 'STRONG');
  await expect(page.getByText(new RegExp(`^Published .+ \\| By ${owner.username}$`))).toBeVisible();
  await expect(page.getByRole('img', { name: 'Header image of Dawn runs in Forest Park' })).toHaveAttribute('src', /^\/uploads\/blog\//);
  await expect(page.getByRole('img', { name: 'Illustration of the post' })).toHaveAttribute('src', /^\/uploads\/post\//);
  await expect(page).toHaveTitle('Dawn runs in Forest Park · Agora');
  await expectScrolledOnLoad(page);
  await expectAccessible(page, 'blog page (owner)');
  await snapFromTop(page, 'desktop-blog-page-owner');

  // A shared link previews well: the server puts the blog's Open Graph tags into the page it sends.
  const html = await (await page.request.get(blogPath, { headers: { accept: 'text/html' } })).text();
  expect(html).toContain('<meta property="og:title" content="Dawn runs in Forest Park" />');
  expect(html).toContain('<meta property="og:description" content="We meet at seven. Bring water" />');
  expect(html).toMatch(/<meta property="og:image" content="http:\/\/[^"]+\/uploads\/blog\/[\w-]+\.webp" \/>/);

  // The member reads it from the home strip, likes it (at once) and shares it (the link is copied).
  await member.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await member.page.goto('/');
  const stripCard = member.page.getByRole('article', { name: 'Dawn runs in Forest Park' });
  await expect(stripCard).toBeVisible();
  await expect(stripCard.getByText(group.name)).toBeVisible();
  await expectAccessible(member.page, 'home with the blog strip');
  await snap(member.page, 'desktop-home-blog-strip');
  await stripCard.getByRole('link').click();
  const like = member.page.getByRole('button', { name: 'Like (0)' });
  await like.click();
  await expect(member.page.getByRole('button', { name: 'Like (1)' })).toHaveAttribute('aria-pressed', 'true');
  await member.page.getByRole('button', { name: 'Share (0)' }).click();
  await expect(member.page.getByText('Link copied to clipboard')).toBeVisible();
  await expect(member.page.getByRole('button', { name: 'Share (1)' })).toBeVisible();
  expect(await member.page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}${blogPath}`);
  // Members get neither edit nor delete.
  await expect(member.page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(member.page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expectAccessible(member.page, 'blog page (member, liked)');
  await snapFromTop(member.page, 'desktop-blog-page-member');
  await member.page.reload();
  await expect(member.page.getByRole('button', { name: 'Like (1)' })).toHaveAttribute('aria-pressed', 'true');
  await expect(member.page.getByRole('button', { name: 'Share (1)' })).toBeVisible();

  // A visitor reads it too; liking sends them to sign in.
  const visitorContext = await browser.newContext({ baseURL });
  const visitor = await visitorContext.newPage();
  await visitor.goto(blogPath);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Dawn runs in Forest Park' })).toBeVisible();
  await visitor.getByRole('button', { name: 'Like (1)' }).click();
  await expect(visitor).toHaveURL(/\/login\?redirect=/);
  await visitorContext.close();

  // The owner edits: a new title, the header image removed.
  await page.reload();
  await page.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Blog Post' });
  await expect(edit.getByLabel('Blog title')).toHaveValue('Dawn runs in Forest Park');
  await expectAccessible(page, 'blog editor (edit)');
  await edit.getByLabel('Blog title').fill('Dawn runs, revised');
  await edit.getByRole('button', { name: 'Remove header image' }).click();
  await edit.getByRole('button', { name: 'Update Blog Post' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Dawn runs, revised' })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Header image of/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Like (1)' })).toBeVisible();

  // And deletes it, after the confirmation; the Blogs tab is empty again and the page is gone.
  const deleteButton = page.getByRole('button', { name: 'Delete' });
  await deleteButton.click();
  const confirm = page.getByRole('alertdialog', { name: 'Are you sure you want to delete this blog post?' });
  await expect(confirm).toBeVisible();
  await expectAccessible(page, 'delete confirmation');
  await snapView(page, 'desktop-blog-delete-confirm');
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(deleteButton).toBeFocused();
  await deleteButton.click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(new RegExp(`/group/${group.slug}/blogs$`));
  await expect(page.getByText('No blog posts yet')).toBeVisible();
  await member.page.goto(blogPath);
  await expect(member.page.getByRole('heading', { name: 'Blog Post Not Found' })).toBeVisible();
  await expectAccessible(member.page, 'blog not found');
  await snap(member.page, 'desktop-blog-not-found');
  await member.close();
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  async function check(page: Page, name: string, viewportOnly = false) {
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page, name);
    await (viewportOnly ? snapView : snap)(page, `mobile-${name}`);
  }

  test('the Blogs tab, a blog page with code, the editor and the home strip fit a phone, in both themes', async ({ page, login }) => {
    test.setTimeout(240_000);
    const owner = await login();
    const group = await createGroupViaApi(owner, { images: true, name: uniqueGroupName('A Long Community Name For Blog Phones') });
    const longTitle = 'A rather long blog title that has to wrap nicely on a narrow phone screen';
    const id = await publishViaApi(
      owner,
      group.id,
      longTitle,
      `Intro with **bold** words and a very long address https://example.org/${'x'.repeat(120)}\n\n***A heading***\n\n\`\`\`js\nconst aVeryLongLineOfCode = 'that would overflow the phone if the block did not scroll sideways on its own';\n\`\`\`\n\nThe end.`,
    );
    await publishViaApi(owner, group.id, 'Words only', 'A post without a header image shows a preview of its text instead.', false);

    await page.goto(`/group/${group.slug}/blogs`);
    await expect(page.getByRole('article', { name: longTitle })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Words only' }).getByText(/^A post without a header image/)).toBeVisible();
    await check(page, 'blogs-owner');

    await page.getByRole('button', { name: 'Write a blog post' }).click();
    await expect(page.getByRole('dialog', { name: 'Create Blog Post' })).toBeVisible();
    await check(page, 'blog-editor', true);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Write a blog post' })).toBeFocused();

    await page.goto(`/group/${group.slug}/blogs/blogpage/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: longTitle })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Code (js)' })).toContainText('const aVeryLongLineOfCode');
    await expectScrolledOnLoad(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await check(page, 'blog-page-owner');

    await page.goto('/');
    await expect(page.getByRole('article', { name: longTitle })).toBeVisible();
    await check(page, 'home-blog-strip');
  });
});
