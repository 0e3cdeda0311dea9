import type { RouteObject } from 'react-router';
import { BlogsTab } from './blogs-tab';
import { DiscussionTab } from './discussion-tab';
import { GroupLayout } from './group-layout';
import { GroupOverview } from './group-overview';
import { MembersPage } from './members-page';

/** `/group/{slug or id}` and its tabs (SPEC §2). The blog page (`blogs/blogpage/{blogId}`) comes with blogs. */
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
