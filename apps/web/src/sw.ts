/// <reference lib="webworker" />
/**
 * The service worker (vite-plugin-pwa, `injectManifest`: the build compiles this file to /sw.js and fills in
 * `self.__WB_MANIFEST`). Decision 0144.
 *
 * - Precaches the app shell: the hashed build assets (JS, CSS), the public scripts, icons and the offline page, each
 *   with its revision; requests for them are answered from the cache, so an open tab can still load the lazy
 *   chunks of the version it started with after a deploy has removed them from the server.
 * - Navigations go to the network, never to a cache (a page's HTML can carry what only its reader may see); when the
 *   network fails, the offline page answers instead.
 * - Nothing else is handled: /api, /socket.io and /uploads (private images), and any other origin, go to the network
 *   as if there were no service worker, and are never stored.
 * - A new version waits (no skipWaiting): it takes over once every Agora tab of the old one has closed, so an open
 *   tab never finds its own chunks gone from the cache mid-session.
 * - Web push: shows the pushed notification; a click focuses an Agora tab and opens the notification's link there.
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';
import { notificationOf, OFFLINE_PAGE, sameOriginTarget } from './lib/service-worker-rules';

declare const self: ServiceWorkerGlobalScope;

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

/** Paths the server owns: never answered by the service worker, not even a navigation to them (an opened image). */
const SERVER_PATHS = [/^\/api(\/|$)/, /^\/socket\.io\//, /^\/uploads\//];

registerRoute(
  new NavigationRoute(
    new NetworkOnly({
      plugins: [{ handlerDidError: async () => (await matchPrecache(OFFLINE_PAGE)) ?? Response.error() }],
    }),
    { denylist: SERVER_PATHS },
  ),
);

self.addEventListener('activate', (event) => {
  // Navigations start while the worker boots instead of after (StrategyHandler.fetch uses the preloaded answer).
  if (self.registration.navigationPreload) event.waitUntil(self.registration.navigationPreload.enable());
});

self.addEventListener('push', (event) => {
  const { title, options } = notificationOf(event.data ? safeJson(event.data) : null, self.location.origin);
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = sameOriginTarget((event.notification.data as { url?: unknown } | null)?.url, self.location.origin);
  event.waitUntil(openOrFocus(target));
});

function safeJson(data: PushMessageData): unknown {
  try {
    return data.json();
  } catch {
    return null;
  }
}

/** Focuses an open Agora tab (the focused one first) and navigates it to `target`, or opens a new window. */
async function openOrFocus(target: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const ours = windows.filter((c) => new URL(c.url).origin === self.location.origin);
  const tab = ours.find((c) => c.focused) ?? ours.find((c) => c.visibilityState === 'visible') ?? ours[0];
  if (tab) {
    try {
      const focused = await tab.focus();
      if (focused.url !== target) await focused.navigate(target);
      return;
    } catch {
      // A tab this worker does not control cannot be navigated: open the link in a new window instead.
    }
  }
  await self.clients.openWindow(target);
}
