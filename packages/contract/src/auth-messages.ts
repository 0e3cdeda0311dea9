import { LIMITS } from './limits';

// Texts, patterns and the reserved names of sign-in and registration, apart from the schemas: this module never
// imports zod, so the web app's login page can use them without loading zod (docs/decisions/0006-web-performance.md).
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
