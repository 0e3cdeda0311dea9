import { blogWebPath, discussionLink, REMOVAL_MESSAGES, removalNotificationText, type RemovalResponse } from '@agora/contract';
import type { Actor, AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { authorizeCommunity, authorizeRemoval, type RemovalFacts } from '../../policies';
import { blogNotFound, parseBlogId } from '../blogs/blogs.service';
import {
  assertReadable,
  commentIdOf,
  commentNotFound,
  discussionIdOf,
  discussionNotFound,
  findWriteTarget,
  groupRefOf,
} from '../discussions/discussions.access';
import { resolveGroupForViewer } from '../groups/groups.access';
import { recordModAction } from '../moderation/modlog';
import { notify, signalUnreadChanged } from '../notifications/notifications.writer';
import {
  clearRemoved,
  findBlogFacts,
  findCommentFacts,
  holdHiddenNotifications,
  markRemoved,
  memberRole,
  releaseNotifications,
  type RemovableKind,
} from './removals.queries';

/**
 * Removal with a reason (issue 15 §3, decision 0111): the community's staff take down a discussion, a comment or
 * a blog whose author they outrank (policies/removal.ts), and put it back. One transaction each: the item's removal
 * columns, the author's `content_removed` notification with the reason, and the notifications about it held by
 * people who may no longer see it taken away until a restore gives them back (decision 0117). Someone who may not
 * see the item gets its 404, never a hint it exists.
 */

type DiscussionPath = { group: string; discussionId: string };
type CommentPath = DiscussionPath & { commentId: string };
type BlogPath = { group: string; blogId: string };

/** What a removal acts on, once the path is resolved and the actor authorised. */
type Item = {
  kind: RemovableKind;
  id: number;
  groupId: number;
  authorId: number | null;
  link: string;
  refs: { discussionId?: number; commentId?: number; blogId?: number };
};

function signedIn(actor: Actor): NonNullable<Actor> {
  if (!actor) throw AppError.unauthorized();
  return actor;
}

async function discussionItem(ctx: AppContext, actor: NonNullable<Actor>, path: DiscussionPath) {
  const target = await findWriteTarget(ctx.db, groupRefOf(path.group), discussionIdOf(path.discussionId), actor.id);
  assertReadable(target, actor);
  if (target.discussionId === null || target.authorId === null) throw discussionNotFound();
  const facts: RemovalFacts = {
    authorId: target.authorId,
    authorRole: await memberRole(ctx.db, target.groupId, target.authorId),
    community: target,
    viewerRole: target.viewerRole,
    removed: target.removed,
  };
  const item: Item = {
    kind: 'discussion',
    id: target.discussionId,
    groupId: target.groupId,
    authorId: target.authorId,
    link: discussionLink(target.groupId, target.discussionId),
    refs: { discussionId: target.discussionId },
  };
  return { target, facts, item };
}

async function commentItem(ctx: AppContext, actor: NonNullable<Actor>, path: CommentPath) {
  const { target, facts: post } = await discussionItem(ctx, actor, path);
  // A comment of a removed post: only those who may see the post reach it.
  if (post.removed && !target.removedVisible) throw discussionNotFound();
  const comment = await findCommentFacts(ctx.db, commentIdOf(path.commentId));
  if (!comment || comment.discussionId !== target.discussionId) throw commentNotFound();
  const facts: RemovalFacts = {
    authorId: comment.userId,
    authorRole: await memberRole(ctx.db, target.groupId, comment.userId),
    community: target,
    viewerRole: target.viewerRole,
    removed: comment.removed,
  };
  const item: Item = {
    kind: 'comment',
    id: comment.id,
    groupId: target.groupId,
    authorId: comment.userId,
    link: discussionLink(target.groupId, comment.discussionId),
    refs: { discussionId: comment.discussionId, commentId: comment.id },
  };
  return { facts, item };
}

async function blogItem(ctx: AppContext, actor: NonNullable<Actor>, path: BlogPath) {
  const blogId = parseBlogId(path.blogId);
  const { group, role } = await resolveGroupForViewer(ctx, actor, path.group);
  authorizeCommunity(actor, 'read', group, role);
  const blog = await findBlogFacts(ctx.db, blogId, group.id);
  if (!blog) throw blogNotFound();
  const facts: RemovalFacts = {
    authorId: blog.authorId,
    authorRole: await memberRole(ctx.db, group.id, blog.authorId),
    community: group,
    viewerRole: role,
    removed: blog.removed,
  };
  const item: Item = {
    kind: 'blog',
    id: blog.id,
    groupId: group.id,
    authorId: blog.authorId,
    link: blogWebPath(group.slug, blog.id),
    refs: { blogId: blog.id },
  };
  return { facts, item };
}

const NOT_FOUND: Record<RemovableKind, () => AppError> = { discussion: discussionNotFound, comment: commentNotFound, blog: blogNotFound };

async function takeDown(
  ctx: AppContext,
  actor: NonNullable<Actor>,
  item: Item,
  reason: string,
  alsoInTx?: (tx: DbOrTx) => Promise<void>,
): Promise<RemovalResponse> {
  return ctx.db.transaction(async (tx) => {
    const marked = await markRemoved(tx, item.kind, item.id, { by: actor.id, reason });
    if (!marked) throw AppError.conflict('already_removed', REMOVAL_MESSAGES.alreadyRemoved);
    await recordModAction(tx, {
      groupId: item.groupId,
      actorId: actor.id,
      action: 'remove',
      targetType: item.kind,
      targetId: item.id,
      targetUserId: item.authorId,
      reason,
    });
    await alsoInTx?.(tx);
    for (const userId of await holdHiddenNotifications(tx, item.kind, item.id, item.groupId, item.authorId)) {
      await signalUnreadChanged(tx, userId);
    }
    if (item.authorId !== null) {
      await notify(tx, {
        recipientId: item.authorId,
        actorId: actor.id,
        type: 'content_removed',
        content: removalNotificationText(item.kind, reason),
        link: item.link,
        groupId: item.groupId,
        ...item.refs,
      });
    }
    return { message: REMOVAL_MESSAGES.removed, removed: { reason, at: marked.at } };
  });
}

async function putBack(ctx: AppContext, actor: NonNullable<Actor>, item: Item): Promise<RemovalResponse> {
  return ctx.db.transaction(async (tx) => {
    if (!(await clearRemoved(tx, item.kind, item.id))) throw AppError.conflict('not_removed', REMOVAL_MESSAGES.notRemoved);
    await recordModAction(tx, {
      groupId: item.groupId,
      actorId: actor.id,
      action: 'restore',
      targetType: item.kind,
      targetId: item.id,
      targetUserId: item.authorId,
    });
    for (const userId of await releaseNotifications(tx, item.kind, item.id)) await signalUnreadChanged(tx, userId);
    return { message: REMOVAL_MESSAGES.restored, removed: null };
  });
}

/** POST /api/groups/{id}/discussions/{discussionId}/remove {reason} */
export async function removeDiscussion(
  ctx: AppContext,
  actor: Actor,
  input: DiscussionPath & { reason: string },
): Promise<RemovalResponse> {
  const staff = signedIn(actor);
  const { facts, item } = await discussionItem(ctx, staff, input);
  authorizeRemoval(staff, 'remove', facts, NOT_FOUND.discussion);
  return takeDown(ctx, staff, item, input.reason);
}

/** POST /api/groups/{id}/discussions/{discussionId}/restore */
export async function restoreDiscussion(ctx: AppContext, actor: Actor, input: DiscussionPath): Promise<RemovalResponse> {
  const staff = signedIn(actor);
  const { facts, item } = await discussionItem(ctx, staff, input);
  authorizeRemoval(staff, 'restore', facts, NOT_FOUND.discussion);
  return putBack(ctx, staff, item);
}

/** POST /api/groups/{id}/discussions/{discussionId}/comments/{commentId}/remove {reason} (a reply too) */
export async function removeComment(ctx: AppContext, actor: Actor, input: CommentPath & { reason: string }): Promise<RemovalResponse> {
  const staff = signedIn(actor);
  const { facts, item } = await commentItem(ctx, staff, input);
  authorizeRemoval(staff, 'remove', facts, NOT_FOUND.comment);
  return takeDown(ctx, staff, item, input.reason);
}

/** POST /api/groups/{id}/discussions/{discussionId}/comments/{commentId}/restore */
export async function restoreComment(ctx: AppContext, actor: Actor, input: CommentPath): Promise<RemovalResponse> {
  const staff = signedIn(actor);
  const { facts, item } = await commentItem(ctx, staff, input);
  authorizeRemoval(staff, 'restore', facts, NOT_FOUND.comment);
  return putBack(ctx, staff, item);
}

/** POST /api/groups/{id}/blogs/{blogId}/remove {reason} */
export async function removeBlog(ctx: AppContext, actor: Actor, input: BlogPath & { reason: string }): Promise<RemovalResponse> {
  const staff = signedIn(actor);
  const { facts, item } = await blogItem(ctx, staff, input);
  authorizeRemoval(staff, 'remove', facts, NOT_FOUND.blog);
  return takeDown(ctx, staff, item, input.reason);
}

/** POST /api/groups/{id}/blogs/{blogId}/restore */
export async function restoreBlog(ctx: AppContext, actor: Actor, input: BlogPath): Promise<RemovalResponse> {
  const staff = signedIn(actor);
  const { facts, item } = await blogItem(ctx, staff, input);
  authorizeRemoval(staff, 'restore', facts, NOT_FOUND.blog);
  return putBack(ctx, staff, item);
}

/**
 * Removes the item a report names (reports.service, resolving a report with "remove"): the same rules as the
 * routes above, with `alsoInTx` (the reports resolved) in the removal's own transaction.
 */
export async function removeReportedItem(
  ctx: AppContext,
  actor: Actor,
  input: { kind: RemovableKind; groupId: number; itemId: number; reason: string; alsoInTx: (tx: DbOrTx) => Promise<void> },
): Promise<RemovalResponse> {
  const staff = signedIn(actor);
  const group = String(input.groupId);
  let found: { facts: RemovalFacts; item: Item };
  if (input.kind === 'discussion') found = await discussionItem(ctx, staff, { group, discussionId: String(input.itemId) });
  else if (input.kind === 'blog') found = await blogItem(ctx, staff, { group, blogId: String(input.itemId) });
  else {
    const comment = await findCommentFacts(ctx.db, input.itemId);
    if (!comment) throw commentNotFound();
    found = await commentItem(ctx, staff, { group, discussionId: String(comment.discussionId), commentId: String(input.itemId) });
  }
  authorizeRemoval(staff, 'remove', found.facts, NOT_FOUND[input.kind]);
  return takeDown(ctx, staff, found.item, input.reason, input.alsoInTx);
}
