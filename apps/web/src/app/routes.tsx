import { Outlet, ScrollRestoration, type RouteObject } from 'react-router';
import { LoginPage } from '@/features/auth/login-page';
import { RegisterPage } from '@/features/auth/register-page';
import { CreateCommunityPage } from '@/features/groups/create-page';
import { groupRoutes } from '@/features/groups/routes';
import { ExplorePage } from '@/features/feed/explore-page';
import { HomeRoute } from '@/features/feed/home-page';
import { AppLayout } from './app-layout';
import { NotFoundPage } from './not-found-page';
import { RequireAuth } from './require-auth';
import { RouteError } from './route-error';

function Root() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

/** Login and register sit outside AppLayout: no navigation bar, no side panel (SPEC §2). */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/register', element: <RegisterPage /> },
      {
        element: <AppLayout />,
        errorElement: <RouteError />,
        children: [
          { index: true, element: <HomeRoute /> },
          { path: 'suggested', element: <ExplorePage /> },
          {
            path: 'create',
            element: (
              <RequireAuth>
                <CreateCommunityPage />
              </RequireAuth>
            ),
          },
          groupRoutes,
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
