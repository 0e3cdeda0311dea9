import { useSyncExternalStore } from 'react';
import { getSession, subscribeSession, type Session } from './storage';

/** The signed-in session, or null for a visitor. Follows sign-in and sign-out in this tab and in others. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, () => null);
}
