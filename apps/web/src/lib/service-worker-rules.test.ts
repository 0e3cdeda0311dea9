import { describe, expect, it } from 'vitest';
import { notificationOf, sameOriginTarget } from './service-worker-rules';

const ORIGIN = 'https://agora.example';

describe('the service worker: a push payload and its click (decision 0144)', () => {
  it('shows the payload: title, body, tag, the app icon and badge, and the link to open', () => {
    const { title, options } = notificationOf(
      { title: 'Ana replied', body: 'In "Garden plans"', url: '/groups/3/discussions/9', tag: 'n-41' },
      ORIGIN,
    );
    expect(title).toBe('Ana replied');
    expect(options).toEqual({
      body: 'In "Garden plans"',
      tag: 'n-41',
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
      data: { url: 'https://agora.example/groups/3/discussions/9' },
    });
  });

  it('still shows a notification for a payload of another shape (browsers require one per push)', () => {
    for (const payload of [null, 'text', 7, { title: 3, body: {}, url: 5 }]) {
      const { title, options } = notificationOf(payload, ORIGIN);
      expect(title).toBe('Agora');
      expect(options.body).toBe('');
      expect(options.tag).toBeUndefined();
      expect(options.data).toEqual({ url: 'https://agora.example/' });
    }
  });

  it('opens links of its own origin only: another site or a script URL opens the home page', () => {
    expect(sameOriginTarget('/settings?tab=notifications', ORIGIN)).toBe('https://agora.example/settings?tab=notifications');
    expect(sameOriginTarget('https://agora.example/groups/1', ORIGIN)).toBe('https://agora.example/groups/1');
    for (const url of ['https://evil.example/phish', '//evil.example/x', 'javascript:alert(1)', 'data:text/html,hi', 42, undefined]) {
      expect(sameOriginTarget(url, ORIGIN), String(url)).toBe('https://agora.example/');
    }
  });
});
