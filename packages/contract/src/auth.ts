import { z } from 'zod';
import { LIMITS } from './limits';
import { AUTH_MESSAGES, isReservedUsername, USERNAME_PATTERN } from './auth-messages';
import { textField } from './text';
import { cleanLine, hasBidiControls, hasControlChars, TEXT_MESSAGES } from './text-rules';

/** A one-line required value: control characters refused (NUL never reaches the database), then trimmed. */
const requiredText = (message: string, max: number, maxMessage?: string) =>
  z
    .string({ error: message })
    .refine((v) => !hasControlChars(v), TEXT_MESSAGES.controlChars)
    .trim()
    .min(1, message)
    .max(max, maxMessage ?? `Must be at most ${max} characters`);

/** Passwords are never stored, but control characters in one are a mistake or an attack, never a typed key. */
const passwordText = (requiredMessage: string) =>
  z.string({ error: requiredMessage }).refine((v) => !hasControlChars(v), TEXT_MESSAGES.controlChars);

export const registerRequestSchema = z
  .object({
    firstName: textField({
      max: LIMITS.firstNameMax,
      tooLong: `First name must be at most ${LIMITS.firstNameMax} characters`,
      required: AUTH_MESSAGES.firstNameRequired,
      clean: cleanLine,
    }),
    lastName: textField({
      max: LIMITS.lastNameMax,
      tooLong: `Last name must be at most ${LIMITS.lastNameMax} characters`,
      required: AUTH_MESSAGES.lastNameRequired,
      clean: cleanLine,
    }),
    email: requiredText(AUTH_MESSAGES.emailRequired, LIMITS.emailMax, AUTH_MESSAGES.emailInvalid).pipe(
      z.email({ error: AUTH_MESSAGES.emailInvalid }),
    ),
    username: requiredText(AUTH_MESSAGES.usernameRequired, LIMITS.usernameMax, AUTH_MESSAGES.usernameInvalid)
      .refine((v) => !hasBidiControls(v), TEXT_MESSAGES.bidiControls)
      .regex(USERNAME_PATTERN, AUTH_MESSAGES.usernameInvalid)
      .refine((v) => !isReservedUsername(v), AUTH_MESSAGES.usernameReserved),
    password: passwordText(AUTH_MESSAGES.passwordRequired)
      .min(1, AUTH_MESSAGES.passwordRequired)
      .min(LIMITS.passwordMin, AUTH_MESSAGES.passwordTooShort)
      .max(LIMITS.passwordMax, AUTH_MESSAGES.passwordTooLong),
    confirmPassword: z.string({ error: AUTH_MESSAGES.passwordsDoNotMatch }).max(LIMITS.passwordMax, AUTH_MESSAGES.passwordsDoNotMatch),
  })
  .refine((v) => v.password === v.confirmPassword, { message: AUTH_MESSAGES.passwordsDoNotMatch, path: ['confirmPassword'] });
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const registerResponseSchema = z.object({
  message: z.string(),
  user: z.object({ id: z.number().int(), username: z.string() }),
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

export const loginRequestSchema = z.object({
  emailOrUsername: requiredText(AUTH_MESSAGES.identifierRequired, LIMITS.emailMax, AUTH_MESSAGES.invalidCredentials),
  password: passwordText(AUTH_MESSAGES.passwordRequired)
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
