import { useEffect, useSyncExternalStore } from 'react';
import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
import { SOCKET_EVENTS } from '@agora/contract';
import { getSession, subscribeSession, type Session } from './storage';

/**
 * The app's single Socket.IO connection (SPEC §4 Realtime presence, §7 Realtime, §9): while a session token exists,
 * authenticated with that token, closed when the session ends (logout, a 401, another tab signing out). A visitor
 * gets a connection without a token only while a page follows a live room (app/visitor-realtime.tsx, issue 17 §1,
 * docs/decisions/0134-visitors-live-sockets.md): public rooms only, no presence (user_online is never sent).
 *
 * This module stays free of zod and of socket.io-client's code until a connection is made: the logout flow and
 * the signed-in layout import it, and the login page's first load must stay small (docs/decisions/0040-zod-stays-off-the-first-load.md). The
 * client library is fetched on the first connection; event names come from the contract's zod-free module.
 */

/** SPEC §9 Realtime: reconnect after 1 s growing to 5 s, jitter 0.5, unlimited attempts, connect timeout 20 s. */
export const RECONNECT = { delayMs: 1000, delayMaxMs: 5000, jitter: 0.5, connectTimeoutMs: 20_000 } as const;

export type RealtimeOptions = Partial<ManagerOptions & SocketOptions>;

/**
 * The connection's options for a session token (null: a visitor's, with no token at all): same origin, websocket
 * first then polling, manual connect.
 */
export function socketOptions(token: string | null): RealtimeOptions {
  return {
    path: '/socket.io/',
    auth: token === null ? {} : { token },
    transports: ['websocket', 'polling'],
    withCredentials: true,
    // Connected by connectSocket only, never by io() itself (SPEC §7 "connected manually only with a token").
    autoConnect: false,
    reconnection: true,
    reconnectionAttempts: Infinity,
    reconnectionDelay: RECONNECT.delayMs,
    reconnectionDelayMax: RECONNECT.delayMaxMs,
    randomizationFactor: RECONNECT.jitter,
    timeout: RECONNECT.connectTimeoutMs,
  };
}

type Listener = (...args: unknown[]) => void;

interface Connection {
  /** null: a visitor's connection. */
  token: string | null;
  userId: number;
  socket: Socket | null;
  closed: boolean;
}

let connection: Connection | null = null;
const listeners = new Map<string, Set<Listener>>();
// Told on every (re)connect, after the user_online announcement: lib/live-rooms.ts subscribes its rooms again.
const connectListeners = new Set<() => void>();

// The ids the server says are online (friends only, decision 0089). Replaced, never mutated, so React sees changes.
let online: ReadonlySet<number> = new Set();
const onlineSubscribers = new Set<() => void>();

function setOnline(ids: readonly number[]): void {
  online = new Set(ids);
  for (const notify of onlineSubscribers) notify();
}

function dispatch(event: string, args: unknown[]): void {
  for (const listener of listeners.get(event) ?? []) {
    try {
      listener(...args);
    } catch (error) {
      // One broken listener must not stop the others (or the socket's own handlers).
      console.error(error);
    }
  }
}

/**
 * Opens the connection for this session, closing one made for another token. On every (re)connect it announces
 * the user online (SPEC §4) and the server answers with `online_users`.
 */
export function connectSocket(session: Pick<Session, 'token' | 'userId'> | null): void {
  const token = session?.token ?? null;
  if (connection && !connection.closed && connection.token === token) return;
  disconnectSocket();
  const entry: Connection = { token, userId: session?.userId ?? 0, socket: null, closed: false };
  connection = entry;
  void import('socket.io-client').then(
    ({ io }) => {
      if (entry.closed) return;
      const socket = io(socketOptions(entry.token));
      socket.on('connect', () => {
        // Presence is for signed-in people: a visitor's connection follows rooms only.
        if (entry.token !== null) socket.emit(SOCKET_EVENTS.userOnline, entry.userId);
        for (const listener of connectListeners) listener();
      });
      socket.on(SOCKET_EVENTS.onlineUsers, (ids: unknown) => {
        if (Array.isArray(ids)) setOnline(ids.filter((id): id is number => Number.isInteger(id)));
      });
      // The server stopped the connection (its session ended): nobody is known to be online any more.
      socket.on('disconnect', () => setOnline([]));
      socket.onAny((event: string, ...args: unknown[]) => dispatch(event, args));
      entry.socket = socket;
      socket.connect();
    },
    (error: unknown) => {
      // The chunk could not be fetched (offline, a new deploy): the app works without live updates, and the
      // 30-second poll keeps the unread count fresh.
      if (connection === entry) connection = null;
      console.error(error);
    },
  );
}

/** Closes the connection, if any (SPEC §4 Logout), and forgets who was online. */
export function disconnectSocket(): void {
  const entry = connection;
  connection = null;
  if (entry) {
    entry.closed = true;
    entry.socket?.offAny();
    entry.socket?.disconnect();
  }
  if (online.size > 0) setOnline([]);
}

/** Closes the connection if it is a visitor's (a session's connection stays). */
export function disconnectVisitorSocket(): void {
  if (connection && connection.token === null) disconnectSocket();
}

/** True while a connection exists or is being made. */
export function hasSocket(): boolean {
  return connection !== null && !connection.closed;
}

/** True while the connection (made or being made) is a visitor's. */
export function hasVisitorSocket(): boolean {
  return hasSocket() && connection?.token === null;
}

/** Listens to a server event on the connection, whichever connection is current; returns the unsubscribe. */
export function onSocketEvent(event: string, listener: Listener): () => void {
  let set = listeners.get(event);
  if (!set) {
    set = new Set();
    listeners.set(event, set);
  }
  set.add(listener);
  return () => {
    set.delete(listener);
  };
}

/**
 * Sends `event` now if the connection is up, with an acknowledgement callback; false (nothing sent) otherwise. Never
 * queued while disconnected: what must survive a reconnect is sent again from `onSocketConnect`.
 */
export function emitSocket(event: string, payload: unknown, ack?: (answer: unknown) => void): boolean {
  const socket = connection && !connection.closed ? connection.socket : null;
  if (!socket?.connected) return false;
  if (ack) socket.emit(event, payload, ack);
  else socket.emit(event, payload);
  return true;
}

/** Calls `listener` after every (re)connect of the connection, whichever connection is current; returns the unsubscribe. */
export function onSocketConnect(listener: () => void): () => void {
  connectListeners.add(listener);
  return () => {
    connectListeners.delete(listener);
  };
}

function subscribeOnline(onChange: () => void): () => void {
  onlineSubscribers.add(onChange);
  return () => {
    onlineSubscribers.delete(onChange);
  };
}

const getOnline = () => online;

/** The ids of the friends online now, as last pushed by the server (empty while disconnected). */
export function useOnlineUsers(): ReadonlySet<number> {
  return useSyncExternalStore(subscribeOnline, getOnline, getOnline);
}

/**
 * A visitor's connection while mounted (the visitor layout mounts it only while a page follows a live room): opened
 * without a token, closed on unmount (the last room released, or a sign-in: the session's connection replaces it).
 */
export function useVisitorConnection(): void {
  useEffect(() => {
    if (!getSession()) connectSocket(null);
    return disconnectVisitorSocket;
  }, []);
}

/**
 * Keeps the connection in step with the session: connected while a token exists, closed when it is gone or
 * replaced (sign-out here or in another tab, a 401 that cleared it). Mount it once, in the signed-in layout.
 */
export function useRealtimeConnection(): void {
  useEffect(() => {
    const follow = () => {
      const session = getSession();
      if (session) connectSocket(session);
      else disconnectSocket();
    };
    follow();
    const unsubscribe = subscribeSession(follow);
    return () => {
      unsubscribe();
      disconnectSocket();
    };
  }, []);
}
