import type { ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import { APP_ROUTES, GROUP_TABS, routerPath, type GroupTab } from '@agora/contract';
import { lazyComponent } from '@/lib/lazy-component';

// The community page and its tabs, composed here because each tab belongs to its own feature (groups, members,
// blogs, discussions; docs/ARCHITECTURE.md "Feature order"). Each tab is its own chunk, like every page
// (app/routes.tsx): the layout loads with the community page, a tab's code when the tab opens.
const GroupPage = lazyComponent(
  () => import('./group-page'),
  (m) => m.GroupPage,
);
const GroupOverview = lazyComponent(
  () => import('@/features/groups/group-overview'),
  (m) => m.GroupOverview,
);
const MembersPage = lazyComponent(
  () => import('@/features/members/members-page'),
  (m) => m.MembersPage,
);
const BlogsTab = lazyComponent(
  () => import('@/features/blogs/group-tab'),
  (m) => m.BlogsTab,
);
const DiscussionTab = lazyComponent(
  () => import('@/features/discussions/discussion-tab'),
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
  element: <GroupPage />,
  children: [{ index: true, element: <GroupOverview /> }, ...GROUP_TABS.map((tab) => ({ path: tab, element: TAB_PAGES[tab] }))],
};
