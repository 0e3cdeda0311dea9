import { FRIEND_MESSAGES } from '@agora/contract';
import type { UserRow } from '../db/schema';
import { AppError } from '../lib/app-error';

/**
 * Policy of a friendship: a person acts only as themself (a body naming another requester is refused), and the
 * status between two people is theirs alone to ask about (SPEC §7).
 */

export type FriendshipAction = { kind: 'actAs'; requesterId: number | undefined } | { kind: 'readStatus'; user1: number; user2: number };

export function authorizeFriendship(actor: UserRow, action: FriendshipAction): void {
  if (action.kind === 'actAs') {
    if (action.requesterId !== undefined && action.requesterId !== actor.id) throw AppError.forbidden(FRIEND_MESSAGES.actAsYourself);
    return;
  }
  if (actor.id !== action.user1 && actor.id !== action.user2) throw AppError.forbidden(FRIEND_MESSAGES.statusForbidden);
}
