import { useEffect, useSyncExternalStore } from 'react';
import { LIVE_EVENTS } from '@agora/contract';
import { setLiveFollowing, useLiveFollowing } from './live-following';
import { emitSocket, onSocketConnect, onSocketEvent } from './socket';

/**
 * The socket's room subscriptions (issue 17 §1): the one place that asks the server for rooms. A page names the
 * room of what it shows (`group:<id>`, `discussion:<id>`, `blog:<id>`) with `useLiveRoom`; the room is subscribed
 * once however many components ask for it, unsubscribed when the last one unmounts, and subscribed again after
 * every reconnect (a new server connection starts with no rooms). The home feed's room is joined by the server on
 * connect. A visitor's pages follow public rooms over a visitor's connection, opened while any room is followed
 * (`useHasLiveRooms`, lib/live-following.ts, app/visitor-realtime.tsx). Zod-free and small: community pages import it.
 */

export type LiveRoom = `group:${number}` | `discussion:${number}` | `blog:${number}`;

export type RoomState = 'pending' | 'joined' | 'refused';

const rooms = new Map<string, { count: number; state: RoomState }>();
const watchers = new Set<() => void>();

function changed(): void {
  setLiveFollowing(rooms.size > 0);
  for (const watcher of watchers) watcher();
}

function subscribe(room: string): void {
  const entry = rooms.get(room);
  if (!entry) return;
  entry.state = 'pending';
  const sent = emitSocket(LIVE_EVENTS.subscribe, { room }, (answer: unknown) => {
    const current = rooms.get(room);
    if (current !== entry) return;
    const ok = (answer as { ok?: unknown } | null)?.ok === true;
    current.state = ok ? 'joined' : 'refused';
    // Refused (a private community the viewer left, a deleted post): the page still works, without live updates.
    if (!ok) console.warn(`live room ${room}: ${String((answer as { message?: unknown } | null)?.message ?? 'refused')}`);
    changed();
  });
  if (sent) changed();
}

onSocketConnect(() => {
  for (const room of rooms.keys()) subscribe(room);
});

// The server took the socket out of a room (the viewer may no longer read it): nothing more comes for it.
onSocketEvent(LIVE_EVENTS.roomClosed, (payload: unknown) => {
  const entry = rooms.get(String((payload as { room?: unknown } | null)?.room));
  if (!entry) return;
  entry.state = 'refused';
  changed();
});

/** Asks for `room`; returns the release. Counted: the room is left when the last holder releases it. */
export function joinLiveRoom(room: LiveRoom): () => void {
  const entry = rooms.get(room);
  if (entry) entry.count += 1;
  else {
    rooms.set(room, { count: 1, state: 'pending' });
    subscribe(room);
    // A visitor's layout opens its connection once a room is followed.
    changed();
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const current = rooms.get(room);
    if (!current) return;
    current.count -= 1;
    if (current.count > 0) return;
    rooms.delete(room);
    emitSocket(LIVE_EVENTS.unsubscribe, { room });
    changed();
  };
}

/** Follows `room` while the component is mounted (null: none). */
export function useLiveRoom(room: LiveRoom | null): void {
  useEffect(() => (room ? joinLiveRoom(room) : undefined), [room]);
}

function watch(onChange: () => void): () => void {
  watchers.add(onChange);
  return () => watchers.delete(onChange);
}

/** Where the subscription of `room` stands (undefined when nobody follows it): tests, and the journey's waits. */
export function liveRoomState(room: string): RoomState | undefined {
  return rooms.get(room)?.state;
}

/** The rooms followed now, in the order they were asked for. */
export function liveRooms(): string[] {
  return [...rooms.keys()];
}

export function useLiveRoomState(room: string): RoomState | undefined {
  return useSyncExternalStore(watch, () => liveRoomState(room));
}

/** True while any page follows a live room (a visitor's connection is open only then). */
export const useHasLiveRooms = useLiveFollowing;
