import { z } from 'zod';
import { ADMIN_LIMITS, ADMIN_MESSAGES, SITE_ACTIONS } from './admin-messages';
import { nextCursorSchema } from './pagination';
import { textField } from './text';

/**
 * Site staff (issue 15 §8). A site admin is made only by the operator (`npm run agora -- user:admin <username>`);
 * every call below answers 404 to anyone else, as if it did not exist.
 *
 *   GET  /api/admin/users/suspended                     → suspendedUsersResponseSchema
 *   POST /api/admin/users/{id}/suspend    suspendRequestSchema → adminMessageResponse
 *   POST /api/admin/users/{id}/unsuspend                 → adminMessageResponse
 *   GET  /api/admin/log?cursor=                          → siteLogResponseSchema (newest first)
 */

export const suspendRequestSchema = z.object({
  reason: textField({ max: ADMIN_LIMITS.reasonMax, tooLong: ADMIN_MESSAGES.reasonTooLong, required: ADMIN_MESSAGES.reasonRequired }),
  /** Absent: until a site admin or the operator lifts it. */
  days: z
    .number({ error: ADMIN_MESSAGES.daysInvalid })
    .int(ADMIN_MESSAGES.daysInvalid)
    .min(1, ADMIN_MESSAGES.daysInvalid)
    .max(ADMIN_LIMITS.daysMax, ADMIN_MESSAGES.daysInvalid)
    .optional(),
});
export type SuspendRequest = z.infer<typeof suspendRequestSchema>;

const person = z.object({ id: z.number().int(), username: z.string(), profile_image: z.string().nullable() });

export const suspendedUserSchema = person.extend({
  reason: z.string(),
  /** ISO 8601. */
  suspended_at: z.string(),
  /** ISO 8601, or null when it has no end. */
  suspended_until: z.string().nullable(),
  /** The site admin who suspended, or null for the operator's command line. */
  suspended_by: z.string().nullable(),
});
export type SuspendedUser = z.infer<typeof suspendedUserSchema>;

export const suspendedUsersResponseSchema = z.object({ users: z.array(suspendedUserSchema) });
export type SuspendedUsersResponse = z.infer<typeof suspendedUsersResponseSchema>;

export const siteLogEntrySchema = z.object({
  id: z.number().int(),
  action: z.enum(SITE_ACTIONS),
  /** Who did it; null for the operator's command line. */
  actor: z.string().nullable(),
  target_user: person.nullable(),
  reason: z.string().nullable(),
  /** For a suspension: its end (ISO 8601), null when it has none. */
  until: z.string().nullable(),
  /** ISO 8601. */
  created: z.string(),
});
export type SiteLogEntry = z.infer<typeof siteLogEntrySchema>;

export const siteLogQuerySchema = z.object({ cursor: z.string().max(200).optional() });
export type SiteLogQuery = z.infer<typeof siteLogQuerySchema>;

export const siteLogResponseSchema = z.object({ entries: z.array(siteLogEntrySchema), nextCursor: nextCursorSchema });
export type SiteLogResponse = z.infer<typeof siteLogResponseSchema>;

export const adminMessageResponseSchema = z.object({ message: z.string() });
