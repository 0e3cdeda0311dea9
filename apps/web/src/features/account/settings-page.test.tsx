import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { ACCOUNT_MESSAGES, type AccountExport, type AccountState, type NotificationSettings } from '@agora/contract';
import { getSession } from '@/lib/storage';
import { json, makeProfile, renderApp, signIn } from '@/test/render-app';
import { serve } from '@/test/serve';

const MINUTE = 60_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

const ACCOUNT: AccountState = { email: 'ada@example.com', emailVerified: true, pendingEmail: null, siteAdmin: false };
const SESSIONS = {
  sessions: [
    { id: 11, created: ago(3 * 60 * MINUTE), lastSeen: ago(5 * MINUTE), device: 'Firefox on Linux', current: false },
    { id: 10, created: ago(2 * 60 * MINUTE), lastSeen: ago(10_000), device: 'Chrome on Windows', current: true },
  ],
};
const SETTINGS: NotificationSettings = {
  types: {
    mention: true,
    friend_request_accepted: true,
    friend_request_rejected: true,
    like: true,
    comment: true,
    comment_like: true,
    comment_reply: true,
    new_follower: true,
    join_request: true,
    join_request_approved: true,
    join_request_declined: true,
    role_changed: true,
    member_removed: true,
    content_removed: true,
  },
  digest: 'off',
};
const READY: AccountExport = {
  id: 5,
  status: 'ready',
  created: ago(10 * MINUTE),
  ready: ago(9 * MINUTE),
  expires: '2030-01-08T00:00:00.000Z',
  sizeBytes: 20_480,
};

function routes(overrides: Record<string, (body: unknown, url: string) => Response | Promise<Response>> = {}) {
  return serve({
    'GET /api/account': () => json(200, ACCOUNT),
    'GET /api/auth/sessions': () => json(200, SESSIONS),
    'GET /notifications/settings': () => json(200, SETTINGS),
    'GET /api/account/export': () => json(200, { export: null }),
    ...overrides,
  });
}

async function section(name: string) {
  return screen.findByRole('region', { name });
}

beforeEach(() => {
  signIn();
  sessionStorage.clear();
});

describe('SettingsPage', () => {
  it('is for signed-in people: a visitor goes to /login and comes back', async () => {
    localStorage.clear();
    const { router } = renderApp('/settings');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?redirect=%2Fsettings');
  });

  it('is titled, with its five sections, and is reached from the side panel and the own profile panel', async () => {
    routes({ 'GET /users/profile': () => json(200, makeProfile()) });
    const { user, router } = renderApp('/');
    const side = screen.getByRole('complementary', { name: 'Side panel' });
    await user.click(within(side).getByRole('link', { name: 'Settings' }));
    expect(router.state.location.pathname).toBe('/settings');
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Settings · Agora'));
    for (const name of ['Security', 'Sessions', 'Notifications', 'Your data', 'Delete account'])
      expect(await section(name)).toBeInTheDocument();

    await router.navigate('/?profile=me');
    const panel = await screen.findByRole('dialog');
    await user.click(await within(panel).findByRole('link', { name: 'Settings' }));
    expect(router.state.location.pathname).toBe('/settings');
    expect(router.state.location.search).toBe('');
  });

  describe('Security', () => {
    it('changes the password: checks the fields, sends them, toasts the answer and empties the form', async () => {
      const { calls } = routes({ 'POST /api/auth/password/change': () => json(200, { message: ACCOUNT_MESSAGES.passwordChanged }) });
      const { user } = renderApp('/settings');
      const security = await section('Security');
      const form = within(security).getByRole('form', { name: 'Change password' });
      await user.click(within(form).getByRole('button', { name: 'Change password' }));
      expect(within(form).getByLabelText('Current password')).toHaveAccessibleDescription(ACCOUNT_MESSAGES.currentPasswordRequired);
      expect(within(form).getByLabelText('Current password')).toHaveFocus();

      await user.type(within(form).getByLabelText('Current password'), 'old-password');
      await user.type(within(form).getByLabelText('New password'), 'new-password-1');
      await user.type(within(form).getByLabelText('Confirm new password'), 'new-password-2');
      await user.click(within(form).getByRole('button', { name: 'Change password' }));
      expect(within(form).getByLabelText('Confirm new password')).toHaveAccessibleDescription('Passwords do not match');
      expect(calls.some((c) => c.url === '/api/auth/password/change')).toBe(false);

      await user.clear(within(form).getByLabelText('Confirm new password'));
      await user.type(within(form).getByLabelText('Confirm new password'), 'new-password-1');
      await user.click(within(form).getByRole('button', { name: 'Change password' }));
      expect(await screen.findByText(ACCOUNT_MESSAGES.passwordChanged)).toBeInTheDocument();
      expect(calls.find((c) => c.url === '/api/auth/password/change')).toMatchObject({
        method: 'POST',
        body: { currentPassword: 'old-password', newPassword: 'new-password-1', confirmPassword: 'new-password-1' },
      });
      expect(within(form).getByLabelText('Current password')).toHaveValue('');
    });

    it('puts a wrong current password under its field', async () => {
      routes({
        'POST /api/auth/password/change': () =>
          json(400, {
            message: ACCOUNT_MESSAGES.currentPasswordWrong,
            code: 'wrong_password',
            fields: { currentPassword: ACCOUNT_MESSAGES.currentPasswordWrong },
          }),
      });
      const { user } = renderApp('/settings');
      const form = within(await section('Security')).getByRole('form', { name: 'Change password' });
      await user.type(within(form).getByLabelText('Current password'), 'wrong-one');
      await user.type(within(form).getByLabelText('New password'), 'new-password-1');
      await user.type(within(form).getByLabelText('Confirm new password'), 'new-password-1');
      await user.click(within(form).getByRole('button', { name: 'Change password' }));
      await waitFor(() =>
        expect(within(form).getByLabelText('Current password')).toHaveAccessibleDescription(ACCOUNT_MESSAGES.currentPasswordWrong),
      );
    });

    it('shows the address, a pending change, and asks for a change with the password; a taken address goes under its field', async () => {
      let account = { ...ACCOUNT, emailVerified: false };
      let change = () =>
        json(409, { message: 'Email is already registered', code: 'email_taken', fields: { newEmail: 'Email is already registered' } });
      const { calls } = routes({
        'GET /api/account': () => json(200, account),
        'POST /api/auth/email/change': () => change(),
      });
      const { user } = renderApp('/settings');
      const form = within(await section('Security')).getByRole('form', { name: 'Email address' });
      expect(await within(form).findByText('ada@example.com')).toBeInTheDocument();
      expect(within(form).getByText('Not confirmed')).toBeInTheDocument();
      await user.type(within(form).getByLabelText('New email address'), 'taken@example.com');
      await user.type(within(form).getByLabelText('Password'), 'my-password');
      await user.click(within(form).getByRole('button', { name: 'Change email' }));
      await waitFor(() =>
        expect(within(form).getByLabelText('New email address')).toHaveAccessibleDescription('Email is already registered'),
      );

      account = { ...ACCOUNT, pendingEmail: 'new@example.com' };
      change = () => json(200, { message: ACCOUNT_MESSAGES.emailChangeSent });
      await user.clear(within(form).getByLabelText('New email address'));
      await user.type(within(form).getByLabelText('New email address'), 'new@example.com');
      await user.click(within(form).getByRole('button', { name: 'Change email' }));
      expect(await screen.findByText(ACCOUNT_MESSAGES.emailChangeSent)).toBeInTheDocument();
      expect(await within(form).findByText(/Waiting for confirmation: new@example.com/)).toBeInTheDocument();
      expect(calls.filter((c) => c.url === '/api/auth/email/change').at(-1)).toMatchObject({
        body: { newEmail: 'new@example.com', password: 'my-password' },
      });
    });
  });

  describe('Sessions', () => {
    it('lists the devices, this one first and marked, with last activity as relative time; no sign-out for this device', async () => {
      routes();
      renderApp('/settings');
      const sessions = await section('Sessions');
      const rows = await within(sessions).findAllByRole('listitem');
      expect(rows[0]).toHaveTextContent('Chrome on Windows');
      expect(rows[0]).toHaveTextContent('This device');
      expect(rows[0]).toHaveTextContent('Last active: Just now');
      expect(within(rows[0]!).queryByRole('button')).not.toBeInTheDocument();
      expect(rows[1]).toHaveTextContent('Firefox on Linux');
      expect(rows[1]).toHaveTextContent('Last active: 5 minutes ago');
      expect(rows[1]).toHaveTextContent('Signed in: 3 hours ago');
    });

    it('signs out one device, and all others, toasting the answers and refreshing the list', async () => {
      let list = SESSIONS;
      const { calls } = routes({
        'GET /api/auth/sessions': () => json(200, list),
        'DELETE /api/auth/sessions/11': () => {
          list = { sessions: SESSIONS.sessions.filter((s) => s.current) };
          return json(200, { message: ACCOUNT_MESSAGES.sessionEnded });
        },
        'DELETE /api/auth/sessions?others=1': () => json(200, { message: ACCOUNT_MESSAGES.otherSessionsEnded }),
      });
      const { user } = renderApp('/settings');
      const sessions = await section('Sessions');
      await user.click(await within(sessions).findByRole('button', { name: 'Sign out of all other devices' }));
      expect(await screen.findByText(ACCOUNT_MESSAGES.otherSessionsEnded)).toBeInTheDocument();
      await user.click(within(sessions).getByRole('button', { name: 'Sign out Firefox on Linux' }));
      expect(await screen.findByText(ACCOUNT_MESSAGES.sessionEnded)).toBeInTheDocument();
      expect(await within(sessions).findByText('No other device is signed in.')).toBeInTheDocument();
      expect(within(sessions).getAllByRole('listitem')).toHaveLength(1);
      expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
        '/api/auth/sessions?others=1',
        '/api/auth/sessions/11',
      ]);
    });
  });

  describe('Notifications', () => {
    it('a switch per optional type with readable names, the two that carry answers always on, and the digest', async () => {
      routes();
      renderApp('/settings');
      const notifications = await section('Notifications');
      const switches = await within(notifications).findAllByRole('switch');
      expect(switches).toHaveLength(17); // push on this device (issue 18 §4) + 13 optional types + content_removed (issue 15 §3) + the two always on
      expect(within(notifications).getByRole('switch', { name: 'Someone likes your post' })).toBeChecked();
      const requests = within(notifications).getByRole('switch', { name: 'Friend requests' });
      expect(requests).toBeChecked();
      expect(requests).toHaveAttribute('aria-disabled', 'true');
      expect(requests).toHaveAccessibleDescription(/Always on/);
      expect(within(notifications).getByRole('switch', { name: 'Invitations to communities' })).toHaveAttribute('aria-disabled', 'true');
      expect(within(notifications).getByRole('radio', { name: 'Off' })).toBeChecked();
    });

    it('sends only what changed, moves at once, and moves back when the server refuses', async () => {
      let refuse = false;
      const { calls } = routes({
        'PUT /notifications/settings': (body) =>
          refuse
            ? json(400, { message: 'Nope', code: 'bad' })
            : json(200, {
                types: { ...SETTINGS.types, ...(body as Partial<NotificationSettings>).types },
                digest: (body as Partial<NotificationSettings>).digest ?? 'off',
              }),
      });
      const { user } = renderApp('/settings');
      const notifications = await section('Notifications');
      const like = await within(notifications).findByRole('switch', { name: 'Someone likes your post' });
      await user.click(like);
      expect(like).not.toBeChecked();
      await waitFor(() => expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ types: { like: false } }]));

      await user.click(within(notifications).getByRole('radio', { name: 'Weekly' }));
      await waitFor(() => expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({ digest: 'weekly' }));
      expect(within(notifications).getByRole('radio', { name: 'Weekly' })).toBeChecked();

      refuse = true;
      const mention = within(notifications).getByRole('switch', { name: 'Someone mentions you' });
      await user.click(mention);
      expect(await screen.findByText('Nope')).toBeInTheDocument();
      await waitFor(() => expect(mention).toBeChecked());

      // An always-on type cannot be switched.
      await user.click(within(notifications).getByRole('switch', { name: 'Friend requests' }));
      expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(3);
    });
  });

  describe('Your data', () => {
    it('requests an export, shows it being prepared, then ready, and downloads it through the API with the token', async () => {
      let latest: AccountExport | null = null;
      const created = vi.fn();
      const { calls } = routes({
        'GET /api/account/export': () => json(200, { export: latest }),
        'POST /api/account/export': () => {
          created();
          latest = { id: 5, status: 'pending', created: ago(0), ready: null, expires: null, sizeBytes: null };
          return json(202, latest);
        },
        'GET /api/account/export/5': () =>
          new Response(new Blob(['PK']), {
            status: 200,
            headers: { 'content-type': 'application/zip', 'content-disposition': 'attachment; filename="agora-ada-2030-01-01.zip"' },
          }),
      });
      const createObjectURL = vi.fn(() => 'blob:export');
      const revokeObjectURL = vi.fn();
      vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL }));
      const clicked: string[] = [];
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        clicked.push(this.download);
      });

      const { user, queryClient } = renderApp('/settings');
      const data = await section('Your data');
      await user.click(await within(data).findByRole('button', { name: 'Request my data' }));
      expect(await screen.findByText(ACCOUNT_MESSAGES.exportQueued)).toBeInTheDocument();
      expect(within(data).getByRole('status')).toHaveTextContent('We are preparing your data.');
      expect(within(data).queryByRole('button', { name: 'Request my data' })).not.toBeInTheDocument();
      expect(created).toHaveBeenCalledTimes(1);

      latest = READY;
      await queryClient.refetchQueries({ queryKey: ['account', 'export'] });
      expect(await within(data).findByText(/Your data is ready/)).toHaveTextContent(
        /^Your data is ready \(prepared: 9 minutes ago, 20 KB\)\. Available until Jan 7 2030\.$/,
      );
      await user.click(within(data).getByRole('button', { name: 'Download' }));
      await waitFor(() => expect(clicked).toEqual(['agora-ada-2030-01-01.zip']));
      expect(calls.find((c) => c.url === '/api/account/export/5')?.headers.Authorization).toBe('Bearer test-token');
      click.mockRestore();
    });

    it("shows the server's refusal (once a day)", async () => {
      routes({
        'GET /api/account/export': () => json(200, { export: READY }),
        'POST /api/account/export': () => json(429, { message: ACCOUNT_MESSAGES.exportOncePerDay, code: 'rate_limited' }),
      });
      const { user } = renderApp('/settings');
      const data = await section('Your data');
      await user.click(await within(data).findByRole('button', { name: 'Request my data' }));
      expect(await screen.findByText(ACCOUNT_MESSAGES.exportOncePerDay)).toBeInTheDocument();
    });
  });
  describe('Muted', () => {
    const MUTES = {
      groups: [3],
      discussions: [44],
      mutedGroups: [{ id: 3, name: 'Chess Club', slug: 'chess-club' }],
      mutedDiscussions: [{ id: 44, groupId: 3, groupName: 'Chess Club', excerpt: 'Opening ideas for beginners' }],
    };

    it('lists the muted communities and discussions from the server, with links; Unmute sends the change and drops the row', async () => {
      let mutes = MUTES;
      const { calls } = routes({
        'GET /api/notifications/mutes': () => json(200, mutes),
        'PUT /api/groups/3/mute': () => {
          mutes = { ...mutes, groups: [], mutedGroups: [] };
          return json(200, { muted: false });
        },
        'PUT /groups/3/discussions/44/mute': () => {
          mutes = { ...mutes, discussions: [], mutedDiscussions: [] };
          return json(200, { muted: false });
        },
      });
      const { user } = renderApp('/settings');
      const muted = await within(await section('Notifications')).findByRole('region', { name: 'Muted' });
      expect(await within(muted).findByRole('link', { name: 'Chess Club' })).toHaveAttribute('href', '/group/chess-club');
      expect(within(muted).getByRole('link', { name: /A post in Chess Club/ })).toHaveAttribute('href', '/groups/3/discussions/44');
      expect(within(muted).getByText('Opening ideas for beginners')).toBeInTheDocument();

      await user.click(within(muted).getByRole('button', { name: 'Unmute Chess Club' }));
      await waitFor(() => expect(within(muted).queryByRole('link', { name: 'Chess Club' })).not.toBeInTheDocument());
      await user.click(within(muted).getByRole('button', { name: 'Unmute A post in Chess Club: Opening ideas for beginners' }));
      expect(await within(muted).findByText(/You have not muted any community or discussion/)).toBeInTheDocument();
      expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.url, c.body])).toEqual([
        ['/api/groups/3/mute', { muted: false }],
        ['/groups/3/discussions/44/mute', { muted: false }],
      ]);
    });

    it('puts a refused unmute back and says so', async () => {
      routes({
        'GET /api/notifications/mutes': () => json(200, MUTES),
        'PUT /api/groups/3/mute': () => json(403, { message: 'This community is private', code: 'forbidden' }),
      });
      const { user } = renderApp('/settings');
      const muted = await within(await section('Notifications')).findByRole('region', { name: 'Muted' });
      await user.click(await within(muted).findByRole('button', { name: 'Unmute Chess Club' }));
      expect(await screen.findByText('This community is private')).toBeInTheDocument();
      expect(await within(muted).findByRole('link', { name: 'Chess Club' })).toBeInTheDocument();
    });
  });

  describe('Delete account', () => {
    async function openDialog(user: ReturnType<typeof renderApp>['user']) {
      const danger = await section('Delete account');
      await user.click(within(danger).getByRole('button', { name: 'Delete my account' }));
      return screen.findByRole('dialog', { name: 'Delete your account?' });
    }

    it('names what happens, asks for the password, and keeps the posts unless the box is ticked', async () => {
      const { calls } = routes();
      const { user } = renderApp('/settings');
      const dialog = await openDialog(user);
      for (const text of [
        'You are signed out on every device.',
        'Your profile, email address, friends, likes, community memberships and uploaded pictures are removed.',
        'Your discussions, comments and blogs stay in their communities, shown as by "Deleted user", unless you tick the box below.',
        'Your username becomes free for others after 30 days.',
      ])
        expect(within(dialog).getByText(text)).toBeInTheDocument();
      const box = within(dialog).getByRole('checkbox', { name: 'Also delete everything I posted' });
      expect(box).not.toBeChecked();
      await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
      expect(within(dialog).getByLabelText('Your password')).toHaveAccessibleDescription(ACCOUNT_MESSAGES.currentPasswordRequired);
      expect(within(dialog).getByLabelText('Your password')).toHaveFocus();
      expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(within(await section('Delete account')).getByRole('button', { name: 'Delete my account' })).toHaveFocus();
    });

    it("shows the server's refusal as it is: a community still owned, a wrong password under its field", async () => {
      let answer = () => json(409, { message: ACCOUNT_MESSAGES.ownsCommunities('Chess Club'), code: 'owns_communities' });
      routes({ 'DELETE /api/account': () => answer() });
      const { user } = renderApp('/settings');
      const dialog = await openDialog(user);
      await user.type(within(dialog).getByLabelText('Your password'), 'my-password');
      await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'You still own Chess Club. Transfer ownership or delete the community first.',
      );
      expect(getSession()).not.toBeNull();

      answer = () =>
        json(400, {
          message: ACCOUNT_MESSAGES.currentPasswordWrong,
          code: 'wrong_password',
          fields: { password: ACCOUNT_MESSAGES.currentPasswordWrong },
        });
      await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
      await waitFor(() =>
        expect(within(dialog).getByLabelText('Your password')).toHaveAccessibleDescription(ACCOUNT_MESSAGES.currentPasswordWrong),
      );
      expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    });

    it('deletes with the password and the box, signs out on this device, goes home and toasts the answer', async () => {
      const { calls } = routes({ 'DELETE /api/account': () => json(200, { message: ACCOUNT_MESSAGES.accountDeleted }) });
      const { user, router } = renderApp('/settings');
      const dialog = await openDialog(user);
      await user.click(within(dialog).getByRole('checkbox', { name: 'Also delete everything I posted' }));
      await user.type(within(dialog).getByLabelText('Your password'), 'my-password');
      await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
      expect(await screen.findByText(ACCOUNT_MESSAGES.accountDeleted)).toBeInTheDocument();
      await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/'));
      expect(getSession()).toBeNull();
      expect(calls.find((c) => c.method === 'DELETE')).toMatchObject({
        url: '/api/account',
        body: { password: 'my-password', deleteContent: true },
      });
    });
  });
});
