import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Outlet, useNavigate, useRoutes, type RouteObject } from 'react-router';
import { RouteBoundary } from './route-boundary';
import { AppScrollRestoration } from './scroll-restoration';

// The app runs on the declarative router (app.tsx); these are its copies of the data router's scroll restoration
// and route error boundaries, checked in the declarative router the app uses.

const navigation: { to: ReturnType<typeof useNavigate> | null } = { to: null };

function Shell() {
  const navigate = useNavigate();
  useEffect(() => {
    navigation.to = navigate;
  }, [navigate]);
  return (
    <>
      <AppScrollRestoration />
      <Link to="/other">Other page</Link>
      <RouteBoundary>
        <Outlet />
      </RouteBoundary>
    </>
  );
}

function Broken(): never {
  throw new Error('page broke');
}

const routes: RouteObject[] = [
  {
    element: <Shell />,
    children: [
      { path: '/', element: <p>The first page</p> },
      { path: '/other', element: <p>The other page</p> },
      { path: '/broken', element: <Broken /> },
    ],
  },
];

function Routes() {
  return useRoutes(routes);
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes />
    </MemoryRouter>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  navigation.to = null;
  sessionStorage.clear();
});

describe('scroll restoration', () => {
  it('starts a new page at the top, keeps the place when only the query string changes, and returns to it on Back', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    renderAt('/');
    scrollTo.mockClear();
    // The visitor scrolled down the first page.
    Object.defineProperty(window, 'scrollY', { value: 640, configurable: true });
    window.dispatchEvent(new Event('scroll'));

    // A panel opens (?post=…): the page stays where it is.
    await act(() => navigation.to!('/?post=1-2'));
    expect(scrollTo).not.toHaveBeenCalled();

    // Another page starts at the top.
    await act(() => navigation.to!('/other'));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
    window.dispatchEvent(new Event('scroll'));

    // Back: where the page was.
    await act(() => navigation.to!(-1));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640);
  });

  it('keeps the positions for a reload when the page is hidden', () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    renderAt('/');
    Object.defineProperty(window, 'scrollY', { value: 300, configurable: true });
    window.dispatchEvent(new Event('pagehide'));
    expect(Object.values(JSON.parse(sessionStorage.getItem('react-router-scroll-positions') ?? '{}'))).toContain(300);
  });
});

describe('route error boundary', () => {
  it('shows the error page in place of a page that failed, and the next navigation clears it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    renderAt('/broken');
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Other page' }));
    expect(await screen.findByText('The other page')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).not.toBeInTheDocument();
  });
});
