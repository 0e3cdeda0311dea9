import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { fakeSockets, io } from './fake-socket';

// No test opens a real connection: the realtime client gets a fake socket that tests can drive (fake-socket.ts).
vi.mock('socket.io-client', () => import('./fake-socket'));

// sonner loads on the first toast (lib/toast.ts): its module is evaluated here once, so a test's first toast does
// not wait for a cold import on a busy machine (the app's behaviour is unchanged: the toaster still mounts on demand).
beforeAll(async () => {
  // eslint-disable-next-line no-restricted-syntax -- warms the module only; every toast still goes through lib/toast
  await import('sonner');
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  fakeSockets.length = 0;
  io.mockClear();
});

// West of Greenwich, where `new Date('YYYY-MM-DD')` (UTC midnight) falls on the previous local day: a calendar
// date read the wrong way fails the tests here instead of passing by luck in UTC.
process.env.TZ = 'America/Los_Angeles';

// jsdom lacks these browser APIs that Radix (sizes of popper content, slider thumbs) and the router touch.
class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
window.scrollTo = (() => {}) as typeof window.scrollTo;
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener: () => {},
  removeListener: () => {},
  addEventListener: () => {},
  removeEventListener: () => {},
  dispatchEvent: () => false,
})) as typeof window.matchMedia;
