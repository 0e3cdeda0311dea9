import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { json, renderApp, signIn } from '@/test/render-app';
import { serve } from '@/test/serve';
import { makeDetail, makeMember, ownedDetail } from '@/features/groups/test-data';

// The Members tab (features/members), moved here from groups/group-page.test.tsx with its components.
// Typing through user-event is slow on a busy machine: generous per-test time, no assertion on speed.
vi.setConfig({ testTimeout: 30_000 });
// Waiting is not asserting speed: a busy machine may take longer than the default second to render.
configure({ asyncUtilTimeout: 5_000 });

// Toasts live in sonner's module state: clear them so one test's toast never shows in the next.
afterEach(() => toast.dismiss());

describe('members page', () => {
  const members = [
    makeMember({ id: 99, username: 'olivia', role_name: 'owner' }),
    makeMember({ id: 7, username: 'ada', role_name: 'admin' }),
    makeMember({ id: 51, username: 'mo', role_name: 'moderator' }),
    makeMember({ id: 52, username: 'grace', role_name: 'member' }),
  ];

  it('lists "{n} Members", owner first, with role colours and icons, and searches on the server after a pause', async () => {
    signIn();
    const { calls } = serve({
      'GET /groups/night-owls': () => json(200, makeDetail({ is_member: true, member_count: 4 }, { role: 'admin' })),
      'GET /groups/12/members': () => json(200, { members, nextCursor: null }),
      'GET /groups/12/members?search=zzz': () => json(200, { members: [], nextCursor: null }),
      'GET /api/groups/12/requests': () => json(200, { requests: [], nextCursor: null }),
    });
    const { user, router } = renderApp('/group/night-owls/members');
    expect(await screen.findByRole('heading', { name: '4 Members' })).toBeInTheDocument();
    const rows = within(await screen.findByRole('list', { name: 'Members' })).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('olivia'),
      expect.stringContaining('ada'),
      expect.stringContaining('mo'),
      expect.stringContaining('grace'),
    ]);
    expect(within(rows[0]!).getByRole('img', { name: 'Owner' })).toBeInTheDocument();
    expect(within(rows[2]!).getByRole('img', { name: 'Moderator' })).toBeInTheDocument();
    expect(within(rows[3]!).queryByRole('img')).not.toBeInTheDocument();
    expect(within(rows[0]!).getByText('olivia').parentElement).toHaveClass('text-role-admin');
    expect(within(rows[2]!).getByText('mo').parentElement).toHaveClass('text-role-moderator');

    // A name is a button to that person's profile.
    await user.click(within(rows[3]!).getByRole('button', { name: 'grace' }));
    expect(new URLSearchParams(router.state.location.search).get('profile')).toBe('52');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await user.type(screen.getByRole('searchbox', { name: 'Find a member' }), 'zzz');
    expect(await screen.findByText('No members found matching "zzz"')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.includes('/members?search=')).map((c) => c.url)).toEqual(['/groups/12/members?search=zzz']);
  });

  it('says "1 Member" for one', async () => {
    signIn();
    serve({
      'GET /groups/night-owls': () => json(200, makeDetail({ is_member: true, member_count: 1 }, { role: 'admin' })),
      'GET /groups/12/members': () => json(200, { members: members.slice(0, 1), nextCursor: null }),
      'GET /api/groups/12/requests': () => json(200, { requests: [], nextCursor: null }),
    });
    renderApp('/group/night-owls/members');
    expect(await screen.findByRole('heading', { name: '1 Member' })).toBeInTheDocument();
  });

  it('lets an admin kick a member after the confirmation, and says so', async () => {
    signIn();
    const { calls } = serve({
      'GET /groups/night-owls': () => json(200, makeDetail({ is_member: true }, { role: 'admin' })),
      'GET /groups/12/members': () => json(200, { members, nextCursor: null }),
      'GET /api/groups/12/requests': () => json(200, { requests: [], nextCursor: null }),
      'POST /api/groups/12/kick': () => json(200, { message: 'grace has been kicked from the community', member_count: 3 }),
    });
    const { user } = renderApp('/group/night-owls/members');
    await user.click(await screen.findByRole('button', { name: 'Options for olivia' }));
    expect(await screen.findByText("You don't have permission to modify this user.")).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Options for grace' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Make Moderator', 'Kick Member', 'Ban']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Kick Member' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Are you sure you want to kick grace from the community?' });
    await user.click(within(dialog).getByRole('button', { name: 'Kick Member' }));
    expect(await screen.findByText('grace has been kicked from the community')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/groups/12/kick')?.body).toEqual({ memberId: 52 });
  });

  it('asks "Are you sure you want to make this member a {role}?" and reports "Failed to assign role"', async () => {
    signIn();
    serve({
      'GET /groups/night-owls': () => json(200, ownedDetail()),
      'GET /groups/12/members': () => json(200, { members, nextCursor: null }),
      'GET /api/groups/12/requests': () => json(200, { requests: [], nextCursor: null }),
      'POST /api/groups/12/assign-role': () => json(500, {}),
    });
    const { user } = renderApp('/group/night-owls/members');
    await user.click(await screen.findByRole('button', { name: 'Options for grace' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Make Admin' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Are you sure you want to make this member a admin?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Options for grace' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Options for grace' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Make Moderator' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Failed to assign role')).toBeInTheDocument();
  });

  it('gives an ordinary member no options and staff the join requests', async () => {
    signIn();
    serve({
      'GET /groups/night-owls': () => json(200, makeDetail({ is_member: true })),
      'GET /groups/12/members': () => json(200, { members, nextCursor: null }),
    });
    renderApp('/group/night-owls/members');
    await screen.findByRole('list', { name: 'Members' });
    expect(screen.queryByRole('button', { name: /^Options for/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite' })).not.toBeInTheDocument();
  });

  it('loads the next page with the server’s cursor', async () => {
    signIn();
    const { calls } = serve({
      'GET /groups/night-owls': () => json(200, makeDetail({ is_member: true, member_count: 5 })),
      'GET /groups/12/members': () => json(200, { members: members.slice(0, 2), nextCursor: 'abc' }),
      'GET /groups/12/members?cursor=abc': () => json(200, { members: members.slice(2), nextCursor: null }),
    });
    const { user } = renderApp('/group/night-owls/members');
    const list = await screen.findByRole('list', { name: 'Members' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(4));
    expect(calls.some((c) => c.url === '/groups/12/members?cursor=abc')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('approves a join request', async () => {
    signIn();
    const { calls } = serve({
      'GET /groups/night-owls': () => json(200, ownedDetail({ is_private: 1 })),
      'GET /groups/12/members': () => json(200, { members, nextCursor: null }),
      'GET /api/groups/12/requests': () =>
        json(200, {
          requests: [{ id: 77, username: 'newbie', profileImage: null, requested_at: '2025-01-01T00:00:00Z' }],
          nextCursor: null,
        }),
      'POST /api/groups/12/requests/77/approve': () => json(200, { message: 'newbie is now a member', member_count: 5 }),
    });
    const { user, router } = renderApp('/group/night-owls/members');
    // The requester's name opens their profile (issue 12 §2.14).
    await user.click(await screen.findByRole('button', { name: 'newbie' }));
    await waitFor(() => expect(router.state.location.search).toContain('profile=77'));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(router.state.location.search).not.toContain('profile=77'));
    await user.click(await screen.findByRole('button', { name: 'Approve newbie' }));
    expect(await screen.findByText('newbie is now a member')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/groups/12/requests/77/approve' && c.method === 'POST')).toBe(true);
  });

  it('shows staff the number of pending requests on the Members tab (issue 12 §2.2)', async () => {
    signIn();
    const requests = [77, 78].map((id) => ({ id, username: `user${id}`, profileImage: null, requested_at: '2025-01-01T00:00:00Z' }));
    serve({
      'GET /groups/night-owls': () => json(200, ownedDetail({ is_private: 1 })),
      'GET /api/groups/12/requests': () => json(200, { requests, nextCursor: null }),
    });
    renderApp('/group/night-owls');
    const nav = await screen.findByRole('navigation', { name: 'Community sections' });
    const link = await within(nav).findByRole('link', { name: /^Members/ });
    await waitFor(() => expect(link.textContent).toContain('2'));
    expect(link).toHaveAccessibleName('Members 2 pending join requests');
  });

  it('lists pending invitations to staff and revokes one (issue 12 §1.8)', async () => {
    signIn();
    let invitations = [
      {
        id: 301,
        user_id: 80,
        username: 'invitee',
        profileImage: null,
        invited_by: 'mo',
        invited_by_id: 51,
        invited_at: '2025-01-01T00:00:00Z',
      },
    ];
    const { calls } = serve({
      'GET /groups/night-owls': () => json(200, ownedDetail({ is_private: 1 })),
      'GET /groups/12/members': () => json(200, { members, nextCursor: null }),
      'GET /api/groups/12/requests': () => json(200, { requests: [], nextCursor: null }),
      'GET /api/groups/12/invitations': () => json(200, { invitations, nextCursor: null }),
      'DELETE /api/groups/12/invitations/301': () => {
        invitations = [];
        return json(200, { message: 'Invitation revoked' });
      },
    });
    const { user } = renderApp('/group/night-owls/members');
    const section = await screen.findByRole('region', { name: /Pending invitations/ });
    expect(within(section).getByText('Invited by mo')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Revoke invitation for invitee' }));
    expect(await screen.findByText('Invitation revoked')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: /Pending invitations/ })).not.toBeInTheDocument());
    expect(calls.some((c) => c.url === '/api/groups/12/invitations/301' && c.method === 'DELETE')).toBe(true);
  });
});
