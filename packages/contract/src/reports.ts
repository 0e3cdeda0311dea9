import { z } from 'zod';
import { nextCursorSchema } from './pagination';
import { REPORT_ACTIONS, REPORT_LIMITS, REPORT_MESSAGES, REPORT_REASONS, REPORT_STATUSES, REPORT_TARGETS } from './report-messages';
import { textField } from './text';

/**
 * Reports (issue 15 §2). Anyone signed in who can read an item reports it to its community's staff; staff see the
 * open reports grouped per item and resolve them with an action. A report never reaches anyone else: the
 * reporters' names are shown to staff only.
 *
 *   POST /api/reports                         createReportRequestSchema → reportSentSchema
 *   GET  /api/groups/{id}/reports?status=     reportQueueQuerySchema    → reportQueueSchema (staff; grouped)
 *   POST /api/reports/{id}/resolve            resolveReportRequestSchema → resolveReportResponseSchema (staff;
 *                                                                         resolves every open report of that item)
 *   GET  /api/admin/reports                                             → reportQueueSchema (site admins: every
 *                                                                         community's open reports)
 */

const positiveId = (message: string) => z.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);

export const createReportRequestSchema = z.object({
  target_type: z.enum(REPORT_TARGETS, { error: REPORT_MESSAGES.targetInvalid }),
  target_id: positiveId(REPORT_MESSAGES.itemNotFound),
  group_id: positiveId(REPORT_MESSAGES.itemNotFound),
  reason: z.enum(REPORT_REASONS, { error: REPORT_MESSAGES.reasonInvalid }),
  note: textField({ max: REPORT_LIMITS.noteMax, tooLong: REPORT_MESSAGES.noteTooLong }).optional(),
});
export type CreateReportRequest = z.input<typeof createReportRequestSchema>;

export const reportSentSchema = z.object({ message: z.string(), id: z.number().int() });
export type ReportSent = z.infer<typeof reportSentSchema>;

export const reportQueueQuerySchema = z.object({
  status: z.enum(REPORT_STATUSES, { error: 'Status must be open or resolved' }).default('open'),
  cursor: z.string().max(200).optional(),
});
export type ReportQueueQuery = z.input<typeof reportQueueQuerySchema>;

const person = z.object({ id: z.number().int(), username: z.string(), profile_image: z.string().nullable() });

/** One report of an item, as staff see it. */
export const reportEntrySchema = z.object({
  id: z.number().int(),
  reporter: person,
  reason: z.enum(REPORT_REASONS),
  note: z.string().nullable(),
  /** ISO 8601. */
  created: z.string(),
});

/** Every report of one item (open ones, or the resolved ones of one resolution), with the item as it is now. */
export const reportGroupSchema = z.object({
  /** The id to resolve with (the newest report of the item). */
  id: z.number().int(),
  group_id: z.number().int(),
  group_name: z.string(),
  target_type: z.enum(REPORT_TARGETS),
  target_id: z.number().int(),
  /** Where the item opens in the app; null for a person or an item that is gone. */
  link: z.string().nullable(),
  /** The item's title (discussions have none: their first line), null for a person or a deleted item. */
  title: z.string().nullable(),
  /** The item's current text; null for a person or a deleted item. */
  text: z.string().nullable(),
  /** Whose item it is (the reported person for a user report); null when their account is gone. */
  author: person.nullable(),
  /** How many people reported it, and how many chose each reason. */
  count: z.number().int(),
  reasons: z.partialRecord(z.enum(REPORT_REASONS), z.number().int()),
  reports: z.array(reportEntrySchema),
  status: z.enum(REPORT_STATUSES),
  resolution: z.object({ action: z.enum(REPORT_ACTIONS), reason: z.string(), by: z.string().nullable(), at: z.string() }).nullable(),
  /** ISO 8601: the newest report. */
  last_reported: z.string(),
});
export type ReportGroup = z.infer<typeof reportGroupSchema>;

export const reportQueueSchema = z.object({
  reports: z.array(reportGroupSchema),
  openCount: z.number().int(),
  nextCursor: nextCursorSchema,
});
export type ReportQueue = z.infer<typeof reportQueueSchema>;

export const resolveReportRequestSchema = z.object({
  action: z.enum(REPORT_ACTIONS, { error: REPORT_MESSAGES.actionInvalid }),
  reason: textField({
    max: REPORT_LIMITS.reasonMax,
    tooLong: REPORT_MESSAGES.resolutionReasonTooLong,
    required: REPORT_MESSAGES.resolutionReasonRequired,
  }),
  /** With `ban`: its length in days (none: permanent). */
  days: z.number().int().min(1).max(3650).optional(),
});
export type ResolveReportRequest = z.infer<typeof resolveReportRequestSchema>;

export const resolveReportResponseSchema = z.object({ message: z.string(), resolved: z.number().int() });
export type ResolveReportResponse = z.infer<typeof resolveReportResponseSchema>;

/** Server → staff sockets (`report_count`): a community's open report count changed. */
export const reportCountPayloadSchema = z.object({ group_id: z.number().int(), openCount: z.number().int() });
export type ReportCountPayload = z.infer<typeof reportCountPayloadSchema>;
