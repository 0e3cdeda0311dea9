import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import type { MutesResponse } from '@agora/contract';
import { json, renderApp, signIn } from '@/test/render-app';
import { serve } from '@/test/serve';
import { makeDetail, ownedDetail } from './test-data';

// Issue 14 §6 on the community page: its menu mutes and unmutes the community's notifications for a member.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });
afterEach(() => toast.dismiss());

const NONE: MutesResponse = { groups: [], discussions: [], mutedGroups: [], mutedDiscussions: [] };
const MUTED: MutesResponse = { ...NONE, groups: [12], mutedGroups: [{ id: 12, name: 'Night Owls', slug: 'night-owls' }] };

describe('community menu: mute', () => {
  it('a member mutes from the menu (state asked when it opens), sees the toast, and the menu then offers Unmute', async () => {
    signIn();
    let mutes = NONE;
    const { calls } = serve({
      'GET /groups/night-owls': () => json(200, makeDetail({ is_member: true })),
      'GET /api/notifications/mutes': () => json(200, mutes),
      'PUT /api/groups/12/mute': (body) => {
        mutes = (body as { muted: boolean }).muted ? MUTED : NONE;
        return json(200, body);
      },
    });
    const { user } = renderApp('/group/night-owls');
    const menu = await screen.findByRole('button', { name: 'Community options' });
    // Nothing asked before the menu opens.
    expect(calls.some((c) => c.url === '/api/notifications/mutes')).toBe(false);
    await user.click(menu);
    const mute = await screen.findByRole('menuitem', { name: 'Mute notifications' });
    await waitFor(() => expect(mute).not.toHaveAttribute('data-disabled'));
    await user.click(mute);
    expect(await screen.findByText('You will not be notified about this community')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ url: '/api/groups/12/mute', body: { muted: true } });

    await user.click(menu);
    await user.click(await screen.findByRole('menuitem', { name: 'Unmute notifications' }));
    expect(await screen.findByText('You will be notified about this community again')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({ muted: false });
  });

  it('shows the muted state from the server, and a refused change puts it back', async () => {
    signIn();
    serve({
      'GET /groups/night-owls': () => json(200, makeDetail({ is_member: true })),
      'GET /api/notifications/mutes': () => json(200, MUTED),
      'PUT /api/groups/12/mute': () => json(403, { message: 'This community is private', code: 'forbidden' }),
    });
    const { user } = renderApp('/group/night-owls');
    await user.click(await screen.findByRole('button', { name: 'Community options' }));
    // The item names the server's state once it has answered.
    await user.click(await screen.findByRole('menuitem', { name: 'Unmute notifications' }));
    expect(await screen.findByText('This community is private')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Community options' }));
    expect(await screen.findByRole('menuitem', { name: 'Unmute notifications' })).toBeInTheDocument();
  });

  it('the owner finds Mute beside Delete in the settings menu; a visitor and a non-member have no menu', async () => {
    signIn();
    serve({ 'GET /groups/night-owls': () => json(200, ownedDetail()) });
    const { user, unmount } = renderApp('/group/night-owls');
    await user.click(await screen.findByRole('button', { name: 'Community settings' }));
    const items = await screen.findAllByRole('menuitem');
    await waitFor(() => expect(items[0]).not.toHaveAttribute('data-disabled'));
    expect(within(screen.getByRole('menu')).getAllByRole('menuitem').map((i) => i.textContent)).toEqual([
      'Mute notifications',
      // The owner's posting rules (issue 15 §7) sit between the two.
      'Posting rules',
      'Delete community',
    ]);
    unmount();

    serve({ 'GET /groups/night-owls': () => json(200, makeDetail()) });
    renderApp('/group/night-owls');
    expect(await screen.findByRole('button', { name: 'JOIN' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Community options' })).not.toBeInTheDocument();
  });
});
