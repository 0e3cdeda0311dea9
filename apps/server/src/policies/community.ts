import { type CommunityAbilities, GROUP_MESSAGES, isStaff, type Role } from '@agora/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { UserRow } from '../db/schema';
import { AppError } from '../lib/app-error';

/**
 * Policy of a community (a group in code): who may read its content, contribute, moderate it and change it. The
 * one place these rules are written; services call `authorizeCommunity` before acting and answer the viewer's
 * `communityAbilities`, which the web shows instead of recomputing roles (docs/decisions, "one policy per resource").
 */

/** Whom a policy decides for: the signed-in user (only the id matters), or null for a visitor. */
export type Viewer = Pick<UserRow, 'id'> | null;

/** What a community policy needs to know of the community. */
export type CommunityFacts = { isPrivate: boolean; ownerId: number };

/** The community's owner: owner_id (SPEC §6), whatever the membership row says. */
export function isCommunityOwner(actor: Viewer, group: CommunityFacts): actor is NonNullable<Viewer> {
  return actor !== null && group.ownerId === actor.id;
}

/**
 * Owner or admin (not moderator): may delete anyone's post or comment, pin posts, and publish blogs (SPEC §6).
 * `ownerId` counts too, so an owner without a membership row is recognised.
 */
export function isOwnerOrAdmin(actor: Viewer, group: Pick<CommunityFacts, 'ownerId'>, role: Role | null): boolean {
  return (actor !== null && actor.id === group.ownerId) || role === 'owner' || role === 'admin';
}

/** Owner, admin or moderator: answers join requests, invites, removes members (contract `isStaff`). */
export function isCommunityStaff(role: Role | null): boolean {
  return isStaff(role);
}

/** A member of the community (any role), or its owner. */
export function isCommunityMember(actor: Viewer, group: CommunityFacts, role: Role | null): boolean {
  return role !== null || isCommunityOwner(actor, group);
}

/**
 * SPEC §2/§4 "private means private": a public community's content is readable by anyone; a private one's only
 * by its members (the owner is one, and is also recognised by owner_id).
 */
export function canReadCommunity(actor: Viewer, group: CommunityFacts, role: Role | null): boolean {
  return !group.isPrivate || isCommunityMember(actor, group, role);
}

/**
 * The read rule in SQL, for statements that filter on it (the members page, posts and comments): the same rule as
 * `canReadCommunity`. `viewer` is the viewer's id (0 for visitors), `viewerRole` their membership's role or NULL.
 */
export function readableCommunitySql(g: { isPrivate: SQL; ownerId: SQL }, viewerRole: SQL, viewer: SQL): SQL {
  return sql`(NOT ${g.isPrivate} OR ${viewerRole} IS NOT NULL OR ${g.ownerId} = ${viewer})`;
}

/** read, contribute, moderate, manage, update: see the contract's communityAbilitiesSchema. */
export type { CommunityAbilities };
export type CommunityAction = keyof CommunityAbilities;

/** What the viewer may do in this community. */
export function communityAbilities(actor: Viewer, group: CommunityFacts, role: Role | null): CommunityAbilities {
  const member = isCommunityMember(actor, group, role);
  return {
    read: canReadCommunity(actor, group, role),
    contribute: member,
    moderate: isCommunityStaff(role),
    manage: isOwnerOrAdmin(actor, group, role),
    update: isCommunityOwner(actor, group),
  };
}

const REFUSALS: Record<CommunityAction, string> = {
  read: GROUP_MESSAGES.privateContent,
  contribute: GROUP_MESSAGES.notMember,
  moderate: GROUP_MESSAGES.staffOnly,
  manage: GROUP_MESSAGES.noPermission,
  update: GROUP_MESSAGES.ownerOnly,
};

/**
 * Refuses (403 with the action's message, or `message`) what the viewer may not do. A visitor is refused by the
 * route's sign-in check before this runs where the action needs an account.
 */
export function authorizeCommunity(
  actor: Viewer,
  action: CommunityAction,
  group: CommunityFacts,
  role: Role | null,
  message: string = REFUSALS[action],
): void {
  if (!communityAbilities(actor, group, role)[action]) throw AppError.forbidden(message);
}
