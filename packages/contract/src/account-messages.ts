// Texts of the account endpoints (verification, password reset and change, email change, sessions), apart from
// the schemas so the web's pages can use them without loading zod (as auth-messages.ts).
export const ACCOUNT_MESSAGES = {
  tokenRequired: 'This link is incomplete. Please use the link from the email.',
  tokenInvalid: 'This link is invalid or has expired. Please ask for a new one.',
  emailVerified: 'Your email address is confirmed',
  verificationSent: 'We sent you a new confirmation email',
  alreadyVerified: 'Your email address is already confirmed',
  resetRequested: 'If an account uses this address, we sent it a link to choose a new password',
  passwordReset: 'Your password was changed. Please sign in with the new one.',
  passwordChanged: 'Your password was changed. Your other devices were signed out.',
  currentPasswordWrong: 'Your current password is not correct',
  currentPasswordRequired: 'Please enter your current password',
  samePassword: 'The new password must differ from the current one',
  emailChangeSent: 'We sent a confirmation link to your new address. Your email changes when you open it.',
  emailChanged: 'Your email address was changed',
  sameEmail: 'This is already your email address',
  sessionEnded: 'Signed out of that device',
  otherSessionsEnded: 'Signed out of all other devices',
  sessionNotFound: 'Session not found',
  tooManyMails: 'Too many emails requested. Please try again later.',
  tooManyAttempts: 'Too many attempts. Please try again later.',
  verificationRequired: 'Please confirm your email address first',
} as const;
