import { ADMIN_MESSAGES } from '@agora/contract';
import type { Actor, SignedIn } from '../context';
import type { UserRow } from '../db/schema';
import { AppError } from '../lib/app-error';

/**
 * Policy of the site (issue 15 §8): site staff are the accounts the operator made site admins
 * (`npm run agora -- user:admin`). To everyone else the admin calls and the /admin page do not exist (404, never
 * 403: who the staff are is not advertised). A site admin suspends accounts that are neither their own nor
 * another site admin's (the operator takes that role away first).
 */

/** The suspension in force on an account at `now`, or null. */
export function activeSuspension(
  user: Pick<UserRow, 'suspendedAt' | 'suspendedUntil' | 'suspendedReason'>,
  now = new Date(),
): { until: Date | null; reason: string } | null {
  if (!user.suspendedAt) return null;
  if (user.suspendedUntil && user.suspendedUntil.getTime() <= now.getTime()) return null;
  return { until: user.suspendedUntil, reason: user.suspendedReason ?? '' };
}

export function isSiteAdmin(actor: Actor): actor is SignedIn {
  return !!actor && actor.siteAdmin && !actor.deletedAt && !activeSuspension(actor);
}

/** 404 unless the actor is site staff. */
export function authorizeSiteAdmin(actor: Actor): asserts actor is SignedIn {
  if (!isSiteAdmin(actor)) throw AppError.notFound();
}

/** "2026-12-03 14:05 UTC": how a suspension's end is written in messages (the same for every reader's zone). */
export function formatSuspensionEnd(until: Date): string {
  return `${until.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** The sign-in refusal of a suspended account: the reason and the end. */
export function suspendedError(suspension: { until: Date | null; reason: string }): AppError {
  const message = suspension.until
    ? ADMIN_MESSAGES.suspendedUntil(formatSuspensionEnd(suspension.until), suspension.reason)
    : ADMIN_MESSAGES.suspendedForever(suspension.reason);
  return new AppError(403, 'account_suspended', message);
}

/** Who a site admin may suspend: not themselves, not another site admin. */
export function authorizeSuspend(actor: SignedIn, target: Pick<UserRow, 'id' | 'siteAdmin'>): void {
  if (target.id === actor.id) throw AppError.forbidden(ADMIN_MESSAGES.notYourself);
  if (target.siteAdmin) throw AppError.forbidden(ADMIN_MESSAGES.notSiteAdmin);
}
