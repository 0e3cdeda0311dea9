import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { Profile } from '@agora/contract';
import { Providers } from '@/app/providers';
import { routes } from '@/app/routes';
import { preloadAllLazyComponents } from '@/lib/lazy-component';
import { createQueryClient } from '@/lib/query-client';
import { saveSession, type Session } from '@/lib/storage';

// Pages, layouts and drawers are lazy in the app; fetched once here, they render synchronously in every test.
await preloadAllLazyComponents();

export const TEST_SESSION: Session = { token: 'test-token', userId: 7, username: 'ada' };

export function signIn(session: Session = TEST_SESSION): Session {
  saveSession(session);
  return session;
}

/** Renders the real route tree at `entries` (the last one is current). */
export function renderApp(entries: string[] | string = '/') {
  const initialEntries = Array.isArray(entries) ? entries : [entries];
  const router = createMemoryRouter(routes, { initialEntries, initialIndex: initialEntries.length - 1 });
  const queryClient = createQueryClient();
  // No pause between keystrokes: typing speed is not what these tests check, and a loaded machine is slow enough.
  const user = userEvent.setup({ delay: null });
  const utils = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...utils, router, queryClient, user };
}

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * The signed-in shell's background lists and the key each answer must carry: the home feed, its blog strip, the
 * bell and the friends panel load on every signed-in page.
 */
const BACKGROUND_LISTS: { test: RegExp; key: string; empty: unknown }[] = [
  { test: /^\/groups\/(joined|suggested)\/discussions(\?|$)/, key: 'discussions', empty: { discussions: [], nextCursor: null } },
  { test: /^\/groups\/joined\/blogs(\?|$)/, key: 'blogs', empty: { blogs: [], nextCursor: null } },
  { test: /^\/notifications(\?|$)/, key: 'notifications', empty: { notifications: [], unreadCount: 0, nextCursor: null } },
  { test: /^\/friends\/\d+\/friends(\?|$)/, key: 'friends', empty: { friends: [], total: 0, nextCursor: null } },
];

/**
 * A test about one screen answers its own calls and often ends with a catch-all (a profile, a community list).
 * When that catch-all answers one of the shell's background lists with a body of another shape, the list gets its
 * empty answer instead, so a test of the communities strip need not know that the feed or the bell exist. A
 * handler that answers a background list in its real shape (or with an error) is left alone.
 */
async function backgroundFallback(url: string, method: string, response: Response): Promise<Response> {
  const list = method === 'GET' ? BACKGROUND_LISTS.find((l) => l.test.test(url)) : undefined;
  if (!list || !response.ok) return response;
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  return body && typeof body === 'object' && list.key in body ? response : json(200, list.empty);
}

/** Replaces fetch; each call is answered by the handler and recorded. */
export function mockFetch(handler: Handler) {
  const calls: { url: string; method: string; body: unknown; headers: Record<string, string> }[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    calls.push({ url, method: init.method ?? 'GET', body, headers: (init.headers ?? {}) as Record<string, string> });
    return backgroundFallback(url, init.method ?? 'GET', await handler(url, init));
  });
  vi.stubGlobal('fetch', fn);
  return { fn, calls };
}

export function makeProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: TEST_SESSION.userId,
    username: TEST_SESSION.username,
    firstName: 'Ada',
    lastName: 'Lovelace',
    bio: '',
    about: '',
    birthday: null,
    userLink: '',
    profileImage: null,
    bannerImage: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}
