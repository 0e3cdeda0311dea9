import { BLOG_MESSAGES, type BlogAbilities, canCreateBlog, canManageBlog, type Role } from '@agora/contract';
import { AppError } from '../lib/app-error';
import { type CommunityFacts, type Viewer, isCommunityMember, isCommunityOwner } from './community';

/**
 * Policy of a blog (SPEC §6): the owner and admins publish; the owner edits and deletes any blog, an admin their
 * own; members and the owner like. The rules themselves are the contract's (`canCreateBlog`, `canManageBlog`),
 * shared with the web's editor.
 */

export type BlogAction = Exclude<keyof BlogAbilities, 'remove' | 'restore'> | 'create';

/** `authorId` null for a blog not written yet (create). */
export function blogAbilities(actor: Viewer, community: CommunityFacts, role: Role | null, authorId: number | null): BlogAbilities {
  const manage = actor !== null && canManageBlog({ id: actor.id, role, isOwner: isCommunityOwner(actor, community) }, authorId);
  return { edit: manage, delete: manage, like: isCommunityMember(actor, community, role) };
}

const REFUSALS: Record<BlogAction, string> = {
  create: BLOG_MESSAGES.createForbidden,
  edit: BLOG_MESSAGES.editForbidden,
  delete: BLOG_MESSAGES.editForbidden,
  like: BLOG_MESSAGES.memberToLike,
};

export function authorizeBlog(
  actor: Viewer,
  action: BlogAction,
  community: CommunityFacts,
  role: Role | null,
  authorId: number | null,
): void {
  const allowed =
    action === 'create'
      ? canCreateBlog(actor ? { role, isOwner: isCommunityOwner(actor, community) } : null)
      : blogAbilities(actor, community, role, authorId)[action];
  if (!allowed) throw AppError.forbidden(REFUSALS[action]);
}
