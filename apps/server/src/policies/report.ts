import { REPORT_MESSAGES, type ReportTarget, type Role } from '@agora/contract';
import type { SignedIn } from '../context';
import { AppError } from '../lib/app-error';
import { canReadCommunity, isCommunityStaff, type CommunityFacts } from './community';
import { isSiteAdmin } from './site';

/**
 * Policy of a report (issue 15 §2): anyone signed in who can read an item may report it, never their own (what
 * they cannot read is 404, as if it did not exist); a community's reports are handled by its staff (owner, admins,
 * moderators) and by site admins; to anyone else a report does not exist (404).
 */

export function reportItemNotFound(): AppError {
  return AppError.notFound(REPORT_MESSAGES.itemNotFound, 'not_found');
}

/** 404 unless the reporter may read the item's community; 400 for one's own item or oneself. */
export function authorizeReportFiling(
  actor: SignedIn,
  target: { type: ReportTarget; authorId: number | null },
  group: CommunityFacts,
  role: Role | null,
): void {
  if (!canReadCommunity(actor, group, role)) throw reportItemNotFound();
  if (target.authorId === actor.id) {
    throw AppError.badRequest(target.type === 'user' ? REPORT_MESSAGES.notYourself : REPORT_MESSAGES.notYourOwn);
  }
}

/** Staff of the community, or a site admin. */
export function mayHandleReports(actor: SignedIn, role: Role | null): boolean {
  return isCommunityStaff(role) || isSiteAdmin(actor);
}

/** 404 unless the actor handles this community's reports: another community's report id looks like none. */
export function authorizeReportHandling(actor: SignedIn, role: Role | null): void {
  if (!mayHandleReports(actor, role)) throw AppError.notFound(REPORT_MESSAGES.notFound, 'report_not_found');
}
