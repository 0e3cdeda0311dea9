import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { ReportQueue, SiteLogResponse, SuspendedUsersResponse } from '@agora/contract';
import { json, makeProfile, renderApp, signIn } from '@/test/render-app';
import { serve } from '@/test/serve';

const ADMIN = { email: 'ada@example.com', emailVerified: true, pendingEmail: null, siteAdmin: true };
const SUSPENDED: SuspendedUsersResponse = {
  users: [
    {
      id: 9,
      username: 'spammer',
      profile_image: null,
      reason: 'Links to a casino in every community',
      suspended_at: '2026-11-20T10:00:00.000Z',
      suspended_until: null,
      suspended_by: 'ada',
    },
  ],
};
const LOG: SiteLogResponse = {
  entries: [
    {
      id: 2,
      action: 'suspend',
      actor: 'ada',
      target_user: { id: 9, username: 'spammer', profile_image: null },
      reason: 'Links to a casino in every community',
      until: null,
      created: '2026-11-20T10:00:00.000Z',
    },
    {
      id: 1,
      action: 'grant_admin',
      actor: null,
      target_user: { id: 1, username: 'ada', profile_image: null },
      reason: null,
      until: null,
      created: '2026-11-19T10:00:00.000Z',
    },
  ],
  nextCursor: null,
};

beforeEach(() => {
  signIn();
});

describe('AdminPage (/admin)', () => {
  it('is "Page Not Found" for a signed-in person who is not a site admin, and has no link for them', async () => {
    serve({ 'GET /users/profile': () => json(200, makeProfile()) });
    renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' }, { timeout: 5000 })).toBeInTheDocument();
    const side = screen.getByRole('complementary', { name: 'Side panel' });
    expect(within(side).queryByRole('link', { name: 'Site administration' })).toBeNull();
  });

  it('lists suspended accounts and the site log; lifting a suspension calls the server and shows its message', async () => {
    const { calls } = serve({
      'GET /api/account': () => json(200, ADMIN),
      'GET /users/profile': () => json(200, makeProfile()),
      'GET /api/admin/users/suspended': () => json(200, SUSPENDED),
      'GET /api/admin/log': () => json(200, LOG),
      'POST /api/admin/users/9/unsuspend': () => json(200, { message: 'The account is no longer suspended' }),
    });
    const { user, router } = renderApp('/');
    const side = screen.getByRole('complementary', { name: 'Side panel' });
    await user.click(await within(side).findByRole('link', { name: 'Site administration' }));
    expect(router.state.location.pathname).toBe('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Site administration' }, { timeout: 5000 })).toBeInTheDocument();
    const suspended = screen.getByRole('region', { name: 'Suspended accounts' });
    expect(await within(suspended).findByText('@spammer')).toBeInTheDocument();
    expect(within(suspended).getByText(/^No end · by ada$/)).toBeInTheDocument();
    const log = screen.getByRole('region', { name: 'Site log' });
    expect(await within(log).findByText(/made a site admin:/)).toBeInTheDocument();
    expect(within(log).getByText('The operator')).toBeInTheDocument();
    await user.click(within(suspended).getByRole('button', { name: 'Lift the suspension of spammer' }));
    expect(await screen.findByText('The account is no longer suspended', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/admin/users/9/unsuspend')).toBe(true);
  });

  it('suspends by username: checks the fields, looks the name up, sends reason and days, shows a refusal as the server words it', async () => {
    const bodies: unknown[] = [];
    serve({
      'GET /api/account': () => json(200, ADMIN),
      'GET /api/admin/users/suspended': () => json(200, { users: [] }),
      'GET /api/admin/log': () => json(200, { entries: [], nextCursor: null }),
      'GET /users/lookup': (_body, url) =>
        url.includes('username=grace')
          ? json(200, { id: 4, username: 'grace', profileImage: null })
          : json(404, { message: 'User not found', code: 'user_not_found' }),
      'POST /api/admin/users/4/suspend': (body) => {
        bodies.push(body);
        return bodies.length === 1
          ? json(200, { message: 'The account is suspended' })
          : json(403, { message: 'Site admins cannot be suspended: the operator removes the role first', code: 'forbidden' });
      },
    });
    const { user } = renderApp('/admin');
    const form = await screen.findByRole('region', { name: 'Suspend an account' }, { timeout: 5000 });
    expect(await screen.findByText('No account is suspended.')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Suspend' }));
    expect(within(form).getByText('Enter a username')).toBeInTheDocument();
    expect(within(form).getByText('Give a reason')).toBeInTheDocument();
    expect(within(form).getByLabelText('Username')).toHaveFocus();
    await user.type(within(form).getByLabelText('Username'), '@grace');
    await user.type(within(form).getByLabelText('Reason'), 'Harassment');
    await user.selectOptions(within(form).getByLabelText('Duration'), '30');
    await user.click(within(form).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('The account is suspended', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(bodies[0]).toEqual({ reason: 'Harassment', days: 30 });
    await waitFor(() => expect(within(form).getByLabelText('Username')).toHaveValue(''));
    await user.type(within(form).getByLabelText('Username'), 'grace');
    await user.type(within(form).getByLabelText('Reason'), 'Again');
    await user.selectOptions(within(form).getByLabelText('Duration'), 'none');
    await user.click(within(form).getByRole('button', { name: 'Suspend' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Site admins cannot be suspended: the operator removes the role first',
    );
    expect(bodies[1]).toEqual({ reason: 'Again' });
    await user.clear(within(form).getByLabelText('Username'));
    await user.type(within(form).getByLabelText('Username'), 'nobody');
    await user.click(within(form).getByRole('button', { name: 'Suspend' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('User not found');
  });

  it('opens with every community’s open reports, named by community, with the same actions', async () => {
    const bodies: unknown[] = [];
    const reports: ReportQueue = {
      reports: [
        {
          id: 8,
          group_id: 30,
          group_name: 'Chess Club',
          target_type: 'discussion',
          target_id: 3,
          link: '/group/chess-club/discussions?post=3',
          title: 'Free crypto',
          text: 'Free crypto for everyone',
          author: { id: 9, username: 'spammer', profile_image: null },
          count: 1,
          reasons: { spam: 1 },
          reports: [{ id: 8, reporter: { id: 4, username: 'grace', profile_image: null }, reason: 'spam', note: null, created: '2026-11-20T10:00:00.000Z' }],
          status: 'open',
          resolution: null,
          last_reported: '2026-11-20T10:00:00.000Z',
        },
      ],
      openCount: 1,
      nextCursor: null,
    };
    serve({
      'GET /api/account': () => json(200, ADMIN),
      'GET /api/admin/reports': () => json(200, reports),
      'GET /api/admin/users/suspended': () => json(200, { users: [] }),
      'GET /api/admin/log': () => json(200, { entries: [], nextCursor: null }),
      'POST /api/reports/8/resolve': (body) => {
        bodies.push(body);
        return json(400, { message: 'Removing is not available yet', code: 'validation' });
      },
    });
    const { user } = renderApp('/admin');
    const section = await screen.findByRole('region', { name: 'Open reports' }, { timeout: 5000 });
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings[0]).toBe('Open reports');
    const item = await within(section).findByRole('article', { name: /Discussion/ });
    expect(within(item).getByText(/in Chess Club/)).toBeInTheDocument();
    expect(within(item).getByText('Free crypto for everyone')).toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: 'Remove: Discussion by @spammer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the item' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Scam');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Removing is not available yet');
    expect(bodies).toEqual([{ action: 'remove', reason: 'Scam' }]);
  });
});
