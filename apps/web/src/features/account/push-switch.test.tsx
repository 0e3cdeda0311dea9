import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { PUSH_MESSAGES, type NotificationSettings } from '@agora/contract';
import { json, renderApp, signIn } from '@/test/render-app';
import { serve } from '@/test/serve';
import { ACCOUNT_TEXTS } from './texts';

// Issue 18 §4: the "Push notifications on this device" switch. The browser's APIs (Notification, the service
// worker registration, PushManager) are the fakes here; our code and the API calls are the real ones.

const SETTINGS: NotificationSettings = {
  types: {
    mention: true,
    friend_request_accepted: true,
    friend_request_rejected: true,
    like: true,
    comment: true,
    comment_like: true,
    comment_reply: true,
    new_follower: true,
    join_request: true,
    join_request_approved: true,
    join_request_declined: true,
    role_changed: true,
    member_removed: true,
    content_removed: true,
  },
  digest: 'off',
};
const PUBLIC_KEY = 'BAABAgMEBQYHCAkKCwwNDg8QERITFBUWFxgZGhscHR4fICEiIyQlJicoKSorLC0uLzAxMjM0NTY3ODk6Ozw9Pj8';
const JSON_SUBSCRIPTION = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/device-1',
  keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) },
};

/** The browser: permission, a registration (or none) and its PushManager, and the subscription it hands out. */
function fakeBrowser(
  options: { permission?: NotificationPermission; answer?: NotificationPermission; registered?: boolean; subscribed?: boolean } = {},
) {
  const unsubscribe = vi.fn(async () => true);
  const subscription = { endpoint: JSON_SUBSCRIPTION.endpoint, toJSON: () => JSON_SUBSCRIPTION, unsubscribe };
  let current: typeof subscription | null = options.subscribed ? subscription : null;
  const subscribe = vi.fn(async () => (current = subscription));
  unsubscribe.mockImplementation(async () => {
    current = null;
    return true;
  });
  const registration = { pushManager: { getSubscription: vi.fn(async () => current), subscribe } };
  const requestPermission = vi.fn(async () => options.answer ?? 'granted');
  vi.stubGlobal('Notification', { permission: options.permission ?? 'default', requestPermission });
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      getRegistration: vi.fn(async () => (options.registered === false ? undefined : registration)),
      ready: Promise.resolve(registration),
    },
  });
  return { requestPermission, subscribe, unsubscribe };
}

function routes(extra: Parameters<typeof serve>[0] = {}) {
  return serve({
    'GET /api/auth/sessions': () => json(200, { sessions: [] }),
    'GET /notifications/settings': () => json(200, SETTINGS),
    'GET /api/account/export': () => json(200, { export: null }),
    'GET /api/push/key': () => json(200, { publicKey: PUBLIC_KEY }),
    ...extra,
  });
}

async function pushSwitch() {
  const notifications = await screen.findByRole('region', { name: 'Notifications' });
  return within(notifications).findByRole('switch', { name: ACCOUNT_TEXTS.pushLabel });
}

beforeEach(() => signIn());
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('push notifications on this device', () => {
  it('explains a browser without push, and the switch cannot be used', async () => {
    routes();
    renderApp('/settings');
    const control = await pushSwitch();
    await waitFor(() => expect(control).toHaveAccessibleDescription(ACCOUNT_TEXTS.pushUnsupported));
    expect(control).toHaveAttribute('aria-disabled', 'true');
  });

  it('explains how to allow notifications the person blocked', async () => {
    fakeBrowser({ permission: 'denied' });
    routes();
    renderApp('/settings');
    const control = await pushSwitch();
    await waitFor(() => expect(control).toHaveAccessibleDescription(ACCOUNT_TEXTS.pushDenied));
    expect(control).toHaveAttribute('aria-disabled', 'true');
  });

  it('says when there is no service worker (development)', async () => {
    fakeBrowser({ registered: false });
    routes();
    renderApp('/settings');
    const control = await pushSwitch();
    await waitFor(() => expect(control).toHaveAccessibleDescription(ACCOUNT_TEXTS.pushNoWorker));
  });

  it('turns on: asks permission, subscribes with the server key, sends the subscription', async () => {
    const browser = fakeBrowser();
    const { calls } = routes({ 'POST /api/push/subscriptions': () => json(200, { message: PUSH_MESSAGES.subscribed }) });
    const { user } = renderApp('/settings');
    const control = await pushSwitch();
    await waitFor(() => expect(control).not.toHaveAttribute('aria-disabled'));
    expect(control).toHaveAttribute('aria-checked', 'false');
    await user.click(control);
    await waitFor(() => expect(control).toHaveAttribute('aria-checked', 'true'));
    expect(browser.requestPermission).toHaveBeenCalled();
    const [options] = browser.subscribe.mock.calls[0] as unknown as [{ userVisibleOnly: boolean; applicationServerKey: Uint8Array }];
    expect(options.userVisibleOnly).toBe(true);
    expect(Buffer.from(options.applicationServerKey).toString('base64url')).toBe(PUBLIC_KEY);
    expect(calls.find((c) => c.url === '/api/push/subscriptions')?.body).toEqual(JSON_SUBSCRIPTION);
  });

  it('turns off: unsubscribes the browser and tells the server', async () => {
    const browser = fakeBrowser({ permission: 'granted', subscribed: true });
    const { calls } = routes({ 'DELETE /api/push/subscriptions': () => json(200, { message: PUSH_MESSAGES.unsubscribed }) });
    const { user } = renderApp('/settings');
    const control = await pushSwitch();
    await waitFor(() => expect(control).toHaveAttribute('aria-checked', 'true'));
    await user.click(control);
    await waitFor(() => expect(control).toHaveAttribute('aria-checked', 'false'));
    expect(browser.unsubscribe).toHaveBeenCalled();
    const sent = calls.find((c) => c.url === '/api/push/subscriptions' && c.method === 'DELETE');
    expect(sent?.body).toEqual({ endpoint: JSON_SUBSCRIPTION.endpoint });
  });

  it("toasts the server's refusal and leaves the browser unsubscribed", async () => {
    const browser = fakeBrowser();
    routes({ 'POST /api/push/subscriptions': () => json(400, { message: PUSH_MESSAGES.endpoint, code: 'bad_request' }) });
    const { user } = renderApp('/settings');
    const control = await pushSwitch();
    await waitFor(() => expect(control).not.toHaveAttribute('aria-disabled'));
    await user.click(control);
    expect(await screen.findByText(PUSH_MESSAGES.endpoint)).toBeInTheDocument();
    expect(browser.unsubscribe).toHaveBeenCalled();
    expect(control).toHaveAttribute('aria-checked', 'false');
  });
});
