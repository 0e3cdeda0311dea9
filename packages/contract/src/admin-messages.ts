/**
 * Site staff (issue 15 §8): texts, limits and error codes, zod-free so the sign-in page can show a suspension
 * without loading the schemas.
 */

export const ADMIN_LIMITS = {
  reasonMax: 500,
  daysMax: 3650,
} as const;

/** Error codes of site staff (errors.ts lists them among ERROR_CODES). */
export const ADMIN_ERROR_CODES = ['account_suspended'] as const;

export const ADMIN_MESSAGES = {
  reasonRequired: 'Give a reason',
  reasonTooLong: `The reason must be at most ${ADMIN_LIMITS.reasonMax} characters`,
  daysInvalid: `Days must be a whole number from 1 to ${ADMIN_LIMITS.daysMax}`,
  userNotFound: 'User not found',
  notYourself: 'You cannot suspend your own account',
  notSiteAdmin: 'Site admins cannot be suspended: the operator removes the role first',
  suspended: 'The account is suspended',
  unsuspended: 'The account is no longer suspended',
  notSuspended: 'The account is not suspended',
  /** Sign-in of a suspended account: the reason and the end (a UTC date and time, or "no end date"). */
  suspendedUntil: (until: string, reason: string) => `Your account is suspended until ${until}. Reason: ${reason}`,
  suspendedForever: (reason: string) => `Your account is suspended. Reason: ${reason}`,
} as const;

/** What the site log records (GET /api/admin/log). */
export const SITE_ACTIONS = ['suspend', 'unsuspend', 'grant_admin', 'revoke_admin'] as const;
export type SiteAction = (typeof SITE_ACTIONS)[number];
