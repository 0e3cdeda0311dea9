import { describe, expect, it } from 'vitest';
import { APP_PAGES, APP_ROUTE_LIST, APP_ROUTES, GROUP_TABS, appPageOf, appPaths, isAppRoute, routerPath } from './routes';

describe('isAppRoute', () => {
  it.each([
    '/',
    '/suggested',
    '/login',
    '/login/',
    '/register',
    '/create',
    '/group/maker-space',
    '/group/42',
    '/group/42/members',
    '/group/maker-space/blogs',
    '/group/maker-space/discussions',
    '/group/maker-space/blogs/blogpage/7',
    '/groups/12/discussions/345',
    '/groups/12/discussions/345/',
    // Issue 14: the pages mail links open (their token is in the query), and the settings page.
    '/forgot-password',
    '/reset-password',
    '/verify-email',
    '/confirm-email',
    '/unsubscribe',
    '/settings',
    '/settings/',
    // Issue 16: the search page (its query in the query string).
    '/search',
    '/search/',
  ])('accepts %s', (path) => expect(isAppRoute(path)).toBe(true));

  it.each([
    '/nope',
    '/users/1',
    '/users/profile',
    '/group',
    '/group/',
    '/group/x/settings',
    '/group/x/blogs/blogpage',
    '//login',
    '/loginx',
    '/groups/12/discussions',
    '/groups/maker-space/discussions/345',
    '/groups/12/discussions/0345',
    '/groups/12/discussions/345/comments',
    '/settings/x',
    '/reset-password/abc',
    '/search/discussions',
  ])('refuses %s', (path) => expect(isAppRoute(path)).toBe(false));
});

describe('the one route table', () => {
  it.each([
    ['/', 'home'],
    ['/suggested', 'explore'],
    ['/login/', 'login'],
    ['/register', 'register'],
    ['/create', 'create'],
    ['/group/maker-space', 'community'],
    ['/group/maker-space/members', 'community'],
    ['/group/42/blogs', 'community'],
    ['/group/42/discussions/', 'community'],
    ['/group/maker-space/blogs/blogpage/7', 'blog'],
    ['/groups/12/discussions/345', 'community'],
    ['/search', 'search'],
  ] as const)('%s is the %s page', (path, page) => expect(appPageOf(path)).toBe(page));

  it('has a route for every first page and every community tab', () => {
    for (const page of APP_PAGES)
      expect(
        APP_ROUTE_LIST.some((r) => r.page === page),
        page,
      ).toBe(true);
    for (const tab of GROUP_TABS) expect(isAppRoute(appPaths.groupTab('x', tab))).toBe(true);
    expect(appPageOf('/group/x/settings')).toBeNull();
  });

  it('builds links to its routes', () => {
    expect(appPaths.group('book-club')).toBe('/group/book-club');
    expect(appPaths.blog('book-club', 9)).toBe('/group/book-club/blogs/blogpage/9');
    expect(appPaths.discussion(3, 4)).toBe('/groups/3/discussions/4');
    for (const path of [appPaths.home(), appPaths.suggested(), appPaths.login(), appPaths.register(), appPaths.create()])
      expect(isAppRoute(path), path).toBe(true);
    expect(appPaths.search()).toBe('/search');
    // Issue 16: a comment in its post panel; a reply may name its top-level comment.
    expect(appPaths.comment(3, 4, 5)).toBe('/groups/3/discussions/4?comment=5');
    expect(appPaths.comment(3, 4, 6, 5)).toBe('/groups/3/discussions/4?comment=5-6');
    expect(appPaths.comment(3, 4, 6, null)).toBe('/groups/3/discussions/4?comment=6');
    expect(routerPath(APP_ROUTES.discussion.pattern)).toBe('groups/:groupId/discussions/:discussionId');
  });
});
