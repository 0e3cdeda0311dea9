import {
  type Blog,
  type BlogCreatedPayload,
  type Comment,
  type CommentCreatedPayload,
  type CommentDeletedPayload,
  type CommentUpdatedPayload,
  type Discussion,
  type DiscussionCreatedPayload,
  type DiscussionDeletedPayload,
  type DiscussionPinnedPayload,
  type DiscussionUpdatedPayload,
  LIVE_EVENTS,
  type LikeCountPayload,
  type MemberCountPayload,
} from '@agora/contract';

/**
 * A live update (issue 17 §1) as a service announces it, after its transaction committed, with
 * `ctx.events.emit('live', event)`: the event name, the payload every socket in its rooms receives, the community it
 * belongs to, and the author of the content (sockets of people who blocked the author are left out). Where it goes
 * (modules/live/live.rooms.ts) is decided from `scope`:
 * - `feed`: the community's page (`group:<id>`), the post's panel when `discussionId` is set, the blog's page when
 *   `blogId` is set, and the home feeds of its members;
 * - `discussion`: the post's panel only; `group`: the community's page only.
 */
export type LiveEvent = {
  name: (typeof LIVE_EVENTS)[keyof typeof LIVE_EVENTS];
  payload: object;
  groupId: number;
  scope: 'feed' | 'discussion' | 'group';
  discussionId?: number;
  blogId?: number;
  authorId?: number;
  /** People the event is not sent to: those who still see the item (a removal's author and community staff). */
  skipUserIds?: number[];
};

/** A post as an ordinary reader who is not its author sees it (events.ts `liveDiscussionSchema`). */
export function neutralDiscussion(d: Discussion): Omit<Discussion, 'abilities' | 'removed'> {
  const { abilities: _abilities, removed: _removed, ...rest } = d;
  return { ...rest, isLiked: false, is_liked: false, canEdit: false, canDelete: false, canPin: false };
}

/** A comment as an ordinary reader who is not its author sees it (events.ts `liveCommentSchema`). */
export function neutralComment(c: Comment): Omit<Comment, 'abilities' | 'removed'> {
  const { abilities: _abilities, removed: _removed, ...rest } = c;
  return { ...rest, isLiked: false, canDelete: false };
}

/** A blog as an ordinary reader sees it (events.ts `liveBlogSchema`). */
export function neutralBlog(b: Blog): Omit<Blog, 'abilities' | 'removed'> {
  const { abilities: _abilities, removed: _removed, ...rest } = b;
  return { ...rest, is_liked: false };
}

export const liveEvents = {
  discussionCreated(d: Discussion): LiveEvent {
    const payload: DiscussionCreatedPayload = { group_id: d.group_id, discussion_id: d.id, discussion: neutralDiscussion(d) };
    return { name: LIVE_EVENTS.discussionCreated, payload, groupId: d.group_id, scope: 'feed', authorId: d.user_id };
  },
  discussionUpdated(d: Discussion): LiveEvent {
    const payload: DiscussionUpdatedPayload = {
      group_id: d.group_id,
      discussion_id: d.id,
      discussion_content: d.discussion_content,
      date_edited: d.date_edited,
      edited_at: d.edited_at,
    };
    return { name: LIVE_EVENTS.discussionUpdated, payload, groupId: d.group_id, scope: 'feed', discussionId: d.id, authorId: d.user_id };
  },
  discussionDeleted(groupId: number, discussionId: number): LiveEvent {
    const payload: DiscussionDeletedPayload = { group_id: groupId, discussion_id: discussionId };
    return { name: LIVE_EVENTS.discussionDeleted, payload, groupId, scope: 'feed', discussionId };
  },
  discussionPinned(groupId: number, discussionId: number, pinned: boolean): LiveEvent {
    const payload: DiscussionPinnedPayload = { group_id: groupId, discussion_id: discussionId, is_pinned: pinned ? 1 : 0 };
    return { name: LIVE_EVENTS.discussionPinned, payload, groupId, scope: 'feed', discussionId };
  },
  commentCreated(groupId: number, c: Comment, commentCount: number): LiveEvent {
    const payload: CommentCreatedPayload = {
      group_id: groupId,
      discussion_id: c.discussion_id,
      comment_id: c.id,
      comment: neutralComment(c),
      commentCount,
    };
    return { name: LIVE_EVENTS.commentCreated, payload, groupId, scope: 'feed', discussionId: c.discussion_id, authorId: c.user_id };
  },
  commentUpdated(groupId: number, c: Comment): LiveEvent {
    const payload: CommentUpdatedPayload = {
      group_id: groupId,
      discussion_id: c.discussion_id,
      comment_id: c.id,
      content: c.content,
      edited_at: c.edited_at,
    };
    return { name: LIVE_EVENTS.commentUpdated, payload, groupId, scope: 'discussion', discussionId: c.discussion_id, authorId: c.user_id };
  },
  commentDeleted(p: CommentDeletedPayload): LiveEvent {
    return { name: LIVE_EVENTS.commentDeleted, payload: p, groupId: p.group_id, scope: 'feed', discussionId: p.discussion_id };
  },
  likeCount(p: LikeCountPayload): LiveEvent {
    if (p.target === 'comment') {
      return { name: LIVE_EVENTS.likeCount, payload: p, groupId: p.group_id, scope: 'discussion', discussionId: p.discussion_id };
    }
    return {
      name: LIVE_EVENTS.likeCount,
      payload: p,
      groupId: p.group_id,
      scope: 'feed',
      discussionId: p.discussion_id,
      blogId: p.blog_id,
    };
  },
  blogCreated(b: Blog): LiveEvent {
    const payload: BlogCreatedPayload = { group_id: b.group_id, blog_id: b.id, blog: neutralBlog(b) };
    return { name: LIVE_EVENTS.blogCreated, payload, groupId: b.group_id, scope: 'feed', authorId: b.blog_author ?? undefined };
  },
  memberCount(groupId: number, memberCount: number): LiveEvent {
    const payload: MemberCountPayload = { group_id: groupId, member_count: memberCount };
    return { name: LIVE_EVENTS.memberCount, payload, groupId, scope: 'group' };
  },
};
