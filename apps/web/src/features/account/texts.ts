import type { OptionalNotificationType } from '@agora/contract';
import { defineTexts, formatNumber } from '@/lib/i18n';

/**
 * Every text of the account screens (issue 14): the email banner, the mail-link pages (forgot and reset password,
 * verify and confirm email) and the settings page. The server's `message` is shown as it comes wherever there is
 * one; the texts below are the page's own words and the defaults when the server sent none.
 */
export const ACCOUNT_TEXTS = defineTexts('account', {
  // Email banner (issue 14 §2)
  bannerText: 'Please confirm your email address',
  bannerHint: (email: string) => `We sent a link to ${email}.`,
  resend: 'Resend email',
  resending: 'Sending...',
  resendFailed: 'Could not send the email. Please try again later.',
  dismissBanner: 'Dismiss',

  // Login page link (issue 14 §3)
  forgotLink: 'Forgot your password?',

  // Forgot password
  forgotTitle: 'Forgot your password?',
  forgotSubtitle: 'Enter the email address of your account and we will send you a link to choose a new password.',
  emailLabel: 'Email',
  forgotSubmit: 'Send reset link',
  forgotSubmitting: 'Sending...',
  forgotFailed: 'Could not send the link. Please try again later.',
  backToLogin: 'Back to sign in',
  checkInbox: 'Check your inbox',

  // Reset password
  resetTitle: 'Choose a new password',
  resetSubtitle: 'Your new password signs you out of every device.',
  newPasswordLabel: 'New password',
  confirmPasswordLabel: 'Confirm new password',
  passwordHint: 'Minimum 8 characters',
  resetSubmit: 'Set new password',
  resetSubmitting: 'Saving...',
  resetFailed: 'Could not change the password. Please try again.',
  requestNewLink: 'Ask for a new link',
  missingToken: 'This link is incomplete. Please use the link from the email.',

  // Verify email and confirm an email change
  verifyTitle: 'Confirm your email address',
  confirmTitle: 'Confirm your new email address',
  checking: 'Checking your link...',
  linkSubtitle: 'The link from your email.',
  verifyFailed: 'Could not confirm the address. Please try again later.',
  continueHome: 'Continue to Agora',
  toSettings: 'Go to settings',
  signIn: 'Sign in',
  sendNewLink: 'Send a new link',
  tryAgain: 'Try again',

  // The email digest's off link (issue 14 §6)
  unsubscribeTitle: 'Turn off the email digest',
  unsubscribeFailed: 'Could not turn off the digest. Please try again later.',

  // Settings page (issue 14 §3–§7)
  settingsTitle: 'Settings',
  settingsSubtitle: 'Your password, email, devices, notifications and data.',
  settingsLink: 'Settings',
  loadFailed: 'Your settings could not be loaded.',

  securityHeading: 'Security',
  changePasswordHeading: 'Change password',
  currentPasswordLabel: 'Current password',
  changePasswordSubmit: 'Change password',
  changePasswordSubmitting: 'Changing...',
  changePasswordFailed: 'Could not change the password. Please try again.',

  emailHeading: 'Email address',
  currentEmail: 'Current address',
  verified: 'Confirmed',
  unverified: 'Not confirmed',
  pendingEmail: (email: string) => `Waiting for confirmation: ${email}. Open the link we sent to that address.`,
  newEmailLabel: 'New email address',
  passwordLabel: 'Password',
  changeEmailSubmit: 'Change email',
  changeEmailSubmitting: 'Sending...',
  changeEmailFailed: 'Could not change the email. Please try again.',

  sessionsHeading: 'Sessions',
  sessionsIntro: 'The devices signed in to your account.',
  thisDevice: 'This device',
  lastSeen: (when: string) => `Last active: ${when}`,
  signedInOn: (when: string) => `Signed in: ${when}`,
  signOutSession: 'Sign out',
  signOutSessionLabel: (device: string) => `Sign out ${device}`,
  signOutOthers: 'Sign out of all other devices',
  signOutFailed: 'Could not sign out that device. Please try again.',
  noOtherSessions: 'No other device is signed in.',

  notificationsHeading: 'Notifications',
  notificationsIntro: 'Choose what you are notified about.',
  alwaysOn: 'Always on',
  alwaysOnHint: 'They carry buttons to answer, so they always arrive.',
  // Web push (issue 18 §4)
  pushLabel: 'Push notifications on this device',
  pushIntro: 'Shows your notifications on this device when no Agora tab is open.',
  pushUnsupported: 'This browser cannot receive push notifications. On an iPhone or iPad, add Agora to the Home Screen first.',
  pushDenied:
    'Notifications are blocked for this site. Allow them in your browser’s site settings (the icon beside the address), then reload this page.',
  pushNoWorker: 'Push needs the app’s service worker, which is not running here (a development build). Use the built app.',
  pushFailed: 'Could not change push notifications on this device. Please try again.',
  settingsSaveFailed: 'Could not save your notification settings. Please try again.',
  digestHeading: 'Email digest',
  digestIntro: 'A mail listing your unread notifications, at 08:00 UTC (weekly: on Mondays). Nothing is sent when nothing is unread.',
  digest: { off: 'Off', daily: 'Daily', weekly: 'Weekly' },
  mutedHeading: 'Muted',
  mutedIntro: 'Nothing from these notifies you.',
  mutedCommunities: 'Communities',
  mutedDiscussions: 'Discussions',
  noMutes: 'You have not muted any community or discussion. Mute one from its menu.',
  mutedPostIn: (community: string) => `A post in ${community}`,
  unmute: 'Unmute',
  unmuteLabel: (name: string) => `Unmute ${name}`,
  muteFailed: 'Could not change the mute. Please try again.',

  dataHeading: 'Your data',
  dataIntro: 'Download a copy of your profile, posts, comments, blogs, likes, notifications and images.',
  requestExport: 'Request my data',
  requestingExport: 'Requesting...',
  exportFailed: 'Could not start the export. Please try again later.',
  exportPending: 'We are preparing your data. This page updates when it is ready.',
  exportReady: (when: string, size: string | null) => `Your data is ready (prepared: ${when}${size ? `, ${size}` : ''}).`,
  exportExpires: (when: string) => `Available until ${when}.`,
  exportFailedStatus: 'The last export failed. Please request a new one.',
  download: 'Download',
  downloading: 'Downloading...',
  downloadFailed: 'Could not download the file. Please try again.',
  deleteHeading: 'Delete account',
  deleteIntro: 'Delete your account for good. This cannot be undone.',
  deleteOpen: 'Delete my account',
  deleteTitle: 'Delete your account?',
  deleteDescription: 'This cannot be undone. When you delete your account:',
  deleteSessions: 'You are signed out on every device.',
  deleteRemoved: 'Your profile, email address, friends, likes, community memberships and uploaded pictures are removed.',
  deletePosts: 'Your discussions, comments and blogs stay in their communities, shown as by "Deleted user", unless you tick the box below.',
  deleteUsername: 'Your username becomes free for others after 30 days.',
  deleteContent: 'Also delete everything I posted',
  deleteContentHint: 'Your discussions, comments and blogs are removed too, with their images.',
  deletePasswordLabel: 'Your password',
  deleteConfirm: 'Delete my account',
  deleting: 'Deleting...',
  deleteFailed: 'Could not delete your account. Please try again.',
  cancel: 'Cancel',
  size: (bytes: number) =>
    bytes < 1024 * 1024
      ? `${formatNumber(Math.max(1, Math.round(bytes / 1024)))} KB`
      : `${formatNumber(Math.round(bytes / 104857.6) / 10)} MB`,
});

/** Readable names of the notification types a person can turn off. */
export const NOTIFICATION_TYPE_NAMES = defineTexts('notificationTypes', {
  mention: 'Someone mentions you',
  friend_request_accepted: 'Your friend request is accepted',
  friend_request_rejected: 'Your friend request is declined',
  like: 'Someone likes your post',
  comment: 'Someone comments on your post',
  comment_like: 'Someone likes your comment',
  comment_reply: 'Someone replies to your comment',
  new_follower: 'Someone follows you',
  join_request: 'Someone asks to join your community',
  join_request_approved: 'Your request to join is approved',
  join_request_declined: 'Your request to join is declined',
  role_changed: 'Your role in a community changes',
  member_removed: 'You are removed from a community',
  content_removed: 'A moderator removes something you wrote',
} satisfies Record<OptionalNotificationType, string>);

/** The two types that always arrive (issue 14 §6). */
export const ALWAYS_ON_NAMES = defineTexts('alwaysOnTypes', {
  friend_request: 'Friend requests',
  group_invite: 'Invitations to communities',
});
