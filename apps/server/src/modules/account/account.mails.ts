import { composeMail, type MailMessage } from '../../mail/compose';

/** How long each mailed link works. */
export const TOKEN_LIFETIME_MS = {
  verify_email: 24 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
  change_email: 24 * 60 * 60 * 1000,
  // The link in a digest mail: long enough for a mail read late; every digest carries a new one.
  digest_off: 60 * 24 * 60 * 60 * 1000,
} as const;

type Person = { email: string; username: string };

export function verificationMail(publicUrl: string, to: Person, token: string): MailMessage {
  return composeMail({
    to: to.email,
    subject: 'Confirm your email address',
    greeting: `Hello ${to.username},`,
    paragraphs: ['Welcome! Please confirm that this is your email address. The link works for 24 hours.'],
    action: { label: 'Confirm my email address', url: `${publicUrl}/verify-email?token=${token}` },
  });
}

export function resetMail(publicUrl: string, to: Person, token: string): MailMessage {
  return composeMail({
    to: to.email,
    subject: 'Reset your password',
    greeting: `Hello ${to.username},`,
    paragraphs: [
      'Someone (we hope you) asked to reset the password of your account. The link works once, for 1 hour.',
      'If it was not you, ignore this mail: your password stays as it is.',
    ],
    action: { label: 'Choose a new password', url: `${publicUrl}/reset-password?token=${token}` },
  });
}

export function passwordChangedMail(publicUrl: string, to: Person): MailMessage {
  return composeMail({
    to: to.email,
    subject: 'Your password was changed',
    greeting: `Hello ${to.username},`,
    paragraphs: [
      'The password of your account was just changed, and your other devices were signed out.',
      'If it was not you, reset your password at once with "Forgot your password?" on the sign-in page.',
    ],
    action: { label: 'Sign in', url: `${publicUrl}/login` },
  });
}

export function emailChangeMail(publicUrl: string, to: { newEmail: string; username: string }, token: string): MailMessage {
  return composeMail({
    to: to.newEmail,
    subject: 'Confirm your new email address',
    greeting: `Hello ${to.username},`,
    paragraphs: ['You asked to use this address for your account. It changes when you open this link, within 24 hours.'],
    action: { label: 'Confirm my new address', url: `${publicUrl}/confirm-email?token=${token}` },
  });
}

export function emailChangeNoticeMail(publicUrl: string, to: Person, newEmail: string): MailMessage {
  return composeMail({
    to: to.email,
    subject: 'Your email address is about to change',
    greeting: `Hello ${to.username},`,
    paragraphs: [
      `Someone signed in to your account asked to change its email address to ${newEmail}. It changes only when the link sent there is opened.`,
      'If it was not you, change your password now: your account may be in someone else’s hands.',
    ],
    action: { label: 'Open your account', url: `${publicUrl}/login` },
  });
}
