/**
 * The web app's routes (SPEC §2). The server answers a browser navigation to one of them with index.html and
 * 200, and any other navigation with index.html and 404 (the app renders "Page Not Found"); the web router can
 * share the same list. `:name` is any non-empty segment without a slash, `:name#` a database id (digits, no
 * leading zero); a trailing slash is allowed.
 */
export const APP_ROUTE_PATTERNS = [
  '/',
  '/suggested',
  '/login',
  '/register',
  // Account keeping (issue 14): the pages mail links open, and the settings page.
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/confirm-email',
  '/settings',
  '/create',
  '/group/:group',
  '/group/:group/members',
  '/group/:group/blogs',
  '/group/:group/discussions',
  '/group/:group/blogs/blogpage/:blogId',
  // Where notifications about a post lead (SPEC §2 Notifications panel): the Discussion tab with the post panel open.
  '/groups/:groupId#/discussions/:discussionId#',
] as const;

const MATCHERS = APP_ROUTE_PATTERNS.map(
  (pattern) =>
    new RegExp(`^${pattern === '/' ? '' : pattern.replace(/:[A-Za-z]+#/g, '[1-9][0-9]{0,9}').replace(/:[A-Za-z]+/g, '[^/]+')}/?$`),
);

/** True when the path (without query or hash) is one of the app's routes. */
export function isAppRoute(pathname: string): boolean {
  return MATCHERS.some((m) => m.test(pathname));
}
