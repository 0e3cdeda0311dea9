import { Suspense } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { APP_ROUTES, routerPath } from '@agora/contract';
import { lazyComponent } from '@/lib/lazy-component';
import { groupRoutes } from './group-routes';
import { DiscussionLinkRoute } from './discussion-link-route';
import { NotFoundPage } from './not-found-page';
import { RequireAuth } from './require-auth';
import { RouteBoundary } from './route-boundary';
import { AppScrollRestoration } from './scroll-restoration';
import { COMMON_TEXTS } from '@/lib/texts';

// Every page and the signed-in layout is its own chunk: /login loads neither the layout nor other pages, and a
// page's libraries (the crop dialog, rich text, …) load with that page only. Keep new pages lazy the same way. A new
// route goes in the contract's route table first (packages/contract/src/routes.ts: the server then answers it with
// 200) and its first page's modules in FIRST_PAGES (apps/web/build/page-preloads.ts), so its chunks are preloaded
// with the entry (docs/decisions/0042-no-waterfall-after-the-entry-a-preloading-html.md).
// Web tests preload every lazy component once (preloadAllLazyComponents) and then render synchronously.
const LoginPage = lazyComponent(
  () => import('@/features/auth/login-page'),
  (m) => m.LoginPage,
);
const RegisterPage = lazyComponent(
  () => import('@/features/auth/register-page'),
  (m) => m.RegisterPage,
);
const ForgotPasswordPage = lazyComponent(
  () => import('@/features/auth/forgot-password-page'),
  (m) => m.ForgotPasswordPage,
);
const ResetPasswordPage = lazyComponent(
  () => import('@/features/auth/reset-password-page'),
  (m) => m.ResetPasswordPage,
);
const VerifyEmailPage = lazyComponent(
  () => import('@/features/auth/token-confirm-page'),
  (m) => m.VerifyEmailPage,
);
const ConfirmEmailPage = lazyComponent(
  () => import('@/features/auth/token-confirm-page'),
  (m) => m.ConfirmEmailPage,
);
const UnsubscribeDigestPage = lazyComponent(
  () => import('@/features/auth/token-confirm-page'),
  (m) => m.UnsubscribeDigestPage,
);
const SettingsPage = lazyComponent(
  () => import('@/features/account/settings-page'),
  (m) => m.SettingsPage,
);
const AdminRoute = lazyComponent(
  () => import('./admin-route'),
  (m) => m.AdminRoute,
);
const AppLayout = lazyComponent(
  () => import('./app-layout'),
  (m) => m.AppLayout,
);
const HomeRoute = lazyComponent(
  () => import('@/features/feed/home-page'),
  (m) => m.HomeRoute,
);
const ExplorePage = lazyComponent(
  () => import('@/features/feed/explore-page'),
  (m) => m.ExplorePage,
);
const BlogPage = lazyComponent(
  () => import('@/features/blogs/blog-page'),
  (m) => m.BlogPage,
);
const SearchPage = lazyComponent(
  () => import('@/features/search/search-page'),
  (m) => m.SearchPage,
);
const CreateGroupPage = lazyComponent(
  () => import('@/features/groups/create-page'),
  (m) => m.CreateGroupPage,
);

/**
 * Shown only while a page's code is on its way (first load, or a chunk still downloading): blank, as the page was
 * before the app started, with a status for screen readers. Navigations keep the current page meanwhile.
 */
function PageFallback() {
  return (
    <div role="status" className="min-h-dvh">
      <span className="sr-only">{COMMON_TEXTS.loading}</span>
    </div>
  );
}

function Root() {
  return (
    <>
      <AppScrollRestoration />
      {/* One boundary above every page: navigations run in a transition, so the current page stays on screen
          while the next page's code loads instead of flashing the fallback. */}
      <Suspense fallback={<PageFallback />}>
        <Outlet />
      </Suspense>
    </>
  );
}

/** Login and register sit outside AppLayout: no navigation bar, no side panel (SPEC §2). */
export const routes: RouteObject[] = [
  {
    element: (
      <RouteBoundary>
        <Root />
      </RouteBoundary>
    ),
    children: [
      { path: APP_ROUTES.login.pattern, element: <LoginPage /> },
      { path: APP_ROUTES.register.pattern, element: <RegisterPage /> },
      // Account keeping (issue 14): the pages mail links open, outside the layout like sign-in.
      { path: APP_ROUTES.forgotPassword.pattern, element: <ForgotPasswordPage /> },
      { path: APP_ROUTES.resetPassword.pattern, element: <ResetPasswordPage /> },
      { path: APP_ROUTES.verifyEmail.pattern, element: <VerifyEmailPage /> },
      { path: APP_ROUTES.confirmEmail.pattern, element: <ConfirmEmailPage /> },
      { path: APP_ROUTES.unsubscribe.pattern, element: <UnsubscribeDigestPage /> },
      {
        element: (
          <RouteBoundary>
            <AppLayout />
          </RouteBoundary>
        ),
        children: [
          { index: true, element: <HomeRoute /> },
          { path: routerPath(APP_ROUTES.suggested.pattern), element: <ExplorePage /> },
          {
            path: routerPath(APP_ROUTES.create.pattern),
            element: (
              <RequireAuth>
                <CreateGroupPage />
              </RequireAuth>
            ),
          },
          {
            path: routerPath(APP_ROUTES.settings.pattern),
            element: (
              <RequireAuth>
                <SettingsPage />
              </RequireAuth>
            ),
          },
          {
            path: routerPath(APP_ROUTES.admin.pattern),
            element: (
              <RequireAuth>
                <AdminRoute />
              </RequireAuth>
            ),
          },
          // Search (issue 16): for visitors too (they find what is public).
          { path: routerPath(APP_ROUTES.search.pattern), element: <SearchPage /> },
          // A blog page stands on its own (its own banner), outside the community's tabbed layout.
          { path: routerPath(APP_ROUTES.blog.pattern), element: <BlogPage /> },
          groupRoutes,
          // Notification links to a post (SPEC §2): the community's Discussion tab with the post panel open.
          { path: routerPath(APP_ROUTES.discussion.pattern), element: <DiscussionLinkRoute /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
