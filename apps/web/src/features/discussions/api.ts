import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { toastSuccess } from '@/lib/toast';
import {
  API,
  POSTING_ERROR_CODES,
  type ActivityResponse,
  type CommentListResponse,
  type DiscussionListResponse,
  type DiscussionResponse,
  type ReplyListResponse,
  type Comment,
  type Discussion,
  type RemovedInfo,
} from '@agora/contract';
import { ApiError, call, errorMessage, upload } from '@/lib/api-client';
import { groupKeys } from '@/features/groups/keys';
import { useOptimisticMutation, type OptimisticPatch } from '@/lib/optimistic';
import { markFreshDiscussion } from './fresh-discussions';
import { discussionKeys, POST_CACHES } from './keys';
import { DISCUSSION_TEXTS, REMOVAL_TEXTS } from './texts';

/**
 * Discussions: every request the web app makes about posts, comments, replies, likes, pins and post images (SPEC
 * §7 "Discussions and comments"), their query keys, and the mutations with their SPEC §8 default error texts.
 * Components use these hooks, never the client.
 */

export { discussionKeys } from './keys';

// ---------------------------------------------------------------------------------------------------------------
// Reads

/** Which list of posts: a community's feed, the signed-in home feed, or Explore's. */
export type FeedSource = { kind: 'group'; groupId: number } | { kind: 'home' } | { kind: 'explore' };

function feedPage(source: FeedSource, cursor: string | undefined, signal: AbortSignal) {
  const query = { cursor };
  if (source.kind === 'group') return call(API.discussions.ofGroup, { params: [source.groupId], query, signal });
  return call(source.kind === 'home' ? API.discussions.home : API.discussions.explore, { query, signal });
}

function sourceKey(source: FeedSource): QueryKey {
  if (source.kind === 'group') return discussionKeys.group(source.groupId);
  return source.kind === 'home' ? discussionKeys.home() : discussionKeys.explore();
}

export const discussionFeedQuery = (source: FeedSource) =>
  infiniteQueryOptions({
    queryKey: sourceKey(source),
    queryFn: ({ signal, pageParam }) => feedPage(source, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: DiscussionListResponse) => last.nextCursor ?? undefined,
  });

/** GET /users/{id}/activity: what a person wrote that the viewer may read, newest first, paged by `nextCursor`. */
export function useUserActivity(userId: number) {
  return useInfiniteQuery({
    queryKey: discussionKeys.activity(userId),
    queryFn: ({ signal, pageParam }) => call(API.users.activity, { params: [userId], query: { cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: ActivityResponse) => last.nextCursor ?? undefined,
  });
}

/** A list of posts, paged by `nextCursor` (SPEC §7; the UI loads more on scroll). */
export function useDiscussionFeed(source: FeedSource, enabled = true) {
  return useInfiniteQuery({ ...discussionFeedQuery(source), enabled });
}

export const discussionQuery = (groupId: number, discussionId: number) =>
  queryOptions({
    queryKey: discussionKeys.detail(groupId, discussionId),
    queryFn: ({ signal }) => call(API.discussions.detail, { params: [groupId, discussionId], signal }),
  });

/** GET /groups/{id}/discussions/{id}: one post for the post panel. */
export function useDiscussion(groupId: number, discussionId: number) {
  return useQuery(discussionQuery(groupId, discussionId));
}

/**
 * GET …/comments?order=oldest: top-level comments, oldest first, so a conversation reads down and the next page
 * continues below (decision 0014; the API's default order stays newest first for SPEC clients).
 */
export function useComments(groupId: number, discussionId: number, enabled = true) {
  return useInfiniteQuery({
    queryKey: discussionKeys.comments(discussionId),
    queryFn: ({ signal, pageParam }) =>
      call(API.discussions.comments, { params: [groupId, discussionId], query: { order: 'oldest', cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: CommentListResponse) => last.nextCursor ?? undefined,
    enabled,
  });
}

/** GET …/comments/{id}/replies: a comment's replies, oldest first; loaded on first expansion (SPEC §4). */
export function useReplies(groupId: number, discussionId: number, commentId: number, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: discussionKeys.replies(discussionId, commentId),
    queryFn: ({ signal, pageParam }) =>
      call(API.discussions.replies, { params: [groupId, discussionId, commentId], query: { cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: ReplyListResponse) => last.nextCursor ?? undefined,
    enabled,
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Cache helpers: a post can sit in several caches at once (its community's feed, the home feed, Explore, the
// panel), so every change is applied wherever it is.

type PostData = InfiniteData<DiscussionListResponse> | DiscussionResponse;

function isFeedData(data: unknown): data is InfiniteData<DiscussionListResponse> {
  const pages = (data as InfiniteData<unknown> | undefined)?.pages;
  return Array.isArray(pages) && pages.every((p) => Array.isArray((p as DiscussionListResponse | undefined)?.discussions));
}

function isDetailData(data: unknown): data is DiscussionResponse {
  return typeof (data as DiscussionResponse | undefined)?.discussion?.id === 'number';
}

function isActivityData(data: unknown): data is InfiniteData<ActivityResponse> {
  const pages = (data as InfiniteData<unknown> | undefined)?.pages;
  return Array.isArray(pages) && pages.every((p) => Array.isArray((p as ActivityResponse | undefined)?.items));
}

/**
 * Applies `fn` to post `id` in any cache shape that holds posts (feed pages, one post, a person's activity, where
 * a removed post takes its comments with it); null removes it.
 */
export function mapPost(old: unknown, id: number, fn: (post: Discussion) => Discussion | null): unknown {
  if (isActivityData(old)) {
    return {
      ...old,
      pages: old.pages.map((page) => ({
        ...page,
        items: page.items.flatMap((item) => {
          if (item.discussion.id !== id) return [item];
          const next = fn(item.discussion);
          return next ? [{ ...item, discussion: next }] : [];
        }),
      })),
    };
  }
  if (isFeedData(old)) {
    return {
      ...old,
      pages: old.pages.map((page) => ({
        ...page,
        discussions: page.discussions.flatMap((d) => {
          if (d.id !== id) return [d];
          const next = fn(d);
          return next ? [next] : [];
        }),
      })),
    };
  }
  if (isDetailData(old) && old.discussion.id === id) {
    const next = fn(old.discussion);
    return next ? { ...old, discussion: next } : old;
  }
  return old;
}

function postPatches(id: number, fn: (post: Discussion) => Discussion | null): OptimisticPatch[] {
  return POST_CACHES.map((queryKey) => ({ queryKey, update: (old: unknown) => mapPost(old, id, fn) }));
}

export function updatePost(queryClient: QueryClient, id: number, fn: (post: Discussion) => Discussion | null): void {
  for (const patch of postPatches(id, fn))
    queryClient.setQueriesData<PostData>({ queryKey: patch.queryKey }, (old) => patch.update(old) as PostData);
}

/** A post with its like state set; both spellings of SPEC §3 move together, and the count never goes below 0. */
export function withLike(post: Discussion, liked: boolean, likeCount: number): Discussion {
  const count = Math.max(0, likeCount);
  return { ...post, isLiked: liked, is_liked: liked, likeCount: count, likes_count: count };
}

export function withCommentCount(post: Discussion, count: number): Discussion {
  const n = Math.max(0, count);
  return { ...post, commentCount: n, comment_count: n };
}

export type CommentPages = InfiniteData<CommentListResponse> | InfiniteData<ReplyListResponse>;

/** Applies `fn` to comment or reply `id` in the comment and reply caches of a post. */
export function mapComment(old: unknown, id: number, fn: (comment: Comment) => Comment): unknown {
  const data = old as CommentPages | undefined;
  if (!data || !Array.isArray(data.pages)) return old;
  return {
    ...data,
    // The same key prefix also holds the post lists (pages of `discussions`): those pass through untouched.
    pages: data.pages.map((page) =>
      Array.isArray((page as Partial<CommentListResponse>).comments)
        ? { ...page, comments: (page as CommentListResponse).comments.map((c) => (c.id === id ? fn(c) : c)) }
        : Array.isArray((page as Partial<ReplyListResponse>).replies)
          ? { ...page, replies: (page as ReplyListResponse).replies.map((c) => (c.id === id ? fn(c) : c)) }
          : page,
    ),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Writes

export interface UploadedImage {
  url: string;
}

/**
 * POST /upload/image (multipart field `image`) with the percentage sent so far; the answer's `url` is the path a
 * post may attach (`mediaUrls`) or show in its text (`[url]`).
 */
export function uploadPostImage(image: Blob, filename: string, options: { onProgress?: (p: number) => void; signal?: AbortSignal } = {}) {
  return upload(API.uploads.image, [], { field: 'image', blob: image, filename }, { ...options });
}

/**
 * The refusals a composer shows beside its text, as the server words them (issue 15 §7: slow mode, account age,
 * blocked words, the same text again, a new account's first-day limits), instead of a toast that goes away.
 */
export const POSTING_REFUSAL_CODES: readonly string[] = [...POSTING_ERROR_CODES, 'rate_limited'];

/** The server's message of a posting refusal (in the chosen language when it has one), or null for any other error. */
export function postingRefusal(error: unknown): string | null {
  return error instanceof ApiError && POSTING_REFUSAL_CODES.includes(error.code) ? errorMessage(error, '') : null;
}

/**
 * POST /groups/{id}/discussions: "Post added!", the new post at once on top of its community's feed and the home
 * feed (above the pinned ones, until the next reload: fresh-posts.ts), then both refresh.
 */
export function useCreateDiscussion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      groupId,
      content,
      mediaUrls,
      mediaAlts,
    }: {
      groupId: number;
      content: string;
      mediaUrls: string[];
      mediaAlts?: string[];
    }) =>
      call(API.discussions.create, {
        params: [groupId],
        // Descriptions only when one was written (issue 18 §4): a post without any sends what the SPEC's client sends.
        body: mediaAlts?.some((alt) => alt !== '') ? { content, mediaUrls, mediaAlts } : { content, mediaUrls },
      }),
    meta: { errorMessage: DISCUSSION_TEXTS.createFailed, inlineCodes: POSTING_REFUSAL_CODES },
    onSuccess: ({ discussion }, { groupId }) => {
      markFreshDiscussion(discussion.id);
      for (const key of [discussionKeys.group(groupId), discussionKeys.home()])
        queryClient.setQueryData<InfiniteData<DiscussionListResponse>>(key, (old) =>
          old && old.pages.length > 0
            ? { ...old, pages: [{ ...old.pages[0]!, discussions: [discussion, ...old.pages[0]!.discussions] }, ...old.pages.slice(1)] }
            : old,
        );
      void toastSuccess(DISCUSSION_TEXTS.postAdded);
      void queryClient.invalidateQueries({ queryKey: discussionKeys.group(groupId) });
      void queryClient.invalidateQueries({ queryKey: discussionKeys.home() });
      void queryClient.invalidateQueries({ queryKey: discussionKeys.explore() });
      // The community header shows its post count.
      void queryClient.invalidateQueries({ queryKey: groupKeys.details() });
    },
  });
}

/**
 * PUT /groups/{groupId}/discussions/{id} (author only): the stored post replaces the old one everywhere. SPEC §8:
 * update failures are only logged, so there is no default text (a server message is still shown).
 */
export function useUpdateDiscussion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ post, content, mediaAlts }: { post: Pick<Discussion, 'id' | 'group_id'>; content: string; mediaAlts?: string[] }) =>
      call(API.discussions.update, { params: [post.group_id, post.id], body: mediaAlts ? { content, mediaAlts } : { content } }),
    onSuccess: ({ discussion }) => {
      updatePost(queryClient, discussion.id, () => discussion);
      void queryClient.invalidateQueries({ queryKey: discussionKeys.history('discussion', discussion.id) });
    },
  });
}

/** DELETE /groups/{groupId}/discussions/{id} (author, owner or admin): gone from every list. Failures only logged (§8). */
export function useDeleteDiscussion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ post }: { post: Pick<Discussion, 'id' | 'group_id'> }) =>
      call(API.discussions.remove, { params: [post.group_id, post.id] }),
    onSuccess: (_data, { post }) => {
      updatePost(queryClient, post.id, () => null);
      queryClient.removeQueries({ queryKey: discussionKeys.detail(post.group_id, post.id) });
      queryClient.removeQueries({ queryKey: discussionKeys.comments(post.id) });
      void queryClient.invalidateQueries({ queryKey: groupKeys.details() });
    },
  });
}

/** POST …/pin or …/unpin (owner or admin): the stored state everywhere, then the community feed re-sorts (pinned first). */
export function usePinDiscussion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ post, pin }: { post: Pick<Discussion, 'id' | 'group_id'>; pin: boolean }) =>
      call(pin ? API.discussions.pin : API.discussions.unpin, { params: [post.group_id, post.id] }),
    meta: { errorMessage: DISCUSSION_TEXTS.pinFailed },
    onSuccess: ({ is_pinned }, { post }) => {
      updatePost(queryClient, post.id, (d) => ({ ...d, is_pinned }));
      void queryClient.invalidateQueries({ queryKey: discussionKeys.group(post.group_id) });
    },
  });
}

/**
 * POST …/like (SPEC §4): the flag and count flip at once everywhere the post shows, a second click while the call
 * runs is ignored, an error reverts ("Failed to like post"), and the answer's `liked` and count are kept.
 */
export function useLikeDiscussion() {
  return useOptimisticMutation({
    // The wanted state is sent (`liked`), so a retried request cannot undo itself; the spec's bare call toggles.
    mutationFn: ({ post }: { post: Pick<Discussion, 'id' | 'group_id' | 'isLiked'> }) =>
      call(API.discussions.like, { params: [post.group_id, post.id], body: { liked: !post.isLiked } }),
    lockKey: ({ post }) => `like:discussion:${post.id}`,
    optimistic: ({ post }) => postPatches(post.id, (d) => withLike(d, !d.isLiked, d.likeCount + (d.isLiked ? -1 : 1))),
    reconcile: (data, { post }, queryClient) => updatePost(queryClient, post.id, (d) => withLike(d, data.liked, data.likeCount)),
    onSuccess: (data) => void toastSuccess(data.liked ? DISCUSSION_TEXTS.liked : DISCUSSION_TEXTS.unliked),
    meta: { errorMessage: DISCUSSION_TEXTS.likePostFailed },
  });
}

/** POST …/comments/{id}/like: a comment's or reply's like, the same way ("Failed to like comment"). */
export function useLikeComment() {
  return useOptimisticMutation({
    mutationFn: ({ groupId, comment }: { groupId: number; comment: Pick<Comment, 'id' | 'discussion_id' | 'isLiked'> }) =>
      call(API.discussions.likeComment, { params: [groupId, comment.discussion_id, comment.id], body: { liked: !comment.isLiked } }),
    lockKey: ({ comment }) => `like:comment:${comment.id}`,
    optimistic: ({ comment }) => [
      {
        queryKey: discussionKeys.all,
        update: (old) =>
          mapComment(old, comment.id, (c) => ({ ...c, isLiked: !c.isLiked, likeCount: Math.max(0, c.likeCount + (c.isLiked ? -1 : 1)) })),
      },
    ],
    reconcile: (data, { comment }, queryClient) =>
      queryClient.setQueriesData({ queryKey: discussionKeys.all }, (old) =>
        mapComment(old, comment.id, (c) => ({ ...c, isLiked: data.liked, likeCount: Math.max(0, data.likeCount) })),
      ),
    meta: { errorMessage: DISCUSSION_TEXTS.likeCommentFailed },
  });
}

/**
 * POST …/comments `{ content, parentCommentId }`: "Comment added!" or "Reply added!"; the post's comment count
 * (and for a reply its comment's reply count) take the server's numbers; a new comment goes at the end of the
 * comments loaded so far, a reply at the end of its comment's replies (both oldest first), so the writer sees it
 * where the conversation ends. Pages loaded later may hold it again: the list shows each comment once, at its last
 * copy (the end of the conversation).
 */
export function useCreateComment(groupId: number, discussionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ content, parentCommentId }: { content: string; parentCommentId: number | null }) =>
      call(API.discussions.createComment, { params: [groupId, discussionId], body: { content, parentCommentId } }),
    meta: { errorMessage: DISCUSSION_TEXTS.addCommentFailed, inlineCodes: POSTING_REFUSAL_CODES },
    onSuccess: ({ comment, commentCount, parentReplyCount }) => {
      updatePost(queryClient, discussionId, (d) => withCommentCount(d, commentCount));
      const parentId = comment.parentCommentId;
      if (parentId === null) {
        queryClient.setQueryData<InfiniteData<CommentListResponse>>(discussionKeys.comments(discussionId), (old) => {
          if (!old || old.pages.length === 0) return old;
          const last = old.pages[old.pages.length - 1]!;
          return { ...old, pages: [...old.pages.slice(0, -1), { ...last, comments: [...last.comments, comment] }] };
        });
        void toastSuccess(DISCUSSION_TEXTS.commentAdded);
        return;
      }
      queryClient.setQueryData(discussionKeys.comments(discussionId), (old: unknown) =>
        mapComment(old, parentId, (c) => ({ ...c, replyCount: parentReplyCount ?? c.replyCount + 1 })),
      );
      queryClient.setQueryData<InfiniteData<ReplyListResponse>>(discussionKeys.replies(discussionId, parentId), (old) => {
        if (!old || old.pages.length === 0) return old;
        const last = old.pages[old.pages.length - 1]!;
        // More replies still to load: the new one arrives in its place when they are loaded.
        if (last.nextCursor !== null) return old;
        return { ...old, pages: [...old.pages.slice(0, -1), { ...last, replies: [...last.replies, comment] }] };
      });
      void toastSuccess(DISCUSSION_TEXTS.replyAdded);
    },
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Removal with a reason (issue 15 §3): the staff take a post or comment down and put it back. The item stays in
// the viewer's caches with its banner (the author and the staff still see it); others never receive it again.

function withRemoval<T extends { removed?: RemovedInfo | null; abilities?: object }>(item: T, removed: RemovedInfo | null): T {
  return { ...item, removed, abilities: item.abilities && { ...item.abilities, remove: removed === null, restore: removed !== null } };
}

/** POST …/remove {reason} or …/restore on a post. */
export function useModeratePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ post, reason }: { post: Pick<Discussion, 'id' | 'group_id'>; reason: string | null }) =>
      reason === null
        ? call(API.removals.restoreDiscussion, { params: [post.group_id, post.id] })
        : call(API.removals.discussion, { params: [post.group_id, post.id], body: { reason } }),
    onSuccess: (data, { post }) => {
      updatePost(queryClient, post.id, (d) => withRemoval(d, data.removed));
      void toastSuccess(data.removed ? REMOVAL_TEXTS.removed : REMOVAL_TEXTS.restored);
    },
  });
}

/** POST …/comments/{id}/remove {reason} or …/restore on a comment or reply. */
export function useModerateComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      groupId,
      comment,
      reason,
    }: {
      groupId: number;
      comment: Pick<Comment, 'id' | 'discussion_id'>;
      reason: string | null;
    }) =>
      reason === null
        ? call(API.removals.restoreComment, { params: [groupId, comment.discussion_id, comment.id] })
        : call(API.removals.comment, { params: [groupId, comment.discussion_id, comment.id], body: { reason } }),
    onSuccess: (data, { comment }) => {
      queryClient.setQueriesData({ queryKey: discussionKeys.all }, (old) =>
        mapComment(old, comment.id, (c) => withRemoval(c, data.removed)),
      );
      void toastSuccess(data.removed ? REMOVAL_TEXTS.removed : REMOVAL_TEXTS.restored);
    },
  });
}
