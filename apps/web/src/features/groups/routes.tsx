import type { ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import { APP_ROUTES, GROUP_TABS, routerPath, type GroupTab } from '@agora/contract';
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

/** Each tab's page; the tabs themselves are the contract's GROUP_TABS (the one route table). */
const TAB_PAGES: Record<GroupTab, ReactElement> = {
  members: <MembersPage />,
  blogs: <BlogsTab />,
  discussions: <DiscussionTab />,
};

/** `/group/{slug or id}` and its tabs (SPEC §2). */
export const groupRoutes: RouteObject = {
  path: routerPath(APP_ROUTES.group.pattern),
  element: <GroupLayout />,
  children: [{ index: true, element: <GroupOverview /> }, ...GROUP_TABS.map((tab) => ({ path: tab, element: TAB_PAGES[tab] }))],
};
