/**
 * The web app's routes (SPEC §2), once: the web router (apps/web/src/app/routes.tsx, features/groups/routes.tsx),
 * the server's answer to a browser navigation (apps/server/src/plugins/web.ts: index.html with 200 on a route, 404
 * elsewhere, and the route's first page) and the build's preloads (apps/web/build/page-preloads.ts) all read it.
 *
 * A pattern's `:name` is any non-empty segment without a slash, `:name#` a database id (digits, no leading zero);
 * a trailing slash is allowed.
 */

/** The community page's tabs, after `/group/{slug or id}/` (SPEC §2); the overview is the page itself. */
export const GROUP_TABS = ['members', 'blogs', 'discussions'] as const;
export type GroupTab = (typeof GROUP_TABS)[number];

/** The first screen a route shows: the build writes `index.<page>.html` preloading that screen's code. */
export const APP_PAGES = [
  'home',
  'explore',
  'login',
  'register',
  'create',
  'community',
  'blog',
  'account-link',
  'settings',
  'admin',
  'search',
] as const;
export type AppPage = (typeof APP_PAGES)[number];

export interface AppRoute {
  readonly pattern: string;
  readonly page: AppPage;
}

export const APP_ROUTES = {
  home: { pattern: '/', page: 'home' },
  suggested: { pattern: '/suggested', page: 'explore' },
  login: { pattern: '/login', page: 'login' },
  register: { pattern: '/register', page: 'register' },
  // Account keeping (issue 14): the pages mail links open (the token is in the query), and the settings page.
  forgotPassword: { pattern: '/forgot-password', page: 'account-link' },
  resetPassword: { pattern: '/reset-password', page: 'account-link' },
  verifyEmail: { pattern: '/verify-email', page: 'account-link' },
  confirmEmail: { pattern: '/confirm-email', page: 'account-link' },
  unsubscribe: { pattern: '/unsubscribe', page: 'account-link' },
  settings: { pattern: '/settings', page: 'settings' },
  // Site staff (issue 15 §8): "Page Not Found" to anyone but a site admin (decision 0105).
  admin: { pattern: '/admin', page: 'admin' },
  create: { pattern: '/create', page: 'create' },
  // Search (issue 16): `?q=&type=&group=` (search-rules.ts); the navigation bar's field and the community's box open it.
  search: { pattern: '/search', page: 'search' },
  group: { pattern: '/group/:groupId', page: 'community' },
  // One route per tab: GROUP_TABS below.
  blog: { pattern: '/group/:groupId/blogs/blogpage/:blogId', page: 'blog' },
  // Where notifications about a post lead (SPEC §2 Notifications panel): the Discussion tab with the post panel open.
  discussion: { pattern: '/groups/:groupId#/discussions/:discussionId#', page: 'community' },
} as const satisfies Record<string, AppRoute>;

/** Every route, the community's tabs included. */
export const APP_ROUTE_LIST: readonly AppRoute[] = [
  ...Object.values(APP_ROUTES),
  ...GROUP_TABS.map((tab): AppRoute => ({ pattern: `${APP_ROUTES.group.pattern}/${tab}`, page: 'community' })),
];

/** The patterns alone (kept for readers of the former list). */
export const APP_ROUTE_PATTERNS: readonly string[] = APP_ROUTE_LIST.map((route) => route.pattern);

/** A pattern as React Router writes it: no leading slash, no `#` marks (`group/:groupId/blogs/blogpage/:blogId`). */
export function routerPath(pattern: string): string {
  return pattern.replace(/^\//, '').replace(/#/g, '');
}

const MATCHERS = APP_ROUTE_LIST.map((route) => ({
  page: route.page,
  regex: new RegExp(
    `^${route.pattern === '/' ? '' : route.pattern.replace(/:[A-Za-z]+#/g, '[1-9][0-9]{0,9}').replace(/:[A-Za-z]+/g, '[^/]+')}/?$`,
  ),
}));

/** The first page of the route the path (without query or hash) is, or null when it is none of the app's routes. */
export function appPageOf(pathname: string): AppPage | null {
  return MATCHERS.find((m) => m.regex.test(pathname))?.page ?? null;
}

/** True when the path (without query or hash) is one of the app's routes. */
export function isAppRoute(pathname: string): boolean {
  return appPageOf(pathname) !== null;
}

/**
 * Links to the app's routes. A community is its slug or id, as given (callers encode a segment typed by a user);
 * these are the builders behind groupWebPath, blogWebPath and discussionWebPath.
 */
export const appPaths = {
  home: () => APP_ROUTES.home.pattern,
  suggested: () => APP_ROUTES.suggested.pattern,
  login: () => APP_ROUTES.login.pattern,
  register: () => APP_ROUTES.register.pattern,
  forgotPassword: () => APP_ROUTES.forgotPassword.pattern,
  settings: () => APP_ROUTES.settings.pattern,
  admin: () => APP_ROUTES.admin.pattern,
  create: () => APP_ROUTES.create.pattern,
  search: () => APP_ROUTES.search.pattern,
  group: (slugOrId: string | number) => `/group/${slugOrId}`,
  groupTab: (slugOrId: string | number, tab: GroupTab) => `/group/${slugOrId}/${tab}`,
  blog: (slugOrId: string | number, blogId: number) => `/group/${slugOrId}/blogs/blogpage/${blogId}`,
  discussion: (groupId: number, discussionId: number) => `/groups/${groupId}/discussions/${discussionId}`,
  /**
   * A comment or reply in its post panel (issue 16): the panel scrolls it into view and marks it briefly. A reply
   * may name its top-level comment (`parentId`): `?comment=<parentId>-<replyId>` opens that comment's replies at once.
   */
  comment: (groupId: number, discussionId: number, commentId: number, parentId?: number | null) =>
    `/groups/${groupId}/discussions/${discussionId}?comment=${parentId ? `${parentId}-${commentId}` : commentId}`,
};
