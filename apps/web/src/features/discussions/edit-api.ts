import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API, type Comment, type CommentListResponse, DELETED_COMMENT_TEXT, type ReplyListResponse } from '@agora/contract';
import { call } from '@/lib/api-client';
import { toastSuccess } from '@/lib/toast';
import { type CommentPages, mapComment, updatePost, withCommentCount } from './api';
import { discussionKeys } from './keys';
import { DISCUSSION_TEXTS } from './texts';

/*
 * Issue 15 §1's requests: editing and deleting one's comments, and the edit history of posts, comments and blogs.
 * Apart from api.ts so the post cards Explore shows first (decision 0049's budget) do not carry them: the post
 * panel's comments and the history dialog, which use them, load later.
 */

/** Removes comment `id` from the comment and reply pages of a post. */
export function withoutComment(old: unknown, id: number): unknown {
  const data = old as CommentPages | undefined;
  if (!data || !Array.isArray(data.pages)) return old;
  return {
    ...data,
    pages: data.pages.map((page) =>
      Array.isArray((page as Partial<CommentListResponse>).comments)
        ? { ...page, comments: (page as CommentListResponse).comments.filter((c) => c.id !== id) }
        : Array.isArray((page as Partial<ReplyListResponse>).replies)
          ? { ...page, replies: (page as ReplyListResponse).replies.filter((c) => c.id !== id) }
          : page,
    ),
  };
}

/** A comment as the server shows it once deleted while it has replies (contract `Comment.deleted`). */
export function asDeleted(comment: Comment): Comment {
  return {
    ...comment,
    content: DELETED_COMMENT_TEXT,
    comment_content: DELETED_COMMENT_TEXT,
    username: DELETED_COMMENT_TEXT,
    user_id: 0,
    userId: 0,
    profileImage: null,
    isLiked: false,
    likeCount: 0,
    canDelete: false,
    abilities: { edit: false, delete: false },
    edited_at: null,
    deleted: true,
  };
}

/** PUT …/comments/{id} (the author): "Comment updated", and the stored comment wherever it shows. */
export function useUpdateComment(groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ comment, content }: { comment: Pick<Comment, 'id' | 'discussion_id'>; content: string }) =>
      call(API.discussions.updateComment, { params: [groupId, comment.discussion_id, comment.id], body: { content } }),
    meta: { errorMessage: DISCUSSION_TEXTS.updateCommentFailed },
    onSuccess: ({ comment }) => {
      queryClient.setQueriesData({ queryKey: discussionKeys.all }, (old) => mapComment(old, comment.id, () => comment));
      void queryClient.invalidateQueries({ queryKey: discussionKeys.history('comment', comment.id) });
      void toastSuccess(DISCUSSION_TEXTS.commentUpdated);
    },
  });
}

/**
 * DELETE …/comments/{id} (its author, the owner or an admin): "Comment deleted". A comment with replies stays as
 * "[deleted]" (`kept`), one without goes; the post takes the server's comment count, and the thread is read again
 * (a deleted comment whose last reply this was goes too).
 */
export function useDeleteComment(groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ comment }: { comment: Comment }) =>
      call(API.discussions.removeComment, { params: [groupId, comment.discussion_id, comment.id] }),
    meta: { errorMessage: DISCUSSION_TEXTS.deleteCommentFailed },
    onSuccess: ({ commentCount, kept }, { comment }) => {
      const discussionId = comment.discussion_id;
      updatePost(queryClient, discussionId, (d) => withCommentCount(d, commentCount));
      queryClient.setQueriesData({ queryKey: discussionKeys.all }, (old) =>
        kept ? mapComment(old, comment.id, asDeleted) : withoutComment(old, comment.id),
      );
      const parentId = comment.parentCommentId;
      if (parentId !== null) {
        queryClient.setQueryData(discussionKeys.comments(discussionId), (old: unknown) =>
          mapComment(old, parentId, (c) => ({ ...c, replyCount: Math.max(0, c.replyCount - 1) })),
        );
      }
      void queryClient.invalidateQueries({ queryKey: discussionKeys.comments(discussionId) });
      void toastSuccess(DISCUSSION_TEXTS.commentDeleted);
    },
  });
}

/** Which item's history: a post, a comment (or reply) of a post, or a blog. */
export type HistoryTarget =
  | { kind: 'discussion'; groupId: number; discussionId: number }
  | { kind: 'comment'; groupId: number; discussionId: number; commentId: number }
  | { kind: 'blog'; groupId: number; blogId: number };

function historyOf(target: HistoryTarget, signal: AbortSignal) {
  if (target.kind === 'discussion') return call(API.discussions.history, { params: [target.groupId, target.discussionId], signal });
  if (target.kind === 'comment')
    return call(API.discussions.commentHistory, { params: [target.groupId, target.discussionId, target.commentId], signal });
  return call(API.blogs.history, { params: [target.groupId, target.blogId], signal });
}

const historyId = (target: HistoryTarget) =>
  target.kind === 'discussion' ? target.discussionId : target.kind === 'comment' ? target.commentId : target.blogId;

/** GET …/history: every version of the item, newest first; read each time the dialog opens. */
export function useEditHistory(target: HistoryTarget) {
  return useQuery({
    queryKey: discussionKeys.history(target.kind, historyId(target)),
    queryFn: ({ signal }) => historyOf(target, signal),
    staleTime: 0,
  });
}
