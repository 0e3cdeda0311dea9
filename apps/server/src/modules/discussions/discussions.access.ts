import { DISCUSSION_MESSAGES, parsePathId } from '@agora/contract';
import type { Actor } from '../../context';
import { AppError } from '../../lib/app-error';
import { pgErrorOf } from '../../lib/pg-errors';
import { groupNotFound, parseGroupRef } from '../groups/groups.access';
import { authorizeCommunity } from '../../policies/community';
import type { DbOrTx } from '../../db/client';
import { refuseUnlessBanned } from '../moderation/bans.access';
import type { GroupAccess, GroupRef } from './discussions.queries';

/**
 * The checks every discussions service makes, in one place: which community and post a path names, who may read
 * them (the communities issue's rule), and how a write that lost a race with a deletion is answered.
 */

export function discussionNotFound(): AppError {
  return AppError.notFound(DISCUSSION_MESSAGES.notFound, 'discussion_not_found');
}

export function commentNotFound(): AppError {
  return AppError.notFound(DISCUSSION_MESSAGES.commentNotFound, 'comment_not_found');
}

/** A path's community; 404 `group_not_found` when it cannot name one. */
export function groupRefOf(idOrSlug: string): GroupRef {
  const ref = parseGroupRef(idOrSlug);
  if (!ref) throw groupNotFound();
  return ref;
}

/** A path's post id; anything malformed names no post (404, never a 400 or a 500). */
export function discussionIdOf(value: string): number {
  const id = parsePathId(value);
  if (id === null) throw discussionNotFound();
  return id;
}

export function commentIdOf(value: string): number {
  const id = parsePathId(value);
  if (id === null) throw commentNotFound();
  return id;
}

/** The community exists (else 404) and the actor may read its content (else 403, SPEC §6 private communities). */
export function assertReadable(access: GroupAccess | null, actor: Actor): asserts access is GroupAccess {
  if (!access) throw groupNotFound();
  authorizeCommunity(actor, 'read', access, access.viewerRole);
}

/**
 * Posting, commenting and liking: the community's members and its owner only (SPEC §6); a person banned from the
 * community is refused with the ban's message instead (moderation/bans.access.ts). 401 for visitors.
 */
export async function assertCanContribute(
  db: DbOrTx,
  access: GroupAccess,
  actor: Actor,
  messages: { visitor: string; outsider: string },
): Promise<void> {
  if (!actor) throw AppError.unauthorized(messages.visitor);
  await refuseUnlessBanned(db, access.groupId, actor.id, () =>
    authorizeCommunity(actor, 'contribute', access, access.viewerRole, messages.outsider),
  );
}

// The write-retry wrapper moved to lib/ when communities needed it too; re-exported for this feature's callers.
export { withWriteRetry } from '../../lib/write-retry';

/** A foreign-key violation: the row a write pointed at (a post, a comment) was deleted in the meantime. */
export function isGoneError(error: unknown): boolean {
  return pgErrorOf(error)?.code === '23503';
}

// The comments module reads a post's comment page and its write target through here (one community check, in the
// discussions statements).
export { findComments, findWriteTarget, type WriteTarget } from './discussions.queries';

// Search (modules/search) shows its hits as the feeds' and comment pages' cards, loaded by id through here.
export { findCommentCards, findDiscussionCards, type CommentCardRow } from './discussions.queries';
