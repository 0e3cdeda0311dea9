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
  emailChangeSent: 'We sent a confirmation link to your new address. Your email changes when you open it.',
  emailChanged: 'Your email address was changed',
  sameEmail: 'This is already your email address',
  sessionEnded: 'Signed out of that device',
  otherSessionsEnded: 'Signed out of all other devices',
  sessionNotFound: 'Session not found',
  tooManyMails: 'Too many emails requested. Please try again later.',
  tooManyAttempts: 'Too many attempts. Please try again later.',
  exportQueued: 'We are preparing your data. You will get an email when it is ready.',
  exportPending: 'Your data export is still being prepared',
  exportOncePerDay: 'You can export your data once a day. Please try again later.',
  exportNotFound: 'This export does not exist or has expired',
  accountDeleted: 'Your account was deleted',
  /** `names`: the communities, comma-separated. */
  ownsCommunities: (names: string) => `You still own ${names}. Transfer ownership or delete the community first.`,
  /** POST /api/notifications/digest/unsubscribe: the link in a digest mail worked. */
  digestOff: 'The email digest is off. You can turn it on again in your settings.',
  verificationRequired: 'Please confirm your email address first',
  confirmForMore: 'Please confirm your email address to do this more often. We sent you a link when you signed up.',
} as const;
