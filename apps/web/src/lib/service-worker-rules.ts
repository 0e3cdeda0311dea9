/**
 * The service worker's pure rules (src/sw.ts), kept apart so they are tested in jsdom: what a push payload shows,
 * and where a notification's click may go. Decision 0144.
 */

/** The offline page (public/offline.html), precached; shown when a navigation fails. */
export const OFFLINE_PAGE = '/offline.html';
/** Notification images (public/icons, written by build/make-icons.mjs). */
export const NOTIFICATION_ICON = '/icons/icon-192.png';
export const NOTIFICATION_BADGE = '/icons/badge-96.png';

/** The web push payload the server sends: `{ title, body, url, tag? }` (JSON). */
export type PushPayload = { title: string; body: string; url: string; tag?: string };

/** `url` as an absolute URL of this origin, or the origin's "/" for anything else (another site, junk). */
export function sameOriginTarget(url: unknown, origin: string): string {
  if (typeof url === 'string') {
    try {
      const target = new URL(url, origin);
      if (target.origin === origin) return target.href;
    } catch {
      // Not a URL: the home page.
    }
  }
  return new URL('/', origin).href;
}

/**
 * The notification a push payload shows. A payload that is not the expected shape still shows one ("Agora"):
 * browsers require every push to show a notification, and would otherwise show their own generic text.
 */
export function notificationOf(payload: unknown, origin: string): { title: string; options: NotificationOptions } {
  const p = (typeof payload === 'object' && payload !== null ? payload : {}) as Partial<Record<keyof PushPayload, unknown>>;
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const options: NotificationOptions = {
    body: text(p.body) ?? '',
    icon: NOTIFICATION_ICON,
    badge: NOTIFICATION_BADGE,
    data: { url: sameOriginTarget(p.url, origin) },
  };
  const tag = text(p.tag);
  if (tag) options.tag = tag;
  return { title: text(p.title) || 'Agora', options };
}
