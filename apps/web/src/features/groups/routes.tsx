import type { RouteObject } from 'react-router';
import { lazyComponent } from '@/lib/lazy-component';

// Each tab is its own chunk, like every page (app/routes.tsx): the layout loads with the community page, a tab's
// code when the tab opens.
const GroupLayout = lazyComponent(
  () => import('./group-layout'),
  (m) => m.GroupLayout,
);
const GroupOverview = lazyComponent(
  () => import('./group-overview'),
  (m) => m.GroupOverview,
);
const MembersPage = lazyComponent(
  () => import('./members-page'),
  (m) => m.MembersPage,
);
const BlogsTab = lazyComponent(
  () => import('./blogs-tab'),
  (m) => m.BlogsTab,
);
const DiscussionTab = lazyComponent(
  () => import('./discussion-tab'),
  (m) => m.DiscussionTab,
);

/** `/group/{slug or id}` and its tabs (SPEC §2). */
export const groupRoutes: RouteObject = {
  path: 'group/:groupId',
  element: <GroupLayout />,
  children: [
    { index: true, element: <GroupOverview /> },
    { path: 'members', element: <MembersPage /> },
    { path: 'blogs', element: <BlogsTab /> },
    { path: 'discussions', element: <DiscussionTab /> },
  ],
};
