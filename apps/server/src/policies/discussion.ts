import { DISCUSSION_MESSAGES, type DiscussionAbilities, type Role } from '@agora/contract';
import { AppError } from '../lib/app-error';
import { type CommunityFacts, type Viewer, isOwnerOrAdmin } from './community';

/**
 * Policy of a discussion (a post): its author edits it; its author, the community's owner or an admin deletes it;
 * the owner or an admin pins it (SPEC §6). Moderators have no say over posts.
 */

export type DiscussionFacts = { authorId: number; community: Pick<CommunityFacts, 'ownerId'>; viewerRole: Role | null };
export type DiscussionAction = Exclude<keyof DiscussionAbilities, 'like' | 'remove' | 'restore'>;

export function discussionAbilities(actor: Viewer, post: DiscussionFacts): DiscussionAbilities {
  const author = actor !== null && actor.id === post.authorId;
  const manager = isOwnerOrAdmin(actor, post.community, post.viewerRole);
  // The owner has a member row too (decision 0002): a role means a member.
  const member = actor !== null && (post.viewerRole !== null || actor.id === post.community.ownerId);
  return { edit: author, delete: author || manager, pin: manager, like: member };
}

const REFUSALS: Record<DiscussionAction, string> = {
  edit: DISCUSSION_MESSAGES.authorOnlyEdit,
  delete: DISCUSSION_MESSAGES.cannotDelete,
  pin: DISCUSSION_MESSAGES.cannotPin,
};

/** 403 with the action's message when the viewer may not. */
export function authorizeDiscussion(actor: Viewer, action: DiscussionAction, post: DiscussionFacts): void {
  if (!discussionAbilities(actor, post)[action]) throw AppError.forbidden(REFUSALS[action]);
}
