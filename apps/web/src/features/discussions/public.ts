/** What other features and the app may use from discussions besides its hooks (api.ts). */
export { DiscussionFeed, type DiscussionFeedProps } from './discussion-feed';
export { GroupDiscussions } from './group-discussions';
export { GroupDiscussionComposer } from './composer';
export { POST_PARAM, postPanelPath, usePostPanel } from './use-post-panel';
export { RemovedBanner } from './removal';
export { RemovalActions } from './removal-actions';
export { REMOVAL_TEXTS } from './texts';
// Search (issue 16): its hits show the card's author line and open the post panel at a comment.
export { AuthorLine } from './discussion-card';
export { Timestamp } from './timestamp';
export { COMMENT_PARAM, commentParamValue, postParamValue } from './use-post-panel';
// Live updates (issue 17 §1): the home feed's pill, and what features/live patches besides the query cache.
export { NewPostsPill } from './new-posts-pill';
export { addPendingPost, mapPendingPost, markPostDeleted, resetLivePosts, takePendingPosts } from './live-posts';
export { asDeleted, withoutComment } from './edit-api';
export { resetFreshDiscussions } from './fresh-discussions';
