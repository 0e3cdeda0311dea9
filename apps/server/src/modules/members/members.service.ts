import {
  type AssignableRole,
  type AssignRoleResponse,
  GROUP_MESSAGES,
  GROUP_NOTIFICATION_TEXTS,
  isStaff,
  type MemberCountResponse,
  type MembersResponse,
  type MembershipResponse,
  PAGE_SIZE_DEFAULT,
  type Role,
  ROLES,
  type TransferResponse,
} from '@agora/contract';
import type { Actor, AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { decodeCursor, encodeCursor } from '../../lib/cursor';
import { authorizeCommunity } from '../../policies/community';
import { authorizeMembership } from '../../policies/membership';
import { assertNotBanned } from '../moderation/bans.access';
import { recordModAction } from '../moderation/modlog';
import { notify } from '../notifications/notifications.writer';
import {
  assertOwner,
  assertStaff,
  groupNotFound,
  lockGroup,
  parseGroupRef,
  resolveGroup,
  resolveGroupForViewer,
} from '../groups/groups.access';
import { toMember } from './members.mapper';
import {
  findMember,
  findMembersPage,
  findRole,
  lockMembership,
  memberCountOf,
  moveMemberCount,
  removeMember,
  setOwner,
  setRole,
  staffIdsOf,
} from './members.queries';
import { insertJoinRequest } from './join-requests.queries';
import { deleteInvitesSentBy, lockValidInvite } from './invitations.queries';
import { admit, announceMembership, membersWebPath, membershipTx, notifyMember, withdrawRequest, type GroupPath } from './membership';

/**
 * Membership and roles: join, leave, the members page, kick, roles, ownership (join requests and invitations have
 * their own services beside this one). Every change goes through membership.ts's lock and transaction.
 */

// ---------------------------------------------------------------------------------------------------------------
// Join, leave

/**
 * POST /api/groups/{id}/join. A public community: a member at once. A private one: a pending request (staff
 * approve it). Already a member (the owner included): nothing changes, never a second row or a demotion.
 */
/** The owner, admins and moderators of a community (who still see what staff removed there). */
export function communityStaffIds(ctx: AppContext, groupId: number): Promise<number[]> {
  return staffIdsOf(ctx.db, groupId);
}

export async function joinGroup(ctx: AppContext, actor: Actor, input: GroupPath): Promise<MembershipResponse> {
  if (!actor) throw AppError.unauthorized(GROUP_MESSAGES.loginToJoin);
  await ctx.limiters.membershipChangesPerUser.consume(String(actor.id));
  const { group, role } = await resolveGroupForViewer(ctx, actor, input.group);
  if (role !== null) return { message: GROUP_MESSAGES.joined, isMember: true, status: 'member', member_count: group.memberCount };
  // A private community: a request, unless someone who is still staff invited this person (then the invitation
  // lets them in). Checked under the membership lock with the sender's row locked (lockValidInvite): a kick,
  // demotion or revoke committed before the check makes it a request, one after it waits for this admission.
  const admitted = await membershipTx(ctx, async (tx) => {
    await lockMembership(tx, group.id, actor.id);
    // A ban keeps them out (join, request, invitation alike); checked under the lock a ban takes too.
    await assertNotBanned(tx, group.id, actor.id);
    if (!group.isPrivate || (await lockValidInvite(tx, group.id, actor.id))) return admit(tx, group, actor, actor);
    if (!(await insertJoinRequest(tx, group.id, actor.id))) return null;
    // A new request reaches the owner and every admin and moderator (a repeat notifies nobody again).
    for (const staffId of await staffIdsOf(tx, group.id)) {
      await notify(tx, {
        recipientId: staffId,
        actorId: actor.id,
        type: 'join_request',
        content: GROUP_NOTIFICATION_TEXTS.joinRequest(actor.username, group.groupName),
        link: membersWebPath(group),
        groupId: group.id,
      });
    }
    return null;
  });
  if (!admitted) return { message: GROUP_MESSAGES.requested, isMember: false, status: 'requested', member_count: group.memberCount };
  const { memberCount } = admitted;
  announceMembership(ctx, group.id, actor.id, memberCount);
  return { message: GROUP_MESSAGES.joined, isMember: true, status: 'member', member_count: memberCount };
}

/**
 * POST /api/groups/{id}/leave: removes the membership (and any pending request). The owner cannot leave (ownership
 * moves first). Not a member: nothing changes, the answer says so.
 */
export async function leaveGroup(ctx: AppContext, actor: Actor, input: GroupPath): Promise<MembershipResponse> {
  if (!actor) throw AppError.unauthorized(GROUP_MESSAGES.loginToManage);
  await ctx.limiters.membershipChangesPerUser.consume(String(actor.id));
  const group = await resolveGroup(ctx, input.group);
  if (group.ownerId === actor.id) throw new AppError(400, 'owner_cannot_leave', GROUP_MESSAGES.ownerCannotLeave);
  const memberCount = await membershipTx(ctx, async (tx) => {
    await lockMembership(tx, group.id, actor.id);
    const removed = await removeMember(tx, group.id, actor.id);
    await withdrawRequest(tx, group.id, actor.id);
    // A person who is no longer staff of a community: the invitations they sent there stop (issue 12 §1.8).
    if (removed) await deleteInvitesSentBy(tx, group.id, actor.id);
    return removed ? moveMemberCount(tx, group.id, -1, false) : memberCountOf(tx, group.id);
  });
  announceMembership(ctx, group.id, actor.id, memberCount);
  return { message: GROUP_MESSAGES.left, isMember: false, status: 'none', member_count: memberCount };
}

// ---------------------------------------------------------------------------------------------------------------
// Members page

const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

/**
 * GET /groups/{id}/members: owner, admins, moderators, members (each by join date, then id), optionally only
 * usernames containing `search` (case-insensitive), keyset-paginated. Private: members only (403 otherwise).
 * The group, the viewer's role and the page come from one statement.
 */
export async function listMembers(
  ctx: AppContext,
  actor: Actor,
  input: GroupPath & { search?: string; cursor?: string; limit?: number },
): Promise<MembersResponse> {
  const ref = parseGroupRef(input.group);
  if (!ref) throw groupNotFound();
  const decoded = decodeCursor(input.cursor, ['string', 'ts', 'int'] as const);
  if (decoded && !isRole(decoded[0])) throw AppError.badRequest('Invalid cursor', { cursor: 'Invalid cursor' });
  const limit = input.limit ?? PAGE_SIZE_DEFAULT;
  const page = await findMembersPage(ctx.db, ref, actor?.id ?? 0, {
    cursor: decoded ? { role: decoded[0] as Role, joinedAt: decoded[1], userId: decoded[2] } : null,
    search: input.search || null,
    limit: limit + 1,
  });
  if (!page.found) throw groupNotFound();
  authorizeCommunity(actor, 'read', page, page.viewerRole);
  const rows = page.members.slice(0, limit);
  const last = rows.at(-1);
  return {
    members: rows.map(toMember),
    nextCursor: page.members.length > limit && last ? encodeCursor([last.role, last.joinedAt, last.id]) : null,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Kick, roles, ownership (SPEC §6 rank rules: contract roles.ts)

function memberNotFound(): AppError {
  return new AppError(404, 'member_not_found', GROUP_MESSAGES.memberNotFound);
}

/** The actor's and the target's roles in this community; 404 when the target is not one of its members. */
async function actorAndTarget(ctx: AppContext, actor: Actor, input: GroupPath & { memberId: number }) {
  if (!actor) throw AppError.unauthorized();
  const { group, role } = await resolveGroupForViewer(ctx, actor, input.group);
  assertStaff(actor, group, role);
  const target = await findMember(ctx.db, group.id, input.memberId);
  if (!target) throw memberNotFound();
  return { group, actorRole: role!, target, actor };
}

/**
 * POST /api/groups/{id}/kick: staff remove a member they strictly outrank (never the owner). The row is deleted
 * only if both roles are still those checked, and the count moves with it.
 */
export async function kickMember(ctx: AppContext, actor: Actor, input: GroupPath & { memberId: number }): Promise<MemberCountResponse> {
  const { group, actorRole, target, actor: kicker } = await actorAndTarget(ctx, actor, input);
  authorizeMembership(actorRole, { kind: 'kick' }, target.role);
  const memberCount = await membershipTx(ctx, async (tx) => {
    await lockMembership(tx, group.id, target.id);
    if ((await findRole(tx, group.id, kicker.id)) !== actorRole) throw AppError.forbidden(GROUP_MESSAGES.noPermission);
    if (!(await removeMember(tx, group.id, target.id, target.role))) throw memberNotFound();
    await deleteInvitesSentBy(tx, group.id, target.id); // their invitations stop with their rights (§1.8)
    await notifyMember(tx, group, {
      recipientId: target.id,
      by: kicker,
      type: 'member_removed',
      content: GROUP_NOTIFICATION_TEXTS.removed(group.groupName),
    });
    await recordModAction(tx, {
      groupId: group.id,
      actorId: kicker.id,
      action: 'kick',
      targetType: 'user',
      targetId: target.id,
      targetUserId: target.id,
    });
    return moveMemberCount(tx, group.id, -1, false);
  });
  announceMembership(ctx, group.id, target.id, memberCount);
  return { message: GROUP_MESSAGES.kicked(target.username), member_count: memberCount };
}

/**
 * POST /api/groups/{id}/assign-role: a new role below the actor's, different from the current one, for a member
 * the actor strictly outranks; only the owner grants admin; the owner is never demoted.
 */
export async function assignRole(
  ctx: AppContext,
  actor: Actor,
  input: GroupPath & { memberId: number; newRole: AssignableRole },
): Promise<AssignRoleResponse> {
  const { group, actorRole, target, actor: assigner } = await actorAndTarget(ctx, actor, input);
  authorizeMembership(actorRole, { kind: 'assignRole', newRole: input.newRole }, target.role);
  await membershipTx(ctx, async (tx) => {
    await lockMembership(tx, group.id, target.id);
    if ((await findRole(tx, group.id, assigner.id)) !== actorRole) throw AppError.forbidden(GROUP_MESSAGES.noPermission);
    if (!(await setRole(tx, group.id, target.id, target.role, input.newRole))) throw memberNotFound();
    if (!isStaff(input.newRole)) await deleteInvitesSentBy(tx, group.id, target.id); // §1.8
    await notifyMember(tx, group, {
      recipientId: target.id,
      by: assigner,
      type: 'role_changed',
      content: GROUP_NOTIFICATION_TEXTS.roleChanged(input.newRole, group.groupName),
    });
    await recordModAction(tx, {
      groupId: group.id,
      actorId: assigner.id,
      action: 'role_change',
      targetType: 'user',
      targetId: target.id,
      targetUserId: target.id,
      detail: `${target.role} → ${input.newRole}`,
    });
  });
  return {
    message: GROUP_MESSAGES.roleUpdated(input.newRole),
    member: toMember({ ...target, role: input.newRole }),
  };
}

/**
 * POST /api/groups/{id}/transfer: the owner hands the community to one of its admins; the old owner becomes an
 * admin. Both (group, user) pairs are locked first, in user id order, then both membership rows and
 * groups.owner_id change in one transaction (the old owner's row first: at most one owner row may exist), and
 * both people are told their new role (each notification from the other one).
 */
export async function transferOwnership(ctx: AppContext, actor: Actor, input: GroupPath & { memberId: number }): Promise<TransferResponse> {
  const { memberId } = input;
  if (!actor) throw AppError.unauthorized();
  const group = await resolveGroup(ctx, input.group);
  assertOwner(actor, group);
  const owner = actor;
  const target = await findMember(ctx.db, group.id, memberId);
  if (!target) throw memberNotFound();
  authorizeMembership('owner', { kind: 'transfer' }, target.role);
  await membershipTx(ctx, async (tx) => {
    for (const userId of [owner.id, target.id].sort((a, b) => a - b)) await lockMembership(tx, group.id, userId);
    if (!(await setRole(tx, group.id, owner.id, 'owner', 'admin'))) throw AppError.forbidden(GROUP_MESSAGES.ownerOnly);
    if (!(await setRole(tx, group.id, target.id, 'admin', 'owner')))
      throw AppError.badRequest(GROUP_MESSAGES.transferToAdminOnly, { memberId: GROUP_MESSAGES.transferToAdminOnly });
    const locked = await lockGroup(tx, group.id);
    if (!locked) throw groupNotFound();
    assertOwner(owner, locked);
    await setOwner(tx, group.id, target.id);
    await notifyMember(tx, locked, {
      recipientId: target.id,
      by: owner,
      type: 'role_changed',
      content: GROUP_NOTIFICATION_TEXTS.roleChanged('owner', locked.groupName),
    });
    await notifyMember(tx, locked, {
      recipientId: owner.id,
      by: target,
      type: 'role_changed',
      content: GROUP_NOTIFICATION_TEXTS.roleChanged('admin', locked.groupName),
    });
    await recordModAction(tx, {
      groupId: group.id,
      actorId: owner.id,
      action: 'role_change',
      targetType: 'user',
      targetId: target.id,
      targetUserId: target.id,
      detail: 'admin → owner',
    });
  });
  return { message: GROUP_MESSAGES.transferred(target.username), owner_id: target.id };
}
