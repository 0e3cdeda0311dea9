import { useSyncExternalStore } from 'react';

/**
 * Whether any page follows a live room now (lib/live-rooms.ts sets it). Apart from live-rooms.ts and the socket
 * module so the layout can ask without carrying them: a visitor's "/" follows no room and must stay small
 * (decision 0134: a visitor's connection and its code load only while a page follows a room).
 */
let following = false;
const subscribers = new Set<() => void>();

export function setLiveFollowing(value: boolean): void {
  if (value === following) return;
  following = value;
  for (const notify of subscribers) notify();
}

function subscribe(onChange: () => void): () => void {
  subscribers.add(onChange);
  return () => subscribers.delete(onChange);
}

const get = () => following;

/** True while any page follows a live room. */
export function useLiveFollowing(): boolean {
  return useSyncExternalStore(subscribe, get, get);
}
