import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { json, makeProfile, mockFetch, renderApp, signIn } from '@/test/render-app';

describe('Page Not Found', () => {
  it('shows the 404 page for an unknown path, and Go Back returns to the previous page', async () => {
    const { user, router } = renderApp(['/suggested', '/no/such/page']);
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(router.state.location.pathname).toBe('/suggested');
    expect(await screen.findByRole('heading', { name: 'Build. Grow. Connect.' })).toBeInTheDocument();
  });

  it('Return Home goes to /', async () => {
    const { user, router } = renderApp('/whatever');
    await user.click(screen.getByRole('link', { name: 'Return Home' }));
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('visitor navigation', () => {
  it('links Explore to / and highlights it on / and /suggested (SPEC §2)', async () => {
    const { router } = renderApp('/');
    const explore = within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Explore' });
    expect(explore).toHaveAttribute('href', '/');
    expect(explore).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('heading', { name: 'Build. Grow. Connect.' })).toBeInTheDocument();
    await act(() => router.navigate('/suggested'));
    expect(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Explore' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await act(() => router.navigate('/nowhere'));
    expect(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Explore' })).not.toHaveAttribute(
      'aria-current',
    );
  });

  it('shows Explore (highlighted on /suggested) and Sign in, and the suggested view on /', async () => {
    mockFetch((url) => json(200, url.includes('discussions') ? { discussions: [], nextCursor: null } : { groups: [], nextCursor: null }));
    const { router } = renderApp('/suggested');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Explore' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).queryByRole('link', { name: 'Your feed' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/login?redirect=%2Fsuggested',
    );
    expect(await screen.findByText('No suggested communities available..', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(await screen.findByText('No discussion to show right now..')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/suggested');
  });

  it('redirects /create to /login', async () => {
    const { router } = renderApp('/create');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('signed-in shell', () => {
  it('shows the feed frame, the side panel, and the empty notifications panel, calling only the profile, community, feed, friends and notification lists', async () => {
    signIn();
    const { calls } = mockFetch((url) => {
      if (url.startsWith('/notifications')) return json(200, { notifications: [], unreadCount: 0, nextCursor: null });
      if (url.startsWith('/friends/')) return json(200, { friends: [], total: 0, nextCursor: null });
      if (url.startsWith('/groups/joined/discussions')) return json(200, { discussions: [], nextCursor: null });
      if (url.startsWith('/groups/joined/blogs')) return json(200, { blogs: [], nextCursor: null });
      if (url.startsWith('/groups/')) return json(200, { groups: [], nextCursor: null });
      return json(200, makeProfile({ bio: 'Counting engines' }));
    });
    const { user } = renderApp('/');
    expect(screen.getByRole('heading', { name: 'Your feed' })).toBeInTheDocument();
    // SPEC §7: the first name from the own profile, not the username.
    expect(await screen.findByText('Welcome back, Ada')).toBeInTheDocument();
    expect(screen.queryByText('Welcome, Ada')).not.toBeInTheDocument();
    expect(screen.getByText("You haven't joined any community yet")).toBeInTheDocument();
    expect(await screen.findByText('No discussion to show right now..')).toBeInTheDocument();
    const side = screen.getByRole('complementary', { name: 'Side panel' });
    expect(await within(side).findByText('Counting engines')).toBeInTheDocument();

    const bell = screen.getByRole('button', { name: 'Notifications' });
    await user.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(panel).getByText('No notifications yet')).toBeInTheDocument();
    expect(within(panel).getByText("When you get notifications, they'll appear here")).toBeInTheDocument();
    // Escape closes it and gives focus back to the bell, not to <body>.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument());
    expect(bell).toHaveFocus();
    // The navigation strip loads the owned and joined communities, the feed its discussions and blogs, the bell its
    // count, the side panel the friends.
    // The blog strip is lazy: it may not have asked yet, and asks nothing else.
    const asked = new Set(calls.map((c) => c.url));
    asked.delete('/groups/joined/blogs?limit=10');
    expect(asked).toEqual(
      new Set([
        '/users/profile',
        '/groups/mine?limit=100',
        '/groups/joined?limit=100',
        '/groups/joined/discussions',
        '/notifications?limit=1',
        '/notifications',
        '/friends/7/friends?limit=50',
        // The email banner asks whether the address is confirmed (issue 14 §2).
        '/api/account',
      ]),
    );
  });

  it('welcomes a brand-new account ("Welcome, Ada") on its first feed, and welcomes it back afterwards', async () => {
    signIn();
    localStorage.setItem('newAccount', 'ada');
    const answer = (url: string) => {
      if (url.startsWith('/notifications')) return json(200, { notifications: [], unreadCount: 0, nextCursor: null });
      if (url.startsWith('/friends/')) return json(200, { friends: [], total: 0, nextCursor: null });
      if (url.startsWith('/groups/joined/discussions')) return json(200, { discussions: [], nextCursor: null });
      if (url.startsWith('/groups/joined/blogs')) return json(200, { blogs: [], nextCursor: null });
      if (url.startsWith('/groups/')) return json(200, { groups: [], nextCursor: null });
      return json(200, makeProfile());
    };
    mockFetch(answer);
    const first = renderApp('/');
    expect(await screen.findByText('Welcome, Ada')).toBeInTheDocument();
    first.unmount();
    renderApp('/');
    expect(await screen.findByText('Welcome back, Ada')).toBeInTheDocument();
  });

  it('shows the create page heading to a signed-in user', () => {
    signIn();
    mockFetch(() => json(200, makeProfile()));
    renderApp('/create');
    expect(screen.getByRole('heading', { name: 'Create a community' })).toBeInTheDocument();
  });

  it('logs out even when the server call fails, clearing the session', async () => {
    signIn();
    localStorage.setItem('hideAuthBanner', 'true');
    mockFetch((url) => (url === '/auth/logout' ? Promise.reject(new TypeError('offline')) : json(200, makeProfile())));
    const { user, router } = renderApp('/');
    const side = screen.getByRole('complementary', { name: 'Side panel' });
    await user.click(within(side).getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    for (const key of ['token', 'authToken', 'userId', 'username']) expect(localStorage.getItem(key)).toBeNull();
    expect(localStorage.getItem('hideAuthBanner')).toBe('true');
  });

  it('follows a sign-out made in another tab', async () => {
    signIn();
    mockFetch(() => json(200, makeProfile()));
    renderApp('/');
    expect(screen.getByRole('heading', { name: 'Your feed' })).toBeInTheDocument();
    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(await screen.findByRole('heading', { name: 'Build. Grow. Connect.' })).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Sign in' })).toBeInTheDocument();
  });
});
