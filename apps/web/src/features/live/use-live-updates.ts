import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  blogCreatedPayloadSchema,
  commentCreatedPayloadSchema,
  commentDeletedPayloadSchema,
  commentUpdatedPayloadSchema,
  discussionCreatedPayloadSchema,
  discussionDeletedPayloadSchema,
  discussionPinnedPayloadSchema,
  discussionUpdatedPayloadSchema,
  friendRemovedPayloadSchema,
  likeCountPayloadSchema,
  LIVE_EVENTS,
  memberCountPayloadSchema,
} from '@agora/contract';
import { getSession } from '@/lib/storage';
import { onSocketEvent } from '@/lib/socket';
import {
  onBlogCreated,
  onCommentCreated,
  onCommentDeleted,
  onCommentUpdated,
  onDiscussionCreated,
  onDiscussionDeleted,
  onDiscussionPinned,
  onDiscussionUpdated,
  onFriendRemoved,
  onLikeCount,
  onMemberCount,
  type Viewer,
} from './live-cache';

/** What the listeners need of a contract schema (its safeParse), without naming zod here. */
interface PayloadSchema<T> {
  safeParse: (value: unknown) => { success: true; data: T } | { success: false };
}

/**
 * The live updates' listeners (issue 17 §1): every event the server pushes to the rooms the pages follow
 * (lib/live-rooms.ts) and to the home feed, checked against its contract schema, patches the query cache
 * (live-cache.ts). No event ever sends a request. Mounted once, in the signed-in layout's Realtime, or for a
 * visitor in app/visitor-realtime.tsx while a page follows a room (their own chunks: a visitor's "/" never carries it).
 */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const viewer = (): Viewer => ({ userId: getSession()?.userId ?? null });
    function listen<T>(event: string, schema: PayloadSchema<T>, apply: (payload: T) => void): () => void {
      return onSocketEvent(event, (raw: unknown) => {
        const parsed = schema.safeParse(raw);
        if (parsed.success) apply(parsed.data);
        else console.warn(`live event ${event}: unexpected payload`);
      });
    }
    const offs = [
      listen(LIVE_EVENTS.discussionCreated, discussionCreatedPayloadSchema, (p) => onDiscussionCreated(queryClient, viewer(), p)),
      listen(LIVE_EVENTS.discussionUpdated, discussionUpdatedPayloadSchema, (p) => onDiscussionUpdated(queryClient, p)),
      listen(LIVE_EVENTS.discussionDeleted, discussionDeletedPayloadSchema, (p) => onDiscussionDeleted(queryClient, p)),
      listen(LIVE_EVENTS.discussionPinned, discussionPinnedPayloadSchema, (p) => onDiscussionPinned(queryClient, p)),
      listen(LIVE_EVENTS.commentCreated, commentCreatedPayloadSchema, (p) => onCommentCreated(queryClient, viewer(), p)),
      listen(LIVE_EVENTS.commentUpdated, commentUpdatedPayloadSchema, (p) => onCommentUpdated(queryClient, p)),
      listen(LIVE_EVENTS.commentDeleted, commentDeletedPayloadSchema, (p) => onCommentDeleted(queryClient, p)),
      listen(LIVE_EVENTS.likeCount, likeCountPayloadSchema, (p) => onLikeCount(queryClient, p)),
      listen(LIVE_EVENTS.blogCreated, blogCreatedPayloadSchema, (p) => onBlogCreated(queryClient, p)),
      listen(LIVE_EVENTS.memberCount, memberCountPayloadSchema, (p) => onMemberCount(queryClient, p)),
      listen(LIVE_EVENTS.friendRemoved, friendRemovedPayloadSchema, (p) => onFriendRemoved(queryClient, viewer(), p)),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [queryClient]);
}
