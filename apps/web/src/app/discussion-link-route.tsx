import { Navigate, useParams, useSearchParams } from 'react-router';
import { parsePathId } from '@agora/contract';
import { postPanelPath } from '@/features/discussions/use-post-panel';
import { NotFoundPage } from './not-found-page';

/**
 * `/groups/{groupId}/discussions/{discussionId}`, where notifications about a post lead (SPEC §2 Notifications
 * panel): the community's Discussion tab with the post panel open (`?post=`). `?comment=<id>` (a search hit,
 * `appPaths.comment`; or `<parentId>-<replyId>`) goes along: the panel scrolls that comment into view and marks it.
 * Malformed ids are "Page Not Found".
 */
export function DiscussionLinkRoute() {
  const params = useParams();
  const [search] = useSearchParams();
  const groupId = parsePathId(params.groupId ?? '');
  const discussionId = parsePathId(params.discussionId ?? '');
  if (!groupId || !discussionId) return <NotFoundPage />;
  const comment = search.get('comment');
  const path = postPanelPath(groupId, discussionId);
  return <Navigate to={comment ? `${path}&comment=${encodeURIComponent(comment)}` : path} replace />;
}
