import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { LIVE_EVENTS, SOCKET_EVENTS } from '@agora/contract';
import { currentSocket, type FakeSocket } from '@/test/fake-socket';
import { liveRoomState, liveRooms, useHasLiveRooms, useLiveRoom, type LiveRoom } from './live-rooms';
import { disconnectSocket, hasSocket, hasVisitorSocket, useRealtimeConnection, useVisitorConnection } from './socket';
import { saveSession } from './storage';

const ADA = { token: 'token-ada', userId: 7, username: 'ada' };

/** The room events the app sent on `socket`, without the acknowledgement callbacks. */
function roomEvents(socket: FakeSocket) {
  return socket.emitted.filter(([event]) => event !== SOCKET_EVENTS.userOnline).map(([event, payload]) => [event, payload]);
}

/** Answers the last subscribe sent on `socket` as the server would. */
function ack(socket: FakeSocket, answer: unknown) {
  const last = [...socket.emitted].reverse().find(([event]) => event === LIVE_EVENTS.subscribe);
  act(() => (last![2] as (a: unknown) => void)(answer));
}

async function connected() {
  saveSession(ADA);
  const connection = renderHook(() => useRealtimeConnection());
  await waitFor(() => expect(currentSocket().connected).toBe(true));
  return { connection, socket: currentSocket() };
}

afterEach(() => disconnectSocket());

describe('useLiveRoom (issue 17 §1)', () => {
  it('subscribes with an acknowledgement on mount and unsubscribes on unmount', async () => {
    const { connection, socket } = await connected();
    const page = renderHook(() => useLiveRoom('group:12'));
    expect(roomEvents(socket)).toEqual([[LIVE_EVENTS.subscribe, { room: 'group:12' }]]);
    expect(liveRoomState('group:12')).toBe('pending');
    ack(socket, { ok: true });
    expect(liveRoomState('group:12')).toBe('joined');
    page.unmount();
    expect(roomEvents(socket)).toEqual([
      [LIVE_EVENTS.subscribe, { room: 'group:12' }],
      [LIVE_EVENTS.unsubscribe, { room: 'group:12' }],
    ]);
    expect(liveRooms()).toEqual([]);
    connection.unmount();
  });

  it('asks once for a room two components follow, and leaves it when the last one goes', async () => {
    const { connection, socket } = await connected();
    const feed = renderHook(() => useLiveRoom('discussion:5'));
    const panel = renderHook(() => useLiveRoom('discussion:5'));
    feed.unmount();
    expect(roomEvents(socket)).toEqual([[LIVE_EVENTS.subscribe, { room: 'discussion:5' }]]);
    panel.unmount();
    expect(roomEvents(socket).at(-1)).toEqual([LIVE_EVENTS.unsubscribe, { room: 'discussion:5' }]);
    connection.unmount();
  });

  it('follows the room a page names when it changes (another post opened)', async () => {
    const { connection, socket } = await connected();
    const page = renderHook(({ room }: { room: LiveRoom }) => useLiveRoom(room), { initialProps: { room: 'discussion:5' } });
    page.rerender({ room: 'discussion:6' });
    expect(roomEvents(socket)).toEqual([
      [LIVE_EVENTS.subscribe, { room: 'discussion:5' }],
      [LIVE_EVENTS.unsubscribe, { room: 'discussion:5' }],
      [LIVE_EVENTS.subscribe, { room: 'discussion:6' }],
    ]);
    page.unmount();
    connection.unmount();
  });

  it('subscribes its rooms again after a reconnect, and asks once the connection comes when it was not there yet', async () => {
    saveSession(ADA);
    // The page mounts before the connection is made (the socket client still loading): nothing is queued...
    const page = renderHook(() => useLiveRoom('blog:9'));
    const connection = renderHook(() => useRealtimeConnection());
    await waitFor(() => expect(currentSocket().connected).toBe(true));
    const socket = currentSocket();
    // ...and the connect sends it.
    expect(roomEvents(socket)).toEqual([[LIVE_EVENTS.subscribe, { room: 'blog:9' }]]);
    ack(socket, { ok: true });
    act(() => {
      socket.disconnect();
      socket.connect();
    });
    expect(roomEvents(socket)).toEqual([
      [LIVE_EVENTS.subscribe, { room: 'blog:9' }],
      [LIVE_EVENTS.subscribe, { room: 'blog:9' }],
    ]);
    expect(liveRoomState('blog:9')).toBe('pending');
    page.unmount();
    connection.unmount();
  });

  it('a refusal or room_closed leaves the page working without live updates', async () => {
    const { connection, socket } = await connected();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const page = renderHook(() => useLiveRoom('group:3'));
    ack(socket, { ok: false, message: 'You cannot follow this page' });
    expect(liveRoomState('group:3')).toBe('refused');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('You cannot follow this page'));
    const other = renderHook(() => useLiveRoom('group:4'));
    ack(socket, { ok: true });
    act(() => socket.serverEmit(LIVE_EVENTS.roomClosed, { room: 'group:4' }));
    expect(liveRoomState('group:4')).toBe('refused');
    warn.mockRestore();
    page.unmount();
    other.unmount();
    connection.unmount();
  });

  it('does nothing for a visitor (no connection)', () => {
    const page = renderHook(() => useLiveRoom('group:12'));
    expect(liveRoomState('group:12')).toBe('pending');
    page.unmount();
    expect(liveRooms()).toEqual([]);
  });
});

describe('a visitor’s connection (issue 17 §1, decision 0134)', () => {
  it('useHasLiveRooms says whether any page follows a room', () => {
    const has = renderHook(() => useHasLiveRooms());
    expect(has.result.current).toBe(false);
    const page = renderHook(() => useLiveRoom('group:12'));
    expect(has.result.current).toBe(true);
    page.unmount();
    expect(has.result.current).toBe(false);
  });

  it('connects without a token, never announces presence, subscribes the rooms on connect, closes on unmount', async () => {
    const page = renderHook(() => useLiveRoom('group:12'));
    const connection = renderHook(() => useVisitorConnection());
    await waitFor(() => expect(currentSocket().connected).toBe(true));
    const socket = currentSocket();
    expect(socket.options.auth).toEqual({});
    expect(hasVisitorSocket()).toBe(true);
    expect(socket.emitted.map(([event, payload]) => [event, payload])).toEqual([[LIVE_EVENTS.subscribe, { room: 'group:12' }]]);
    connection.unmount();
    expect(socket.connected).toBe(false);
    expect(hasSocket()).toBe(false);
    page.unmount();
  });

  it('a visitor’s unmount never closes a session’s connection', async () => {
    const { connection, socket } = await connected();
    const visitor = renderHook(() => useVisitorConnection());
    visitor.unmount();
    expect(socket.connected).toBe(true);
    expect(hasVisitorSocket()).toBe(false);
    connection.unmount();
  });
});
