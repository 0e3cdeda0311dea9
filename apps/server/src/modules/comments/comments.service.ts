import {
  type CommentDeleteResponse,
  type CommentListResponse,
  type CommentOrder,
  type CommentUpdateResponse,
  type CommentWriteResponse,
  type EditHistoryResponse,
  discussionLink,
  DISCUSSION_LIMITS,
  DISCUSSION_MESSAGES,
  type LikeResponse,
  REMOVAL_MESSAGES,
  type ReplyListResponse,
} from '@agora/contract';
import { liveEvents } from '../../lib/live-events';
import type { Actor, AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { applyLike } from '../../lib/likes';
import { decodeCursor, encodeCursor } from '../../lib/cursor';
import { notify, notifyMentions } from '../notifications/notifications.writer';
import {
  assertCanContribute,
  assertReadable,
  commentIdOf,
  commentNotFound,
  discussionIdOf,
  discussionNotFound,
  groupRefOf,
  isGoneError,
  withWriteRetry,
  findComments,
  findWriteTarget,
  type WriteTarget,
} from '../discussions/discussions.access';
import { isOwnerOrAdminOf, toComment } from '../discussions/discussions.mapper';
import { canSeeRemoved } from '../../policies/removal';
import {
  type CommentRef,
  deleteCommentLike,
  deleteCommentRow,
  findComment,
  findCommentDetail,
  insertComment,
  insertCommentLike,
  markCommentDeleted,
  moveCommentCount,
  moveCommentLikes,
  moveReplyCount,
  moveReplyCountOf,
  updateCommentContent,
} from './comments.queries';
import { authorizeComment } from '../../policies';
import { mentionedUsernames } from '../notifications/notifications.writer';
import { editHistory, forgetCommentEdits, recordEdit } from '../history/history.service';
import type { DiscussionPath } from '../discussions/discussions.service';
import { assertMayAct } from '../account/verified';
import { assertMayPost } from '../posting/posting.service';
import { replyUnavailable } from '../../policies/block';
import { isBlocking } from '../blocks/blocks.service';

type PageQuery = { cursor?: string; limit?: number };
type CommentOrderQuery = { order?: CommentOrder };
/** A comment named by a path: its post's path and `{commentId}`. */
export type CommentPath = DiscussionPath & { commentId: string };

/** Reads a page of comments (or of one comment's replies) the viewer may see, with the 404s of a bad path. */
async function commentsPage(
  ctx: AppContext,
  actor: Actor,
  input: DiscussionPath & PageQuery & CommentOrderQuery & { commentId: string | null },
  defaultLimit: number,
) {
  const ref = groupRefOf(input.group);
  const discussionId = discussionIdOf(input.discussionId);
  const commentId = input.commentId === null ? null : commentIdOf(input.commentId);
  const cursor = decodeCursor(input.cursor, ['ts', 'int'] as const);
  const limit = input.limit ?? defaultLimit;
  const viewerId = actor?.id ?? 0;
  const page = await findComments(ctx.db, ref, viewerId, {
    discussionId,
    commentId,
    cursor: cursor ? { ts: cursor[0], id: cursor[1] } : null,
    limit: limit + 1,
    oldest: input.order === 'oldest',
  });
  assertReadable(page.access, actor);
  if (!page.discussionFound) throw discussionNotFound();
  if (!page.parentFound) throw commentNotFound();
  const moderator = isOwnerOrAdminOf(viewerId, page.access.ownerId, page.access.viewerRole);
  const rows = page.items.slice(0, limit);
  const last = rows.at(-1);
  const community = page.access;
  return {
    items: rows.map((row) => toComment(row, viewerId, moderator, community)),
    nextCursor: page.items.length > limit && last ? encodeCursor([last.cursorTs, last.id]) : null,
    // Only when something is hidden: everyone else's answers stay exactly as they were (issue 15 §6).
    hidden: page.hiddenCount > 0 ? { hiddenCount: page.hiddenCount } : {},
  };
}

/** GET .../comments: a post's top-level comments, newest first or `order=oldest` (each with its reply count). */
export async function listComments(
  ctx: AppContext,
  actor: Actor,
  input: DiscussionPath & PageQuery & CommentOrderQuery,
): Promise<CommentListResponse> {
  const { items, nextCursor, hidden } = await commentsPage(
    ctx,
    actor,
    { ...input, commentId: null },
    DISCUSSION_LIMITS.commentsPageDefault,
  );
  return { comments: items, nextCursor, ...hidden };
}

/** GET .../comments/{commentId}/replies: one comment's replies, oldest first (a conversation reads down). */
export async function listReplies(ctx: AppContext, actor: Actor, input: CommentPath & PageQuery): Promise<ReplyListResponse> {
  const { items, nextCursor, hidden } = await commentsPage(ctx, actor, input, DISCUSSION_LIMITS.repliesPageDefault);
  return { replies: items, nextCursor, ...hidden };
}

/** The post of a comment write, readable by the actor; 404 when the post is not in that community. */
async function targetOf(ctx: AppContext, actor: Actor, path: DiscussionPath) {
  const ref = groupRefOf(path.group);
  const discussionId = discussionIdOf(path.discussionId);
  const target = await findWriteTarget(ctx.db, ref, discussionId, actor?.id ?? 0);
  assertReadable(target, actor);
  // A removed post exists only for its author and the staff (issue 15 §3).
  if (target.discussionId === null || !target.removedVisible) throw discussionNotFound();
  return { ...target, discussionId: target.discussionId } satisfies WriteTarget & { discussionId: number };
}

/**
 * The comment `commentId` names on that post; 404 for a comment that does not exist, is on another post, was
 * deleted and is kept only as "[deleted]" (issue 15 §1), or is removed and the actor is neither its author nor
 * staff (issue 15 §3).
 */
async function commentOn(
  ctx: AppContext,
  actor: Actor,
  target: WriteTarget & { discussionId: number },
  commentIdText: string,
): Promise<CommentRef> {
  const comment = await findComment(ctx.db, commentIdOf(commentIdText));
  if (!comment || comment.discussionId !== target.discussionId || comment.deleted) throw commentNotFound();
  if (comment.removed && !canSeeRemoved(actor, { authorId: comment.userId, community: target, viewerRole: target.viewerRole })) {
    throw commentNotFound();
  }
  return comment;
}

/** No likes, comments or replies on a removed post or comment (its author and the staff see it, and are told why). */
function assertNotRemoved(...items: { removed: boolean }[]): void {
  if (items.some((item) => item.removed)) throw AppError.forbidden(REMOVAL_MESSAGES.noInteraction);
}

/**
 * POST .../comments: a member or the owner comments on a post, or replies to a comment (`parentCommentId`). Replies
 * are one level deep: a reply to a reply is stored under its top-level comment. In one transaction: the comment,
 * the post's comment_count (replies count too) and the parent's reply_count, and the notifications: `comment_reply`
 * to the author of the comment replied to, `comment` to the post's author, `mention` to people named with @ who
 * may read the post; nobody twice, never the actor.
 */
export async function createComment(
  ctx: AppContext,
  actor: Actor,
  input: DiscussionPath & { content: string; parentCommentId: number | null },
): Promise<CommentWriteResponse> {
  if (!actor) throw AppError.unauthorized(DISCUSSION_MESSAGES.loginToComment);
  const writer = actor;
  await ctx.limiters.commentsPerUser.consume(String(writer.id));
  await assertMayAct(ctx, writer, 'post');
  let liveGroupId = 0;
  try {
    const created = await withWriteRetry(async () => {
      const target = await targetOf(ctx, writer, input);
      await assertCanContribute(ctx.db, target, writer, {
        visitor: DISCUSSION_MESSAGES.loginToComment,
        outsider: DISCUSSION_MESSAGES.memberToComment,
      });
      assertNotRemoved(target);
      const { discussionId, groupId } = target;
      liveGroupId = groupId;
      await assertMayPost(ctx, writer, groupId, { kind: 'comment', text: input.content });
      let repliedTo: CommentRef | null = null;
      if (input.parentCommentId !== null) {
        repliedTo = await findComment(ctx.db, input.parentCommentId);
        // A deleted comment takes no new replies (replying to one of its replies still works: same thread).
        if (!repliedTo || repliedTo.deleted) throw commentNotFound();
        if (repliedTo.removed && !canSeeRemoved(writer, { authorId: repliedTo.userId, community: target, viewerRole: target.viewerRole })) {
          throw commentNotFound();
        }
        assertNotRemoved(repliedTo);
        if (repliedTo.discussionId !== discussionId) {
          throw AppError.badRequest(DISCUSSION_MESSAGES.invalidParent, { parentCommentId: DISCUSSION_MESSAGES.invalidParent });
        }
        // Someone the comment's author blocked may not reply to it; the refusal names no block (issue 15 §6).
        if (await isBlocking(ctx.db, repliedTo.userId, writer.id)) throw replyUnavailable();
      }
      const parentId = repliedTo ? (repliedTo.parentId ?? repliedTo.id) : null;
      const link = discussionLink(groupId, discussionId);
      return ctx.db.transaction(async (tx) => {
        const inserted = await insertComment(tx, { discussionId, userId: writer.id, parentId, content: input.content });
        const parentReplyCount = parentId === null ? null : await moveReplyCount(tx, parentId, 1);
        const counted = await moveCommentCount(tx, discussionId, 1);
        if (!counted) throw discussionNotFound();
        const refs = { groupId, discussionId, commentId: inserted.id, link, actorId: writer.id };
        const notified = new Set<number>([writer.id]);
        if (repliedTo && !notified.has(repliedTo.userId)) {
          await notify(tx, {
            ...refs,
            recipientId: repliedTo.userId,
            type: 'comment_reply',
            content: `${writer.username} replied to your comment`,
          });
          notified.add(repliedTo.userId);
        }
        if (!notified.has(counted.authorId)) {
          await notify(tx, {
            ...refs,
            recipientId: counted.authorId,
            type: 'comment',
            content: `${writer.username} commented on your post`,
          });
          notified.add(counted.authorId);
        }
        await notifyMentions(tx, {
          ...refs,
          text: input.content,
          groupIsPrivate: target.isPrivate,
          content: `${writer.username} mentioned you in a comment`,
          exceptIds: [...notified],
        });
        return {
          message: parentId === null ? DISCUSSION_MESSAGES.commentAdded : DISCUSSION_MESSAGES.replyAdded,
          comment: {
            id: inserted.id,
            discussion_id: discussionId,
            comment_content: input.content,
            content: input.content,
            parentCommentId: parentId,
            date_posted: inserted.datePosted,
            user_id: writer.id,
            userId: writer.id,
            username: writer.username,
            profileImage: writer.profileImage,
            isLiked: false,
            likeCount: 0,
            replyCount: 0,
            canDelete: true,
            abilities: { edit: true, delete: true },
            edited_at: null,
            deleted: false,
          },
          commentCount: counted.commentCount,
          parentReplyCount,
        };
      });
    });
    // After the commit: to the post's panel, and the count to the community's page and home feeds.
    ctx.events.emit('live', liveEvents.commentCreated(liveGroupId, created.comment, created.commentCount));
    return created;
  } catch (error) {
    // The post or the comment replied to was deleted between the checks and the insert.
    if (isGoneError(error)) throw input.parentCommentId === null ? discussionNotFound() : commentNotFound();
    throw error;
  }
}

/**
 * PUT .../comments/{commentId} (issue 15 §1): the author changes a comment's or reply's text, by the rules of a new
 * one (the contract's field). In one transaction, on the locked row: the text before goes to the history, the new
 * text and its time are stored, and people newly @mentioned are notified (the notifications writer's once-per-object
 * rule means nobody is told twice, even when a name comes back in a later edit). The same text again changes nothing.
 */
export async function updateComment(
  ctx: AppContext,
  actor: Actor,
  input: CommentPath & { content: string },
): Promise<CommentUpdateResponse> {
  if (!actor) throw AppError.unauthorized();
  const editor = actor;
  const target = await targetOf(ctx, editor, input);
  const found = await commentOn(ctx, editor, target, input.commentId);
  const facts = { community: { ownerId: target.ownerId }, viewerRole: target.viewerRole };
  authorizeComment(editor, 'edit', { authorId: found.userId, ...facts });
  // A community's blocked words apply to edits too (issue 15 §7).
  await assertMayPost(ctx, editor, target.groupId, { kind: 'comment', text: input.content, edit: true });
  await ctx.limiters.editsPerUser.consume(String(editor.id));
  const link = discussionLink(target.groupId, target.discussionId);
  const comment = await withWriteRetry(() =>
    ctx.db.transaction(async (tx) => {
      const old = await findCommentDetail(tx, found.id, { lock: true, viewerId: editor.id });
      if (!old || old.deleted) throw commentNotFound();
      if (old.content === input.content) return old;
      await recordEdit(tx, 'comment', { itemId: old.id, editorId: editor.id, content: old.content });
      const editedAt = await updateCommentContent(tx, old.id, input.content);
      const before = new Set(mentionedUsernames(old.content));
      const newlyMentioned = mentionedUsernames(input.content).filter((name) => !before.has(name));
      await notifyMentions(tx, {
        text: newlyMentioned.map((name) => `@${name}`).join(' '),
        groupId: target.groupId,
        groupIsPrivate: target.isPrivate,
        actorId: editor.id,
        content: `${editor.username} mentioned you in a comment`,
        link,
        discussionId: target.discussionId,
        commentId: old.id,
      });
      return { ...old, content: input.content, editedAt };
    }),
  );
  const manager = isOwnerOrAdminOf(editor.id, target.ownerId, target.viewerRole);
  const updated = toComment({ ...comment, cursorTs: '' }, editor.id, manager);
  ctx.events.emit('live', liveEvents.commentUpdated(target.groupId, updated));
  return { message: DISCUSSION_MESSAGES.commentUpdated, comment: updated };
}

/**
 * DELETE .../comments/{commentId}: by its author, the owner or an admin (SPEC §6; issue 15 §3 will make the staff's
 * delete of someone else's comment a removal). A comment with replies stays in place as "[deleted]" (its text, its
 * likes and its history go, the replies stay); one without replies is deleted, and when it was the last reply of a
 * deleted comment, that one goes too. The post's comment_count counts the comments that are not deleted, and moves
 * by the ones that stop being shown; all on the locked rows, in one transaction.
 */
export async function deleteComment(ctx: AppContext, actor: Actor, input: CommentPath): Promise<CommentDeleteResponse> {
  if (!actor) throw AppError.unauthorized();
  const deleter = actor;
  const result = await withWriteRetry(async () => {
    const target = await targetOf(ctx, deleter, input);
    const found = await commentOn(ctx, deleter, target, input.commentId);
    authorizeComment(deleter, 'delete', { authorId: found.userId, community: { ownerId: target.ownerId }, viewerRole: target.viewerRole });
    return ctx.db.transaction(async (tx) => {
      // Locked: a reply racing this delete either committed first (reply_count > 0: kept) or fails on the gone parent.
      const comment = await findCommentDetail(tx, found.id, { lock: true });
      if (!comment || comment.deleted || comment.discussionId !== target.discussionId) throw commentNotFound();
      const kept = comment.replyCount > 0;
      if (kept) {
        await markCommentDeleted(tx, comment.id);
        await forgetCommentEdits(tx, comment.id);
      } else {
        const deleted = await deleteCommentRow(tx, comment.id, target.discussionId);
        if (!deleted) throw commentNotFound();
        if (deleted.parentId !== null) {
          const parent = await moveReplyCountOf(tx, deleted.parentId, -1);
          // The last reply of a deleted comment: nothing is left to keep it for.
          if (parent && parent.deleted && parent.replyCount === 0) await deleteCommentRow(tx, deleted.parentId, target.discussionId);
        }
      }
      const counted = await moveCommentCount(tx, target.discussionId, -1);
      if (!counted) throw discussionNotFound();
      const live = {
        group_id: target.groupId,
        discussion_id: target.discussionId,
        comment_id: comment.id,
        parentCommentId: comment.parentId,
      };
      return { message: DISCUSSION_MESSAGES.commentDeleted, commentCount: counted.commentCount, kept, live };
    });
  });
  const { live, ...response } = result;
  ctx.events.emit('live', liveEvents.commentDeleted({ ...live, kept: response.kept, commentCount: response.commentCount }));
  return response;
}

/**
 * GET .../comments/{commentId}/history (issue 15 §1): every version of a comment or reply, newest first, for whoever
 * may read the post; a deleted comment has none (404).
 */
export async function getCommentHistory(ctx: AppContext, actor: Actor, input: CommentPath): Promise<EditHistoryResponse> {
  const target = await targetOf(ctx, actor, input);
  const found = await commentOn(ctx, actor, target, input.commentId);
  const comment = await findCommentDetail(ctx.db, found.id);
  if (!comment || comment.deleted) throw commentNotFound();
  const original = { userId: comment.userId, username: comment.username, profileImage: comment.profileImage, date: comment.datePosted };
  return editHistory(ctx.db, 'comment', comment.id, { title: null, content: comment.content, original });
}

/**
 * POST .../comments/{commentId}/like: toggles (or sets, with `liked`) the actor's like of a comment, answering the
 * database's state; a new like notifies the comment's author (`comment_like`).
 */
export async function likeComment(ctx: AppContext, actor: Actor, input: CommentPath & { liked?: boolean }): Promise<LikeResponse> {
  if (!actor) throw AppError.unauthorized(DISCUSSION_MESSAGES.loginToLike);
  const liker = actor;
  await ctx.limiters.likesPerUser.consume(String(liker.id));
  try {
    return await withWriteRetry(async () => {
      const target = await targetOf(ctx, liker, input);
      await assertCanContribute(ctx.db, target, liker, {
        visitor: DISCUSSION_MESSAGES.loginToLike,
        outsider: DISCUSSION_MESSAGES.memberToLike,
      });
      const comment = await commentOn(ctx, liker, target, input.commentId);
      assertNotRemoved(target, comment);
      return ctx.db.transaction(async (tx) => {
        let authorId = 0;
        const outcome = await applyLike(
          tx,
          {
            insert: (t) => insertCommentLike(t, comment.id, liker.id),
            remove: (t) => deleteCommentLike(t, comment.id, liker.id),
            count: async (t, delta) => {
              const moved = await moveCommentLikes(t, comment.id, delta);
              if (moved) authorId = moved.authorId;
              return moved?.likeCount ?? null;
            },
          },
          input.liked,
        );
        if (!outcome) throw commentNotFound();
        const { liked, likeCount } = outcome;
        if (outcome.added) {
          await notify(tx, {
            recipientId: authorId,
            actorId: liker.id,
            type: 'comment_like',
            content: `${liker.username} liked your comment`,
            link: discussionLink(target.groupId, target.discussionId),
            groupId: target.groupId,
            discussionId: target.discussionId,
            commentId: comment.id,
          });
        }
        return { liked, likeCount, groupId: target.groupId, discussionId: target.discussionId, commentId: comment.id };
      });
    }).then(({ liked, likeCount, groupId, discussionId, commentId }) => {
      // After the commit: the new count, in the post's panel.
      ctx.events.emit(
        'live',
        liveEvents.likeCount({
          target: 'comment',
          id: commentId,
          group_id: groupId,
          discussion_id: discussionId,
          comment_id: commentId,
          count: likeCount,
        }),
      );
      return { liked, likeCount };
    });
  } catch (error) {
    if (isGoneError(error)) throw commentNotFound();
    throw error;
  }
}
