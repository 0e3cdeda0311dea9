import { blogWebPath, discussionLink, REMOVAL_MESSAGES, removalNotificationText, type RemovalResponse } from '@agora/contract';
import type { Actor, AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { liveEvents } from '../../lib/live-events';
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
import { communityStaffIds } from '../members/members.service';
import { recordModAction } from '../moderation/modlog';
import { notify, signalUnreadChanged } from '../notifications/notifications.writer';
import {
  clearRemoved,
  findBlogFacts,
  findCommentFacts,
  holdHiddenNotifications,
  markRemoved,
  findCommentLiveState,
  memberRole,
  releaseNotifications,
  type RemovableKind,
} from './removals.queries';

/**
 * Removal with a reason (issue 15 §3, decision 0111): the community's staff take down a discussion, a comment or
 * a blog whose author they outrank (policies/removal.ts), and put it back. One transaction each: the item's removal
 * columns, the author's `content_removed` notification with the reason, and the notifications about it held by
 * people who may no longer see it taken away until a restore gives them back (decision 0118). Someone who may not
 * see the item gets its 404, never a hint it exists.
 */

type DiscussionPath = { group: string; discussionId: string };
type CommentPath = DiscussionPath & { commentId: string };
type BlogPath = { group: string; blogId: string };
/** The item a route names: its kind and its path. */
export type ItemPath = ({ kind: 'discussion' } & DiscussionPath) | ({ kind: 'comment' } & CommentPath) | ({ kind: 'blog' } & BlogPath);

/** What a removal acts on, once the path is resolved and the actor authorised. */
type Item = {
  kind: RemovableKind;
  id: number;
  groupId: number;
  authorId: number | null;
  link: string;
  refs: { discussionId?: number; commentId?: number; blogId?: number };
};

/** An item as a kind finds it: the item, and what the policy weighs besides the author's role. */
type Located = Omit<Item, 'kind'> & Pick<RemovalFacts, 'community' | 'viewerRole' | 'removed'>;

function signedIn(actor: Actor): NonNullable<Actor> {
  if (!actor) throw AppError.unauthorized();
  return actor;
}

async function locateDiscussion(ctx: AppContext, actor: NonNullable<Actor>, path: DiscussionPath) {
  const target = await findWriteTarget(ctx.db, groupRefOf(path.group), discussionIdOf(path.discussionId), actor.id);
  assertReadable(target, actor);
  if (target.discussionId === null || target.authorId === null) throw discussionNotFound();
  const located: Located = {
    id: target.discussionId,
    groupId: target.groupId,
    authorId: target.authorId,
    link: discussionLink(target.groupId, target.discussionId),
    refs: { discussionId: target.discussionId },
    community: target,
    viewerRole: target.viewerRole,
    removed: target.removed,
  };
  return { target, located };
}

type Parts<P> = { locate: (ctx: AppContext, actor: NonNullable<Actor>, path: P) => Promise<Located>; notFound: () => AppError };

/** The per-kind parts (a small table): how a kind's path finds the item, and the 404 it answers. */
const KINDS: { [K in RemovableKind]: Parts<Extract<ItemPath, { kind: K }>> } = {
  discussion: {
    locate: async (ctx, actor, path) => (await locateDiscussion(ctx, actor, path)).located,
    notFound: discussionNotFound,
  },
  comment: {
    locate: async (ctx, actor, path) => {
      const { target, located: post } = await locateDiscussion(ctx, actor, path);
      // A comment of a removed post: only those who may see the post reach it.
      if (post.removed && !target.removedVisible) throw discussionNotFound();
      const comment = await findCommentFacts(ctx.db, commentIdOf(path.commentId));
      if (!comment || comment.discussionId !== target.discussionId) throw commentNotFound();
      return {
        ...post,
        id: comment.id,
        authorId: comment.userId,
        link: discussionLink(target.groupId, comment.discussionId),
        refs: { discussionId: comment.discussionId, commentId: comment.id },
        removed: comment.removed,
      };
    },
    notFound: commentNotFound,
  },
  blog: {
    locate: async (ctx, actor, path) => {
      const blogId = parseBlogId(path.blogId);
      const { group, role } = await resolveGroupForViewer(ctx, actor, path.group);
      authorizeCommunity(actor, 'read', group, role);
      const blog = await findBlogFacts(ctx.db, blogId, group.id);
      if (!blog) throw blogNotFound();
      return {
        id: blog.id,
        groupId: group.id,
        authorId: blog.authorId,
        link: blogWebPath(group.slug, blog.id),
        refs: { blogId: blog.id },
        community: group,
        viewerRole: role,
        removed: blog.removed,
      };
    },
    notFound: blogNotFound,
  },
};

/** Finds the item the path names and checks the actor may `action` it (policies/removal.ts): 404, 403 or 409. */
async function authorizedItem(ctx: AppContext, actor: NonNullable<Actor>, action: 'remove' | 'restore', path: ItemPath): Promise<Item> {
  // TypeScript cannot tie `KINDS[path.kind]` to `path`'s own kind; the table's type does.
  const parts = KINDS[path.kind] as Parts<ItemPath>;
  const { community, viewerRole, removed, ...item } = await parts.locate(ctx, actor, path);
  const facts: RemovalFacts = {
    authorId: item.authorId,
    authorRole: await memberRole(ctx.db, item.groupId, item.authorId),
    community,
    viewerRole,
    removed,
  };
  authorizeRemoval(actor, action, facts, parts.notFound);
  return { kind: path.kind, ...item };
}

async function takeDown(
  ctx: AppContext,
  actor: NonNullable<Actor>,
  item: Item,
  reason: string,
  alsoInTx?: (tx: DbOrTx) => Promise<void>,
): Promise<RemovalResponse> {
  const response = await ctx.db.transaction(async (tx) => {
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
  await announceRemoval(ctx, item);
  return response;
}

/**
 * After a removal committed: for everyone but its author and the staff the item is gone, so pages hear it as a
 * deletion (docs/decisions/0128-live-payloads.md); the author and the staff, who still see it, are not told (their
 * pages show the removal notice at the next load; the remover's own page has it from the answer). A removed blog
 * has no live event (blog pages do not follow deletions yet).
 */
async function announceRemoval(ctx: AppContext, item: Item): Promise<void> {
  if (item.kind === 'blog') return;
  const stillSee = [...(await communityStaffIds(ctx, item.groupId)), ...(item.authorId !== null ? [item.authorId] : [])];
  if (item.kind === 'discussion') {
    ctx.events.emit('live', { ...liveEvents.discussionDeleted(item.groupId, item.id), skipUserIds: stillSee });
  }
  if (item.kind !== 'comment') return;
  const state = await findCommentLiveState(ctx.db, item.id);
  if (!state) return;
  ctx.events.emit('live', {
    ...liveEvents.commentDeleted({
      group_id: item.groupId,
      discussion_id: state.discussionId,
      comment_id: item.id,
      parentCommentId: state.parentId,
      kept: state.kept,
      commentCount: state.commentCount,
    }),
    skipUserIds: stillSee,
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

/**
 * Removes a discussion, a comment or reply, or a blog with a reason: POST /api/groups/{id}/discussions/{discussionId}/remove,
 * …/comments/{commentId}/remove, /api/groups/{id}/blogs/{blogId}/remove {reason}.
 */
export async function removeItem(ctx: AppContext, actor: Actor, input: ItemPath & { reason: string }): Promise<RemovalResponse> {
  const staff = signedIn(actor);
  return takeDown(ctx, staff, await authorizedItem(ctx, staff, 'remove', input), input.reason);
}

/** Puts a removed item back: POST …/discussions/{discussionId}/restore, …/comments/{commentId}/restore, …/blogs/{blogId}/restore. */
export async function restoreItem(ctx: AppContext, actor: Actor, input: ItemPath): Promise<RemovalResponse> {
  const staff = signedIn(actor);
  return putBack(ctx, staff, await authorizedItem(ctx, staff, 'restore', input));
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
  const id = String(input.itemId);
  let path: ItemPath;
  if (input.kind === 'discussion') path = { kind: 'discussion', group, discussionId: id };
  else if (input.kind === 'blog') path = { kind: 'blog', group, blogId: id };
  else {
    const comment = await findCommentFacts(ctx.db, input.itemId);
    if (!comment) throw commentNotFound();
    path = { kind: 'comment', group, discussionId: String(comment.discussionId), commentId: id };
  }
  return takeDown(ctx, staff, await authorizedItem(ctx, staff, 'remove', path), input.reason, input.alsoInTx);
}
