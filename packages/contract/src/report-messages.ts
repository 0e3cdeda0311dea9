/**
 * Reports (issue 15 §2): names, limits, texts and error codes, zod-free so menus can offer "Report" without
 * loading the schemas.
 */

export const REPORT_TARGETS = ['discussion', 'comment', 'blog', 'user'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

export const REPORT_REASONS = ['spam', 'harassment', 'off_topic', 'illegal', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** What staff do with a report: nothing (dismiss), remove the item, or ban its author from the community. */
export const REPORT_ACTIONS = ['dismiss', 'remove', 'ban'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

export const REPORT_STATUSES = ['open', 'resolved'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const REPORT_LIMITS = {
  noteMax: 1000,
  reasonMax: 500,
  /** Reports a person may file per 10 minutes (docs/SECURITY.md). */
  perTenMinutes: 20,
} as const;

/** Error codes of reports (errors.ts lists them among ERROR_CODES). */
export const REPORT_ERROR_CODES = ['report_not_found', 'already_reported'] as const;

export const REPORT_MESSAGES = {
  sent: 'Thank you. The community’s moderators will look at your report.',
  notFound: 'Report not found',
  itemNotFound: 'We could not find what you are reporting',
  alreadyReported: 'You have already reported this. The moderators will look at it.',
  notYourOwn: 'You cannot report your own posts',
  notYourself: 'You cannot report yourself',
  reasonInvalid: 'Choose a reason',
  targetInvalid: 'Choose what to report',
  noteTooLong: `The note must be at most ${REPORT_LIMITS.noteMax} characters`,
  resolutionReasonRequired: 'Give a reason',
  resolutionReasonTooLong: `The reason must be at most ${REPORT_LIMITS.reasonMax} characters`,
  actionInvalid: 'Choose an action',
  alreadyResolved: 'This report was already resolved',
  resolved: 'Report resolved',
  cannotRemoveUser: 'A person cannot be removed: dismiss the report or ban them',
  tooMany: 'You have sent many reports in a short time. Please try again later.',
} as const;
