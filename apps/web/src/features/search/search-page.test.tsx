import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { SEARCH_MARK, SEARCH_MESSAGES } from '@agora/contract';
import { json, renderApp, signIn } from '@/test/render-app';
import { serve } from '@/test/serve';
import { makeDetail } from '@/features/groups/test-data';
import { blogHit, commentHit, communityHit, discussionHit, emptyResponse, personHit } from './test-data';
import { readRecentSearches } from './recent';

/** An IntersectionObserver the test drives: `show()` reports the observed element on screen. */
let observed: { callback: IntersectionObserverCallback } | null = null;
class TestObserver {
  constructor(public callback: IntersectionObserverCallback) {
    observed = { callback };
  }
  observe() {}
  disconnect() {}
}
const show = () => act(() => observed?.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));

const ALL = {
  ...emptyResponse(),
  discussions: [discussionHit(301, 'Who else grows [tomatoes] on a balcony?')],
  comments: [commentHit(701, 'Mine split when the [tomatoes] got too much rain'), commentHit(702, 'Cherry [tomatoes] are easier', 701)],
  blogs: [blogHit(5, 'A year of [tomatoes] and basil')],
  communities: [communityHit(12, 'Balcony Gardens', 'Herbs, [tomatoes] and small pots')],
  people: [personHit(40, 'tomatofan', '[tomato]fan')],
};

const params = (url: string) => new URL(url, 'http://x').searchParams;

beforeEach(() => {
  signIn();
  vi.stubGlobal('IntersectionObserver', TestObserver);
});
afterEach(() => {
  observed = null;
  vi.unstubAllGlobals();
});

describe('SearchPage (/search)', () => {
  it('welcomes an empty search with what it finds, asks the server nothing, and puts the cursor in the field', async () => {
    const { calls } = serve({});
    renderApp('/search');
    expect(
      await screen.findByText('Search for discussions, comments, blogs, communities and people', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search for' })).toHaveFocus();
    expect(calls.some((c) => c.url.startsWith('/api/search'))).toBe(false);
    expect(screen.getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows the first few of each kind on All, the matched words as <mark> elements and no marker characters', async () => {
    const { calls } = serve({ 'GET /api/search': () => json(200, ALL) });
    const { container } = renderApp('/search?q=tomatoes');
    const discussions = await screen.findByRole('region', { name: 'Discussions' }, { timeout: 5000 });
    for (const name of ['Comments', 'Blogs', 'Communities', 'People']) expect(screen.getByRole('region', { name })).toBeInTheDocument();
    const call = calls.find((c) => c.url.startsWith('/api/search'))!;
    expect(Object.fromEntries(params(call.url))).toEqual({ q: 'tomatoes', type: 'all' });
    const marks = within(discussions).getAllByText('tomatoes', { selector: 'mark' });
    expect(marks).toHaveLength(1);
    expect(within(discussions).getByRole('link', { name: /^Open the discussion by grace:/ })).toHaveTextContent(
      'Who else grows tomatoes on a balcony?',
    );
    expect(container.querySelectorAll('mark')).toHaveLength(6);
    expect(container.textContent).not.toContain(SEARCH_MARK.start);
    expect(container.textContent).not.toContain(SEARCH_MARK.end);
    expect(screen.getByText('tomato', { selector: 'mark' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Open the reply by mo:/ })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('6 results');
    expect(document.title).toBe('tomatoes · Search · Agora');
  });

  it('renders a passage that looks like HTML as text, never as markup', async () => {
    serve({
      'GET /api/search': () => json(200, { ...emptyResponse(), comments: [commentHit(701, '<img src=x onerror=alert(1)> [b]old<b>')] }),
    });
    const { container } = renderApp('/search?q=bold');
    const link = await screen.findByRole('link', { name: /^Open the comment by mo:/ }, { timeout: 5000 });
    expect(link).toHaveTextContent('<img src=x onerror=alert(1)> bold<b>');
    expect(container.querySelector('img[src="x"]')).toBeNull();
    expect(within(link).getByText('b', { selector: 'mark' })).toBeInTheDocument();
  });

  it('moves between kinds through tabs kept in the address; "See all" opens a kind', async () => {
    const { calls } = serve({
      'GET /api/search': (_b, url) =>
        json(200, params(url).get('type') === 'comments' ? { ...emptyResponse(), comments: ALL.comments } : ALL),
    });
    const { user, router } = renderApp('/search?q=tomatoes');
    await user.click(await screen.findByRole('link', { name: 'See all comments' }, { timeout: 5000 }));
    expect(router.state.location.search).toBe('?q=tomatoes&type=comments');
    expect(screen.getByRole('link', { name: 'Comments' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('link', { name: /^Open the reply by mo:/ })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Discussions' })).toBeNull();
    await user.click(screen.getByRole('link', { name: 'People' }));
    expect(router.state.location.search).toBe('?q=tomatoes&type=people');
    await waitFor(() => expect(calls.some((c) => params(c.url).get('type') === 'people')).toBe(true));
  });

  it('loads the next page of one kind as the end of the list comes into view (nextCursor), without a gap', async () => {
    const first = { ...emptyResponse(), comments: [commentHit(701, 'first [tomatoes]')], nextCursor: 'page-2' };
    const second = { ...emptyResponse(), comments: [commentHit(702, 'second [tomatoes]')], nextCursor: null };
    const { calls } = serve({ 'GET /api/search': (_b, url) => json(200, params(url).get('cursor') === 'page-2' ? second : first) });
    renderApp('/search?q=tomatoes&type=comments');
    expect(await screen.findByText('first', { exact: false }, { timeout: 5000 })).toBeInTheDocument();
    show();
    expect(await screen.findByText('second', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('first', { exact: false })).toBeInTheDocument();
    const searches = calls.filter((c) => c.url.startsWith('/api/search')).map((c) => Object.fromEntries(params(c.url)));
    expect(searches).toEqual([
      { q: 'tomatoes', type: 'comments' },
      { q: 'tomatoes', type: 'comments', cursor: 'page-2' },
    ]);
    expect(screen.queryByRole('button', { name: 'More results' })).toBeNull();
  });

  it('says nothing was found and suggests removing a word', async () => {
    serve({ 'GET /api/search': () => json(200, emptyResponse()) });
    renderApp('/search?q=zebra%20tomatoes');
    expect(await screen.findByText('Nothing found for “zebra tomatoes”', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Try removing a word, or check the spelling.')).toBeInTheDocument();
  });

  it('shows the server’s refusal as it says it', async () => {
    serve({ 'GET /api/search': () => json(400, { message: SEARCH_MESSAGES.emptyQuery, code: 'validation_error' }) });
    renderApp('/search?q=%22%22');
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('Type a word to search for.');
  });

  it('offers to try again when the search failed for another reason', async () => {
    let fail = true;
    serve({ 'GET /api/search': () => (fail ? json(500, { message: '', code: 'internal_error' }) : json(200, ALL)) });
    const { user } = renderApp('/search?q=tomatoes');
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 8000 });
    fail = false;
    await user.click(retry);
    expect(await screen.findByRole('region', { name: 'Discussions' })).toBeInTheDocument();
  });

  it('searches inside a community with a removable "In {community}" chip', async () => {
    const { calls } = serve({
      'GET /api/search': () => json(200, ALL),
      'GET /groups/night-owls': () => json(200, makeDetail()),
    });
    const { user, router } = renderApp('/search?q=tomatoes&group=night-owls');
    expect(await screen.findByText('In Night Owls', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(params(calls.find((c) => c.url.startsWith('/api/search'))!.url).get('group')).toBe('night-owls');
    await user.click(screen.getByRole('link', { name: 'Search everywhere, not only in Night Owls' }));
    expect(router.state.location.search).toBe('?q=tomatoes');
    expect(screen.queryByText('In Night Owls')).toBeNull();
  });

  it('searches what is typed in its field and remembers it', async () => {
    serve({ 'GET /api/search': () => json(200, ALL) });
    const { user, router } = renderApp('/search');
    const field = await screen.findByRole('searchbox', { name: 'Search for' }, { timeout: 5000 });
    await user.type(field, '  basil  {Enter}');
    expect(router.state.location.search).toBe('?q=basil');
    expect(readRecentSearches()[0]).toBe('basil');
  });

  it('opens a comment hit in the post panel at that comment, over the results', async () => {
    serve({ 'GET /api/search': () => json(200, ALL) });
    const { user, router } = renderApp('/search?q=tomatoes');
    await user.click(await screen.findByRole('link', { name: /^Open the reply by mo:/ }, { timeout: 5000 }));
    expect(router.state.location.pathname).toBe('/search');
    const next = router.state.location.search;
    expect(params(next).get('post')).toBe('12-301');
    expect(params(next).get('comment')).toBe('701-702');
    expect(params(next).get('q')).toBe('tomatoes');
  });
});
