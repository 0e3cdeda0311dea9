import { feedKeys } from '@/features/feed/keys';

/**
 * Query keys of discussions (zod-free, like groups/keys.ts). The home and Explore feeds live under the feed's keys,
 * so the navigation's "click the current button to refresh" (`feedKeys.home()` / `feedKeys.explore()`) refetches
 * their discussions too.
 */
export const discussionKeys = {
  all: ['discussions'] as const,
  /** A community's feed (pinned first, then newest). */
  group: (groupId: number) => [...discussionKeys.all, 'group', groupId] as const,
  details: () => [...discussionKeys.all, 'detail'] as const,
  detail: (groupId: number, discussionId: number) => [...discussionKeys.details(), groupId, discussionId] as const,
  comments: (discussionId: number) => [...discussionKeys.all, 'comments', discussionId] as const,
  replies: (discussionId: number, commentId: number) => [...discussionKeys.all, 'replies', discussionId, commentId] as const,
  /** The edit history of a post, a comment or a blog (issue 15 §1). */
  history: (kind: 'discussion' | 'comment' | 'blog', id: number) => [...discussionKeys.all, 'history', kind, id] as const,
  /** A person's posts and comments (the profile's Activity tab). */
  activity: (userId: number) => [...discussionKeys.all, 'activity', userId] as const,
  /** The signed-in home feed: discussions of the communities the viewer joined or owns. */
  home: () => [...feedKeys.home(), 'discussions'] as const,
  /** Explore (and the visitor's /): discussions of suggested public communities. */
  explore: () => [...feedKeys.explore(), 'discussions'] as const,
};

/** Every cache that may hold a post: the community feeds, the post panel, the home and Explore feeds. */
export const POST_CACHES = [discussionKeys.all, feedKeys.all] as const;
