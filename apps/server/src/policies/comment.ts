import { type CommentAbilities, DISCUSSION_MESSAGES, type Role } from '@agora/contract';
import { AppError } from '../lib/app-error';
import { type CommunityFacts, type Viewer, isOwnerOrAdmin } from './community';

/** Policy of a comment: its author, the community's owner or an admin deletes it (SPEC §6); nobody edits one. */

export type CommentFacts = { authorId: number; community: Pick<CommunityFacts, 'ownerId'>; viewerRole: Role | null };
export type CommentAction = Exclude<keyof CommentAbilities, 'remove' | 'restore'>;

/**
 * `manager`: the viewer is the community's owner or an admin, computed once for a page of comments
 * (`isOwnerOrAdmin`); the author check is per comment.
 */
export function commentAbilities(actor: Viewer, comment: { authorId: number }, manager: boolean): CommentAbilities {
  return { delete: manager || (actor !== null && actor.id === comment.authorId) };
}

export function authorizeComment(actor: Viewer, action: CommentAction, comment: CommentFacts): void {
  const abilities = commentAbilities(actor, comment, isOwnerOrAdmin(actor, comment.community, comment.viewerRole));
  if (!abilities[action]) throw AppError.forbidden(DISCUSSION_MESSAGES.cannotDeleteComment);
}
