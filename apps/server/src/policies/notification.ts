import { NOTIFICATION_MESSAGES } from '@agora/contract';
import { AppError } from '../lib/app-error';

/**
 * Policy of a notification: a person reads, marks and deletes only their own (the statements filter on the
 * recipient, so another person's answers 404, never 403: its existence is private); a like is reported only by
 * someone who likes the object now, in a community they may read (the community policy's `read`).
 */

export function notificationNotFound(): AppError {
  return AppError.notFound(NOTIFICATION_MESSAGES.notFound, 'notification_not_found');
}

/** 404 unless the statement found the notification among the actor's own. */
export function authorizeOwnNotification(result: { found: boolean }): void {
  if (!result.found) throw notificationNotFound();
}

/** 403 unless the reporter likes the object now. */
export function authorizeLikeReport(target: { liked: boolean }): void {
  if (!target.liked) throw AppError.forbidden(NOTIFICATION_MESSAGES.notLiked);
}
