import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { BlockedUser } from '@agora/contract';
import { json, renderApp, signIn } from '@/test/render-app';
import { serve } from '@/test/serve';

const GRACE: BlockedUser = { id: 12, username: 'grace', profileImage: null, blockedAt: new Date(Date.now() - 60_000).toISOString() };
const LINUS: BlockedUser = { id: 13, username: 'linus', profileImage: null, blockedAt: new Date(Date.now() - 120_000).toISOString() };

beforeEach(() => signIn());

describe('Blocked people (settings, issue 15 §6)', () => {
  it('lists the people one blocked, and Unblock removes one', async () => {
    let blocked = [GRACE, LINUS];
    const api = serve({
      'GET /api/account': () => json(200, { email: 'ada@example.com', emailVerified: true, pendingEmail: null }),
      'GET /api/auth/sessions': () => json(200, { sessions: [] }),
      'GET /notifications/settings': () => json(500, {}),
      'GET /api/account/export': () => json(200, { export: null }),
      'GET /api/users/blocked': () => json(200, { users: blocked, total: blocked.length, nextCursor: null }),
      'DELETE /api/users/12/block': () => {
        blocked = blocked.filter((u) => u.id !== 12);
        return json(200, { userId: 12, blocked: false, message: 'You unblocked grace' });
      },
    });
    const { user } = renderApp('/settings');
    const region = await screen.findByRole('region', { name: 'Blocked people' });
    expect(within(region).getByText("People you blocked. They aren't told.")).toBeInTheDocument();
    const list = await within(region).findByRole('list', { name: 'Blocked people' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('grace'), expect.stringContaining('linus')]);
    await user.click(within(list).getByRole('button', { name: 'Unblock grace' }));
    await waitFor(() => expect(within(region).queryByText('grace')).not.toBeInTheDocument());
    expect(api.calls.some((c) => c.method === 'DELETE' && c.url === '/api/users/12/block')).toBe(true);
  });

  it('says so when nobody is blocked', async () => {
    serve({
      'GET /api/auth/sessions': () => json(200, { sessions: [] }),
      'GET /notifications/settings': () => json(500, {}),
      'GET /api/account/export': () => json(200, { export: null }),
    });
    renderApp('/settings');
    const region = await screen.findByRole('region', { name: 'Blocked people' });
    expect(await within(region).findByText("You haven't blocked anyone.")).toBeInTheDocument();
  });
});
