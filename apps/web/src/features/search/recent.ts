import { readStorage, writeStorage } from '@/lib/storage';

/**
 * Recent searches (issue 16 §4), kept on this device only (localStorage, never sent): the newest first, each once
 * (case and spaces ignored), at most RECENT_MAX. Zod-free and small: the navigation bar's field reads them.
 */
export const RECENT_KEY = 'recentSearches';
export const RECENT_MAX = 10;
const CHANGE_EVENT = 'agora:recent-searches';

export function readRecentSearches(): string[] {
  try {
    const value: unknown = JSON.parse(readStorage(RECENT_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v.trim() !== '').slice(0, RECENT_MAX) : [];
  } catch {
    return [];
  }
}

function save(list: string[]): void {
  writeStorage(RECENT_KEY, JSON.stringify(list));
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

const same = (a: string, b: string) => a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

/** Puts a search first (dropping an earlier copy and the oldest beyond RECENT_MAX). */
export function rememberSearch(query: string): void {
  const q = query.trim();
  if (!q) return;
  save([q, ...readRecentSearches().filter((r) => !same(r, q))].slice(0, RECENT_MAX));
}

export function forgetSearch(query: string): void {
  save(readRecentSearches().filter((r) => r !== query));
}

export function clearRecentSearches(): void {
  save([]);
}

/** Calls `onChange` when this tab or another changes the list. */
export function subscribeRecentSearches(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === RECENT_KEY || event.key === null) onChange();
  };
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}
