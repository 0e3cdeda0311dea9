import { z } from 'zod';
import { LIMITS } from './limits';
import { cleanLine, hasControlChars, TEXT_MESSAGES, textField } from './text';

export const AUTH_MESSAGES = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  usernameRequired: 'Username is required',
  usernameInvalid: 'Username must be 3 to 30 characters: letters, digits or underscores',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooLong: `Password must be at most ${LIMITS.passwordMax} characters`,
  passwordsDoNotMatch: 'Passwords do not match',
  identifierRequired: 'Email or username is required',
  usernameTaken: 'Username is already taken',
  emailTaken: 'An account with this email already exists',
  invalidCredentials: 'Invalid email/username or password',
  registered: 'Registration successful!',
  loggedIn: 'Login successful',
  loggedOut: 'Logged out',
  tooManyLogins: 'Too many failed login attempts. Please try again later.',
  tooManyRegistrations: 'Too many accounts created from this address. Please try again later.',
  signInRequired: 'Please sign in to continue',
  passwordTooCommon: 'This password is too common. Please choose another.',
  usernameReserved: 'This username is reserved. Please choose another.',
  serverBusy: 'The server is busy. Please try again in a moment.',
} as const;

/**
 * Names that would impersonate staff or the system, or collide with words the app or its URLs use. Compared
 * without regard to case. The web form shows the same error as the server (both use `registerRequestSchema`).
 */
export const RESERVED_USERNAMES: ReadonlySet<string> = new Set([
  'admin',
  'administrator',
  'root',
  'system',
  'sysadmin',
  'agora',
  'agora_team',
  'support',
  'moderator',
  'mod',
  'owner',
  'staff',
  'team',
  'official',
  'help',
  'info',
  'contact',
  'security',
  'abuse',
  'postmaster',
  'webmaster',
  'hostmaster',
  'noreply',
  'no_reply',
  'api',
  'www',
  'null',
  'undefined',
  'nobody',
  'anonymous',
  'guest',
  'everyone',
  'here',
  'me',
  'you',
  'user',
  'users',
  'profile',
  'login',
  'logout',
  'register',
  'signin',
  'signup',
  'settings',
  'uploads',
  'group',
  'groups',
  'suggested',
  'create',
]);

export function isReservedUsername(username: string): boolean {
  return RESERVED_USERNAMES.has(username.trim().toLowerCase());
}

export const USERNAME_PATTERN = /^[A-Za-z0-9_]{3,30}$/;
/** @deprecated Zod's own email pattern, kept for forms not yet validated by `registerRequestSchema`. */
export const EMAIL_PATTERN: RegExp = z.regexes.email;

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
