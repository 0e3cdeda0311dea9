import { useCallback, useEffect, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { API, type PushSubscriptionRequest } from '@agora/contract';
import { ApiError, call } from '@/lib/api-client';
import { ACCOUNT_TEXTS } from './texts';

/**
 * Web push on this device (issue 18 §4): the browser's PushManager subscription, stored on the server. The
 * service worker (sw.ts) shows what arrives and opens its link.
 *
 * - unsupported: no service worker, PushManager or Notification in this browser (older iOS, private windows);
 * - denied: the person blocked notifications for the site (only the browser's settings can undo that);
 * - no-worker: the app's service worker is not registered (development without the PWA build);
 * - on / off: this browser holds a subscription or not.
 */
export type PushState = 'loading' | 'unsupported' | 'denied' | 'no-worker' | 'on' | 'off';

function supported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The VAPID key as PushManager wants it (base64url text to bytes). */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function currentState(): Promise<PushState> {
  if (!supported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) return 'no-worker';
  return (await registration.pushManager.getSubscription()) ? 'on' : 'off';
}

async function turnOn(): Promise<PushState> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'off';
  const registration = await navigator.serviceWorker.ready;
  const { publicKey } = await call(API.push.key);
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
  try {
    await call(API.push.subscribe, { body: subscription.toJSON() as PushSubscriptionRequest });
  } catch (error) {
    // The server does not know this device: the browser should not think it is subscribed either.
    await subscription.unsubscribe().catch(() => false);
    throw error;
  }
  return 'on';
}

async function turnOff(): Promise<PushState> {
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (subscription) {
    const endpoint = subscription.endpoint;
    await subscription.unsubscribe();
    // Already gone on the server (expired, removed after failures) is what was asked for.
    await call(API.push.unsubscribe, { body: { endpoint } }).catch((error: unknown) => {
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    });
  }
  return 'off';
}

/** This device's push state and the switch's action; a failure goes to the one toast path (meta.errorMessage). */
export function usePushSwitch() {
  const [state, setState] = useState<PushState>('loading');
  useEffect(() => {
    let live = true;
    currentState()
      .catch((): PushState => 'unsupported')
      .then((next) => live && setState(next));
    return () => {
      live = false;
    };
  }, []);
  const mutation = useMutation({
    mutationFn: (on: boolean) => (on ? turnOn() : turnOff()),
    meta: { errorMessage: ACCOUNT_TEXTS.pushFailed },
    onSuccess: (next) => setState(next),
  });
  const set = useCallback((on: boolean) => mutation.mutate(on), [mutation]);
  return { state, set, busy: mutation.isPending };
}
