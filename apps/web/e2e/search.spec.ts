import type { Page } from '@playwright/test';
import { expect, expectAccessible, expectNoHorizontalOverflow, snap, test } from './fixtures';
import { commentViaApi, createGroupViaApi, postViaApi, snapView } from './groups-helpers';

/**
 * Issue 16 §4 in the browser, against the real search API: search from the navigation bar (`/`, type, Enter),
 * the results' tabs and highlighted passages, a comment hit opening the post panel at that reply (scrolled into
 * view, marked, focused), "Search this community" with its removable chip, the empty, no-result and refused
 * states, the narrow screen's search button; axe on the results in both themes; pictures at 1366 and 390 px, in
 * English and Spanish.
 */

// axe in two themes on several screens, on a shared 2-core machine.
test.describe.configure({ timeout: 300_000 });

/** A word no other journey writes: letters only (the index splits digits into their own tokens). */
function uniqueWord(prefix: string): string {
  const letters = Date.now()
    .toString(26)
    .split('')
    .map((c) => String.fromCharCode(97 + parseInt(c, 26)))
    .join('');
  return `${prefix}${letters}`;
}

const panel = (page: Page) => page.getByTestId('post-panel');

test('search from the navigation bar, open a comment hit at its place, and search inside a community', async ({ page, login }) => {
  const word = uniqueWord('quince');
  const owner = await login({ newContext: true });
  const garden = await createGroupViaApi(owner, { name: `Growers of ${word}` });
  const other = await createGroupViaApi(owner);
  const postId = await postViaApi(owner, garden, `Who else grows ${word} on a balcony?`);
  const top = await commentViaApi(owner, garden, postId, 'Mine flowered in April');
  for (let i = 0; i < 3; i += 1) await commentViaApi(owner, garden, postId, `Filler comment ${i}`);
  const reply = await commentViaApi(owner, garden, postId, `My ${word} needed a bigger pot`, top);
  await postViaApi(owner, other, `A ${word} jam recipe from elsewhere`);

  await login();
  await page.goto('/');
  // `/` focuses the navigation bar's field; Enter searches what is typed.
  // The plain field of a first load, then the combobox that takes its place on focus (the same attribute).
  const navField = page.getByRole('banner').locator('[data-search-shortcut]');
  await expect(navField).toBeVisible();
  await page.locator('body').press('/');
  await expect(page.getByRole('banner').getByRole('combobox', { name: 'Search' })).toBeFocused();
  await navField.fill(word);
  await navField.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}$`));

  const discussions = page.getByRole('region', { name: 'Discussions' });
  await expect(discussions.getByRole('article')).toHaveCount(2);
  await expect(discussions.locator('mark', { hasText: word })).toHaveCount(2);
  const comments = page.getByRole('region', { name: 'Comments' });
  await expect(comments.locator('mark', { hasText: word })).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Communities' }).getByRole('link', { name: garden.name })).toBeVisible();
  await expect(page.getByRole('link', { name: 'All', exact: true })).toHaveAttribute('aria-current', 'page');
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page, 'search results');
  await snap(page, 'search-results-desktop');

  // The recent search is offered the next time the field opens.
  await page.goto('/suggested');
  await navField.click();
  await expect(page.getByRole('banner').getByRole('combobox', { name: 'Search' })).toBeFocused();
  await expect(page.getByRole('listbox', { name: 'Recent searches' }).getByRole('option', { name: word })).toBeVisible();
  await expectAccessible(page, 'recent searches');
  await snapView(page, 'search-nav-recent-desktop');
  await navField.press('ArrowDown');
  await navField.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}$`));

  // One kind: the Comments tab; opening the reply opens the post panel at it.
  await page.getByRole('link', { name: 'Comments', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`type=comments`));
  const hit = page.getByRole('link', { name: `Open the reply by ${owner.username}` });
  await hit.click();
  const marked = panel(page).locator(`[data-comment-id="${reply}"]`);
  await expect(marked).toHaveAttribute('data-highlighted', 'true');
  await expect(marked).toBeFocused();
  await expect(marked).toBeInViewport();
  await expect(marked.getByText('Linked comment')).toBeVisible();
  await expectAccessible(page, 'post panel at a search hit');
  await snap(page, 'search-comment-hit-desktop');
  await page.keyboard.press('Escape');
  await expect(panel(page)).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}&type=comments$`));

  // The address a server hit links to (appPaths.comment) does the same.
  await page.goto(`/groups/${garden.id}/discussions/${postId}?comment=${top}-${reply}`);
  await expect(panel(page).locator(`[data-comment-id="${reply}"]`)).toBeFocused();

  // Search this community: only its hits, with a chip that widens the search again.
  await page.goto(`/group/${garden.slug}`);
  const communityField = page.getByRole('searchbox', { name: `Search ${garden.name}` });
  await communityField.fill(word);
  await communityField.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}&group=${garden.slug}$`));
  await expect(page.getByText(`In ${garden.name}`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Discussions' }).getByRole('article')).toHaveCount(1);
  await expect(page.getByText('A jam recipe', { exact: false })).toBeHidden();
  await snap(page, 'search-in-community-desktop');
  await page.getByRole('link', { name: `Search everywhere, not only in ${garden.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}$`));
  await expect(page.getByRole('region', { name: 'Discussions' }).getByRole('article')).toHaveCount(2);

  // Nothing found suggests removing a word; a refused query shows the server's message.
  await page.goto(`/search?q=${word}+${uniqueWord('zzz')}`);
  await expect(page.getByText('Try removing a word, or check the spelling.')).toBeVisible();
  await page.goto('/search?q=%21%21%21');
  await expect(page.getByRole('alert')).toHaveText('Type a word to search for.');
  await page.goto('/search');
  await expect(page.getByText('Search for discussions, comments, blogs, communities and people')).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search for' })).toBeFocused();
  await expectAccessible(page, 'search page, empty');
});

test('on a phone the search button opens the search page; the page in Spanish', async ({ page, login }) => {
  const word = uniqueWord('medlar');
  const owner = await login({ newContext: true });
  const group = await createGroupViaApi(owner);
  const postId = await postViaApi(owner, group, `Picking ${word} after the first frost`);
  await commentViaApi(owner, group, postId, `Bletted ${word} taste of dates`);
  await page.setViewportSize({ width: 390, height: 844 });
  await login();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Your feed' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: /^Notifications/ })).toBeVisible();
  await expect(page.getByRole('banner').locator('[data-search-shortcut]')).toBeHidden();
  await expectNoHorizontalOverflow(page);
  await snapView(page, 'search-nav-mobile');
  await page.getByRole('banner').getByRole('link', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/search$/);
  const field = page.getByRole('searchbox', { name: 'Search for' });
  await expect(field).toBeFocused();
  await field.fill(word);
  await field.press('Enter');
  await expect(page.getByRole('region', { name: 'Comments' }).locator('mark', { hasText: word })).toHaveCount(1);
  await expectNoHorizontalOverflow(page);
  await snap(page, 'search-results-mobile');

  await page.evaluate(() => localStorage.setItem('locale', 'es'));
  await page.reload();
  await expect(page.getByRole('region', { name: 'Conversaciones' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Todo', exact: true })).toHaveAttribute('aria-current', 'page');
  await expectNoHorizontalOverflow(page);
  await snap(page, 'search-results-mobile-es');
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/search');
  await expect(page.getByText('Busca conversaciones, comentarios, blogs, comunidades y personas')).toBeVisible();
  await snap(page, 'search-empty-desktop-es');
  await page.evaluate(() => localStorage.setItem('locale', 'en'));
});
