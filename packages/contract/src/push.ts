import { z } from 'zod';

/**
 * Web push (issue 18 §4, decision 0145): a person turns push on per device; the browser's PushSubscription is
 * stored and a notification created while none of their tabs is open is pushed to it.
 */

/** Devices (subscriptions) one person may register; the oldest is replaced past it. */
export const PUSH_MAX_SUBSCRIPTIONS = 20;
/** Push services' endpoints are a few hundred characters; anything longer is not one. */
export const PUSH_ENDPOINT_MAX = 1024;

export const PUSH_MESSAGES = {
  endpoint: 'The push endpoint must be an https URL.',
  keys: 'The push subscription keys are not valid.',
  notFound: 'This device is not subscribed.',
  subscribed: 'Push notifications are on for this device.',
  unsubscribed: 'Push notifications are off for this device.',
} as const;

/** Bytes a base64url text decodes to (padding ignored); -1 for an impossible length. */
function decodedLength(value: string): number {
  const chars = value.replace(/=+$/, '').length;
  return chars % 4 === 1 ? -1 : Math.floor((chars * 6) / 8);
}

/** base64url text whose decoded length is exactly `bytes`. */
const base64url = (bytes: number) =>
  z
    .string({ error: PUSH_MESSAGES.keys })
    .max(200, { error: PUSH_MESSAGES.keys })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { error: PUSH_MESSAGES.keys })
    .refine((value) => decodedLength(value) === bytes, { error: PUSH_MESSAGES.keys });

/** A browser's PushSubscription as `subscription.toJSON()` gives it (expirationTime and other fields ignored). */
export const pushSubscriptionSchema = z.object({
  endpoint: z.string({ error: PUSH_MESSAGES.endpoint }).max(PUSH_ENDPOINT_MAX, { error: PUSH_MESSAGES.endpoint }),
  keys: z.object(
    {
      /** The browser's P-256 public key, uncompressed: 65 bytes. */
      p256dh: base64url(65),
      /** The authentication secret: 16 bytes. */
      auth: base64url(16),
    },
    { error: PUSH_MESSAGES.keys },
  ),
});
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionSchema>;

export const pushUnsubscribeSchema = z.object({
  endpoint: z.string({ error: PUSH_MESSAGES.endpoint }).max(PUSH_ENDPOINT_MAX, { error: PUSH_MESSAGES.endpoint }),
});
export type PushUnsubscribeRequest = z.infer<typeof pushUnsubscribeSchema>;

/** GET /api/push/key: the server's VAPID public key (base64url), the browser's applicationServerKey. */
export type PushKeyResponse = { publicKey: string };

/** What a push message carries (the service worker's `push` handler reads it): only what the notification list shows. */
export type PushPayload = { title: string; body: string; url: string; tag?: string };
