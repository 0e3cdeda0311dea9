import { describe, expect, it, vi } from 'vitest';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { SOCKET_EVENTS } from '@agora/contract';
import { currentSocket, fakeSockets, io } from '@/test/fake-socket';
import { disconnectSocket, hasSocket, onSocketEvent, socketOptions, useOnlineUsers, useRealtimeConnection } from './socket';
import { clearSession, saveSession } from './storage';

const ADA = { token: 'token-ada', userId: 7, username: 'ada' };

/** The realtime hook mounted alone, as the signed-in layout mounts it. */
function mountRealtime() {
  return renderHook(() => useRealtimeConnection());
}

describe('socketOptions (SPEC §7, §9)', () => {
  it('authenticates with the token, tries websocket then polling, and reconnects 1 s → 5 s with jitter 0.5, forever, 20 s timeout', () => {
    expect(socketOptions('abc')).toEqual({
      path: '/socket.io/',
      auth: { token: 'abc' },
      transports: ['websocket', 'polling'],
      withCredentials: true,
      autoConnect: false,
      reconnection: true,
      reconnectionAttempts: Infinity,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      randomizationFactor: 0.5,
      timeout: 20_000,
    });
  });
});

describe('the realtime connection', () => {
  it('is never opened without a token', async () => {
    const hook = mountRealtime();
    expect(hasSocket()).toBe(false);
    // Had a connection been started, the client library would be loaded by now and io() called.
    await act(async () => {
      await import('socket.io-client');
    });
    expect(io).not.toHaveBeenCalled();
    hook.unmount();
  });

  it('connects with the session token and announces the user online on every connect', async () => {
    saveSession(ADA);
    const hook = mountRealtime();
    await waitFor(() => expect(io).toHaveBeenCalledTimes(1));
    const socket = currentSocket();
    expect(socket.options).toEqual(socketOptions('token-ada'));
    expect(socket.connected).toBe(true);
    expect(socket.emitted).toEqual([[SOCKET_EVENTS.userOnline, 7]]);
    // A reconnect (server restart) announces again, so the online list is fresh.
    socket.serverEmit('connect');
    expect(socket.emitted).toHaveLength(2);
    hook.unmount();
  });

  it('follows the session: closed when it ends, reopened with the new token when someone else signs in', async () => {
    saveSession(ADA);
    const hook = mountRealtime();
    await waitFor(() => expect(fakeSockets).toHaveLength(1));
    const first = currentSocket();
    act(() => clearSession());
    expect(first.connected).toBe(false);

    act(() => saveSession({ token: 'token-grace', userId: 12, username: 'grace' }));
    await waitFor(() => expect(fakeSockets).toHaveLength(2));
    expect(currentSocket().options.auth).toEqual({ token: 'token-grace' });
    expect(currentSocket().emitted).toEqual([[SOCKET_EVENTS.userOnline, 12]]);
    hook.unmount();
    // Leaving the signed-in layout closes it too.
    expect(currentSocket().connected).toBe(false);
  });

  it('keeps the friends online from online_users, and forgets them when disconnected', async () => {
    saveSession(ADA);
    const hook = mountRealtime();
    await waitFor(() => expect(fakeSockets).toHaveLength(1));
    function Online() {
      const online = useOnlineUsers();
      return <p>online: {[...online].join(',') || 'nobody'}</p>;
    }
    render(<Online />);
    expect(screen.getByText('online: nobody')).toBeInTheDocument();
    act(() => currentSocket().serverEmit(SOCKET_EVENTS.onlineUsers, [12, 31]));
    expect(screen.getByText('online: 12,31')).toBeInTheDocument();
    act(() => currentSocket().serverEmit(SOCKET_EVENTS.onlineUsers, [31]));
    expect(screen.getByText('online: 31')).toBeInTheDocument();
    // The server ended the connection (logout elsewhere, its session revoked): nobody is known to be online.
    act(() => currentSocket().serverEmit('disconnect', 'io server disconnect'));
    expect(screen.getByText('online: nobody')).toBeInTheDocument();
    act(() => currentSocket().serverEmit(SOCKET_EVENTS.onlineUsers, [12]));
    act(() => disconnectSocket());
    expect(screen.getByText('online: nobody')).toBeInTheDocument();
    hook.unmount();
  });

  it('hands server events to listeners, and stops when they unsubscribe', async () => {
    saveSession(ADA);
    const hook = mountRealtime();
    await waitFor(() => expect(fakeSockets).toHaveLength(1));
    const listener = vi.fn();
    const off = onSocketEvent(SOCKET_EVENTS.unreadCount, listener);
    currentSocket().serverEmit(SOCKET_EVENTS.unreadCount, { unreadCount: 3 });
    expect(listener).toHaveBeenCalledWith({ unreadCount: 3 });
    off();
    currentSocket().serverEmit(SOCKET_EVENTS.unreadCount, { unreadCount: 4 });
    expect(listener).toHaveBeenCalledTimes(1);
    hook.unmount();
  });
});
