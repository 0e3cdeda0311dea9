import { useSyncExternalStore } from 'react';
import type { Discussion } from '@agora/contract';

/**
 * What the live updates (issue 17 §1, features/live) hold beside the query cache, zod-free and small:
 *
 * - the posts pushed to a feed but not shown yet, per feed (`home`, `group:<id>`), newest first: the feed shows an
 *   "N new posts" pill instead of inserting them (no jump under the reader's eyes); a click moves them into the
 *   feed's cache (`showNewPosts`);
 * - the posts deleted while on screen: the open post panel says "This post was deleted" instead of its content.
 *
 * Module state, like fresh-discussions.ts: a reload starts from the server's truth again.
 */

export type FeedName = 'home' | `group:${number}`;

let pending = new Map<FeedName, readonly Discussion[]>();
let deleted: ReadonlySet<number> = new Set();
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const NONE: readonly Discussion[] = [];

/** Holds `post` for `feed`'s pill, once, newest first. */
export function addPendingPost(feed: FeedName, post: Discussion): void {
  const current = pending.get(feed) ?? NONE;
  if (current.some((p) => p.id === post.id)) return;
  pending = new Map(pending).set(feed, [post, ...current]);
  changed();
}

/** Applies `fn` to a held post wherever it is held (an edit, a like); null drops it (a deletion). */
export function mapPendingPost(id: number, fn: (post: Discussion) => Discussion | null): void {
  let touched = false;
  const next = new Map(pending);
  for (const [feed, posts] of pending) {
    if (!posts.some((p) => p.id === id)) continue;
    touched = true;
    next.set(
      feed,
      posts.flatMap((p) => {
        if (p.id !== id) return [p];
        const mapped = fn(p);
        return mapped ? [mapped] : [];
      }),
    );
  }
  if (!touched) return;
  pending = next;
  changed();
}

/** Takes (and forgets) the posts held for `feed`, newest first. */
export function takePendingPosts(feed: FeedName): readonly Discussion[] {
  const posts = pending.get(feed) ?? NONE;
  if (posts.length === 0) return posts;
  pending = new Map(pending);
  pending.delete(feed);
  changed();
  return posts;
}

export function usePendingPosts(feed: FeedName | null): readonly Discussion[] {
  return useSyncExternalStore(
    subscribe,
    () => (feed ? (pending.get(feed) ?? NONE) : NONE),
    () => NONE,
  );
}

export function markPostDeleted(id: number): void {
  if (deleted.has(id)) return;
  deleted = new Set(deleted).add(id);
  mapPendingPost(id, () => null);
  changed();
}

export function useIsPostDeleted(id: number): boolean {
  return useSyncExternalStore(
    subscribe,
    () => deleted.has(id),
    () => false,
  );
}

/** Forgets everything (tests; a sign-out). */
export function resetLivePosts(): void {
  pending = new Map();
  deleted = new Set();
  changed();
}
