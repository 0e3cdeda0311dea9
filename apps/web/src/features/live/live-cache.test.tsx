import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider, type InfiniteData } from '@tanstack/react-query';
import {
  DELETED_COMMENT_TEXT,
  LIVE_EVENTS,
  type BlogPostsResponse,
  type CommentListResponse,
  type DiscussionListResponse,
  type DiscussionResponse,
  type FriendsResponse,
  type GroupDetailResponse,
  type ReplyListResponse,
} from '@agora/contract';
import { currentSocket, type FakeSocket } from '@/test/fake-socket';
import { disconnectSocket, useRealtimeConnection } from '@/lib/socket';
import { saveSession } from '@/lib/storage';
import { discussionKeys } from '@/features/discussions/keys';
import { resetLivePosts, takePendingPosts } from '@/features/discussions/public';
import { makeComment, makeDiscussion } from '@/features/discussions/test-data';
import { blogKeys } from '@/features/blogs/keys';
import { makeBlog, page as blogPage } from '@/features/blogs/test-data';
import { groupKeys } from '@/features/groups/keys';
import { makeDetail } from '@/features/groups/test-data';
import { friendKeys } from '@/features/friends/keys';
import { useLiveUpdates } from './use-live-updates';

const ME = { token: 'token-ada', userId: 7, username: 'ada' };
const GROUP = 12;
const POST = 301;

type Feed = InfiniteData<DiscussionListResponse>;
const feed = (discussions = [makeDiscussion()]): Feed => ({ pages: [{ discussions, nextCursor: null }], pageParams: [undefined] });
const comments = (items = [makeComment()], nextCursor: string | null = null): InfiniteData<CommentListResponse> => ({
  pages: [{ comments: items, nextCursor }],
  pageParams: [undefined],
});

let queryClient: QueryClient;
let socket: FakeSocket;
let fetchSpy: ReturnType<typeof vi.fn>;

/** The signed-in layout's realtime part with the live listeners, on a cache the test fills. */
async function mountLive() {
  saveSession(ME);
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const hook = renderHook(
    () => {
      useRealtimeConnection();
      useLiveUpdates();
    },
    { wrapper },
  );
  await waitFor(() => expect(currentSocket().connected).toBe(true));
  socket = currentSocket();
  return hook;
}

/** Every query in the cache is idle and valid: the event was a patch, never a request or an invalidation. */
function expectNoRefetch() {
  expect(fetchSpy).not.toHaveBeenCalled();
  for (const query of queryClient.getQueryCache().getAll()) {
    expect(query.state.isInvalidated, JSON.stringify(query.queryKey)).toBe(false);
    expect(query.state.fetchStatus, JSON.stringify(query.queryKey)).toBe('idle');
  }
}

beforeEach(() => {
  // Queries exist (with a function) as a page would have them, so an invalidation would refetch them.
  queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity, queryFn: () => new Promise(() => {}) } },
  });
  fetchSpy = vi.fn(() => new Promise(() => {}));
  vi.stubGlobal('fetch', fetchSpy);
  resetLivePosts();
});

afterEach(() => {
  disconnectSocket();
  vi.unstubAllGlobals();
});

describe('live events patch the query cache, with no request (issue 17 §1)', () => {
  it('discussion_created: held for the community feed and the home feed pills, never inserted; the header counts it', async () => {
    queryClient.setQueryData(discussionKeys.group(GROUP), feed());
    queryClient.setQueryData(discussionKeys.home(), feed());
    queryClient.setQueryData(groupKeys.detail('night-owls'), makeDetail({ id: GROUP, post_count: 4 }, { isMember: true, role: 'member' }));
    const hook = await mountLive();
    const post = makeDiscussion({ id: 302, user_id: 50, canEdit: false });
    socket.serverEmit(LIVE_EVENTS.discussionCreated, { group_id: GROUP, discussion_id: 302, discussion: post });

    expect(queryClient.getQueryData<Feed>(discussionKeys.group(GROUP))!.pages[0]!.discussions.map((d) => d.id)).toEqual([POST]);
    expect(queryClient.getQueryData<GroupDetailResponse>(groupKeys.detail('night-owls'))!.group.post_count).toBe(5);
    expect(takePendingPosts(`group:${GROUP}`).map((d) => d.id)).toEqual([302]);
    expect(takePendingPosts('home').map((d) => d.id)).toEqual([302]);
    expectNoRefetch();
    hook.unmount();
  });

  it('discussion_created: the viewer’s own post may be edited and deleted; a post already shown is not held again', async () => {
    queryClient.setQueryData(discussionKeys.group(GROUP), feed());
    const hook = await mountLive();
    socket.serverEmit(LIVE_EVENTS.discussionCreated, { group_id: GROUP, discussion_id: POST, discussion: makeDiscussion() });
    expect(takePendingPosts(`group:${GROUP}`)).toEqual([]);
    const mine = makeDiscussion({ id: 303, user_id: ME.userId });
    socket.serverEmit(LIVE_EVENTS.discussionCreated, { group_id: GROUP, discussion_id: 303, discussion: mine });
    const [held] = takePendingPosts(`group:${GROUP}`);
    expect(held).toMatchObject({ id: 303, canEdit: true, canDelete: true, canPin: false, isLiked: false });
    expectNoRefetch();
    hook.unmount();
  });

  it('discussion_created: not held for the home feed when the viewer is not a member (a community page they only visit)', async () => {
    queryClient.setQueryData(discussionKeys.home(), feed());
    queryClient.setQueryData(groupKeys.detail(String(GROUP)), makeDetail({ id: GROUP }, { isMember: false, role: null }));
    const hook = await mountLive();
    socket.serverEmit(LIVE_EVENTS.discussionCreated, { group_id: GROUP, discussion_id: 302, discussion: makeDiscussion({ id: 302 }) });
    expect(takePendingPosts('home')).toEqual([]);
    hook.unmount();
  });

  it('discussion_updated: the new text and edit time in every feed and in the panel', async () => {
    queryClient.setQueryData(discussionKeys.group(GROUP), feed());
    queryClient.setQueryData<DiscussionResponse>(discussionKeys.detail(GROUP, POST), { discussion: makeDiscussion() });
    const hook = await mountLive();
    const at = new Date().toISOString();
    socket.serverEmit(LIVE_EVENTS.discussionUpdated, {
      group_id: GROUP,
      discussion_id: POST,
      discussion_content: 'Edited text',
      date_edited: at,
      edited_at: at,
    });
    expect(queryClient.getQueryData<Feed>(discussionKeys.group(GROUP))!.pages[0]!.discussions[0]).toMatchObject({
      discussion_content: 'Edited text',
      edited_at: at,
    });
    expect(queryClient.getQueryData<DiscussionResponse>(discussionKeys.detail(GROUP, POST))!.discussion.discussion_content).toBe(
      'Edited text',
    );
    expectNoRefetch();
    hook.unmount();
  });

  it('discussion_deleted: gone from the feeds, the panel keeps its data (it shows "This post was deleted")', async () => {
    queryClient.setQueryData(discussionKeys.group(GROUP), feed());
    queryClient.setQueryData(discussionKeys.home(), feed());
    const hook = await mountLive();
    socket.serverEmit(LIVE_EVENTS.discussionDeleted, { group_id: GROUP, discussion_id: POST });
    expect(queryClient.getQueryData<Feed>(discussionKeys.group(GROUP))!.pages[0]!.discussions).toEqual([]);
    expect(queryClient.getQueryData<Feed>(discussionKeys.home())!.pages[0]!.discussions).toEqual([]);
    expectNoRefetch();
    hook.unmount();
  });

  it('discussion_pinned: the flag, in place', async () => {
    queryClient.setQueryData(discussionKeys.group(GROUP), feed());
    const hook = await mountLive();
    socket.serverEmit(LIVE_EVENTS.discussionPinned, { group_id: GROUP, discussion_id: POST, is_pinned: 1 });
    expect(queryClient.getQueryData<Feed>(discussionKeys.group(GROUP))!.pages[0]!.discussions[0]!.is_pinned).toBe(1);
    expectNoRefetch();
    hook.unmount();
  });

  it('comment_created: appended at the end of the loaded comments, the count everywhere, once', async () => {
    queryClient.setQueryData(discussionKeys.group(GROUP), feed());
    queryClient.setQueryData<DiscussionResponse>(discussionKeys.detail(GROUP, POST), { discussion: makeDiscussion() });
    queryClient.setQueryData(discussionKeys.comments(POST), comments());
    const hook = await mountLive();
    const payload = {
      group_id: GROUP,
      discussion_id: POST,
      comment_id: 702,
      comment: makeComment({ id: 702, content: 'Live!' }),
      commentCount: 3,
    };
    socket.serverEmit(LIVE_EVENTS.commentCreated, payload);
    socket.serverEmit(LIVE_EVENTS.commentCreated, payload);
    const list = queryClient.getQueryData<InfiniteData<CommentListResponse>>(discussionKeys.comments(POST))!;
    expect(list.pages[0]!.comments.map((c) => c.id)).toEqual([701, 702]);
    expect(queryClient.getQueryData<DiscussionResponse>(discussionKeys.detail(GROUP, POST))!.discussion.commentCount).toBe(3);
    expect(queryClient.getQueryData<Feed>(discussionKeys.group(GROUP))!.pages[0]!.discussions[0]!.comment_count).toBe(3);
    expectNoRefetch();
    hook.unmount();
  });

  it('comment_created: not appended while older pages remain to load (it comes with them)', async () => {
    queryClient.setQueryData(discussionKeys.comments(POST), comments([makeComment()], 'next'));
    const hook = await mountLive();
    socket.serverEmit(LIVE_EVENTS.commentCreated, {
      group_id: GROUP,
      discussion_id: POST,
      comment_id: 702,
      comment: makeComment({ id: 702 }),
      commentCount: 3,
    });
    expect(queryClient.getQueryData<InfiniteData<CommentListResponse>>(discussionKeys.comments(POST))!.pages[0]!.comments).toHaveLength(1);
    expectNoRefetch();
    hook.unmount();
  });

  it('comment_created while the comments are still loading: asked again once (the answer in flight may predate it)', async () => {
    const hook = await mountLive();
    let calls = 0;
    void queryClient.prefetchInfiniteQuery({
      queryKey: discussionKeys.comments(POST),
      queryFn: () => {
        calls += 1;
        return new Promise<CommentListResponse>(() => {});
      },
      initialPageParam: undefined,
    });
    expect(calls).toBe(1);
    socket.serverEmit(LIVE_EVENTS.commentCreated, {
      group_id: GROUP,
      discussion_id: POST,
      comment_id: 702,
      comment: makeComment({ id: 702 }),
      commentCount: 3,
    });
    await waitFor(() => expect(calls).toBe(2));
    hook.unmount();
  });

  it('comment_created for a reply: at the end of its comment’s open replies, and the reply count goes up once', async () => {
    queryClient.setQueryData(discussionKeys.comments(POST), comments([makeComment({ replyCount: 1 })]));
    queryClient.setQueryData<InfiniteData<ReplyListResponse>>(discussionKeys.replies(POST, 701), {
      pages: [{ replies: [makeComment({ id: 801, parentCommentId: 701 })], nextCursor: null }],
      pageParams: [undefined],
    });
    const hook = await mountLive();
    const reply = makeComment({ id: 802, parentCommentId: 701 });
    const payload = { group_id: GROUP, discussion_id: POST, comment_id: 802, comment: reply, commentCount: 4 };
    socket.serverEmit(LIVE_EVENTS.commentCreated, payload);
    socket.serverEmit(LIVE_EVENTS.commentCreated, payload);
    const replies = queryClient.getQueryData<InfiniteData<ReplyListResponse>>(discussionKeys.replies(POST, 701))!;
    expect(replies.pages[0]!.replies.map((r) => r.id)).toEqual([801, 802]);
    expect(
      queryClient.getQueryData<InfiniteData<CommentListResponse>>(discussionKeys.comments(POST))!.pages[0]!.comments[0]!.replyCount,
    ).toBe(2);
    expectNoRefetch();
    hook.unmount();
  });

  it('comment_updated: the new text, in place', async () => {
    queryClient.setQueryData(discussionKeys.comments(POST), comments());
    const hook = await mountLive();
    const at = new Date().toISOString();
    socket.serverEmit(LIVE_EVENTS.commentUpdated, {
      group_id: GROUP,
      discussion_id: POST,
      comment_id: 701,
      content: 'Better',
      edited_at: at,
    });
    expect(queryClient.getQueryData<InfiniteData<CommentListResponse>>(discussionKeys.comments(POST))!.pages[0]!.comments[0]).toMatchObject(
      {
        content: 'Better',
        comment_content: 'Better',
        edited_at: at,
      },
    );
    expectNoRefetch();
    hook.unmount();
  });

  it('comment_deleted: one with replies stays as [deleted], one without disappears; counts follow', async () => {
    queryClient.setQueryData<DiscussionResponse>(discussionKeys.detail(GROUP, POST), { discussion: makeDiscussion({ commentCount: 3 }) });
    queryClient.setQueryData(discussionKeys.comments(POST), comments([makeComment({ replyCount: 1 }), makeComment({ id: 702 })]));
    const hook = await mountLive();
    socket.serverEmit(LIVE_EVENTS.commentDeleted, {
      group_id: GROUP,
      discussion_id: POST,
      comment_id: 701,
      parentCommentId: null,
      kept: true,
      commentCount: 2,
    });
    socket.serverEmit(LIVE_EVENTS.commentDeleted, {
      group_id: GROUP,
      discussion_id: POST,
      comment_id: 702,
      parentCommentId: null,
      kept: false,
      commentCount: 1,
    });
    const list = queryClient.getQueryData<InfiniteData<CommentListResponse>>(discussionKeys.comments(POST))!.pages[0]!.comments;
    expect(list.map((c) => c.id)).toEqual([701]);
    expect(list[0]).toMatchObject({ deleted: true, content: DELETED_COMMENT_TEXT, userId: 0 });
    expect(queryClient.getQueryData<DiscussionResponse>(discussionKeys.detail(GROUP, POST))!.discussion.commentCount).toBe(1);
    expectNoRefetch();
    hook.unmount();
  });

  it('like_count: a post’s, a comment’s and a blog’s count wherever they show; the viewer’s own flag stays', async () => {
    queryClient.setQueryData(discussionKeys.group(GROUP), feed([makeDiscussion({ isLiked: true, likeCount: 3 })]));
    queryClient.setQueryData<DiscussionResponse>(discussionKeys.detail(GROUP, POST), { discussion: makeDiscussion({ isLiked: true }) });
    queryClient.setQueryData(discussionKeys.comments(POST), comments());
    queryClient.setQueryData<InfiniteData<BlogPostsResponse>>(blogKeys.group(GROUP), {
      pages: [blogPage([makeBlog({ id: 91 })])],
      pageParams: [undefined],
    });
    queryClient.setQueryData(blogKeys.detail(91), { blog: makeBlog({ id: 91 }) });
    const hook = await mountLive();
    socket.serverEmit(LIVE_EVENTS.likeCount, { target: 'discussion', id: POST, group_id: GROUP, discussion_id: POST, count: 9 });
    socket.serverEmit(LIVE_EVENTS.likeCount, {
      target: 'comment',
      id: 701,
      group_id: GROUP,
      discussion_id: POST,
      comment_id: 701,
      count: 4,
    });
    socket.serverEmit(LIVE_EVENTS.likeCount, { target: 'blog', id: 91, group_id: GROUP, blog_id: 91, count: 6 });
    expect(queryClient.getQueryData<Feed>(discussionKeys.group(GROUP))!.pages[0]!.discussions[0]).toMatchObject({
      likeCount: 9,
      likes_count: 9,
      isLiked: true,
    });
    expect(queryClient.getQueryData<DiscussionResponse>(discussionKeys.detail(GROUP, POST))!.discussion.likeCount).toBe(9);
    expect(
      queryClient.getQueryData<InfiniteData<CommentListResponse>>(discussionKeys.comments(POST))!.pages[0]!.comments[0]!.likeCount,
    ).toBe(4);
    expect(queryClient.getQueryData<InfiniteData<BlogPostsResponse>>(blogKeys.group(GROUP))!.pages[0]!.posts[0]!.likes_count).toBe(6);
    expect(queryClient.getQueryData<{ blog: { likes_count: number } }>(blogKeys.detail(91))!.blog.likes_count).toBe(6);
    expectNoRefetch();
    hook.unmount();
  });

  it('blog_created: on top of the community’s blogs, once', async () => {
    queryClient.setQueryData<InfiniteData<BlogPostsResponse>>(blogKeys.group(GROUP), {
      pages: [blogPage([makeBlog({ id: 91 })])],
      pageParams: [undefined],
    });
    const hook = await mountLive();
    const payload = { group_id: GROUP, blog_id: 92, blog: makeBlog({ id: 92 }) };
    socket.serverEmit(LIVE_EVENTS.blogCreated, payload);
    socket.serverEmit(LIVE_EVENTS.blogCreated, payload);
    expect(queryClient.getQueryData<InfiniteData<BlogPostsResponse>>(blogKeys.group(GROUP))!.pages[0]!.posts.map((b) => b.id)).toEqual([
      92, 91,
    ]);
    expectNoRefetch();
    hook.unmount();
  });

  it('member_count: the community header, whatever key its page used', async () => {
    queryClient.setQueryData(groupKeys.detail('night-owls'), makeDetail({ id: GROUP, member_count: 10 }));
    queryClient.setQueryData(groupKeys.detail('99'), makeDetail({ id: 99, member_count: 5 }));
    const hook = await mountLive();
    socket.serverEmit(LIVE_EVENTS.memberCount, { group_id: GROUP, member_count: 11 });
    expect(queryClient.getQueryData<GroupDetailResponse>(groupKeys.detail('night-owls'))!.group.member_count).toBe(11);
    expect(queryClient.getQueryData<GroupDetailResponse>(groupKeys.detail('99'))!.group.member_count).toBe(5);
    expectNoRefetch();
    hook.unmount();
  });

  it('friend_removed: the person leaves the viewer’s friends list and is no longer a friend', async () => {
    const friend = (id: number, username: string) => ({ id, username, firstName: '', lastName: '', profileImage: null });
    queryClient.setQueryData<InfiniteData<FriendsResponse>>(friendKeys.list(ME.userId), {
      pages: [{ friends: [friend(50, 'grace'), friend(51, 'mo')], total: 2, nextCursor: null } as unknown as FriendsResponse],
      pageParams: [undefined],
    });
    queryClient.setQueryData(friendKeys.status(50), { status: 'friends' });
    const hook = await mountLive();
    socket.serverEmit(LIVE_EVENTS.friendRemoved, { user_id: 50 });
    const list = queryClient.getQueryData<InfiniteData<FriendsResponse>>(friendKeys.list(ME.userId))!.pages[0]!;
    expect(list.friends.map((f) => f.id)).toEqual([51]);
    expect(list.total).toBe(1);
    expect(queryClient.getQueryData(friendKeys.status(50))).toEqual({ status: 'not_friends' });
    expectNoRefetch();
    hook.unmount();
  });

  it('a payload that does not match the contract changes nothing', async () => {
    queryClient.setQueryData(discussionKeys.group(GROUP), feed());
    const before = queryClient.getQueryData(discussionKeys.group(GROUP));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const hook = await mountLive();
    socket.serverEmit(LIVE_EVENTS.likeCount, { target: 'discussion', id: 'x' });
    expect(queryClient.getQueryData(discussionKeys.group(GROUP))).toBe(before);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
    hook.unmount();
  });
});
