import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Discussion } from '@agora/contract';
import { json, mockFetch, renderApp, signIn } from '@/test/render-app';
import { ariaViolations } from '@/test/axe';
import { feedPage, makeComment, makeDiscussion, makeGroupDetail } from './test-data';

/** Issue 15 §3 on the post card: Remove asks a reason, Restore puts it back, the banner shows the reason. */

type Handler = (body: unknown) => Response | Promise<Response>;

function serve(posts: Discussion[], routes: Record<string, Handler> = {}) {
  return mockFetch((url, init) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    const handler = routes[`${method} ${url}`];
    if (handler) return handler(body);
    if (url === '/groups/night-owls' || url === '/groups/12') return json(200, makeGroupDetail({ is_member: true }));
    if (url === '/api/groups/12/discussions') return json(200, feedPage(posts));
    if (url.startsWith('/groups/joined') || url.startsWith('/groups/mine')) return json(200, { groups: [], nextCursor: null });
    if (url === '/users/profile') return json(200, { id: 7, username: 'ada', profileImage: null });
    return json(404, { message: `unexpected ${method} ${url}`, code: 'test' });
  });
}

async function showFeed(posts: Discussion[], routes: Record<string, Handler> = {}) {
  signIn();
  const api = serve(posts, routes);
  const app = renderApp('/group/night-owls/discussions');
  const card = await screen.findByRole('article', { name: `Post by ${posts[0]!.username}` });
  return { ...app, api, card };
}

const abilities = (remove: boolean, restore: boolean) => ({ edit: false, delete: false, pin: false, like: true, remove, restore });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('removal on the post card', () => {
  it('offers Remove and Restore only where the server says so', async () => {
    const { card } = await showFeed([makeDiscussion({ abilities: abilities(false, false) })]);
    expect(within(card).queryByRole('button', { name: /Remove post|Restore post/ })).not.toBeInTheDocument();
  });

  it('asks a reason before removing, refuses a blank one, then shows the banner and offers Restore', async () => {
    const { card, api, user } = await showFeed([makeDiscussion({ abilities: abilities(true, false) })], {
      'POST /api/groups/12/discussions/301/remove': (body) =>
        json(200, { message: 'Removed', removed: { reason: (body as { reason: string }).reason, at: '2026-11-26T10:00:00.000Z' } }),
      'POST /api/groups/12/discussions/301/restore': () => json(200, { message: 'Restored', removed: null }),
    });
    await user.click(within(card).getByRole('button', { name: 'Remove post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove with a reason' });
    expect(await ariaViolations(dialog)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByText('Give a reason for the removal')).toBeInTheDocument();
    expect(api.calls.some((c) => c.url.endsWith('/remove'))).toBe(false);
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Spam link');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.filter((c) => c.url.endsWith('/remove')).map((c) => c.body)).toEqual([{ reason: 'Spam link' }]);
    expect(within(card).getByRole('note')).toHaveTextContent('Removed by a moderator: Spam link');
    await user.click(within(card).getByRole('button', { name: 'Restore post' }));
    await waitFor(() => expect(within(card).queryByRole('note')).not.toBeInTheDocument());
    expect(within(card).getByRole('button', { name: 'Remove post' })).toBeInTheDocument();
  });

  it('shows the author the banner with the reason and no moderation buttons', async () => {
    const { card } = await showFeed([
      makeDiscussion({ abilities: abilities(false, false), removed: { reason: 'Off <b>topic</b>', at: '2026-11-26T10:00:00.000Z' } }),
    ]);
    const banner = within(card).getByRole('note');
    expect(banner).toHaveTextContent('Removed by a moderator: Off <b>topic</b>');
    expect(banner.querySelector('b')).toBeNull();
  });
});

describe('removal of a comment in the post panel', () => {
  it('removes a comment with a reason and shows the banner under it', async () => {
    signIn();
    const comment = makeComment({
      id: 701,
      username: 'grace',
      content: 'Buy my stuff',
      abilities: { delete: false, remove: true, restore: false },
    });
    const api = mockFetch((url, init) => {
      const method = init.method ?? 'GET';
      if (method === 'POST' && url === '/api/groups/12/discussions/301/comments/701/remove') {
        return json(200, { message: 'Removed', removed: { reason: 'Spam', at: '2026-11-26T10:00:00.000Z' } });
      }
      if (url === '/groups/12/discussions/301') return json(200, { discussion: makeDiscussion() });
      if (url === '/groups/12/discussions/301/comments?order=oldest') return json(200, { comments: [comment], nextCursor: null });
      if (url === '/groups/12' || url === '/groups/night-owls') return json(200, makeGroupDetail({ is_member: true }));
      if (url.startsWith('/groups/suggested'))
        return json(200, url.includes('discussions') ? feedPage([]) : { groups: [], nextCursor: null });
      if (url.startsWith('/groups/joined') || url.startsWith('/groups/mine')) return json(200, { groups: [], nextCursor: null });
      if (url === '/users/profile') return json(200, { id: 7, username: 'ada', profileImage: null });
      return json(404, { message: `unexpected ${method} ${url}`, code: 'test' });
    });
    const { user } = renderApp('/suggested?post=12-301');
    const panel = await screen.findByRole('dialog', { name: 'Post' });
    await user.click(await within(panel).findByRole('button', { name: 'Remove comment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove with a reason' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Spam');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(panel).findByRole('note')).toHaveTextContent('Removed by a moderator: Spam');
    expect(within(panel).getByRole('button', { name: 'Restore comment' })).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ reason: 'Spam' }]);
  });
});
