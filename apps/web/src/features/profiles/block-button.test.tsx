import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Profile } from '@agora/contract';
import { json, makeProfile, renderApp, signIn } from '@/test/render-app';
import { serve } from '@/test/serve';

function world(initial: Partial<Profile> = {}) {
  let grace = makeProfile({
    id: 12,
    username: 'grace',
    firstName: 'Grace',
    lastName: 'Hopper',
    blocked: false,
    abilities: { block: true },
    ...initial,
  });
  const api = serve({
    'GET /users/12': () => json(200, grace),
    'GET /friends/status/check': () => json(200, { status: 'friends' }),
    'POST /api/users/12/block': () => {
      grace = { ...grace, blocked: true };
      return json(200, { userId: 12, blocked: true, message: 'You blocked grace' });
    },
    'DELETE /api/users/12/block': () => {
      grace = { ...grace, blocked: false };
      return json(200, { userId: 12, blocked: false, message: 'You unblocked grace' });
    },
  });
  return api;
}

describe('Block and Unblock on a profile (issue 15 §6)', () => {
  it('asks first, naming what happens, then blocks: the friend buttons go and a note says so', async () => {
    signIn();
    const api = world();
    const { user } = renderApp('/?profile=12');
    const panel = await screen.findByRole('dialog', { name: 'Profile' });
    expect(await within(panel).findByRole('button', { name: 'Unfriend' })).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Block' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Block grace?' });
    expect(within(confirm).getByText(/won't be able to send you friend requests or reply to your comments/)).toBeInTheDocument();
    expect(within(confirm).getByText(/They won't be told\./)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Yes, Block' }));
    expect(await within(panel).findByRole('button', { name: 'Unblock' })).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Unfriend' })).not.toBeInTheDocument();
    expect(within(panel).getByText(/You blocked this person/)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.url === '/api/users/12/block').map((c) => c.method)).toEqual(['POST']);
    expect(await screen.findByText('You blocked grace')).toBeInTheDocument();
  });

  it('Cancel blocks nobody', async () => {
    signIn();
    const api = world();
    const { user } = renderApp('/?profile=12');
    const panel = await screen.findByRole('dialog', { name: 'Profile' });
    await user.click(await within(panel).findByRole('button', { name: 'Block' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls.some((c) => c.url === '/api/users/12/block')).toBe(false);
  });

  it('unblocks at once, without asking', async () => {
    signIn();
    const api = world({ blocked: true });
    const { user } = renderApp('/?profile=12');
    const panel = await screen.findByRole('dialog', { name: 'Profile' });
    await user.click(await within(panel).findByRole('button', { name: 'Unblock' }));
    expect(await within(panel).findByRole('button', { name: 'Block' })).toBeInTheDocument();
    expect(api.calls.filter((c) => c.url === '/api/users/12/block').map((c) => c.method)).toEqual(['DELETE']);
  });

  it('is not offered where the profile says block is not allowed (an older server)', async () => {
    signIn();
    world({ abilities: undefined, blocked: undefined });
    renderApp('/?profile=12');
    const panel = await screen.findByRole('dialog', { name: 'Profile' });
    expect(await within(panel).findByRole('button', { name: 'Unfriend' })).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Block' })).not.toBeInTheDocument();
  });
});
