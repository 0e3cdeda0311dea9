import { z } from 'zod';
import { ACCOUNT_MESSAGES } from './account-messages';
import { AUTH_MESSAGES } from './auth-messages';
import { LIMITS } from './limits';
import { hasControlChars, TEXT_MESSAGES } from './text-rules';

/** A token from a mail link: 43 base64url characters for 256 bits; anything else is refused before a lookup. */
const token = z
  .string({ error: ACCOUNT_MESSAGES.tokenRequired })
  .min(1, ACCOUNT_MESSAGES.tokenRequired)
  .max(100, ACCOUNT_MESSAGES.tokenInvalid)
  .regex(/^[A-Za-z0-9_-]+$/, ACCOUNT_MESSAGES.tokenInvalid);

const email = z
  .string({ error: AUTH_MESSAGES.emailRequired })
  .refine((v) => !hasControlChars(v), TEXT_MESSAGES.controlChars)
  .trim()
  .min(1, AUTH_MESSAGES.emailRequired)
  .max(LIMITS.emailMax, AUTH_MESSAGES.emailInvalid)
  .pipe(z.email({ error: AUTH_MESSAGES.emailInvalid }));

/** A new password: the registration rules (length here; the common-password list on the server). */
const newPassword = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .refine((v) => !hasControlChars(v), TEXT_MESSAGES.controlChars)
  .min(1, AUTH_MESSAGES.passwordRequired)
  .min(LIMITS.passwordMin, AUTH_MESSAGES.passwordTooShort)
  .max(LIMITS.passwordMax, AUTH_MESSAGES.passwordTooLong);

const confirmation = z.string({ error: AUTH_MESSAGES.passwordsDoNotMatch }).max(LIMITS.passwordMax, AUTH_MESSAGES.passwordsDoNotMatch);

const currentPassword = z
  .string({ error: ACCOUNT_MESSAGES.currentPasswordRequired })
  .min(1, ACCOUNT_MESSAGES.currentPasswordRequired)
  .max(LIMITS.passwordMax, ACCOUNT_MESSAGES.currentPasswordWrong);

/** POST /api/auth/verify-email */
export const verifyEmailRequestSchema = z.object({ token });
export type VerifyEmailRequest = z.infer<typeof verifyEmailRequestSchema>;

/** POST /api/notifications/digest/unsubscribe: the one-click link of a digest mail (no sign-in: the token is the proof). */
export const unsubscribeDigestRequestSchema = z.object({ token });
export type UnsubscribeDigestRequest = z.infer<typeof unsubscribeDigestRequestSchema>;

/** POST /api/auth/password/forgot */
export const forgotPasswordRequestSchema = z.object({ email });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

/** POST /api/auth/password/reset */
export const resetPasswordRequestSchema = z
  .object({ token, password: newPassword, confirmPassword: confirmation })
  .refine((v) => v.password === v.confirmPassword, { message: AUTH_MESSAGES.passwordsDoNotMatch, path: ['confirmPassword'] });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** POST /api/auth/password/change */
export const changePasswordRequestSchema = z
  .object({ currentPassword, newPassword, confirmPassword: confirmation })
  .refine((v) => v.newPassword === v.confirmPassword, { message: AUTH_MESSAGES.passwordsDoNotMatch, path: ['confirmPassword'] });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** POST /api/auth/email/change; the link it mails is confirmed with POST /api/auth/email/confirm {token}. */
export const changeEmailRequestSchema = z.object({ newEmail: email, password: currentPassword });
export type ChangeEmailRequest = z.infer<typeof changeEmailRequestSchema>;
export const confirmEmailChangeRequestSchema = z.object({ token });
export type ConfirmEmailChangeRequest = z.infer<typeof confirmEmailChangeRequestSchema>;

/** One sign-in of the caller (GET /api/auth/sessions). */
export const accountSessionSchema = z.object({
  id: z.number().int(),
  created: z.string(),
  lastSeen: z.string(),
  /** A coarse description from the User-Agent: "Chrome on Windows", "Safari on iPhone", "Unknown device". */
  device: z.string(),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;
export const accountSessionsResponseSchema = z.object({ sessions: z.array(accountSessionSchema) });
export type AccountSessionsResponse = z.infer<typeof accountSessionsResponseSchema>;

/** DELETE /api/auth/sessions?others=1 */
export const endSessionsQuerySchema = z.object({ others: z.enum(['1', 'true']) });

/** The caller's account state the web needs beside the profile (GET /api/account). */
export const accountStateSchema = z.object({
  email: z.string(),
  emailVerified: z.boolean(),
  /** An email change waiting for its link to be opened, or null. */
  pendingEmail: z.string().nullable(),
  /** A site admin (issue 15 §8): the web shows the Admin page's link. */
  siteAdmin: z.boolean(),
});
export type AccountState = z.infer<typeof accountStateSchema>;

/** A data export (POST /api/account/export, GET /api/account/export for the latest). */
export const accountExportSchema = z.object({
  id: z.number().int(),
  status: z.enum(['pending', 'ready', 'failed']),
  created: z.string(),
  ready: z.string().nullable(),
  /** Until when the archive can be downloaded (7 days after it was built). */
  expires: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
export const latestExportResponseSchema = z.object({ export: accountExportSchema.nullable() });

/** DELETE /api/account: the password, and whether what the person posted goes too (default: it stays as "Deleted user"). */
export const deleteAccountRequestSchema = z.object({
  password: currentPassword,
  deleteContent: z.boolean().default(false),
});
export type DeleteAccountRequest = z.input<typeof deleteAccountRequestSchema>;
