import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from './api-client';
import { FIRST_REQUEST_MAX_AGE_MS } from './first-requests';
import { clearSession, saveSession } from './storage';

// public/first-requests.js as index.html runs it, before the app (issue 12 §5).
const script = readFileSync(path.resolve(__dirname, '../../public/first-requests.js'), 'utf8');

function runBootstrap(pathname: string) {
  window.history.replaceState(null, '', pathname);
  new Function(script)();
}

function stubFetch() {
  const fn = vi.fn(
    async (input: RequestInfo | URL, _init?: RequestInit) => new Response(JSON.stringify({ path: String(input) }), { status: 200 }),
  );
  vi.stubGlobal('fetch', fn);
  return fn;
}

const paths = (fn: ReturnType<typeof stubFetch>) => fn.mock.calls.map((call) => String(call[0]));

describe('first requests (started by index.html before the app runs)', () => {
  beforeEach(() => clearSession());
  afterEach(() => {
    vi.useRealTimers();
    delete window.__agoraFirstRequests;
    window.history.replaceState(null, '', '/');
  });

  it("a visitor's / asks for Explore's communities and discussions once: the app takes the answers instead of asking again", async () => {
    const fetchMock = stubFetch();
    runBootstrap('/');
    expect(paths(fetchMock)).toEqual(['/groups/suggested?limit=10', '/groups/suggested/discussions']);
    await expect(api.get('/groups/suggested/discussions')).resolves.toEqual({ path: '/groups/suggested/discussions' });
    await expect(api.get('/groups/suggested?limit=10')).resolves.toEqual({ path: '/groups/suggested?limit=10' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    // Taken once: a later refetch goes to the server.
    await api.get('/groups/suggested/discussions');
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('a signed-in / starts the home feed with the token; an answer for another token is not used', async () => {
    saveSession({ token: 'abc', userId: 7, username: 'ada' });
    const fetchMock = stubFetch();
    runBootstrap('/');
    expect(paths(fetchMock)).toContain('/groups/joined/discussions');
    expect(fetchMock.mock.calls[0]![1]!.headers).toMatchObject({ Authorization: 'Bearer abc' });
    saveSession({ token: 'other', userId: 8, username: 'bob' });
    await api.get('/groups/joined/discussions');
    expect(paths(fetchMock).filter((p) => p === '/groups/joined/discussions')).toHaveLength(2);
  });

  it('a post link starts the community, the post, its comments and the feed behind it', () => {
    const fetchMock = stubFetch();
    runBootstrap('/groups/12/discussions/34');
    expect(paths(fetchMock)).toEqual([
      '/groups/12',
      '/groups/12/discussions/34',
      '/groups/12/discussions/34/comments?order=oldest',
      '/api/groups/12/discussions',
    ]);
  });

  it("a profile link starts the person and the viewer's friend status together; a community page its detail and feed", async () => {
    saveSession({ token: 'abc', userId: 7, username: 'ada' });
    const fetchMock = stubFetch();
    runBootstrap('/suggested?profile=42');
    expect(paths(fetchMock)).toEqual(['/users/42', '/friends/status/check?user1=7&user2=42']);
    fetchMock.mockClear();
    fetchMock.mockImplementation(async () => new Response(JSON.stringify({ group: { id: 5 } }), { status: 200 }));
    runBootstrap('/group/walkers/discussions');
    await vi.waitFor(() => expect(paths(fetchMock)).toEqual(['/groups/walkers', '/api/groups/5/discussions']));
  });

  it('an answer older than the limit is left alone, and other pages start nothing', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const fetchMock = stubFetch();
    runBootstrap('/');
    vi.setSystemTime(Date.now() + FIRST_REQUEST_MAX_AGE_MS + 1);
    await api.get('/groups/suggested/discussions');
    expect(fetchMock).toHaveBeenCalledTimes(3);
    fetchMock.mockClear();
    runBootstrap('/login');
    expect(fetchMock).not.toHaveBeenCalled();
  });
  it("preloads the first screen's largest picture once the answer naming it arrives (a visitor's / and a community page)", async () => {
    const bodies: Record<string, unknown> = {
      '/groups/suggested?limit=10': {
        groups: [
          { id: 1, group_banner: '/uploads/groupbanner/first.jpg' },
          { id: 2, group_banner: '/uploads/groupbanner/second.jpg' },
        ],
      },
      '/groups/cozy': { group: { id: 4, group_banner: '/uploads/groupbanner/cozy.jpg' } },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => new Response(JSON.stringify(bodies[String(input)] ?? {}), { status: 200 })),
    );
    const preloads = () => [...document.head.querySelectorAll('link[rel="preload"][as="image"]')].map((l) => l.getAttribute('href'));
    runBootstrap('/');
    await vi.waitFor(() => expect(preloads()).toEqual(['/uploads/groupbanner/first.jpg']));
    runBootstrap('/group/cozy/discussions');
    await vi.waitFor(() => expect(preloads()).toEqual(['/uploads/groupbanner/first.jpg', '/uploads/groupbanner/cozy.jpg']));
    // The app still gets the whole answer.
    await expect(api.get('/groups/cozy')).resolves.toEqual(bodies['/groups/cozy']);
    for (const link of document.head.querySelectorAll('link[rel="preload"]')) link.remove();
  });
});
