import { USERNAME_PATTERN } from '@agora/contract';
import type { Session } from '@/lib/storage';

/**
 * SPEC §6: the viewer owns a profile when its id is empty, zero, or the signed-in user's id. "me" is the
 * panel's own alias for the same thing. `@username` (an @mention's link) names someone by username: the panel
 * looks the name up (GET /users/lookup). Returns null for an id that is none of these and not a user id.
 */
export function resolveProfileId(
  id: string | null | undefined,
  session: Session | null,
): { own: true } | { own: false; userId: number } | { own: false; username: string } | null {
  if (!session) return null;
  const value = (id ?? '').trim();
  if (value === '' || value === '0' || value === 'me' || value === String(session.userId)) return { own: true };
  if (value.startsWith('@')) {
    const username = value.slice(1);
    if (!USERNAME_PATTERN.test(username)) return null;
    return username.toLowerCase() === session.username.toLowerCase() ? { own: true } : { own: false, username };
  }
  if (!/^\d{1,10}$/.test(value)) return null;
  const userId = Number(value);
  return userId > 0 && userId <= 2_147_483_647 ? { own: false, userId } : null;
}
