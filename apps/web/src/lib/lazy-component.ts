import { createElement, lazy, type ComponentType } from 'react';

/** A component whose code is fetched on first render (or earlier, by `preload`). */
export type LazyComponent<P extends object = Record<string, never>> = ComponentType<P> & { preload: () => Promise<void> };

/**
 * Code splitting for pages, layouts and heavy widgets: the module is fetched the first time the component renders
 * (the nearest `<Suspense>` shows its fallback meanwhile) or when `preload()` is called. Once fetched, the
 * component renders synchronously, with no Suspense round trip, so a preloaded component behaves exactly like a
 * static import (the web tests preload every page once; the app can preload on intent).
 */
const registry: { preload: () => Promise<void>; done: boolean }[] = [];

/**
 * Fetches every lazy component made so far, and those their modules make in turn, until none is left: after it,
 * the whole app renders synchronously as if nothing were lazy (web tests call it once; never the app).
 */
export async function preloadAllLazyComponents(): Promise<void> {
  for (let pending = registry.filter((e) => !e.done); pending.length > 0; pending = registry.filter((e) => !e.done)) {
    await Promise.all(
      pending.map(async (entry) => {
        await entry.preload();
        entry.done = true;
      }),
    );
  }
}

export function lazyComponent<M, P extends object = Record<string, never>>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): LazyComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<void> | null = null;
  const preload = () => {
    pending ??= load().then(
      (module) => {
        loaded = pick(module);
      },
      (error: unknown) => {
        // A failed fetch (offline, a deploy removed the chunk) reaches the route's error boundary, which offers a
        // reload; a later preload() may try again.
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  const Suspended = lazy(async () => {
    await preload();
    return { default: loaded as ComponentType<P> };
  });
  function Lazy(props: P) {
    return loaded ? createElement(loaded, props) : createElement(Suspended as ComponentType<P>, props);
  }
  Lazy.preload = preload;
  registry.push({ preload, done: false });
  return Lazy;
}
