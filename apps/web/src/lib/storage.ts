/**
 * The session lives in localStorage under the keys of SPEC §3 (token, authToken, userId, username). `authToken`
 * mirrors `token` for compatibility; `token` is the one read. `theme` (light, dark or system) is this app's own
 * key; `public/theme.js` reads it by the same name before the first paint.
 *
 * Same-tab writes dispatch SESSION_EVENT; other tabs get the browser's `storage` event. `subscribeSession`
 * listens to both, so every open tab follows sign-in and sign-out.
 */
export const STORAGE_KEYS = {
  token: 'token',
  authToken: 'authToken',
  userId: 'userId',
  username: 'username',
  hideAuthBanner: 'hideAuthBanner',
  groupLastVisitedTabs: 'groupLastVisitedTabs',
  theme: 'theme',
  locale: 'locale',
  /** Prefix of unsent texts: `draft:<userId>:<what>` (see `readDraft`). */
  draftPrefix: 'draft:',
  newAccount: 'newAccount',
} as const;

const SESSION_KEYS: readonly string[] = [STORAGE_KEYS.token, STORAGE_KEYS.authToken, STORAGE_KEYS.userId, STORAGE_KEYS.username];
const SESSION_EVENT = 'agora:session';

export interface Session {
  token: string;
  userId: number;
  username: string;
}

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    // Storage can be disabled (privacy modes); the app then behaves as signed out.
    return null;
  }
}

/** Writes one key; false when storage is unavailable (privacy modes), so the caller keeps the value in memory. */
export function writeStorage(key: string, value: string): boolean {
  try {
    window.localStorage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

/**
 * Registration marks the new username (STORAGE_KEYS.newAccount); the first feed of that account greets "Welcome"
 * instead of "Welcome back" and then forgets the mark.
 */
export function isNewAccount(username: string): boolean {
  return Boolean(username) && readStorage(STORAGE_KEYS.newAccount) === username;
}

export function forgetNewAccount(): void {
  try {
    window.localStorage.removeItem(STORAGE_KEYS.newAccount);
  } catch {
    // Storage unavailable: there was no mark to forget.
  }
}

export function getToken(): string | null {
  return readStorage(STORAGE_KEYS.token);
}

let cachedKey: string | null = null;
let cachedSession: Session | null = null;

/** The stored session, or null. Returns the same object while storage is unchanged (useSyncExternalStore needs that). */
export function getSession(): Session | null {
  const token = readStorage(STORAGE_KEYS.token);
  const userId = Number(readStorage(STORAGE_KEYS.userId));
  const username = readStorage(STORAGE_KEYS.username) ?? '';
  const key = token && Number.isInteger(userId) && userId > 0 ? `${token}\u0000${userId}\u0000${username}` : '';
  if (key !== cachedKey) {
    cachedKey = key;
    cachedSession = key && token ? { token, userId, username } : null;
  }
  return cachedSession;
}

function notify(): void {
  window.dispatchEvent(new Event(SESSION_EVENT));
}

export function saveSession(session: Session): void {
  window.localStorage.setItem(STORAGE_KEYS.token, session.token);
  window.localStorage.setItem(STORAGE_KEYS.authToken, session.token);
  window.localStorage.setItem(STORAGE_KEYS.userId, String(session.userId));
  window.localStorage.setItem(STORAGE_KEYS.username, session.username);
  notify();
}

export function clearSession(): void {
  try {
    for (const key of SESSION_KEYS) window.localStorage.removeItem(key);
  } catch {
    // Nothing stored, nothing to clear.
  }
  notify();
}

export function subscribeSession(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    // key is null when another tab called localStorage.clear().
    if (event.key === null || SESSION_KEYS.includes(event.key)) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(SESSION_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(SESSION_EVENT, onChange);
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Drafts: unsent texts (a post, a comment, a blog post) kept on this device until sent or discarded. Keyed by the
// signed-in user, so another account on the same browser never sees them; signing out on purpose removes them all
// (an expired session does not: the person signs in again and finds their text).

/** A draft older than this is dropped when read: nobody expects a month-old half sentence back. */
export const DRAFT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

function draftKey(userId: number, name: string): string {
  return `${STORAGE_KEYS.draftPrefix}${userId}:${name}`;
}

/** The stored draft `name` of user `userId` (any JSON value the writer stored), or null. */
export function readDraft<T>(userId: number, name: string): T | null {
  const raw = readStorage(draftKey(userId, name));
  if (!raw) return null;
  try {
    const stored = JSON.parse(raw) as { value: T; savedAt: number };
    if (typeof stored.savedAt !== 'number' || Date.now() - stored.savedAt > DRAFT_MAX_AGE_MS) {
      removeDraft(userId, name);
      return null;
    }
    return stored.value;
  } catch {
    return null;
  }
}

/** Stores a draft; false when storage is unavailable (the text then lives only in memory). */
export function writeDraft(userId: number, name: string, value: unknown): boolean {
  return writeStorage(draftKey(userId, name), JSON.stringify({ value, savedAt: Date.now() }));
}

export function removeDraft(userId: number, name: string): void {
  try {
    window.localStorage.removeItem(draftKey(userId, name));
  } catch {
    // Nothing stored.
  }
}

/** Removes every draft of every account (an explicit sign-out). */
export function clearDrafts(): void {
  try {
    const keys = Array.from({ length: window.localStorage.length }, (_, i) => window.localStorage.key(i));
    for (const key of keys) if (key?.startsWith(STORAGE_KEYS.draftPrefix)) window.localStorage.removeItem(key);
  } catch {
    // Storage unavailable: nothing stored.
  }
}
