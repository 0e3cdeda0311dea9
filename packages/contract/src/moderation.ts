import { z } from 'zod';
import { idField } from './groups';
import { nextCursorSchema, PAGE_SIZE_MAX } from './pagination';

/**
 * Bans and the moderation log of a community (issue 15 §4, §5).
 *
 *   POST   /api/groups/{id}/bans            banRequestSchema            → banResponseSchema (staff, on someone they outrank)
 *   GET    /api/groups/{id}/bans            bansQuerySchema             → bansResponseSchema (staff; bans in force)
 *   DELETE /api/groups/{id}/bans/{userId}                               → unbanResponseSchema (staff)
 *   GET    /api/groups/{id}/modlog          modlogQuerySchema           → modlogResponseSchema (staff; newest first)
 */

/** Error codes of bans (errors.ts lists them with the others). */
export const MODERATION_ERROR_CODES = ['banned', 'ban_not_found', 'already_banned'] as const;

export const BAN_LIMITS = { reasonMax: 500, daysMin: 1, daysMax: 3650 } as const;

/** The durations the web's ban dialog offers (days; null: permanent). */
export const BAN_DURATIONS = [1, 7, 30, null] as const;

/** UTC date and minute of a ban's end, as every message names it. */
export function banEndText(until: string | null): string {
  if (until === null) return 'permanently';
  return `until ${new Date(until).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export const MODERATION_MESSAGES = {
  banReasonRequired: 'Please give a reason for the ban',
  banReasonTooLong: `The reason must be at most ${BAN_LIMITS.reasonMax} characters`,
  banDaysInvalid: `A ban lasts from ${BAN_LIMITS.daysMin} to ${BAN_LIMITS.daysMax} days (leave it out for a permanent ban)`,
  userNotFound: 'User not found',
  banNotFound: 'This user is not banned from this community',
  alreadyBanned: 'This user is already banned from this community',
  /** The refusal of every write in a community one is banned from (join, request, invitation, post, comment, like, report). */
  /** `end`: banEndText of the ban's end ("until 2026-12-03 10:00 UTC" or "permanently"). */
  banned: (end: string) => `You are banned from this community ${end}.`,
  /** Staff inviting a banned person. */
  targetBanned: (username: string, end: string) => `${username} is banned from this community ${end}.`,
  bannedDone: (username: string) => `${username} has been banned from the community`,
  unbanned: (username: string) => `${username} has been unbanned`,
} as const;

export const MODERATION_NOTIFICATION_TEXTS = {
  banned: (groupName: string, end: string, reason: string) => `You were banned from ${groupName} ${end}. Reason: ${reason}`,
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Bans

export const banRequestSchema = z.object({
  userId: idField(MODERATION_MESSAGES.userNotFound),
  reason: z
    .string({ error: MODERATION_MESSAGES.banReasonRequired })
    .trim()
    .min(1, MODERATION_MESSAGES.banReasonRequired)
    .max(BAN_LIMITS.reasonMax, MODERATION_MESSAGES.banReasonTooLong),
  days: z
    .number({ error: MODERATION_MESSAGES.banDaysInvalid })
    .int(MODERATION_MESSAGES.banDaysInvalid)
    .min(BAN_LIMITS.daysMin, MODERATION_MESSAGES.banDaysInvalid)
    .max(BAN_LIMITS.daysMax, MODERATION_MESSAGES.banDaysInvalid)
    .nullish(),
});
export type BanRequest = z.input<typeof banRequestSchema>;

const personSchema = z.object({ id: z.number().int(), username: z.string() });

export const banSchema = z.object({
  user: personSchema,
  /** Who banned them (null: an account deleted since). */
  banned_by: personSchema.nullable(),
  reason: z.string(),
  created_at: z.string(),
  /** When the ban ends (ISO); null: permanent. */
  until: z.string().nullable(),
});
export type Ban = z.infer<typeof banSchema>;

export const banResponseSchema = z.object({ message: z.string(), ban: banSchema, member_count: z.number().int() });
export type BanResponse = z.infer<typeof banResponseSchema>;
export const unbanResponseSchema = z.object({ message: z.string() });
export type UnbanResponse = z.infer<typeof unbanResponseSchema>;

export const bansQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).optional(),
});
export type BansQuery = z.input<typeof bansQuerySchema>;
export const bansResponseSchema = z.object({ bans: z.array(banSchema), nextCursor: nextCursorSchema });
export type BansResponse = z.infer<typeof bansResponseSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Moderation log

/**
 * Every staff action the log records. Appended only (older rows keep their meaning); removal, restore and
 * report_resolved are written by the removals and reports modules.
 */
export const MOD_ACTIONS = [
  'role_change',
  'kick',
  'ban',
  'unban',
  'join_request_approved',
  'join_request_declined',
  'privacy_change',
  'rename',
  'remove',
  'restore',
  'report_resolved',
] as const;
export type ModAction = (typeof MOD_ACTIONS)[number];

export const MOD_TARGET_TYPES = ['user', 'group', 'discussion', 'comment', 'blog', 'report'] as const;
export type ModTargetType = (typeof MOD_TARGET_TYPES)[number];

export const modlogEntrySchema = z.object({
  id: z.number().int(),
  /** Who acted (null: an account deleted since). */
  actor: personSchema.nullable(),
  action: z.enum(MOD_ACTIONS),
  target_type: z.enum(MOD_TARGET_TYPES),
  target_id: z.number().int().nullable(),
  /** The person the action concerned (the member, the author of a removed item), when there is one. */
  target_user: personSchema.nullable(),
  reason: z.string().nullable(),
  /** What changed, in a few words: the new role, the ban's end, the new name, "private" / "public". */
  detail: z.string().nullable(),
  created_at: z.string(),
});
export type ModlogEntry = z.infer<typeof modlogEntrySchema>;

export const modlogQuerySchema = bansQuerySchema;
export type ModlogQuery = z.input<typeof modlogQuerySchema>;
export const modlogResponseSchema = z.object({ entries: z.array(modlogEntrySchema), nextCursor: nextCursorSchema });
export type ModlogResponse = z.infer<typeof modlogResponseSchema>;
