import { LIMITS } from './limits';

// Texts, patterns and the reserved names of sign-in and registration, apart from the schemas: this module never
// imports zod, so the web app's login page can use them without loading zod (docs/decisions/0040-zod-stays-off-the-first-load.md).
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

/**
 * Words that claim to speak for the platform: refused inside a name too, as a word of it (`agora_support`,
 * `support-team`), with digits after it (`admin1`) or in digits for letters (`adm1n`, `r00t`).
 */
const STAFF_WORDS: ReadonlySet<string> = new Set([
  'admin',
  'administrator',
  'root',
  'system',
  'sysadmin',
  'agora',
  'support',
  'moderator',
  'mod',
  'staff',
  'official',
  'security',
  'abuse',
  'postmaster',
  'webmaster',
  'hostmaster',
  'noreply',
]);
/** Staff words long and distinctive enough to refuse also as the start or end of a name (`agorahelp`, `sysadmin`). */
const STAFF_AFFIXES = ['admin', 'agora', 'support', 'moderator', 'official', 'noreply'] as const;
/** Digits typed for the letters they look like. */
const DIGIT_LETTERS: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't' };

/**
 * Whether a username is reserved: an exact reserved name in any case, or a name built around a staff word after
 * normalization (lower case, digits at the end dropped, look-alike digits read as letters, split at `_`, `-`, `.`).
 * Ordinary names that merely contain such letters (`badminton`, `modern`, `rootbeer`, `user123`) stay allowed.
 */
export function isReservedUsername(username: string): boolean {
  const lower = username.trim().toLowerCase();
  if (RESERVED_USERNAMES.has(lower)) return true;
  const stem = lower.replace(/[\d_.-]+$/, '').replace(/^[\d_.-]+/, '');
  const read = stem.replace(/[013457]/g, (d) => DIGIT_LETTERS[d]!);
  const parts = read.split(/[_.-]+/).filter(Boolean);
  const joined = parts.join('');
  if (STAFF_WORDS.has(joined) || parts.some((part) => STAFF_WORDS.has(part))) return true;
  return STAFF_AFFIXES.some((word) => joined.startsWith(word) || joined.endsWith(word));
}

export const USERNAME_PATTERN = /^[A-Za-z0-9_]{3,30}$/;
