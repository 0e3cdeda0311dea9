import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { json, makeProfile, mockFetch, renderApp, signIn, TEST_SESSION } from '@/test/render-app';
import { stripGroups } from './nav-strip';
import { list, makeGroup, membership } from './test-data';
import { groupsPanel } from './use-groups-panel';

vi.setConfig({ testTimeout: 30_000 });
// Waiting is not asserting speed: a busy machine may take longer than the default second to render.
configure({ asyncUtilTimeout: 5_000 });
afterEach(() => {
  toast.dismiss();
  groupsPanel.close();
});

const owned = makeGroup({
  id: 1,
  slug: 'mine-one',
  group_name: 'Mine One',
  owner_id: TEST_SESSION.userId,
  is_owner: true,
  is_member: true,
});
const joinedA = makeGroup({ id: 2, slug: 'joined-a', group_name: 'Joined A', is_member: true, group_verified: 1 });
const joinedB = makeGroup({ id: 3, slug: 'joined-b', group_name: 'Joined B', is_member: true });
const other = makeGroup({ id: 4, slug: 'other', group_name: 'Other Place' });

describe('stripGroups', () => {
  it('puts owned communities first, then joined ones not owned, each once', () => {
    expect(stripGroups([owned], [joinedA, owned, joinedB], TEST_SESSION.userId).map((g) => g.id)).toEqual([1, 2, 3]);
  });
});

function serveLists(overrides: Record<string, () => Response | Promise<Response>> = {}) {
  return mockFetch((url, init) => {
    const key = `${init.method ?? 'GET'} ${url}`;
    if (overrides[key]) return overrides[key]();
    if (url.startsWith('/groups/mine')) return json(200, list([owned]));
    if (url.startsWith('/groups/joined')) return json(200, list([owned, joinedA, joinedB]));
    if (url.startsWith('/groups/suggested')) return json(200, list([other]));
    if (url === '/groups?limit=10') return json(200, list([other, joinedA]));
    if (url.startsWith('/groups?search=zz')) return json(200, list([]));
    return json(200, makeProfile());
  });
}

describe('navigation strip', () => {
  it('shows 6 placeholders while loading, then owned and joined communities with the current one highlighted', async () => {
    signIn();
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    mockFetch(async (url) => {
      if (url.startsWith('/groups/')) await gate;
      if (url.startsWith('/groups/mine')) return json(200, list([owned]));
      if (url.startsWith('/groups/joined')) return json(200, list([owned, joinedA]));
      if (url === '/groups/joined-a') return json(404, { message: 'x', code: 'group_not_found' });
      return json(200, makeProfile());
    });
    renderApp('/group/joined-a');
    const strip = screen.getByRole('group', { name: 'Your communities' });
    expect(within(strip).getAllByTestId('strip-skeleton')).toHaveLength(6);
    await act(async () => release());
    const links = await within(strip).findAllByRole('link');
    expect(links.map((l) => l.getAttribute('aria-label'))).toEqual(['Mine One', 'Joined A (Verified)']);
    expect(links[1]).toHaveAttribute('aria-current', 'page');
    expect(links[1]).toHaveAttribute('href', '/group/joined-a');
    expect(links[0]).not.toHaveAttribute('aria-current');
  });

  it('shows scroll arrows when more than 10 px is hidden, and scrolls 500 px per click', async () => {
    signIn();
    serveLists();
    const { user } = renderApp('/');
    const strip = screen.getByRole('group', { name: 'Your communities' });
    await within(strip).findAllByRole('link');
    const scroller = strip.querySelector('ul')!;
    Object.defineProperty(scroller, 'clientWidth', { configurable: true, value: 300 });
    Object.defineProperty(scroller, 'scrollWidth', { configurable: true, value: 1200 });
    const scrollBy = vi.fn();
    scroller.scrollBy = scrollBy as typeof scroller.scrollBy;
    act(() => {
      scroller.scrollLeft = 0;
      scroller.dispatchEvent(new Event('scroll'));
    });
    expect(within(strip).queryByRole('button', { name: 'Scroll communities left' })).not.toBeInTheDocument();
    await user.click(within(strip).getByRole('button', { name: 'Scroll communities right' }));
    expect(scrollBy).toHaveBeenCalledWith({ left: 500, behavior: 'smooth' });
    act(() => {
      scroller.scrollLeft = 895;
      scroller.dispatchEvent(new Event('scroll'));
    });
    expect(within(strip).queryByRole('button', { name: 'Scroll communities right' })).not.toBeInTheDocument();
    await user.click(within(strip).getByRole('button', { name: 'Scroll communities left' }));
    expect(scrollBy).toHaveBeenLastCalledWith({ left: -500, behavior: 'smooth' });
  });

  it('opens the side panel on the Search tab from the find button', async () => {
    signIn();
    serveLists();
    const { user } = renderApp('/');
    await user.click(screen.getByRole('button', { name: 'Find communities' }));
    const panel = await screen.findByRole('dialog', { name: 'Communities' });
    expect(within(panel).getByRole('tab', { name: 'Search' })).toHaveAttribute('aria-selected', 'true');
    expect(await within(panel).findByText('Find new communities')).toBeInTheDocument();
  });
});

describe('communities side panel', () => {
  it('opens from the logo on Joined, lists Created with the Manage tooltip, and Escape returns focus to the logo', async () => {
    signIn();
    serveLists();
    const { user } = renderApp('/');
    // Its name starts with the wordmark it shows (WCAG 2.5.3 label in name: "click Agora").
    const logo = screen.getByRole('button', { name: 'Agora communities' });
    expect(logo).toHaveTextContent('Agora');
    await user.click(logo);
    const panel = await screen.findByRole('dialog', { name: 'Communities' });
    expect(within(panel).getByRole('tab', { name: 'Joined' })).toHaveAttribute('aria-selected', 'true');
    expect(within(panel).getByText('Joined Communities')).toBeInTheDocument();
    expect(await within(panel).findByRole('link', { name: /Joined A/ })).toHaveAttribute('href', '/group/joined-a');
    expect(within(panel).getByRole('button', { name: 'Leave Joined A' })).toBeInTheDocument();
    // The owner's own community has no Join or Leave.
    expect(within(panel).queryByRole('button', { name: /Mine One/ })).not.toBeInTheDocument();

    await user.click(within(panel).getByRole('tab', { name: 'Created' }));
    expect(within(panel).getByText('My Communities')).toBeInTheDocument();
    const mineLink = await within(panel).findByRole('link', { name: /Mine One/ });
    await user.hover(mineLink);
    expect(await screen.findAllByText('Manage')).not.toHaveLength(0);
    // The first Escape closes the tooltip (the topmost layer), the second the panel.
    await user.keyboard('{Escape}');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Communities' })).not.toBeInTheDocument());
    expect(logo).toHaveFocus();
  });

  it('follows two arrow keys pressed in quick succession in its tabs (the second is not lost)', async () => {
    signIn();
    serveLists();
    const { user } = renderApp('/');
    await user.click(screen.getByRole('button', { name: 'Agora communities' }));
    const panel = await screen.findByRole('dialog', { name: 'Communities' });
    const joined = within(panel).getByRole('tab', { name: 'Joined' });
    act(() => joined.focus());
    // Both keys before anything else runs (no pause between them, as on a busy machine).
    await user.keyboard('{ArrowRight}{ArrowRight}');
    await waitFor(() => expect(within(panel).getByRole('tab', { name: 'Search' })).toHaveAttribute('aria-selected', 'true'));
    expect(within(panel).getByRole('tab', { name: 'Search' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    await waitFor(() => expect(within(panel).getByRole('tab', { name: 'Search' })).toHaveAttribute('aria-selected', 'true'));
    await user.keyboard('{Home}');
    await waitFor(() => expect(joined).toHaveAttribute('aria-selected', 'true'));
  });

  it('asks before leaving from a row ("Leave Joined A?"); Cancel keeps the membership', async () => {
    signIn();
    const { calls } = serveLists({ 'POST /api/groups/2/leave': () => json(200, membership({ isMember: false, status: 'none' })) });
    const { user } = renderApp('/');
    await user.click(screen.getByRole('button', { name: 'Agora communities' }));
    const panel = await screen.findByRole('dialog', { name: 'Communities' });
    const leave = await within(panel).findByRole('button', { name: 'Leave Joined A' });
    await user.click(leave);
    let confirm = await screen.findByRole('alertdialog', { name: 'Leave Joined A?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.click(leave);
    confirm = await screen.findByRole('alertdialog', { name: 'Leave Joined A?' });
    await user.click(within(confirm).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/groups/2/leave']));
  });

  it('searches: first 10 without a query, server search after a pause, "No matching groups found"; join per row', async () => {
    signIn();
    const { calls } = serveLists({ 'POST /api/groups/4/join': () => json(200, membership()) });
    const { user } = renderApp('/');
    await user.click(screen.getByRole('button', { name: 'Agora communities' }));
    const panel = await screen.findByRole('dialog', { name: 'Communities' });
    await user.click(within(panel).getByRole('tab', { name: 'Search' }));
    expect(await within(panel).findByRole('link', { name: /Other Place/ })).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/groups?limit=10')).toBe(true);

    await user.click(within(panel).getByRole('button', { name: 'Join Other Place' }));
    expect(await screen.findByText('You have successfully joined the community!')).toBeInTheDocument();

    await user.type(within(panel).getByRole('searchbox', { name: 'Find new communities' }), 'zz');
    expect(await within(panel).findByText('No matching groups found')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith('/groups?search=')).map((c) => c.url)).toEqual(['/groups?search=zz']);
  });

  it('shows the empty texts', async () => {
    signIn();
    mockFetch((url) => (url.startsWith('/groups/') ? json(200, list([])) : json(200, makeProfile())));
    const { user } = renderApp('/');
    await user.click(screen.getByRole('button', { name: 'Agora communities' }));
    const panel = await screen.findByRole('dialog', { name: 'Communities' });
    expect(await within(panel).findByText('No joined groups found')).toBeInTheDocument();
    await user.click(within(panel).getByRole('tab', { name: 'Created' }));
    expect(await within(panel).findByText("You haven't created any communities yet")).toBeInTheDocument();
  });

  it('"Create a community" closes the panel and goes to /create', async () => {
    signIn();
    serveLists();
    const { user, router } = renderApp('/');
    await user.click(screen.getByRole('button', { name: 'Agora communities' }));
    const panel = await screen.findByRole('dialog', { name: 'Communities' });
    await user.click(within(panel).getByRole('button', { name: 'Create a community' }));
    expect(router.state.location.pathname).toBe('/create');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Communities' })).not.toBeInTheDocument());
  });

  it('is a link home for visitors', () => {
    mockFetch(() => json(200, list([])));
    renderApp('/suggested');
    expect(screen.getByRole('link', { name: 'Agora home' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Agora communities' })).not.toBeInTheDocument();
  });
});

describe('Explore', () => {
  it('shows 10 placeholders, then the suggested communities, and a create button for signed-in people', async () => {
    signIn();
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    mockFetch(async (url) => {
      if (url.startsWith('/groups/suggested')) {
        await gate;
        return json(200, list([other]));
      }
      return url.startsWith('/groups/') ? json(200, list([])) : json(200, makeProfile());
    });
    renderApp('/suggested');
    expect(screen.getAllByTestId('suggested-skeleton')).toHaveLength(10);
    expect(screen.getByRole('link', { name: 'Create a community' })).toHaveAttribute('href', '/create');
    await act(async () => release());
    const row = await screen.findByRole('list', { name: 'Suggested communities' });
    expect(within(row).getByRole('link', { name: /Other Place/ })).toHaveAttribute('href', '/group/other');
    expect(within(row).getByRole('button', { name: 'Join Other Place' })).toBeInTheDocument();
  });

  it('shows the right scroll arrow from the first paint when the suggested row overflows, and scrolls 500 px', async () => {
    // Every list is 300 px wide showing 1,200 px: the row overflows as soon as it is laid out, before any scroll.
    const client = vi.spyOn(HTMLUListElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
    const scroll = vi.spyOn(HTMLUListElement.prototype, 'scrollWidth', 'get').mockReturnValue(1200);
    try {
      mockFetch((url) => (url.startsWith('/groups/suggested') ? json(200, list([other, joinedA, joinedB])) : json(200, list([]))));
      const { user } = renderApp('/suggested');
      const row = await screen.findByRole('list', { name: 'Suggested communities' });
      const right = await screen.findByRole('button', { name: 'Scroll suggested communities right' });
      expect(screen.queryByRole('button', { name: 'Scroll suggested communities left' })).not.toBeInTheDocument();
      const scrollBy = vi.fn();
      row.scrollBy = scrollBy as typeof row.scrollBy;
      await user.click(right);
      expect(scrollBy).toHaveBeenCalledWith({ left: 500, behavior: 'smooth' });
    } finally {
      client.mockRestore();
      scroll.mockRestore();
    }
  });

  it('gives a visitor a JOIN that goes to sign in', async () => {
    mockFetch((url) => (url.startsWith('/groups/suggested') ? json(200, list([other])) : json(200, list([]))));
    renderApp('/suggested');
    const row = await screen.findByRole('list', { name: 'Suggested communities' });
    expect(within(row).getByRole('link', { name: 'Join Other Place' })).toHaveAttribute('href', '/login?redirect=%2Fsuggested');
  });

  it('says "No suggested communities available.." when there are none', async () => {
    mockFetch((url) => json(200, url.includes('discussions') ? { discussions: [], nextCursor: null } : { groups: [], nextCursor: null }));
    renderApp('/');
    expect(await screen.findByText('No suggested communities available..', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create a community' })).not.toBeInTheDocument();
  });

  it('says the list failed, with Try again, when it fails (issue 12 §2.4: not the empty text)', async () => {
    mockFetch(() => json(500, {}));
    renderApp('/');
    expect(await screen.findByText("Communities couldn't be loaded.", {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.queryByText('No suggested communities available..')).not.toBeInTheDocument();
  });
});

describe('profile Communities tab', () => {
  it('lists created and joined communities with counts, and the empty texts for another user', async () => {
    signIn();
    mockFetch((url) => {
      if (url.split('?')[0] === '/groups/mine') return json(200, list([owned]));
      if (url.split('?')[0] === '/groups/joined') return json(200, list([owned, joinedA]));
      if (url.startsWith('/groups/mine/12') || url.startsWith('/groups/joined/12')) return json(200, list([]));
      if (url === '/users/12') return json(200, makeProfile({ id: 12, username: 'grace' }));
      if (url.startsWith('/groups/')) return json(200, list([]));
      if (url.startsWith('/friends/status/check')) return json(200, { status: 'not_friends' });
      return json(200, makeProfile());
    });
    const { user, unmount } = renderApp('/?profile=me');
    const panel = await screen.findByRole('dialog', { name: 'Profile' });
    await user.click(await within(panel).findByRole('tab', { name: 'Communities' }));
    const created = await within(panel).findByText('Created communities');
    expect(created).toHaveTextContent('Created communities1');
    expect(within(panel).getByText('Joined communities')).toHaveTextContent('Joined communities1');
    expect(within(panel).getByRole('link', { name: /Mine One/ })).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: /Joined A/ })).toBeInTheDocument();
    unmount();

    const other = renderApp('/?profile=12');
    const otherPanel = await screen.findByRole('dialog', { name: 'Profile' });
    await other.user.click(await within(otherPanel).findByRole('tab', { name: 'Communities' }));
    expect(await within(otherPanel).findByText('No created communities found.')).toBeInTheDocument();
    expect(await within(otherPanel).findByText('No communities found.')).toBeInTheDocument();
  });
});
