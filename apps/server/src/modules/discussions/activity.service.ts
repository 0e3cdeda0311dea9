import { type ActivityItem, type ActivityResponse, DISCUSSION_LIMITS, PROFILE_MESSAGES } from '@agora/contract';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { decodeCursor, encodeCursor } from '../../lib/cursor';
import { isOwnerOrAdminOf, toComment, toDiscussion } from './discussions.mapper';
import { findActivity } from './discussions.queries';

/**
 * GET /users/{id}/activity: what a person wrote (posts, comments and replies), newest first, keyset-paged. Only
 * what the viewer may read: the statement checks each entry's community (public, or the viewer is a member or its
 * owner), so a private community's content never reaches anyone else. 404 when the id names nobody.
 */
export async function listUserActivity(
  ctx: AppContext,
  actor: UserRow,
  input: { userId: number; cursor?: string; limit?: number },
): Promise<ActivityResponse> {
  const decoded = decodeCursor(input.cursor, ['ts', 'int', 'int'] as const);
  if (decoded && decoded[1] !== 0 && decoded[1] !== 1) throw AppError.badRequest('Invalid cursor', { cursor: 'Invalid cursor' });
  const limit = input.limit ?? DISCUSSION_LIMITS.feedPageDefault;
  const page = await findActivity(ctx.db, input.userId, actor.id, {
    cursor: decoded ? { ts: decoded[0], kind: decoded[1] as 0 | 1, id: decoded[2] } : null,
    limit: limit + 1,
  });
  if (!page.userFound) throw AppError.notFound(PROFILE_MESSAGES.userNotFound, 'user_not_found');

  const posts = new Map(page.discussions.map((row) => [row.id, row]));
  const comments = new Map(page.comments.map((row) => [row.id, row]));
  const entries = page.items.slice(0, limit);
  const items: ActivityItem[] = [];
  for (const { kind, id, discussionId } of entries) {
    const post = posts.get(discussionId);
    if (!post) continue; // deleted between the two halves of the statement: impossible in one snapshot, kept safe
    const discussion = toDiscussion(post, actor.id);
    if (kind === 1) {
      items.push({ type: 'discussion', date_posted: discussion.date_posted, discussion });
      continue;
    }
    const row = comments.get(id);
    if (!row) continue;
    const comment = toComment(row, actor.id, isOwnerOrAdminOf(actor.id, post.ownerId, post.viewerRole), post);
    items.push({ type: 'comment', date_posted: comment.date_posted, comment, discussion });
  }
  const last = entries.at(-1);
  return { items, nextCursor: page.items.length > limit && last ? encodeCursor([last.cursorTs, last.kind, last.id]) : null };
}
