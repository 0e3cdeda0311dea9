import { z } from 'zod';
import { cleanBlockedWords, POSTING_LIMITS, POSTING_MESSAGES } from './posting-rules';

export * from './posting-rules';

/**
 * A community's posting rules (issue 15 §7):
 *   GET /api/groups/{id}/posting-rules                                → postingRulesSchema (owner, admins, moderators)
 *   PUT /api/groups/{id}/posting-rules  postingRulesRequestSchema     → postingRulesResponseSchema (owner, admins)
 */
export const postingRulesSchema = z.object({
  slowModeMinutes: z.number().int(),
  minAccountAgeHours: z.number().int(),
  blockedWords: z.array(z.string()),
});
export type PostingRules = z.infer<typeof postingRulesSchema>;

/** The PUT body: each value one of the fixed options, the list cleaned (`cleanBlockedWords`) and capped. */
export const postingRulesRequestSchema = z.object({
  slowModeMinutes: z
    .number()
    .int()
    .refine((n) => (POSTING_LIMITS.slowModeMinutes as readonly number[]).includes(n), POSTING_MESSAGES.slowModeInvalid),
  minAccountAgeHours: z
    .number()
    .int()
    .refine((n) => (POSTING_LIMITS.minAccountAgeHours as readonly number[]).includes(n), POSTING_MESSAGES.accountAgeInvalid),
  blockedWords: z
    .array(z.string().max(POSTING_LIMITS.blockedWordMax, POSTING_MESSAGES.blockedWordTooLong))
    .max(POSTING_LIMITS.blockedWordsMax * 2, POSTING_MESSAGES.tooManyBlockedWords)
    .transform(cleanBlockedWords)
    .refine((words) => words.length <= POSTING_LIMITS.blockedWordsMax, POSTING_MESSAGES.tooManyBlockedWords),
});
/** The request body before the server cleans the list. */
export type PostingRulesRequest = z.input<typeof postingRulesRequestSchema>;

export const postingRulesResponseSchema = z.object({ message: z.string(), rules: postingRulesSchema });
export type PostingRulesResponse = z.infer<typeof postingRulesResponseSchema>;
