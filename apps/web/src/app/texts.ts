import { defineTexts, plural } from '@/lib/i18n';

/** The app frame's texts: navigation bar, side panel, error and 404 pages (SPEC §2). */
export const APP_TEXTS = defineTexts('app', {
  skipToContent: 'Skip to content',
  agoraCommunities: 'Agora communities',
  agoraHome: 'Agora home',
  mainNav: 'Main',
  yourFeed: 'Your feed',
  explore: 'Explore',
  signIn: 'Sign in',
  // The search field (issue 16; features/search/nav-search.tsx takes them as props: no text module on a first load).
  search: 'Search',
  searchAgora: 'Search Agora',
  notifications: 'Notifications',
  notificationsUnread: (n: number) => plural(n, { other: 'Notifications, # unread' }),
  yourProfile: 'Your profile',
  pageNotFound: 'Page Not Found',
  pageNotFoundHint: 'The page you are looking for does not exist or has moved.',
  goBack: 'Go Back',
  returnHome: 'Return Home',
  somethingWrong: 'Something went wrong',
  somethingWrongHint: 'An unexpected error stopped this page. Reloading usually helps.',
  reload: 'Reload',
  sidePanel: 'Side panel',
  viewProfile: 'View profile',
  logout: 'Logout',
  adminLink: 'Site administration',
});
