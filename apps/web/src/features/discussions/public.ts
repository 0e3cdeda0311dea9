/** What other features and the app may use from discussions besides its hooks (api.ts). */
export { DiscussionFeed, type DiscussionFeedProps } from './discussion-feed';
export { GroupDiscussions } from './group-discussions';
export { GroupDiscussionComposer } from './composer';
export { POST_PARAM, postPanelPath, usePostPanel } from './use-post-panel';
export { RemovedBanner } from './removal';
export { RemovalActions } from './removal-actions';
export { REMOVAL_TEXTS } from './texts';
