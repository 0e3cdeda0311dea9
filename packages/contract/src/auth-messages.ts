import { LIMITS } from './limits';

// Texts and patterns of sign-in and registration, apart from the schemas: this module never imports zod, so the
// web app's login page can use them without loading zod (see docs/decisions/0004-web-performance.md).
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
} as const;

export const USERNAME_PATTERN = /^[A-Za-z0-9_]{3,30}$/;
/** Pragmatic email check: one @, no spaces, a dot in the domain. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
