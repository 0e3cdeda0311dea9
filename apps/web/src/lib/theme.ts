import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

/**
 * Light and dark themes. The user's choice (light, dark or system) is kept in localStorage under `theme`;
 * "system" (the default) follows `prefers-color-scheme`, live. The `dark` class on <html> selects the dark
 * values of the semantic colours in index.css. `public/theme.js` applies the same rule before the first paint;
 * `useThemeSync` keeps it applied afterwards (choice changes in this tab or another, OS changes).
 */

export const THEME_CHOICES = ['light', 'dark', 'system'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];
export type Theme = 'light' | 'dark';

const THEME_EVENT = 'agora:theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

function isChoice(value: string | null): value is ThemeChoice {
  return value !== null && (THEME_CHOICES as readonly string[]).includes(value);
}

/** Kept when storage is unavailable, so the toggle still works for this page's life. */
let memoryChoice: ThemeChoice | null = null;

export function getThemeChoice(): ThemeChoice {
  const stored = readStorage(STORAGE_KEYS.theme);
  if (isChoice(stored)) return stored;
  return memoryChoice ?? 'system';
}

function darkQuery(): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;
}

export function systemPrefersDark(): boolean {
  return darkQuery()?.matches ?? false;
}

/** The theme a choice shows: "system" follows the operating system. */
export function resolveTheme(choice: ThemeChoice, prefersDark: boolean): Theme {
  if (choice === 'system') return prefersDark ? 'dark' : 'light';
  return choice;
}

export function currentTheme(): Theme {
  return resolveTheme(getThemeChoice(), systemPrefersDark());
}

/** Puts the theme on <html> (the `dark` class drives every colour token). */
export function applyTheme(theme: Theme = currentTheme()): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
}

export function setThemeChoice(choice: ThemeChoice): void {
  // "system" is stored too, so the choice stays explicit. Without storage the choice lives for this page only.
  memoryChoice = writeStorage(STORAGE_KEYS.theme, choice) ? null : choice;
  applyTheme();
  window.dispatchEvent(new Event(THEME_EVENT));
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.theme) onChange();
  };
  const query = darkQuery();
  window.addEventListener('storage', onStorage);
  window.addEventListener(THEME_EVENT, onChange);
  query?.addEventListener('change', onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(THEME_EVENT, onChange);
    query?.removeEventListener('change', onChange);
  };
}

/** The choice and the theme it shows, following this tab, other tabs and the operating system. */
export function useTheme(): { choice: ThemeChoice; theme: Theme; setChoice: (choice: ThemeChoice) => void } {
  const choice = useSyncExternalStore(subscribe, getThemeChoice, () => 'system' as const);
  const theme = useSyncExternalStore(subscribe, currentTheme, () => 'light' as const);
  const setChoice = useCallback((next: ThemeChoice) => setThemeChoice(next), []);
  return { choice, theme, setChoice };
}

/** Mounted once at the root: re-applies the theme whenever the choice or the system preference changes. */
export function useThemeSync(): Theme {
  const { theme } = useTheme();
  useEffect(() => applyTheme(theme), [theme]);
  return theme;
}
