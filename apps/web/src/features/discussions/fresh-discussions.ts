import { useSyncExternalStore } from 'react';

/**
 * Posts the viewer wrote in this page load (issue 12 §2.5). A community feed sorts pinned posts first, so a new
 * post would land below them, out of sight; the feeds show these first instead, newest on top, until the next
 * reload. Module state on purpose: a reload is the "next refresh" that lets the server's order win again.
 */
let fresh: readonly number[] = [];
const listeners = new Set<() => void>();

export function markFreshDiscussion(id: number): void {
  fresh = [id, ...fresh.filter((x) => x !== id)];
  for (const listener of listeners) listener();
}

/** Forgets them all (tests; a sign-out). */
export function resetFreshDiscussions(): void {
  fresh = [];
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Ids of posts written in this page load, newest first. */
export function useFreshDiscussions(): readonly number[] {
  return useSyncExternalStore(
    subscribe,
    () => fresh,
    () => fresh,
  );
}

/** `posts` with the fresh ones first (newest first), the rest in the server's order. */
export function freshFirst<T extends { id: number }>(posts: readonly T[], freshIds: readonly number[]): T[] {
  if (freshIds.length === 0) return [...posts];
  const rank = new Map(freshIds.map((id, i) => [id, i]));
  const top = posts.filter((p) => rank.has(p.id)).sort((a, b) => rank.get(a.id)! - rank.get(b.id)!);
  return [...top, ...posts.filter((p) => !rank.has(p.id))];
}
