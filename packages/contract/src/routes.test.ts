import { describe, expect, it } from 'vitest';
import { isAppRoute } from './routes';

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
    '/settings',
    '/settings/',
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
  ])('refuses %s', (path) => expect(isAppRoute(path)).toBe(false));
});
