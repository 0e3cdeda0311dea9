import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import { renderApp } from '@/test/render-app';
// eslint-disable-next-line no-restricted-imports -- public/ is outside src/, so no @/ path reaches it.
import themeScript from '../../public/theme.js?raw';
import { applyTheme, currentTheme, resolveTheme, setThemeChoice, useThemeSync } from './theme';

/** A prefers-color-scheme the test can flip, with the change events a browser sends. */
function fakeSystem(prefersDark: boolean) {
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  const query = {
    get matches() {
      return prefersDark;
    },
    media: '(prefers-color-scheme: dark)',
    addEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) => listeners.delete(listener),
  };
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => query),
  );
  return {
    set(dark: boolean) {
      prefersDark = dark;
      for (const listener of listeners) listener({ matches: dark } as MediaQueryListEvent);
    },
  };
}

const isDark = () => document.documentElement.classList.contains('dark');

afterEach(() => {
  document.documentElement.className = '';
});

function Sync() {
  useThemeSync();
  return null;
}

describe('theme', () => {
  it('follows the system by default, and an explicit choice over it', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
    fakeSystem(true);
    expect(currentTheme()).toBe('dark');
    applyTheme();
    expect(isDark()).toBe(true);
  });

  it('remembers the choice in localStorage under "theme" and applies it at once', () => {
    fakeSystem(true);
    setThemeChoice('light');
    expect(localStorage.getItem('theme')).toBe('light');
    expect(isDark()).toBe(false);
    setThemeChoice('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(isDark()).toBe(true);
  });

  it('reacts live to the operating system while on "system", and not after an explicit choice', () => {
    const system = fakeSystem(false);
    render(<Sync />);
    expect(isDark()).toBe(false);
    act(() => system.set(true));
    expect(isDark()).toBe(true);
    act(() => system.set(false));
    expect(isDark()).toBe(false);

    act(() => setThemeChoice('light'));
    act(() => system.set(true));
    expect(isDark()).toBe(false);
  });

  it('follows a choice made in another tab', () => {
    fakeSystem(false);
    render(<Sync />);
    localStorage.setItem('theme', 'dark');
    act(() => void window.dispatchEvent(new StorageEvent('storage', { key: 'theme' })));
    expect(isDark()).toBe(true);
  });

  it('is switched from the navigation bar by visitors too (a radio menu: Light, Dark, System)', async () => {
    fakeSystem(false);
    const { user } = renderApp('/suggested');
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Theme: System' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitemradio')
        .map((item) => [item.textContent, item.getAttribute('aria-checked')]),
    ).toEqual([
      ['Light', 'false'],
      ['Dark', 'false'],
      ['System', 'true'],
    ]);
    await user.click(within(menu).getByRole('menuitemradio', { name: 'Dark' }));
    expect(isDark()).toBe(true);
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Theme: Dark' })).toBeInTheDocument();
  });
});

describe('public/theme.js (runs before the first paint)', () => {
  const run = () => new Function(themeScript)();

  it.each([
    // [stored choice, system prefers dark, dark class expected]
    [null, false, false],
    [null, true, true],
    ['system', true, true],
    ['system', false, false],
    ['light', true, false],
    ['dark', false, true],
    ['nonsense', true, true],
  ] as const)('choice %s with a dark system %s → dark %s', (choice, prefersDark, dark) => {
    fakeSystem(prefersDark);
    if (choice) localStorage.setItem('theme', choice);
    run();
    expect(isDark()).toBe(dark);
  });

  it('follows the system when storage is unavailable', () => {
    fakeSystem(true);
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    run();
    expect(isDark()).toBe(true);
  });
});
