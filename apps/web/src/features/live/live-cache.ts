import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import {
  type Blog,
  type BlogCreatedPayload,
  type BlogPostsResponse,
  type Comment,
  type CommentCreatedPayload,
  type CommentDeletedPayload,
  type CommentListResponse,
  type CommentUpdatedPayload,
  type Discussion,
  type DiscussionCreatedPayload,
  type DiscussionDeletedPayload,
  type DiscussionListResponse,
  type DiscussionPinnedPayload,
  type DiscussionUpdatedPayload,
  type FriendRemovedPayload,
  type FriendsResponse,
  type GroupDetailResponse,
  type GroupListResponse,
  type JoinedBlogsResponse,
  type LikeCountPayload,
  type MemberCountPayload,
  type ReplyListResponse,
  type Role,
} from '@agora/contract';
import { mapComment, updatePost, withCommentCount, type CommentPages } from '@/features/discussions/api';
import { discussionKeys } from '@/features/discussions/keys';
import { addPendingPost, mapPendingPost, markPostDeleted } from '@/features/discussions/public';
import { asDeleted, withoutComment } from '@/features/discussions/public';
import { mapCachedBlog } from '@/features/blogs/api';
import { blogKeys } from '@/features/blogs/keys';
import { groupKeys } from '@/features/groups/keys';
import { friendKeys } from '@/features/friends/keys';

/**
 * The live updates' cache patches (issue 17 §1, decision 0130): each server event changes
 * the TanStack Query cache in place, with no request (never an invalidation per event). Pure over a QueryClient
 * and the viewer's id, so each event kind is tested alone (live-cache.test.tsx).
 *
 * Payloads carry entities as an ordinary reader who is not their author sees them (contract events.ts): the viewer
 * fields are filled here from what the client knows (its id, its role in the community when its page is loaded).
 * The writer's own tab already holds what it wrote (its response): an id already in a cache is never added again.
 */

export interface Viewer {
  userId: number | null;
}

// ---------------------------------------------------------------------------------------------------------------
// What the client knows about the viewer

/** The viewer's role in community `groupId` from its loaded page, or null (not loaded, not a member). */
function roleIn(queryClient: QueryClient, groupId: number): Role | null {
  for (const [, data] of queryClient.getQueriesData<GroupDetailResponse>({ queryKey: groupKeys.details() })) {
    if (data?.group?.id === groupId) return data.role;
  }
  return null;
}

/**
 * Whether a post of community `groupId` belongs in the viewer's home feed: a member by the community's loaded page,
 * else by the joined list; unknown counts as yes (the server sends home-feed events to members only; a non-member
 * hears a community only through its page, whose detail is then loaded).
 */
function isMemberOf(queryClient: QueryClient, groupId: number): boolean {
  for (const [, data] of queryClient.getQueriesData<GroupDetailResponse>({ queryKey: groupKeys.details() })) {
    if (data?.group?.id === groupId) return data.isMember || data.role !== null;
  }
  const lists = queryClient.getQueriesData<GroupListResponse>({ queryKey: groupKeys.joined('me') });
  for (const [, list] of lists) if (list?.groups?.some((g) => g.id === groupId)) return true;
  return lists.every(([, list]) => !list || list.nextCursor !== null);
}

const isStaff = (role: Role | null) => role === 'owner' || role === 'admin';

/** A pushed post as this viewer sees it: the author may edit and delete; owner and admin may delete and pin (SPEC §6). */
export function postForViewer(post: Discussion, viewer: Viewer, role: Role | null): Discussion {
  const own = viewer.userId !== null && post.userId === viewer.userId;
  return {
    ...post,
    isLiked: false,
    is_liked: false,
    canEdit: own,
    canDelete: own || isStaff(role),
    canPin: isStaff(role),
  };
}

/** A pushed comment as this viewer sees it: its author may edit and delete; owner and admin may delete. */
export function commentForViewer(comment: Comment, viewer: Viewer, role: Role | null): Comment {
  const own = viewer.userId !== null && comment.userId === viewer.userId;
  const canDelete = own || isStaff(role);
  return { ...comment, isLiked: false, canDelete, abilities: { edit: own, delete: canDelete } };
}

// ---------------------------------------------------------------------------------------------------------------
// Helpers over the cached shapes

function feedHas(data: unknown, id: number): boolean {
  const pages = (data as InfiniteData<DiscussionListResponse> | undefined)?.pages;
  return Boolean(pages?.some((page) => page.discussions?.some((d) => d.id === id)));
}

function commentPagesHave(data: unknown, id: number): boolean {
  const pages = (data as CommentPages | undefined)?.pages;
  return Boolean(
    pages?.some((page) =>
      ((page as Partial<CommentListResponse>).comments ?? (page as Partial<ReplyListResponse>).replies ?? []).some((c) => c.id === id),
    ),
  );
}

/** `comment` at the end of a list loaded to its end (oldest first); a list with more to load gets it when loaded. */
function appendAtEnd<P extends CommentListResponse | ReplyListResponse>(
  old: unknown,
  comment: Comment,
  field: 'comments' | 'replies',
): unknown {
  const data = old as InfiniteData<P> | undefined;
  if (!data?.pages?.length || commentPagesHave(data, comment.id)) return old;
  const last = data.pages[data.pages.length - 1]!;
  if (last.nextCursor !== null) return old;
  const items = (last as unknown as Record<string, Comment[]>)[field] ?? [];
  return { ...data, pages: [...data.pages.slice(0, -1), { ...last, [field]: [...items, comment] }] };
}

/**
 * Patches list `key` when it holds data; while its first load is still in flight (the answer may predate the
 * event), asks for it again instead: the only request an event may cause, one at most, and only in that window.
 */
function patchList(queryClient: QueryClient, key: readonly unknown[], patch: (old: unknown) => unknown): void {
  const query = queryClient.getQueryCache().find({ queryKey: key, exact: true });
  if (query && query.state.data === undefined && query.state.fetchStatus === 'fetching') {
    // The answer in flight is dropped for a new one (a failure shows as the list's own load error).
    void queryClient
      .cancelQueries({ queryKey: key, exact: true })
      .then(() => query.fetch())
      .catch(() => {});
    return;
  }
  queryClient.setQueryData(key, patch);
}

function prependToFirstPage<T>(old: unknown, field: string, item: T & { id: number }): unknown {
  const data = old as InfiniteData<Record<string, unknown>> | undefined;
  if (!data?.pages?.length) return old;
  if (data.pages.some((page) => ((page[field] as { id: number }[] | undefined) ?? []).some((x) => x.id === item.id))) return old;
  const [first, ...rest] = data.pages;
  return { ...data, pages: [{ ...first!, [field]: [item, ...((first![field] as T[] | undefined) ?? [])] }, ...rest] };
}

// ---------------------------------------------------------------------------------------------------------------
// One function per event

/**
 * discussion_created: held for the "N new posts" pill of the community's feed and of the home feed (when the viewer
 * belongs to the community), for the feeds that are loaded and do not show it yet; the community header counts it.
 */
export function onDiscussionCreated(queryClient: QueryClient, viewer: Viewer, payload: DiscussionCreatedPayload): void {
  const { group_id: groupId, discussion } = payload;
  const post = postForViewer(discussion, viewer, roleIn(queryClient, groupId));
  let counted = false;
  const groupFeed = queryClient.getQueryData(discussionKeys.group(groupId));
  if (groupFeed !== undefined && !feedHas(groupFeed, post.id)) {
    addPendingPost(`group:${groupId}`, post);
    counted = true;
  }
  const home = queryClient.getQueryData(discussionKeys.home());
  if (home !== undefined && !feedHas(home, post.id) && isMemberOf(queryClient, groupId)) {
    addPendingPost('home', post);
    counted = true;
  }
  // The writer's own tab counted its post already (its response refreshed the header).
  if (counted && post.userId !== viewer.userId) {
    queryClient.setQueriesData<GroupDetailResponse>({ queryKey: groupKeys.details() }, (old) =>
      old?.group?.id === groupId ? { ...old, group: { ...old.group, post_count: old.group.post_count + 1 } } : old,
    );
  }
}

/** discussion_updated: the new text and edit time wherever the post shows (feeds, panel, activity, the pill's). */
export function onDiscussionUpdated(queryClient: QueryClient, payload: DiscussionUpdatedPayload): void {
  const edit = (d: Discussion): Discussion => ({
    ...d,
    discussion_content: payload.discussion_content,
    date_edited: payload.date_edited,
    edited_at: payload.edited_at,
  });
  updatePost(queryClient, payload.discussion_id, edit);
  mapPendingPost(payload.discussion_id, edit);
}

/** discussion_deleted: gone from every list; an open panel says "This post was deleted". */
export function onDiscussionDeleted(queryClient: QueryClient, payload: DiscussionDeletedPayload): void {
  markPostDeleted(payload.discussion_id);
  updatePost(queryClient, payload.discussion_id, () => null);
  queryClient.setQueriesData<GroupDetailResponse>({ queryKey: groupKeys.details() }, (old) =>
    old?.group?.id === payload.group_id ? { ...old, group: { ...old.group, post_count: Math.max(0, old.group.post_count - 1) } } : old,
  );
}

/** discussion_pinned: the flag wherever the post shows (the order follows at the next load, never a jump). */
export function onDiscussionPinned(queryClient: QueryClient, payload: DiscussionPinnedPayload): void {
  const pin = (d: Discussion): Discussion => ({ ...d, is_pinned: payload.is_pinned });
  updatePost(queryClient, payload.discussion_id, pin);
  mapPendingPost(payload.discussion_id, pin);
}

/**
 * comment_created: the post's comment count everywhere; a comment at the end of the open panel's comments, a reply
 * at the end of its comment's replies (when they are loaded to the end) and its comment's reply count.
 */
export function onCommentCreated(queryClient: QueryClient, viewer: Viewer, payload: CommentCreatedPayload): void {
  const { discussion_id: discussionId } = payload;
  const comment = commentForViewer(payload.comment, viewer, roleIn(queryClient, payload.group_id));
  updatePost(queryClient, discussionId, (d) => withCommentCount(d, payload.commentCount));
  mapPendingPost(discussionId, (d) => withCommentCount(d, payload.commentCount));
  const parentId = comment.parentCommentId;
  if (parentId === null) {
    patchList(queryClient, discussionKeys.comments(discussionId), (old) => appendAtEnd(old, comment, 'comments'));
    return;
  }
  const repliesKey = discussionKeys.replies(discussionId, parentId);
  // The writer's own tab counted its reply already (its response carried the parent's count).
  if (commentPagesHave(queryClient.getQueryData(repliesKey), comment.id)) return;
  queryClient.setQueryData(discussionKeys.comments(discussionId), (old: unknown) =>
    mapComment(old, parentId, (c) => ({ ...c, replyCount: c.replyCount + 1 })),
  );
  patchList(queryClient, repliesKey, (old) => appendAtEnd(old, comment, 'replies'));
}

/** comment_updated: the new text and edit time wherever the comment shows. */
export function onCommentUpdated(queryClient: QueryClient, payload: CommentUpdatedPayload): void {
  queryClient.setQueriesData({ queryKey: discussionKeys.all }, (old) =>
    mapComment(old, payload.comment_id, (c) => ({
      ...c,
      content: payload.content,
      comment_content: payload.content,
      edited_at: payload.edited_at,
    })),
  );
}

/**
 * comment_deleted: as the author's own delete (edit-api.ts): one with replies stays as "[deleted]" (`kept`), one
 * without disappears; the post's and its parent's counts follow.
 */
export function onCommentDeleted(queryClient: QueryClient, payload: CommentDeletedPayload): void {
  const { discussion_id: discussionId, comment_id: commentId, parentCommentId } = payload;
  updatePost(queryClient, discussionId, (d) => withCommentCount(d, payload.commentCount));
  mapPendingPost(discussionId, (d) => withCommentCount(d, payload.commentCount));
  const repliesKey = parentCommentId === null ? null : discussionKeys.replies(discussionId, parentCommentId);
  const shown =
    commentPagesHave(queryClient.getQueryData(discussionKeys.comments(discussionId)), commentId) ||
    (repliesKey !== null && commentPagesHave(queryClient.getQueryData(repliesKey), commentId));
  queryClient.setQueriesData({ queryKey: discussionKeys.all }, (old) =>
    payload.kept ? mapComment(old, commentId, asDeleted) : withoutComment(old, commentId),
  );
  // The parent's count, once (the deleting tab already lowered it when it no longer shows the reply).
  if (parentCommentId !== null && shown && !payload.kept) {
    queryClient.setQueryData(discussionKeys.comments(discussionId), (old: unknown) =>
      mapComment(old, parentCommentId, (c) => ({ ...c, replyCount: Math.max(0, c.replyCount - 1) })),
    );
  }
}

/** like_count: the new count wherever the post, comment or blog shows (the viewer's own like flag stays). */
export function onLikeCount(queryClient: QueryClient, payload: LikeCountPayload): void {
  const count = Math.max(0, payload.count);
  if (payload.target === 'discussion') {
    const set = (d: Discussion): Discussion => ({ ...d, likeCount: count, likes_count: count });
    updatePost(queryClient, payload.id, set);
    mapPendingPost(payload.id, set);
  } else if (payload.target === 'comment') {
    queryClient.setQueriesData({ queryKey: discussionKeys.all }, (old) => mapComment(old, payload.id, (c) => ({ ...c, likeCount: count })));
  } else {
    queryClient.setQueriesData({ queryKey: blogKeys.all }, (old) => mapCachedBlog(old, payload.id, (b) => ({ ...b, likes_count: count })));
  }
}

/** blog_created: on top of the community's blogs and, for a member, the home strip (when loaded and not there yet). */
export function onBlogCreated(queryClient: QueryClient, payload: BlogCreatedPayload): void {
  const blog: Blog = { ...payload.blog, is_liked: false };
  queryClient.setQueryData<InfiniteData<BlogPostsResponse>>(
    blogKeys.group(payload.group_id),
    (old) => prependToFirstPage(old, 'posts', blog) as InfiniteData<BlogPostsResponse> | undefined,
  );
  if (isMemberOf(queryClient, payload.group_id)) {
    queryClient.setQueryData<InfiniteData<JoinedBlogsResponse>>(
      blogKeys.joined(),
      (old) => prependToFirstPage(old, 'blogs', blog) as InfiniteData<JoinedBlogsResponse> | undefined,
    );
  }
}

/** member_count: the community header's count (whatever key its page was loaded by). */
export function onMemberCount(queryClient: QueryClient, payload: MemberCountPayload): void {
  queryClient.setQueriesData<GroupDetailResponse>({ queryKey: groupKeys.details() }, (old) =>
    old?.group?.id === payload.group_id ? { ...old, group: { ...old.group, member_count: payload.member_count } } : old,
  );
}

/** friend_removed: that person leaves the viewer's friends list (one less in its total) and is no longer a friend. */
export function onFriendRemoved(queryClient: QueryClient, viewer: Viewer, payload: FriendRemovedPayload): void {
  const other = payload.user_id;
  if (viewer.userId !== null) {
    queryClient.setQueryData(friendKeys.list(viewer.userId), (old: unknown) => {
      const data = old as InfiniteData<FriendsResponse> | undefined;
      if (!data?.pages || !data.pages.some((p) => p.friends.some((f) => f.id === other))) return old;
      return {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          friends: page.friends.filter((f) => f.id !== other),
          total: Math.max(0, page.total - 1),
        })),
      };
    });
  }
  if (queryClient.getQueryData(friendKeys.status(other)) !== undefined) {
    queryClient.setQueryData(friendKeys.status(other), { status: 'not_friends' });
  }
}
