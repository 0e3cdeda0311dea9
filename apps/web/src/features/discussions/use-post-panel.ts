import { useCallback } from 'react';
import { parsePathId } from '@agora/contract';
import { useUrlPanel } from '@/lib/use-url-panel';

/**
 * The post panel is driven by the URL, like the profile panel (lib/use-url-panel.ts): `?post=<groupId>-<discussionId>`
 * on any page. A post link can be shared and reloaded, the browser's Back closes it, and one parameter means one post
 * at a time.
 */
export const POST_PARAM = 'post';
/**
 * A comment's address adds `&comment=<commentId>` (a top-level comment) or `&comment=<parentId>-<replyId>` (a reply):
 * the panel opens the post, finds the comment (loading more comments, or the parent's replies), scrolls it into
 * view and marks it.
 */
export const COMMENT_PARAM = 'comment';

export interface CommentTarget {
  /** The comment to show and mark. */
  commentId: number;
  /** The top-level comment whose replies hold it; null for a top-level comment. */
  parentId: number | null;
}

export interface PostTarget {
  groupId: number;
  discussionId: number;
}

/** "12-345" → the two ids; anything else (missing, signed, zero-padded, beyond int4) → null. */
export function parsePostParam(value: string | null): PostTarget | null {
  const match = /^([0-9]{1,10})-([0-9]{1,10})$/.exec(value ?? '');
  if (!match) return null;
  const groupId = parsePathId(match[1]!);
  const discussionId = parsePathId(match[2]!);
  return groupId && discussionId ? { groupId, discussionId } : null;
}

export function postParamValue(groupId: number, discussionId: number): string {
  return `${groupId}-${discussionId}`;
}

/** "34" → comment 34; "12-34" → reply 34 of comment 12; anything else → null. */
export function parseCommentParam(value: string | null): CommentTarget | null {
  const match = /^(?:([0-9]{1,10})-)?([0-9]{1,10})$/.exec(value ?? '');
  if (!match) return null;
  const commentId = parsePathId(match[2]!);
  const parentId = match[1] === undefined ? null : parsePathId(match[1]);
  if (!commentId || (match[1] !== undefined && !parentId)) return null;
  return { commentId, parentId };
}

export function commentParamValue(comment: { id: number; parentCommentId: number | null }): string {
  return comment.parentCommentId === null ? String(comment.id) : `${comment.parentCommentId}-${comment.id}`;
}

/** The address of the community's Discussion tab with the post open (for links and redirects). */
export function postPanelPath(groupId: number | string, discussionId: number): string {
  return `/group/${groupId}/discussions?${POST_PARAM}=${postParamValue(Number(groupId), discussionId)}`;
}

/** The same with one comment of the post shown and marked. */
export function commentPanelPath(groupId: number, comment: { id: number; discussion_id: number; parentCommentId: number | null }): string {
  return `${postPanelPath(groupId, comment.discussion_id)}&${COMMENT_PARAM}=${commentParamValue(comment)}`;
}

/** A path of this app as a full address to share. */
export function absoluteUrl(path: string): string {
  return `${window.location.origin}${path}`;
}

export function usePostPanel() {
  const { params, set } = useUrlPanel();
  const raw = params.get(POST_PARAM);
  const target = parsePostParam(raw);
  const comment = parseCommentParam(params.get(COMMENT_PARAM));

  const open = useCallback(
    (groupId: number, discussionId: number, comment?: { id: number; parentCommentId: number | null }) =>
      set({ [POST_PARAM]: postParamValue(groupId, discussionId), [COMMENT_PARAM]: comment ? commentParamValue(comment) : null }),
    [set],
  );
  const close = useCallback(() => set({ [POST_PARAM]: null, [COMMENT_PARAM]: null }), [set]);

  /** `isOpen` is true for any value, so a malformed link still opens the panel and says the post is not there. */
  return { target, comment, isOpen: raw !== null, open, close };
}
