import { outranks, REMOVAL_MESSAGES, type RemovalAbilities, type Role } from '@agora/contract';
import { sql, type SQL } from 'drizzle-orm';
import { AppError } from '../lib/app-error';
import type { SignedIn } from '../context';
import { type CommunityFacts, isCommunityStaff, type Viewer } from './community';
import { isSiteAdmin } from './site';

/**
 * Policy of a removal (issue 15 §3, decision 0111): the community's staff (owner, admin, moderator) remove and
 * restore a discussion, comment or blog whose author they outrank (the §6 ranks: the owner anyone's, an admin a
 * moderator's or a member's, a moderator a member's; someone no longer a member counts as a member). A removed item
 * is seen only by its author and the community's staff; everyone else is answered as if it did not exist.
 */

/** The viewer's rank in the community: the owner by owner_id, whatever the membership row says. */
function rankRole(id: number | null, community: Pick<CommunityFacts, 'ownerId'>, role: Role | null): Role | null {
  return id !== null && id === community.ownerId ? 'owner' : role;
}

export type RemovalFacts = {
  authorId: number | null;
  /** The author's membership role now (null: not a member, or the account is gone). */
  authorRole: Role | null;
  community: Pick<CommunityFacts, 'ownerId'>;
  viewerRole: Role | null;
  removed: boolean;
};

/** Staff of the community (the owner by owner_id too). */
export function isStaffOf(actor: Viewer, community: Pick<CommunityFacts, 'ownerId'>, role: Role | null): boolean {
  return actor !== null && isCommunityStaff(rankRole(actor.id, community, role));
}

/** May moderate this item at all: staff outranking its author, or a site admin (issue 15 §8: any content). */
function mayModerate(actor: Viewer, item: RemovalFacts): boolean {
  if (actor === null || actor.id === item.authorId) return false;
  if ('siteAdmin' in actor && isSiteAdmin(actor as SignedIn)) return true;
  const actorRole = rankRole(actor.id, item.community, item.viewerRole);
  return isCommunityStaff(actorRole) && outranks(actorRole, rankRole(item.authorId, item.community, item.authorRole));
}

export function removalAbilities(actor: Viewer, item: RemovalFacts): Required<RemovalAbilities> {
  const moderate = mayModerate(actor, item);
  return { remove: moderate && !item.removed, restore: moderate && item.removed };
}

/** Whether the viewer may see the item although it is removed: its author, the community's staff, a site admin. */
export function canSeeRemoved(actor: Viewer, item: Pick<RemovalFacts, 'authorId' | 'community' | 'viewerRole'>): boolean {
  if (actor !== null && 'siteAdmin' in actor && isSiteAdmin(actor as SignedIn)) return true;
  return actor !== null && (actor.id === item.authorId || isStaffOf(actor, item.community, item.viewerRole));
}

/**
 * 404 (`notFound`) when the viewer may not see the item; 403 when they see it but may not remove (or restore) it;
 * 409 when it is already in the state asked for.
 */
export function authorizeRemoval(actor: Viewer, action: 'remove' | 'restore', item: RemovalFacts, notFound: () => AppError): void {
  if (item.removed && !canSeeRemoved(actor, item)) throw notFound();
  if (!mayModerate(actor, item)) throw AppError.forbidden(REMOVAL_MESSAGES.forbidden);
  if (action === 'remove' && item.removed) throw AppError.conflict('already_removed', REMOVAL_MESSAGES.alreadyRemoved);
  if (action === 'restore' && !item.removed) throw AppError.conflict('not_removed', REMOVAL_MESSAGES.notRemoved);
}

/**
 * The visibility rule in SQL, for statements that list or read items: not removed, or the viewer is its author, or
 * the viewer is staff of its community (owner by owner_id, or an owner, admin or moderator row). `viewer` is the
 * viewer's id (0 for visitors). The cheap test comes first: a visible item never runs the subqueries.
 */
export function visibleItemSql(item: { removedAt: SQL; authorId: SQL; groupId: SQL }, viewer: SQL): SQL {
  return sql`(${item.removedAt} IS NULL OR ${item.authorId} = ${viewer}
    OR EXISTS (SELECT 1 FROM groups sg WHERE sg.id = ${item.groupId} AND sg.owner_id = ${viewer})
    OR EXISTS (SELECT 1 FROM group_members sm WHERE sm.group_id = ${item.groupId} AND sm.user_id = ${viewer}
      AND sm.role IN ('owner', 'admin', 'moderator')))`;
}
