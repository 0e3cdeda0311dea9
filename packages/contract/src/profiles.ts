import { z } from 'zod';
import { LIMITS } from './limits';
import { BIRTHDAY_MESSAGES, latestCalendarDate, validateBirthday } from './birthday';
import { textField } from './text';
import { hasControlChars, TEXT_MESSAGES } from './text-rules';
import { PROFILE_MESSAGES, stripQuery, UPLOAD_PATH_PATTERN } from './profiles-rules';

/** A public profile as GET /users/profile and GET /users/{id} return it (SPEC §3 "User profile"). */
export const profileSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  bio: z.string(),
  about: z.string(),
  /**
   * Calendar date "YYYY-MM-DD" or null. Never a timestamp, so no time zone can shift it. GET /users/{id} gives
   * viewers other than the user and their friends "--MM-DD" (month and day, no year: decision 0012 b).
   */
  birthday: z.string().nullable(),
  /** Newline-separated links; a line may be "url [label]". */
  userLink: z.string(),
  profileImage: z.string().nullable(),
  bannerImage: z.string().nullable(),
  createdAt: z.string(),
  /** GET /users/{id}: whether the viewer blocked this person (issue 15 §6); only ever about the viewer's own blocks. */
  blocked: z.boolean().optional(),
  /** GET /users/{id}: what the viewer may do with this person (block: anyone but oneself). */
  abilities: z.object({ block: z.boolean() }).optional(),
});
export type Profile = z.infer<typeof profileSchema>;

const imagePath = z
  .string()
  .refine((v) => !hasControlChars(v), PROFILE_MESSAGES.invalidImagePath)
  .max(LIMITS.imagePathMax, PROFILE_MESSAGES.invalidImagePath)
  .transform((v) => stripQuery(v.trim()))
  .refine((v) => v === '' || UPLOAD_PATH_PATTERN.test(v), PROFILE_MESSAGES.invalidImagePath)
  .transform((v) => (v === '' ? null : v))
  .nullable();

/**
 * PUT /users/profile. Every field optional (only those sent change); unknown fields such as id or password are
 * dropped by the schema, never written.
 */
export const updateProfileRequestSchema = z.object({
  bio: textField({ max: LIMITS.bioMax, tooLong: PROFILE_MESSAGES.bioTooLong }).nullable().optional(),
  about: textField({ max: LIMITS.aboutMax, tooLong: PROFILE_MESSAGES.aboutTooLong }).nullable().optional(),
  birthday: z
    .string()
    .max(40, BIRTHDAY_MESSAGES.invalid)
    .refine((v) => !hasControlChars(v), TEXT_MESSAGES.controlChars)
    .nullable()
    .optional()
    .superRefine((v, ctx) => {
      const message = validateBirthday(v, latestCalendarDate());
      if (message) ctx.addIssue({ code: 'custom', message });
    })
    // Absent stays absent (the field is left alone); null or blank clears it.
    .transform((v) => (v === undefined ? undefined : v === null || v.trim() === '' ? null : v.trim())),
  userLink: textField({ max: LIMITS.userLinkMax, tooLong: PROFILE_MESSAGES.linksTooLong })
    .refine((v) => v.split('\n').filter((l) => l.trim()).length <= LIMITS.userLinkLinesMax, PROFILE_MESSAGES.tooManyLinks)
    .nullable()
    .optional(),
  profileImage: imagePath.optional(),
  bannerImage: imagePath.optional(),
});
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;

/** GET /users/lookup?username= (signed in): one user by exact username, any case (e.g. to invite them). */
export const userLookupQuerySchema = z.object({
  username: z.string().trim().min(1, 'Enter a username').max(LIMITS.usernameMax, PROFILE_MESSAGES.userNotFound),
});
export type UserLookupQuery = z.input<typeof userLookupQuerySchema>;
export const userSummarySchema = z.object({ id: z.number().int(), username: z.string(), profileImage: z.string().nullable() });
export type UserSummary = z.infer<typeof userSummarySchema>;

export const userIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const imagePathResponseSchema = z.object({ message: z.string(), imagePath: z.string() });
export type ImagePathResponse = z.infer<typeof imagePathResponseSchema>;
export const imageUrlResponseSchema = z.object({ message: z.string(), url: z.string() });
export type ImageUrlResponse = z.infer<typeof imageUrlResponseSchema>;

export { BIRTHDAY_MESSAGES };
