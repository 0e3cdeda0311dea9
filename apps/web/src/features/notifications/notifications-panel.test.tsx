// Over 400 lines on purpose: one screen's tests share one mock server and its helpers; split by screen, not by size.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { SOCKET_EVENTS, type Notification } from '@agora/contract';
import { currentSocket, fakeSockets } from '@/test/fake-socket';
import { json, makeProfile, renderApp, signIn } from '@/test/render-app';
import { serve, type Routes } from '@/test/serve';
import { UNREAD_POLL_MS } from '@/lib/ui-constants';
import { notificationKeys } from './keys';
import { makeNotification } from './test-data';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });
afterEach(() => toast.dismiss());

const LIKE = makeNotification({ id: 1 });
const REQUEST = makeNotification({
  id: 2,
  noti_type: 'friend_request',
  noti_content: 'linus sent you a friend request',
  sender_id: 31,
  senderId: 31,
  sender_username: 'linus',
  noti_link: '/?profile=31',
  group_id: null,
  group_name: null,
  discussion_id: null,
});
const INVITE = makeNotification({
  id: 3,
  noti_type: 'group_invite',
  noti_content: 'grace invited you to join Book Club',
  noti_link: '/group/book-club',
  group_id: 8,
  group_name: 'Book Club',
  discussion_id: null,
});
const FOLLOWER = makeNotification({
  id: 4,
  noti_type: 'new_follower',
  noti_content: 'bob joined Night Owls',
  sender_username: 'bob',
  noti_link: '/group/night-owls',
  discussion_id: null,
  is_read: true,
});

/**
 * A server with these notifications: GET lists them with the unread count, and read / delete / clear change them
 * (unless a route given overrides it).
 */
function serveNotifications(initial: Notification[], routes: Routes = {}) {
  let items = [...initial];
  const unread = () => items.filter((n) => !n.is_read).length;
  const api = serve({
    'GET /notifications': (_b, url) =>
      json(200, { notifications: url.includes('limit=1') ? items.slice(0, 1) : items, unreadCount: unread(), nextCursor: null }),
    'PUT /notifications/1/read': () => {
      items = items.map((n) => (n.id === 1 ? { ...n, is_read: true } : n));
      return json(200, { message: 'Notification marked as read', unreadCount: unread() });
    },
    'DELETE /notifications/1': () => {
      items = items.filter((n) => n.id !== 1);
      return json(200, { message: 'Notification deleted', unreadCount: unread() });
    },
    // The server keeps what still needs an answer (issue 12 §2.1).
    'DELETE /notifications': () => {
      items = items.filter((n) => n.noti_type === 'friend_request' || n.noti_type === 'group_invite');
      return json(200, { message: 'All notifications cleared', unreadCount: unread(), kept: items.length });
    },
    'GET /users/31': () => json(200, makeProfile({ id: 31, username: 'linus' })),
    'GET /friends/status/check': () => json(200, { status: 'pending_received' }),
    // An answered request or invitation leaves the list (SPEC §4).
    'POST /friends/respond': (body) => {
      const { notificationId, accept } = body as { notificationId: number; accept: boolean };
      items = items.filter((n) => n.id !== notificationId);
      return json(200, {
        message: accept ? 'Friend request accepted' : 'Friend request declined',
        userId: 31,
        status: accept ? 'friends' : 'not_friends',
      });
    },
    ...routes,
  });
  return {
    ...api,
    set: (next: Notification[]) => (items = next),
  };
}

// The bell is behind the open panel (aria-hidden by the modal), so hidden elements count.
const bell = () => screen.getByRole('button', { name: /^Notifications/, hidden: true });

async function openPanel(initial: Notification[], routes: Routes = {}, at = '/') {
  signIn();
  const api = serveNotifications(initial, routes);
  const app = renderApp(at);
  await app.user.click(await screen.findByRole('button', { name: /^Notifications/ }));
  const panel = await screen.findByRole('dialog', { name: 'Notifications' });
  return { ...app, api, panel };
}

const items = (panel: HTMLElement) => within(within(panel).getByRole('list', { name: 'Notifications' })).getAllByRole('listitem');

describe('the bell', () => {
  it('has a dot while anything is unread, and none otherwise', async () => {
    signIn();
    const api = serveNotifications([LIKE, FOLLOWER]);
    const { queryClient } = renderApp('/');
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 1 unread'));
    expect(within(bell()).getByTestId('unread-dot')).toBeInTheDocument();
    act(() => queryClient.setQueryData(notificationKeys.unread(), 0));
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications'));
    expect(within(bell()).queryByTestId('unread-dot')).not.toBeInTheDocument();
    expect(api.calls.some((c) => c.url === '/notifications?limit=1')).toBe(true);
  });

  it('refreshes the count on window focus and when the page becomes visible, and polls every 30 seconds', async () => {
    signIn();
    const api = serveNotifications([LIKE]);
    const { queryClient } = renderApp('/');
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 1 unread'));
    const countCalls = () => api.calls.filter((c) => c.url === '/notifications?limit=1').length;
    const before = countCalls();
    api.set([LIKE, { ...REQUEST }]);
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 2 unread'));
    expect(countCalls()).toBe(before + 1);
    api.set([]);
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications'));
    expect(countCalls()).toBe(before + 2);
    // The poll: the count query refetches on its own every UNREAD_POLL_MS (30 s, SPEC §9).
    const query = queryClient.getQueryCache().find({ queryKey: notificationKeys.unread() });
    expect((query?.options as { refetchInterval?: unknown }).refetchInterval).toBe(UNREAD_POLL_MS);
    expect(UNREAD_POLL_MS).toBe(30_000);
  });

  it('follows the realtime pushes: a new notification joins the list at the top, a count from elsewhere replaces it', async () => {
    const { panel } = await openPanel([FOLLOWER]);
    await waitFor(() => expect(items(panel)).toHaveLength(1));
    await waitFor(() => expect(fakeSockets.length).toBeGreaterThan(0));
    const pushed = makeNotification({ id: 9, noti_type: 'comment', noti_content: 'grace commented on your post' });
    act(() => currentSocket().serverEmit(SOCKET_EVENTS.newNotification, { notification: pushed, unreadCount: 1 }));
    await waitFor(() => expect(items(panel)[0]).toHaveTextContent('grace commented on your post'));
    expect(within(panel).getByRole('heading', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    // The same push twice (a reconnect) shows it once.
    act(() => currentSocket().serverEmit(SOCKET_EVENTS.newNotification, { notification: pushed, unreadCount: 1 }));
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 1 unread'));
    expect(items(panel)).toHaveLength(2);
    // Another tab read everything.
    act(() => currentSocket().serverEmit(SOCKET_EVENTS.unreadCount, { unreadCount: 0 }));
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications'));
    // A malformed push changes nothing.
    act(() => currentSocket().serverEmit(SOCKET_EVENTS.unreadCount, { unreadCount: 'many' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(bell()).toHaveAccessibleName('Notifications');
  });
});

describe('the notifications panel', () => {
  it('shows the title with the unread badge, the items newest first with a red bar on unread ones', async () => {
    const { panel } = await openPanel([LIKE, REQUEST, INVITE, FOLLOWER]);
    await waitFor(() => expect(items(panel)).toHaveLength(4));
    expect(within(panel).getByRole('heading', { name: 'Notifications, 3 unread' })).toBeInTheDocument();
    const [like, request, invite, follower] = items(panel);
    expect(like).toHaveTextContent('grace liked your post');
    expect(like).toHaveTextContent('Night Owls');
    expect(within(like!).getByText('Unread:', { exact: false })).toBeInTheDocument();
    expect(within(follower!).queryByText('Unread:', { exact: false })).not.toBeInTheDocument();
    // Answerable items have Accept and Decline instead of Delete.
    expect(within(request!).getByRole('button', { name: 'Accept friend request from linus' })).toBeInTheDocument();
    expect(within(request!).queryByRole('button', { name: 'Delete notification' })).not.toBeInTheDocument();
    expect(within(invite!).getByRole('button', { name: 'Decline invitation to Book Club' })).toBeInTheDocument();
    expect(within(follower!).getByRole('button', { name: 'Delete notification' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Clear notifications' })).toBeEnabled();
  });

  it('shows the empty texts, with Clear disabled', async () => {
    const { panel } = await openPanel([]);
    expect(await within(panel).findByText('No notifications yet')).toBeInTheDocument();
    expect(within(panel).getByText("When you get notifications, they'll appear here")).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Clear notifications' })).toBeDisabled();
  });

  it('searches sender, content, community and type, with its own empty texts', async () => {
    const { panel, user } = await openPanel([LIKE, REQUEST, INVITE, FOLLOWER]);
    await waitFor(() => expect(items(panel)).toHaveLength(4));
    const search = within(panel).getByRole('searchbox', { name: 'Search notifications...' });
    await user.type(search, 'BOOK');
    expect(items(panel).map((li) => li.textContent)).toEqual([expect.stringContaining('Book Club')]);
    await user.clear(search);
    await user.type(search, 'linus');
    expect(items(panel)).toHaveLength(1);
    await user.clear(search);
    await user.type(search, 'new follower');
    expect(items(panel)[0]).toHaveTextContent('bob joined Night Owls');
    await user.clear(search);
    await user.type(search, 'zzz');
    expect(within(panel).getByText('No matching notifications found')).toBeInTheDocument();
    expect(within(panel).getByText('Try a different search term')).toBeInTheDocument();
  });

  it('says "Failed to load notifications" when the list cannot be loaded', async () => {
    const { panel } = await openPanel([], {
      'GET /notifications': (_b, url) =>
        url.includes('limit=1') ? json(200, { notifications: [], unreadCount: 0, nextCursor: null }) : json(500, {}),
    });
    expect(await within(panel).findByText('Failed to load notifications')).toBeInTheDocument();
  });

  it('a click marks the item read (count −1 at once) and opens the post of a like', async () => {
    const { panel, user, api, router } = await openPanel([LIKE, FOLLOWER]);
    await waitFor(() => expect(items(panel)).toHaveLength(2));
    await user.click(within(items(panel)[0]!).getByRole('button', { name: /grace liked your post/ }));
    expect(bell()).toHaveAccessibleName('Notifications');
    expect(api.calls.filter((c) => c.method === 'PUT').map((c) => c.url)).toEqual(['/notifications/1/read']);
    // The notification's link (/groups/3/discussions/41) opens the community's post panel.
    await waitFor(() => expect(router.state.location.pathname).toBe('/group/3/discussions'));
    expect(new URLSearchParams(router.state.location.search).get('post')).toBe('3-41');
    // The list does not stay open behind the post: closing the post goes back to the page, not into the list.
    const post = await screen.findByRole('dialog', { name: 'Post' });
    await waitFor(() => expect([...document.querySelectorAll('[role="dialog"]')]).toEqual([post]));
  });

  it('never counts below 0, and does not mark an already read item again', async () => {
    const { panel, user, api, queryClient, router } = await openPanel([LIKE, FOLLOWER]);
    await waitFor(() => expect(items(panel)).toHaveLength(2));
    act(() => queryClient.setQueryData(notificationKeys.unread(), 0));
    await user.click(within(items(panel)[0]!).getByRole('button', { name: /grace liked your post/ }));
    expect(queryClient.getQueryData(notificationKeys.unread())).toBe(0);
    await act(() => router.navigate('/'));
    // Opening the post closed the list: open it again.
    await user.click(bell());
    const again = await screen.findByRole('dialog', { name: 'Notifications' });
    await user.click(within(items(again)[1]!).getByRole('button', { name: /bob joined Night Owls/ }));
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });

  it('says "Failed to process notification" and restores the item when marking it read fails', async () => {
    const { panel, user } = await openPanel([LIKE], { 'PUT /notifications/1/read': () => json(500, {}) });
    await waitFor(() => expect(items(panel)).toHaveLength(1));
    await user.click(within(items(panel)[0]!).getByRole('button', { name: /grace liked your post/ }));
    expect(await screen.findByText('Failed to process notification')).toBeInTheDocument();
    expect(bell()).toHaveAccessibleName('Notifications, 1 unread');
  });

  it('opens the sender’s profile for a friend request, over the panel', async () => {
    const { panel, user, router } = await openPanel([REQUEST]);
    await waitFor(() => expect(items(panel)).toHaveLength(1));
    await user.click(within(items(panel)[0]!).getByRole('button', { name: /linus sent you a friend request/ }));
    expect(router.state.location.search).toBe('?profile=31');
    expect(await screen.findByRole('dialog', { name: 'Profile' })).toBeInTheDocument();
    // The notifications panel stays open beneath (hidden from the accessibility tree while the profile is on top).
    expect(panel).toBeInTheDocument();
    expect(panel).toHaveTextContent('linus sent you a friend request');
  });

  it('goes to the link and closes the panel for other items', async () => {
    const { panel, user, router } = await openPanel([FOLLOWER]);
    await waitFor(() => expect(items(panel)).toHaveLength(1));
    await user.click(within(items(panel)[0]!).getByRole('button', { name: /bob joined Night Owls/ }));
    expect(router.state.location.pathname).toBe('/group/night-owls');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument());
  });

  it('shows the server’s own export_ready item (no sender) with the product’s icon and the catalogue’s text; it opens the settings', async () => {
    const ready = makeNotification({
      id: 1,
      noti_type: 'export_ready',
      noti_content: 'stored text the panel does not show',
      sender_id: null,
      senderId: null,
      sender_username: null,
      noti_link: '/settings',
      group_id: null,
      group_name: null,
      discussion_id: null,
    });
    const { panel, user, router, api } = await openPanel([ready, FOLLOWER]);
    await waitFor(() => expect(items(panel)).toHaveLength(2));
    const item = items(panel)[0]!;
    expect(item).toHaveTextContent('Your data export is ready to download');
    expect(item).not.toHaveTextContent('stored text');
    expect(item).not.toHaveTextContent('Someone');
    // No sender: no (default) sender picture, the type's icon instead. The other item keeps its sender's picture.
    expect(item.querySelector('img')).toBeNull();
    expect(item.querySelector('svg.lucide-package-check')).not.toBeNull();
    expect(items(panel)[1]!.querySelector('img')).not.toBeNull();
    expect(within(item).getByRole('button', { name: 'Delete notification' })).toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: /Your data export is ready to download/ }));
    expect(router.state.location.pathname).toBe('/settings');
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT' && c.url === '/notifications/1/read')).toBe(true));
  });

  it('shows the membership notifications (issue 12 §2.2) with a delete button; a join request opens the members page', async () => {
    const request = makeNotification({
      id: 1,
      noti_type: 'join_request',
      noti_content: 'bob asked to join Night Owls',
      sender_username: 'bob',
      noti_link: '/group/night-owls/members',
      discussion_id: null,
    });
    const others = (['join_request_approved', 'join_request_declined', 'role_changed', 'member_removed'] as const).map((type, i) =>
      makeNotification({
        id: 10 + i,
        noti_type: type,
        noti_content: `text of ${type}`,
        noti_link: '/group/night-owls',
        discussion_id: null,
      }),
    );
    const { panel, user, router } = await openPanel([request, ...others]);
    await waitFor(() => expect(items(panel)).toHaveLength(5));
    for (const item of items(panel)) expect(within(item).getByRole('button', { name: 'Delete notification' })).toBeInTheDocument();
    expect(within(panel).getByText('text of member_removed')).toBeInTheDocument();
    await user.click(within(items(panel)[0]!).getByRole('button', { name: /bob asked to join Night Owls/ }));
    expect(router.state.location.pathname).toBe('/group/night-owls/members');
  });

  it('does nothing more for an accepted friend request than marking it read', async () => {
    const accepted = makeNotification({
      id: 1,
      noti_type: 'friend_request_accepted',
      noti_content: 'grace accepted your friend request',
      noti_link: '/?profile=12',
    });
    const { panel, user, router, api } = await openPanel([accepted], {}, '/suggested');
    await waitFor(() => expect(items(panel)).toHaveLength(1));
    await user.click(within(items(panel)[0]!).getByRole('button', { name: /accepted your friend request/ }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(router.state.location.pathname).toBe('/suggested');
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('dialog', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('accepts a friend request ("Friend request accepted") and removes it', async () => {
    const { panel, user, api } = await openPanel([REQUEST]);
    await user.click(await within(panel).findByRole('button', { name: 'Accept friend request from linus' }));
    expect(await screen.findByText('Friend request accepted')).toBeInTheDocument();
    expect(api.calls.find((c) => c.url === '/friends/respond')?.body).toEqual({ notificationId: 2, accept: true });
    await waitFor(() => expect(within(panel).queryByText('linus sent you a friend request')).not.toBeInTheDocument());
  });

  it('declines a friend request ("Friend request declined"), or says "Failed to decline request"', async () => {
    let fail = true;
    const { panel, user, api } = await openPanel([REQUEST], {
      'POST /friends/respond': () =>
        fail ? json(500, {}) : json(200, { message: 'Friend request declined', userId: 31, status: 'not_friends' }),
    });
    await user.click(await within(panel).findByRole('button', { name: 'Decline friend request from linus' }));
    expect(await screen.findByText('Failed to decline request')).toBeInTheDocument();
    expect(within(panel).getByText('linus sent you a friend request')).toBeInTheDocument();
    fail = false;
    await user.click(within(panel).getByRole('button', { name: 'Decline friend request from linus' }));
    expect(await screen.findByText('Friend request declined')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.url === '/friends/respond').at(-1)?.body).toEqual({ notificationId: 2, accept: false });
  });

  it('says "Failed to accept request" when accepting fails', async () => {
    const { panel, user } = await openPanel([REQUEST], { 'POST /friends/respond': () => json(500, {}) });
    await user.click(await within(panel).findByRole('button', { name: 'Accept friend request from linus' }));
    expect(await screen.findByText('Failed to accept request')).toBeInTheDocument();
  });

  it('answers an invitation ("Group invite accepted" / "Group invite declined", "Failed to accept invite")', async () => {
    let reply: Response = json(500, {});
    const server: { set?: (next: Notification[]) => void } = {};
    const { panel, user, api } = await openPanel([INVITE, FOLLOWER], {
      'POST /groups/respond-invite': () => {
        if (reply.ok) server.set?.([FOLLOWER]);
        return reply;
      },
    });
    server.set = api.set;
    await user.click(await within(panel).findByRole('button', { name: 'Accept invitation to Book Club' }));
    expect(await screen.findByText('Failed to accept invite')).toBeInTheDocument();
    reply = json(200, { message: 'Group invite declined', isMember: false, group_id: 8, slug: 'book-club' });
    await user.click(within(panel).getByRole('button', { name: 'Decline invitation to Book Club' }));
    expect(await screen.findByText('Group invite declined')).toBeInTheDocument();
    await waitFor(() => expect(within(panel).queryByText('grace invited you to join Book Club')).not.toBeInTheDocument());
    expect(api.calls.filter((c) => c.url === '/groups/respond-invite').map((c) => c.body)).toEqual([
      { notificationId: 3, accept: true },
      { notificationId: 3, accept: false },
    ]);
  });

  it('deletes an item ("Notification deleted"); the count drops if it was unread', async () => {
    const { panel, user } = await openPanel([LIKE, FOLLOWER]);
    await waitFor(() => expect(items(panel)).toHaveLength(2));
    await user.click(within(items(panel)[0]!).getByRole('button', { name: 'Delete notification' }));
    expect(await screen.findByText('Notification deleted')).toBeInTheDocument();
    expect(items(panel)).toHaveLength(1);
    expect(bell()).toHaveAccessibleName('Notifications');
  });

  it('keeps an item whose deletion failed, with "Failed to delete notification"', async () => {
    const { panel, user } = await openPanel([LIKE], { 'DELETE /notifications/1': () => json(500, {}) });
    await waitFor(() => expect(items(panel)).toHaveLength(1));
    await user.click(within(items(panel)[0]!).getByRole('button', { name: 'Delete notification' }));
    expect(await screen.findByText('Failed to delete notification')).toBeInTheDocument();
    expect(items(panel)).toHaveLength(1);
    expect(bell()).toHaveAccessibleName('Notifications, 1 unread');
  });

  it('keeps a pending friend request when clearing, says so, and then has nothing left to clear', async () => {
    const { panel, user } = await openPanel([LIKE, REQUEST, FOLLOWER]);
    await waitFor(() => expect(items(panel)).toHaveLength(3));
    await user.click(within(panel).getByRole('button', { name: 'Clear notifications' }));
    expect(await screen.findByText('Notifications cleared. Kept 1 that still needs your answer')).toBeInTheDocument();
    await waitFor(() => expect(items(panel)).toHaveLength(1));
    expect(within(items(panel)[0]!).getByRole('button', { name: /^Accept/ })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Clear notifications' })).toBeDisabled();
  });

  it('clears everything ("All notifications cleared"): empty list, count 0, Clear disabled', async () => {
    const { panel, user, api } = await openPanel([LIKE, FOLLOWER]);
    await waitFor(() => expect(items(panel)).toHaveLength(2));
    await user.click(within(panel).getByRole('button', { name: 'Clear notifications' }));
    expect(await screen.findByText('All notifications cleared')).toBeInTheDocument();
    expect(within(panel).getByText('No notifications yet')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Clear notifications' })).toBeDisabled();
    expect(bell()).toHaveAccessibleName('Notifications');
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/notifications']);
  });

  it('restores the list when clearing fails, with "Failed to clear notifications"', async () => {
    const { panel, user } = await openPanel([LIKE, FOLLOWER], { 'DELETE /notifications': () => json(500, {}) });
    await waitFor(() => expect(items(panel)).toHaveLength(2));
    await user.click(within(panel).getByRole('button', { name: 'Clear notifications' }));
    expect(await screen.findByText('Failed to clear notifications')).toBeInTheDocument();
    expect(items(panel)).toHaveLength(2);
    expect(bell()).toHaveAccessibleName('Notifications, 1 unread');
  });
});
