import { Navigate, useParams } from 'react-router';
import { parsePathId } from '@agora/contract';
import { postPanelPath } from '@/features/discussions/use-post-panel';
import { NotFoundPage } from './not-found-page';

/**
 * `/groups/{groupId}/discussions/{discussionId}`, where notifications about a post lead (SPEC §2 Notifications
 * panel): the community's Discussion tab with the post panel open (`?post=`). Malformed ids are "Page Not Found".
 */
export function DiscussionLinkRoute() {
  const params = useParams();
  const groupId = parsePathId(params.groupId ?? '');
  const discussionId = parsePathId(params.discussionId ?? '');
  if (!groupId || !discussionId) return <NotFoundPage />;
  return <Navigate to={postPanelPath(groupId, discussionId)} replace />;
}
