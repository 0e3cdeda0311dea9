import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { json, renderApp, signIn } from '@/test/render-app';
import { serve } from '@/test/serve';
import { clearRecentSearches, readRecentSearches, rememberSearch, RECENT_MAX } from './recent';
import { emptyResponse } from './test-data';
import { suggestionsFor } from './nav-search-combobox';
import { FIELD_MAX } from './nav-field';
import { SEARCH_LIMITS } from '@agora/contract';

/** What a first load draws as the field (a button), which the combobox replaces on focus. */
const plainField = () => screen.findByRole('button', { name: 'Search Agora' }, { timeout: 5000 });
const combobox = () => screen.getByRole('combobox', { name: 'Search' });

beforeEach(() => {
  signIn();
  clearRecentSearches();
});

it('the fields’ length limit is the contract’s', () => expect(FIELD_MAX).toBe(SEARCH_LIMITS.queryMax));

describe('recent searches (localStorage)', () => {
  it('keeps the newest first, each once (case and spaces aside), at most 10', () => {
    for (let i = 1; i <= 12; i++) rememberSearch(`word ${i}`);
    rememberSearch('  WORD   5 ');
    const list = readRecentSearches();
    expect(list).toHaveLength(RECENT_MAX);
    expect(list[0]).toBe('WORD   5');
    expect(list.filter((r) => r.toLowerCase().replace(/\s+/g, ' ') === 'word 5')).toHaveLength(1);
    expect(list).not.toContain('word 1');
    clearRecentSearches();
    expect(readRecentSearches()).toEqual([]);
  });

  it('suggests the recent searches that contain what is typed', () => {
    expect(suggestionsFor('to', ['tomatoes', 'basil', 'potatoes'])).toEqual(['tomatoes', 'potatoes']);
    expect(suggestionsFor('', ['a', 'b'])).toEqual(['a', 'b']);
  });
});

describe('the navigation bar’s search field', () => {
  it('"/" focuses it, except while typing in a field', async () => {
    serve({});
    const { user } = renderApp('/');
    const plain = await plainField();
    expect(plain).not.toHaveFocus();
    await user.keyboard('/');
    // The plain field of a first load hands over to the combobox, focus included.
    const input = await screen.findByRole('combobox', { name: 'Search' });
    await waitFor(() => expect(input).toHaveFocus());
    expect(input).toHaveValue('');
    // Typing "/" in a field types it.
    input.blur();
    const other = document.createElement('textarea');
    document.body.append(other);
    other.focus();
    await user.keyboard('/');
    expect(other).toHaveFocus();
    expect(other).toHaveValue('/');
    other.remove();
  });

  it('Enter opens /search?q= with what is typed and remembers it', async () => {
    serve({ 'GET /api/search': () => json(200, emptyResponse()) });
    const { user, router } = renderApp('/');
    await user.click(await plainField());
    await user.type(combobox(), 'balcony tomatoes{Enter}');
    expect(router.state.location.pathname).toBe('/search');
    expect(router.state.location.search).toBe('?q=balcony+tomatoes');
    expect(readRecentSearches()).toEqual(['balcony tomatoes']);
    expect(screen.getByRole('searchbox', { name: 'Search for' })).toHaveValue('balcony tomatoes');
  });

  it('lists recent searches: arrows move through them, Enter searches the chosen one, Escape closes the list', async () => {
    rememberSearch('basil');
    rememberSearch('tomatoes');
    serve({ 'GET /api/search': () => json(200, emptyResponse()) });
    const { user, router } = renderApp('/');
    await user.click(await plainField());
    const input = combobox();
    await waitFor(() => expect(input).toHaveFocus());
    expect(input).toHaveAttribute('aria-expanded', 'true');
    const list = screen.getByRole('listbox', { name: 'Recent searches' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['tomatoes', 'basil']);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const basil = within(list).getByRole('option', { name: 'basil' });
    expect(basil).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', basil.id);
    await user.keyboard('{ArrowUp}');
    expect(within(list).getByRole('option', { name: 'tomatoes' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(router.state.location.search).toBe('?q=basil');
    expect(readRecentSearches()).toEqual(['basil', 'tomatoes']);
  });

  it('narrows the list to what is typed, and clears it on request', async () => {
    rememberSearch('basil');
    rememberSearch('tomatoes');
    rememberSearch('potatoes');
    serve({});
    const { user } = renderApp('/');
    await user.click(await plainField());
    const input = combobox();
    await user.type(input, 'toes');
    const list = screen.getByRole('listbox', { name: 'Recent searches' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['potatoes', 'tomatoes']);
    await user.click(screen.getByRole('button', { name: 'Clear recent searches' }));
    expect(readRecentSearches()).toEqual([]);
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveFocus();
  });

  it('a click on a suggestion searches it', async () => {
    rememberSearch('basil');
    serve({ 'GET /api/search': () => json(200, emptyResponse()) });
    const { user, router } = renderApp('/');
    await user.click(await plainField());
    await user.click(screen.getByRole('option', { name: 'basil' }));
    expect(router.state.location.search).toBe('?q=basil');
  });

  it('is a link to the search page on narrow screens too', async () => {
    serve({});
    renderApp('/');
    await plainField();
    expect(screen.getByRole('link', { name: 'Search' })).toHaveAttribute('href', '/search');
  });

  it('Escape with the list closed empties the field', async () => {
    serve({});
    const { user } = renderApp('/');
    await user.click(await plainField());
    const input = combobox();
    await user.type(input, 'abc');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input).toHaveValue('');
  });
});
