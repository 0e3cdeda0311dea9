import type { SiteAction } from '@agora/contract';
import { defineTexts } from '@/lib/i18n';

/** Every text of the site administration page (issue 15 §8). */
export const ADMIN_TEXTS = defineTexts('admin', {
  title: 'Site administration',
  subtitle: 'Suspend accounts that abuse the site, and see everything site staff did.',
  loadFailed: 'Could not load this list.',

  suspendHeading: 'Suspend an account',
  suspendIntro: 'Their sessions end at once and they cannot sign in until the end you choose. Their posts stay.',
  usernameLabel: 'Username',
  reasonLabel: 'Reason',
  reasonHint: 'They see it when they try to sign in, and it is kept in the site log.',
  durationLabel: 'Duration',
  durations: { '1': '1 day', '7': '7 days', '30': '30 days', '365': '1 year', none: 'No end' },
  suspendSubmit: 'Suspend',
  suspendSubmitting: 'Suspending...',
  suspendFailed: 'Could not suspend the account. Please try again.',
  usernameRequired: 'Enter a username',
  reasonRequired: 'Give a reason',

  suspendedHeading: 'Suspended accounts',
  noneSuspended: 'No account is suspended.',
  suspendedUntil: (date: string) => `Until ${date}`,
  suspendedForever: 'No end',
  suspendedBy: (name: string) => `by ${name}`,
  byOperator: 'by the operator',
  lift: 'Lift suspension',
  liftLabel: (name: string) => `Lift the suspension of ${name}`,

  logHeading: 'Site log',
  logEmpty: 'Nothing has happened yet.',
  operator: 'The operator',
  actions: {
    suspend: 'suspended',
    unsuspend: 'lifted the suspension of',
    grant_admin: 'made a site admin:',
    revoke_admin: 'took the site admin role from',
  } satisfies Record<SiteAction, string>,
  logUntil: (date: string) => `until ${date}`,
  loadMore: 'Load more',
  loadingMore: 'Loading...',
});
