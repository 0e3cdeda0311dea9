import { banEndText, MODERATION_MESSAGES } from '@agora/contract';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { findActiveBan } from './moderation.queries';

/**
 * The one ban check (issue 15 §4): every write a banned person could make in a community (join, request to join,
 * accept an invitation, be invited, post, comment, like, report) asks here, and is refused with the same 403
 * naming the ban and its end. A banned person is never a member (the ban removes them, and this check keeps them
 * out), so the contribution paths ask only when the community policy has already refused a non-member: the
 * ordinary member's write costs nothing more.
 */

/** The person's ban from this community while it lasts (`until` null: permanent), or null: for messages about someone else. */
export async function activeBanOf(db: DbOrTx, groupId: number, userId: number): Promise<{ until: string | null } | null> {
  return findActiveBan(db, groupId, userId);
}

export function bannedError(until: string | null): AppError {
  return new AppError(403, 'banned', MODERATION_MESSAGES.banned(banEndText(until)));
}

/** 403 `banned` while the person's ban from this community lasts. Under the membership lock where it guards a join. */
export async function assertNotBanned(db: DbOrTx, groupId: number, userId: number): Promise<void> {
  const ban = await findActiveBan(db, groupId, userId);
  if (ban) throw bannedError(ban.until);
}

/**
 * A contribution refused by the community policy (`refuse` throws its 403): when the refused person is banned,
 * the ban's 403 instead, so they learn why and until when.
 */
export async function refuseUnlessBanned(db: DbOrTx, groupId: number, userId: number, refuse: () => void): Promise<void> {
  try {
    refuse();
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 403) await assertNotBanned(db, groupId, userId);
    throw error;
  }
}
