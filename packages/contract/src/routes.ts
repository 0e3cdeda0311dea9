/**
 * The web app's routes (SPEC §2). The server answers a browser navigation to one of them with index.html and
 * 200, and any other navigation with index.html and 404 (the app renders "Page Not Found"); the web router can
 * share the same list. A segment is any non-empty text without a slash; a trailing slash is allowed.
 */
export const APP_ROUTE_PATTERNS = [
  '/',
  '/suggested',
  '/login',
  '/register',
  '/create',
  '/group/:group',
  '/group/:group/members',
  '/group/:group/blogs',
  '/group/:group/discussions',
  '/group/:group/blogs/blogpage/:blogId',
] as const;

const MATCHERS = APP_ROUTE_PATTERNS.map((pattern) => new RegExp(`^${pattern === '/' ? '' : pattern.replace(/:[A-Za-z]+/g, '[^/]+')}/?$`));

/** True when the path (without query or hash) is one of the app's routes. */
export function isAppRoute(pathname: string): boolean {
  return MATCHERS.some((m) => m.test(pathname));
}
