import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import type { Discussion, MutesResponse } from '@agora/contract';
import { dismissToasts } from '@/lib/toast';
import { json, mockFetch, renderApp, signIn } from '@/test/render-app';
import { feedPage, makeDiscussion, makeGroupDetail } from './test-data';

// Issue 14 §6 on the post card: its menu mutes and unmutes the post's notifications for a signed-in reader.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });
afterEach(() => dismissToasts());

const NONE: MutesResponse = { groups: [], discussions: [], mutedGroups: [], mutedDiscussions: [] };

function serve(posts: Discussion[], routes: Record<string, (body: unknown) => Response> = {}) {
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

describe('post card menu: mute', () => {
  it('mutes a post someone else wrote (state asked when the menu opens), toasts, then offers Unmute', async () => {
    signIn();
    let mutes = NONE;
    const post = makeDiscussion({ id: 31, username: 'olivia', canEdit: false, canDelete: false, canPin: false });
    const { calls } = serve([post], {
      'GET /api/notifications/mutes': () => json(200, mutes),
      'PUT /groups/12/discussions/31/mute': (body) => {
        mutes = (body as { muted: boolean }).muted ? { ...NONE, discussions: [31] } : NONE;
        return json(200, body);
      },
    });
    const { user } = renderApp('/group/night-owls/discussions');
    const card = await screen.findByRole('article', { name: 'Post by olivia' });
    expect(within(card).queryByRole('button', { name: 'Edit post' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/notifications/mutes')).toBe(false);

    await user.click(within(card).getByRole('button', { name: 'Post options' }));
    const mute = await screen.findByRole('menuitem', { name: 'Mute' });
    await waitFor(() => expect(mute).not.toHaveAttribute('data-disabled'));
    await user.click(mute);
    expect(await screen.findByText('You will not be notified about this post')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ url: '/groups/12/discussions/31/mute', body: { muted: true } });

    await user.click(within(card).getByRole('button', { name: 'Post options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Unmute' }));
    expect(await screen.findByText('You will be notified about this post again')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({ muted: false });
  });

  it('a visitor has no post menu', async () => {
    localStorage.clear();
    serve([makeDiscussion({ id: 31, username: 'olivia', canEdit: false, canDelete: false, canPin: false })]);
    renderApp('/group/night-owls/discussions');
    const card = await screen.findByRole('article', { name: 'Post by olivia' });
    expect(within(card).queryByRole('button', { name: 'Post options' })).not.toBeInTheDocument();
  });
});
