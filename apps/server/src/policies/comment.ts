import { type CommentAbilities, DISCUSSION_MESSAGES, type Role } from '@agora/contract';
import { AppError } from '../lib/app-error';
import { type CommunityFacts, type Viewer, isOwnerOrAdmin } from './community';

/**
 * Policy of a comment: its author edits it (issue 15 §1); its author, the community's owner or an admin deletes it
 * (SPEC §6). A comment already deleted (kept as "[deleted]" for its replies) can be neither. Its history is read by
 * whoever reads the post (the community's read rule, discussions.access.ts `assertReadable`).
 */

export type CommentFacts = {
  authorId: number;
  deleted?: boolean;
  community: Pick<CommunityFacts, 'ownerId'>;
  viewerRole: Role | null;
};
export type CommentAction = Exclude<keyof CommentAbilities, 'remove' | 'restore'>;

/**
 * `manager`: the viewer is the community's owner or an admin, computed once for a page of comments
 * (`isOwnerOrAdmin`); the author check is per comment.
 */
export function commentAbilities(actor: Viewer, comment: { authorId: number; deleted?: boolean }, manager: boolean): CommentAbilities {
  if (comment.deleted) return { edit: false, delete: false };
  const author = actor !== null && actor.id === comment.authorId;
  return { edit: author, delete: manager || author };
}

const REFUSALS: Record<CommentAction, string> = {
  edit: DISCUSSION_MESSAGES.authorOnlyEditComment,
  delete: DISCUSSION_MESSAGES.cannotDeleteComment,
};

export function authorizeComment(actor: Viewer, action: CommentAction, comment: CommentFacts): void {
  const abilities = commentAbilities(actor, comment, isOwnerOrAdmin(actor, comment.community, comment.viewerRole));
  if (!abilities[action]) throw AppError.forbidden(REFUSALS[action]);
}
