import { z } from 'zod';
import { LIMITS } from './limits';
import { AUTH_MESSAGES, EMAIL_PATTERN, USERNAME_PATTERN } from './auth-messages';

const requiredText = (message: string, max: number, maxMessage?: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, maxMessage ?? `Must be at most ${max} characters`);

export const registerRequestSchema = z
  .object({
    firstName: requiredText(
      AUTH_MESSAGES.firstNameRequired,
      LIMITS.firstNameMax,
      `First name must be at most ${LIMITS.firstNameMax} characters`,
    ),
    lastName: requiredText(
      AUTH_MESSAGES.lastNameRequired,
      LIMITS.lastNameMax,
      `Last name must be at most ${LIMITS.lastNameMax} characters`,
    ),
    email: requiredText(AUTH_MESSAGES.emailRequired, LIMITS.emailMax, AUTH_MESSAGES.emailInvalid).regex(
      EMAIL_PATTERN,
      AUTH_MESSAGES.emailInvalid,
    ),
    username: requiredText(AUTH_MESSAGES.usernameRequired, LIMITS.usernameMax, AUTH_MESSAGES.usernameInvalid).regex(
      USERNAME_PATTERN,
      AUTH_MESSAGES.usernameInvalid,
    ),
    password: z
      .string({ error: AUTH_MESSAGES.passwordRequired })
      .min(1, AUTH_MESSAGES.passwordRequired)
      .min(LIMITS.passwordMin, AUTH_MESSAGES.passwordTooShort)
      .max(LIMITS.passwordMax, AUTH_MESSAGES.passwordTooLong),
    confirmPassword: z.string({ error: AUTH_MESSAGES.passwordsDoNotMatch }),
  })
  .refine((v) => v.password === v.confirmPassword, { message: AUTH_MESSAGES.passwordsDoNotMatch, path: ['confirmPassword'] });
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const registerResponseSchema = z.object({
  message: z.string(),
  user: z.object({ id: z.number().int(), username: z.string() }),
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

export const loginRequestSchema = z.object({
  emailOrUsername: z
    .string({ error: AUTH_MESSAGES.identifierRequired })
    .trim()
    .min(1, AUTH_MESSAGES.identifierRequired)
    .max(LIMITS.emailMax, AUTH_MESSAGES.invalidCredentials),
  password: z
    .string({ error: AUTH_MESSAGES.passwordRequired })
    .min(1, AUTH_MESSAGES.passwordRequired)
    .max(LIMITS.passwordMax, AUTH_MESSAGES.invalidCredentials),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({
  message: z.string(),
  token: z.string(),
  user: z.object({ id: z.number().int(), username: z.string(), profileImage: z.string().nullable() }),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
