import {
  blogWebPath,
  type ClearNotificationsResponse,
  discussionLink,
  NOTIFICATION_LIMITS,
  NOTIFICATION_MESSAGES,
  type NotificationCountResponse,
  type NotificationsResponse,
  parseBlogLink,
  parseDiscussionLink,
  type ReportLikeResponse,
} from '@agora/contract';
import type { AppContext, SignedIn } from '../../context';
import { AppError } from '../../lib/app-error';
import { decodeCursor, keysetPage } from '../../lib/cursor';
import { resolveGroupForViewer } from '../groups/groups.access';
import { authorizeCommunity, authorizeLikeReport, authorizeOwnNotification } from '../../policies';
import { toNotification } from './notifications.mapper';
import {
  deleteAllOwnNotifications,
  deleteOwnNotification,
  findBlogLike,
  findDiscussionLike,
  findNotificationsPage,
  markRead,
} from './notifications.queries';
import { notify } from './notifications.writer';

/**
 * The notifications panel (SPEC §2, §4): a person reads, marks read, deletes and clears only their own
 * notifications (another user's id is a 404 and changes nothing). Notifications themselves are written by the
 * features whose events cause them, through notifications.writer.ts.
 */

/** GET /notifications: the caller's notifications newest first, keyset-paginated, with the unread count in all. */
export async function listNotifications(
  ctx: AppContext,
  actor: SignedIn,
  input: { search?: string; cursor?: string; limit?: number },
): Promise<NotificationsResponse> {
  const limit = input.limit ?? NOTIFICATION_LIMITS.pageDefault;
  const decoded = decodeCursor(input.cursor, ['ts', 'int'] as const);
  const page = await findNotificationsPage(ctx.db, actor.id, {
    cursor: decoded ? { ts: decoded[0], id: decoded[1] } : null,
    limit: limit + 1,
    search: input.search ? input.search.toLowerCase() : null,
  });
  const { page: rows, nextCursor } = keysetPage(page.rows, limit, (r) => [r.sortTs, r.id]);
  return {
    notifications: rows.map(toNotification),
    unreadCount: page.unread,
    nextCursor,
  };
}

/** PUT /notifications/{id}/read: marks one of the caller's notifications read (already read: no change). */
export async function markNotificationRead(ctx: AppContext, actor: SignedIn, input: { id: number }): Promise<NotificationCountResponse> {
  const result = await markRead(ctx.db, actor.id, input.id);
  authorizeOwnNotification(result);
  return { message: NOTIFICATION_MESSAGES.markedRead, unreadCount: result.unread };
}

/**
 * DELETE /notifications/{id}: deletes one of the caller's notifications. Deleting a group invitation declines it;
 * deleting a friend request's notification leaves the request pending (it can still be answered on the profile).
 */
export async function deleteNotification(ctx: AppContext, actor: SignedIn, input: { id: number }): Promise<NotificationCountResponse> {
  const result = await deleteOwnNotification(ctx.db, actor.id, input.id);
  authorizeOwnNotification(result);
  return { message: NOTIFICATION_MESSAGES.deleted, unreadCount: result.unread };
}

/**
 * DELETE /notifications: deletes the caller's notifications (SPEC §4) but keeps what still needs an answer, a
 * pending friend request or a community invitation, as Discourse and Facebook never let "clear" decline them.
 */
export async function clearNotifications(ctx: AppContext, actor: SignedIn): Promise<ClearNotificationsResponse> {
  const { kept, unread } = await deleteAllOwnNotifications(ctx.db, actor.id);
  return { message: NOTIFICATION_MESSAGES.cleared, unreadCount: unread, kept };
}

/**
 * POST /notifications (SPEC §7: the client reports a like). Accepted only for `like`; the sender is the caller
 * whatever the body says, the recipient the author of the discussion or blog the link names, which the caller
 * must be able to read and must like now. Written through the writer, which stores one like notification per
 * sender and object: the like itself has usually notified already, and then nothing new is written or pushed.
 */
export async function reportLike(
  ctx: AppContext,
  actor: SignedIn,
  input: { noti_type: string; noti_link: string },
): Promise<ReportLikeResponse> {
  await ctx.limiters.likeReportsPerUser.consume(String(actor.id));
  if (input.noti_type !== 'like')
    throw AppError.badRequest(NOTIFICATION_MESSAGES.onlyLikes, { noti_type: NOTIFICATION_MESSAGES.onlyLikes });
  const target = await likedObject(ctx, actor, input.noti_link.trim());
  authorizeLikeReport(target);
  const { recipientId } = target;
  if (recipientId === null) return { message: NOTIFICATION_MESSAGES.recorded, notificationId: null };
  const notificationId = await ctx.db.transaction((tx) =>
    notify(tx, {
      recipientId,
      actorId: actor.id,
      type: 'like',
      content: target.content,
      link: target.link,
      groupId: target.groupId,
      discussionId: target.discussionId,
      blogId: target.blogId,
    }),
  );
  return { message: NOTIFICATION_MESSAGES.recorded, notificationId };
}

type LikedObject = {
  recipientId: number | null;
  liked: boolean;
  content: string;
  link: string;
  groupId: number;
  discussionId: number | null;
  blogId: number | null;
};

/** The discussion or blog a like report's link names, read with the caller's rights (404 absent, 403 private). */
async function likedObject(ctx: AppContext, actor: SignedIn, link: string): Promise<LikedObject> {
  const discussion = parseDiscussionLink(link);
  const blog = discussion ? null : parseBlogLink(link);
  if (!discussion && !blog) throw AppError.badRequest(NOTIFICATION_MESSAGES.invalidLink, { noti_link: NOTIFICATION_MESSAGES.invalidLink });
  const { group, role } = await resolveGroupForViewer(ctx, actor, discussion ? String(discussion.groupId) : blog!.group);
  authorizeCommunity(actor, 'read', group, role);
  if (discussion) {
    const found = await findDiscussionLike(ctx.db, { groupId: group.id, discussionId: discussion.discussionId, viewerId: actor.id });
    if (!found) throw AppError.notFound('Discussion not found');
    return {
      recipientId: found.authorId,
      liked: found.liked,
      content: `${actor.username} liked your post`,
      link: discussionLink(group.id, discussion.discussionId),
      groupId: group.id,
      discussionId: discussion.discussionId,
      blogId: null,
    };
  }
  const found = await findBlogLike(ctx.db, { groupId: group.id, blogId: blog!.blogId, viewerId: actor.id });
  if (!found) throw AppError.notFound('Blog post not found');
  return {
    recipientId: found.authorId,
    liked: found.liked,
    content: `${actor.username} liked your blog post`,
    link: blogWebPath(group.slug, blog!.blogId),
    groupId: group.id,
    discussionId: null,
    blogId: blog!.blogId,
  };
}
