import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { SOCKET_EVENTS, type Friend, type FriendStatus, type Suggestion } from '@agora/contract';
import { currentSocket, fakeSockets } from '@/test/fake-socket';
import { json, makeProfile, renderApp, signIn } from '@/test/render-app';
import { deferred, serve, type Routes } from '@/test/serve';
import { actionsFor } from './api';
import { onlineFirst } from './friends-panel-list';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });
afterEach(() => toast.dismiss());

const GRACE = makeProfile({ id: 12, username: 'grace', firstName: 'Grace', lastName: 'Hopper' });

function friend(id: number, username: string, overrides: Partial<Friend> = {}): Friend {
  return { id, username, user_dp: null, user_banner: null, user_bio: '', ...overrides };
}

function suggestion(id: number, username: string, overrides: Partial<Suggestion> = {}): Suggestion {
  return { id, username, user_dp: null, mutualCount: 0, sharedCommunities: 0, ...overrides };
}

const action = (status: FriendStatus, userId = 12, message = 'ok') => json(200, { message, userId, status });

/** Opens grace's profile (id 12) with the viewer's status towards her, and the given extra routes. */
async function openGrace(status: FriendStatus, routes: Routes = {}) {
  signIn();
  const api = serve({
    'GET /users/12': () => json(200, GRACE),
    'GET /friends/status/check': () => json(200, { status }),
    ...routes,
  });
  const app = renderApp('/?profile=12');
  const panel = await screen.findByRole('dialog', { name: 'Profile' });
  await within(panel).findByText('@grace');
  return { ...app, api, panel };
}

const posts = (api: ReturnType<typeof serve>, path: string) => api.calls.filter((c) => c.method === 'POST' && c.url === path);

describe('actionsFor (SPEC §4 Friend relation)', () => {
  it.each([
    ['not_friends', ['request']],
    ['pending_sent', ['cancel']],
    ['pending_received', ['accept', 'reject']],
    ['friends', ['unfriend']],
  ] as const)('%s offers %j', (status, actions) => expect(actionsFor(status)).toEqual(actions));
});

describe('friend buttons on a profile', () => {
  it('asks for the status from the signed-in side (user1 = me)', async () => {
    const { api } = await openGrace('not_friends');
    await screen.findByRole('button', { name: 'Add Friend' });
    expect(api.calls.some((c) => c.url === '/friends/status/check?user1=7&user2=12')).toBe(true);
  });

  it('Add Friend becomes Cancel Request at once, sends only addressee_id, and says "Friend request sent successfully!"', async () => {
    const reply = deferred();
    const { user, api } = await openGrace('not_friends', { 'POST /friends/request': () => reply.promise });
    await user.click(await screen.findByRole('button', { name: 'Add Friend' }));
    // Optimistic: the new state shows while the call is still on its way, and the button waits.
    expect(screen.getByRole('button', { name: 'Cancel Request' })).toHaveAttribute('aria-disabled', 'true');
    expect(posts(api, '/friends/request').map((c) => c.body)).toEqual([{ addressee_id: 12 }]);
    reply.resolve(action('pending_sent', 12, 'Friend request sent successfully!'));
    expect(await screen.findByText('Friend request sent successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel Request' })).toBeEnabled());
  });

  it('rolls a failed request back to Add Friend with the server message, or "Failed to send friend request"', async () => {
    let attempt = 0;
    const { user } = await openGrace('not_friends', {
      'POST /friends/request': () => ((attempt += 1) === 1 ? json(429, { message: 'Slow down', code: 'rate_limited' }) : json(500, {})),
    });
    await user.click(await screen.findByRole('button', { name: 'Add Friend' }));
    expect(await screen.findByText('Slow down')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Friend' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Add Friend' }));
    expect(await screen.findByText('Failed to send friend request')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Friend' })).toBeInTheDocument();
  });

  it("takes the server's status when it differs (she had asked us first: friends at once)", async () => {
    const { user } = await openGrace('not_friends', {
      'POST /friends/request': () => action('friends', 12, 'Friend request accepted!'),
    });
    await user.click(await screen.findByRole('button', { name: 'Add Friend' }));
    expect(await screen.findByRole('button', { name: 'Unfriend' })).toBeInTheDocument();
  });

  it('Cancel Request goes back to Add Friend ("Friend request cancelled!")', async () => {
    const { user, api } = await openGrace('pending_sent', {
      'POST /friends/cancel': () => action('not_friends', 12, 'Friend request cancelled!'),
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel Request' }));
    expect(await screen.findByText('Friend request cancelled!')).toBeInTheDocument();
    expect(posts(api, '/friends/cancel').map((c) => c.body)).toEqual([{ addressee_id: 12 }]);
    expect(screen.getByRole('button', { name: 'Add Friend' })).toBeInTheDocument();
  });

  it('a failed cancel puts Cancel Request back with "Failed to cancel friend request"', async () => {
    const { user } = await openGrace('pending_sent', { 'POST /friends/cancel': () => json(500, {}) });
    await user.click(await screen.findByRole('button', { name: 'Cancel Request' }));
    expect(await screen.findByText('Failed to cancel friend request')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel Request' })).toBeInTheDocument();
  });

  it('a received request offers Accept (→ friends, "Friend request accepted!") and Reject (→ not friends)', async () => {
    const reply = deferred();
    const { user, api } = await openGrace('pending_received', { 'POST /friends/accept': () => reply.promise });
    expect(await screen.findByRole('button', { name: 'Reject' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    // Friends at once, before the answer.
    expect(await screen.findByRole('button', { name: 'Unfriend' })).toHaveAttribute('aria-disabled', 'true');
    reply.resolve(action('friends', 12, 'Friend request accepted!'));
    expect(await screen.findByText('Friend request accepted!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unfriend' })).toBeInTheDocument();
    expect(posts(api, '/friends/accept').map((c) => c.body)).toEqual([{ requester_id: 12 }]);
  });

  it('Reject leaves no relation; a failed accept shows "Failed to accept friend request" and offers both again', async () => {
    const { user, api } = await openGrace('pending_received', {
      'POST /friends/accept': () => json(500, {}),
      'POST /friends/reject': () => action('not_friends', 12, 'Friend request declined'),
    });
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Failed to accept friend request')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByRole('button', { name: 'Add Friend' })).toBeInTheDocument();
    expect(posts(api, '/friends/reject').map((c) => c.body)).toEqual([{ requester_id: 12 }]);
  });

  it('Unfriend asks first; Cancel keeps the friendship and gives focus back', async () => {
    const { user, api } = await openGrace('friends');
    const unfriend = await screen.findByRole('button', { name: 'Unfriend' });
    await user.click(unfriend);
    const dialog = await screen.findByRole('alertdialog', { name: 'Are you sure you want to unfriend grace?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Unfriend' })).toHaveFocus();
    expect(posts(api, '/friends/unfriend')).toEqual([]);
  });

  it('"Yes, Unfriend" ends the friendship ("Friend removed successfully!")', async () => {
    const { user, api } = await openGrace('friends', {
      'POST /friends/unfriend': () => action('not_friends', 12, 'Friend removed successfully!'),
    });
    await user.click(await screen.findByRole('button', { name: 'Unfriend' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, Unfriend' }));
    expect(await screen.findByText('Friend removed successfully!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Friend' })).toBeInTheDocument();
    expect(posts(api, '/friends/unfriend').map((c) => c.body)).toEqual([{ other_user_id: 12 }]);
  });

  it('a failed unfriend puts Unfriend back with "Failed to remove friend"', async () => {
    const { user } = await openGrace('friends', { 'POST /friends/unfriend': () => json(500, {}) });
    await user.click(await screen.findByRole('button', { name: 'Unfriend' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, Unfriend' }));
    expect(await screen.findByText('Failed to remove friend')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unfriend' })).toBeInTheDocument();
  });

  it('ignores a second click while the first call runs (one action per person at a time)', async () => {
    const reply = deferred();
    const { api } = await openGrace('not_friends', { 'POST /friends/request': () => reply.promise });
    const button = await screen.findByRole('button', { name: 'Add Friend' });
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(posts(api, '/friends/request')).toHaveLength(1));
    reply.resolve(action('pending_sent'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel Request' })).toBeEnabled());
    expect(posts(api, '/friends/request')).toHaveLength(1);
  });

  it("shows no friend button on one's own profile", async () => {
    signIn();
    serve({});
    renderApp('/?profile=me');
    const panel = await screen.findByRole('dialog', { name: 'Profile' });
    await within(panel).findByText('@ada');
    expect(within(panel).queryByRole('button', { name: /Add Friend|Unfriend/ })).not.toBeInTheDocument();
  });
});

describe('the profile Friends tab', () => {
  it("shows one's own friends and suggestions, and searches suggestions by prefix after the typing pauses", async () => {
    signIn();
    const { calls } = serve({
      'GET /friends/7/friends': () =>
        json(200, { friends: [friend(12, 'grace', { user_bio: 'Compilers' }), friend(31, 'linus')], total: 2, nextCursor: null }),
      'GET /friends/suggestions': (_body, url) =>
        json(200, {
          suggestions: url.includes('search=gr')
            ? [suggestion(40, 'grete')]
            : [suggestion(40, 'grete', { mutualCount: 3 }), suggestion(41, 'bob', { sharedCommunities: 1 })],
          nextCursor: null,
        }),
    });
    const { user } = renderApp('/?profile=me');
    const panel = await screen.findByRole('dialog', { name: 'Profile' });
    await user.click(await within(panel).findByRole('tab', { name: 'Friends' }));
    expect(await within(panel).findByRole('heading', { name: 'My Friends (2)' })).toBeInTheDocument();
    expect(within(panel).getByText('Compilers')).toBeInTheDocument();
    expect(within(panel).getByRole('heading', { name: 'Suggestions' })).toBeInTheDocument();
    const suggestions = await within(panel).findByRole('list', { name: 'Suggestions' });
    expect(within(suggestions).getByText('3 mutual friends')).toBeInTheDocument();
    expect(within(suggestions).getByText('1 shared community')).toBeInTheDocument();
    expect(within(suggestions).getByRole('button', { name: 'Add Friend bob' })).toBeInTheDocument();
    // A suggestion is known not to be a friend: no status call per person.
    expect(calls.filter((c) => c.url.startsWith('/friends/status'))).toEqual([]);

    // Two keystrokes with no pause between them: one search, for the whole text, once typing stops.
    const search = within(panel).getByRole('searchbox', { name: 'Search suggestions by username' });
    fireEvent.change(search, { target: { value: 'g' } });
    fireEvent.change(search, { target: { value: 'gr' } });
    await waitFor(() => expect(within(panel).queryByText('bob')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.url.startsWith('/friends/suggestions')).map((c) => c.url)).toEqual([
      '/friends/suggestions',
      '/friends/suggestions?search=gr',
    ]);
  });

  it('removes a friend from the own list after "Are you sure you want to remove this friend?"', async () => {
    signIn();
    let mine = [friend(12, 'grace'), friend(31, 'linus')];
    const { calls } = serve({
      'GET /friends/7/friends': () => json(200, { friends: mine, total: mine.length, nextCursor: null }),
      'GET /friends/suggestions': () => json(200, { suggestions: [], nextCursor: null }),
      'POST /friends/unfriend': () => {
        mine = mine.filter((f) => f.id !== 12);
        return action('not_friends', 12, 'Friend removed successfully!');
      },
    });
    const { user } = renderApp('/?profile=me');
    const panel = await screen.findByRole('dialog', { name: 'Profile' });
    await user.click(await within(panel).findByRole('tab', { name: 'Friends' }));
    await user.click(await within(panel).findByRole('button', { name: 'Remove grace' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Are you sure you want to remove this friend?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Friend removed successfully!')).toBeInTheDocument();
    expect(within(panel).getByRole('heading', { name: 'My Friends (1)' })).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Remove grace' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/friends/unfriend').map((c) => c.body)).toEqual([{ other_user_id: 12 }]);
  });

  it('keeps a friend whose removal failed, with "Failed to remove friend"', async () => {
    signIn();
    serve({
      'GET /friends/7/friends': () => json(200, { friends: [friend(12, 'grace')], total: 1, nextCursor: null }),
      'GET /friends/suggestions': () => json(200, { suggestions: [], nextCursor: null }),
      'POST /friends/unfriend': () => json(500, {}),
    });
    const { user } = renderApp('/?profile=me');
    const panel = await screen.findByRole('dialog', { name: 'Profile' });
    await user.click(await within(panel).findByRole('tab', { name: 'Friends' }));
    await user.click(await within(panel).findByRole('button', { name: 'Remove grace' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Failed to remove friend')).toBeInTheDocument();
    expect(within(panel).getByRole('heading', { name: 'My Friends (1)' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Remove grace' })).toBeInTheDocument();
  });

  it("shows another user's friends and the mutual ones, and a friend opens that friend's profile", async () => {
    signIn();
    serve({
      'GET /users/12': () => json(200, GRACE),
      'GET /users/31': () => json(200, makeProfile({ id: 31, username: 'linus' })),
      'GET /friends/status/check': () => json(200, { status: 'friends' }),
      'GET /friends/12/friends': () => json(200, { friends: [friend(7, 'ada'), friend(31, 'linus')], total: 2, nextCursor: null }),
      'GET /friends/12/mutual': () => json(200, { friends: [friend(31, 'linus')], total: 1, nextCursor: null }),
    });
    const { user, router } = renderApp('/?profile=12');
    const panel = await screen.findByRole('dialog', { name: 'Profile' });
    await user.click(await within(panel).findByRole('tab', { name: 'Friends' }));
    expect(await within(panel).findByRole('heading', { name: 'All Friends (2)' })).toBeInTheDocument();
    expect(within(panel).getByRole('heading', { name: 'Mutual Friends' })).toBeInTheDocument();
    expect(within(panel).queryByRole('heading', { name: 'Suggestions' })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    await waitFor(() => expect(within(panel).getAllByRole('button', { name: 'linus' })).toHaveLength(2));
    // Oneself in someone's list opens one's own profile.
    await user.click(within(panel).getByRole('button', { name: 'ada' }));
    expect(router.state.location.search).toBe('?profile=me');
  });
});

describe('onlineFirst', () => {
  it('puts online friends first, keeping the order within each group', () => {
    const list = [friend(1, 'a'), friend(2, 'b'), friend(3, 'c'), friend(4, 'd')];
    expect(onlineFirst(list, new Set([4, 2])).map((f) => f.id)).toEqual([2, 4, 1, 3]);
  });
});

describe('the friends panel (desktop side panel)', () => {
  it('lists the friends with the online ones first, follows the server’s online_users, and View Profile opens the profile', async () => {
    signIn();
    serve({
      'GET /friends/7/friends': () => json(200, { friends: [friend(12, 'grace'), friend(31, 'linus')], total: 2, nextCursor: null }),
      'GET /users/31': () => json(200, makeProfile({ id: 31, username: 'linus' })),
      'GET /friends/status/check': () => json(200, { status: 'friends' }),
    });
    const { user, router } = renderApp('/');
    const side = await screen.findByRole('complementary', { name: 'Side panel' });
    // hidden: true because role queries treat the side panel's rows as hidden in jsdom; the journey checks them in Chromium.
    const names = () =>
      within(side)
        .getAllByRole('button', { name: /, (Online|Offline)$/, hidden: true })
        .map((b) => b.getAttribute('aria-label'));
    await waitFor(() => expect(names()).toEqual(['grace, Offline', 'linus, Offline']));
    await waitFor(() => expect(fakeSockets.length).toBeGreaterThan(0));
    act(() => currentSocket().serverEmit(SOCKET_EVENTS.onlineUsers, [31]));
    await waitFor(() => expect(names()).toEqual(['linus, Online', 'grace, Offline']));
    expect(within(side).getByText('online', { exact: false })).toHaveTextContent('1 online');
    await user.click(within(side).getByRole('button', { name: 'linus, Online' }));
    const card = await screen.findByRole('dialog', { name: "linus's profile" });
    await user.click(within(card).getByRole('button', { name: 'View Profile' }));
    await waitFor(() => expect(router.state.location.search).toBe('?profile=31'));
    // Gone offline: the list says so.
    act(() => currentSocket().serverEmit(SOCKET_EVENTS.onlineUsers, []));
    await waitFor(() => expect(names()).toEqual(['grace, Offline', 'linus, Offline']));
  });
});
