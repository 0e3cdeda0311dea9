import {
  type AssignableRole,
  type AssignRoleResponse,
  assignRoleProblem,
  canTransferOwnership,
  GROUP_MESSAGES,
  GROUP_NOTIFICATION_TEXTS,
  groupWebPath,
  type InvitationsResponse,
  type InviteResponse,
  isStaff,
  type JoinRequestsResponse,
  kickProblem,
  type MemberActionProblem,
  type MemberCountResponse,
  type MembersResponse,
  type MembershipResponse,
  PAGE_SIZE_DEFAULT,
  type RespondInviteResponse,
  type Role,
  ROLES,
  type TransferResponse,
} from '@agora/contract';
import type { Actor, AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { decodeCursor, encodeCursor, keysetPage } from '../../lib/cursor';
import { withWriteRetry } from '../../lib/write-retry';
import { notify, signalUnreadChanged } from '../notifications/notifications.writer';
import { assertOwner, assertStaff, canReadGroup, groupNotFound, parseGroupRef, resolveGroup, resolveGroupForViewer } from './groups.access';
import { toInvitation, toJoinRequest, toMember } from './groups.mapper';
import {
  addMembers,
  deleteInvitation,
  deleteInvitesOf,
  deleteInvitesSentBy,
  deleteJoinRequest,
  deleteRequestNotifications,
  findGroupById,
  findInvitationsPage,
  findInvite,
  findJoinRequestsPage,
  findMember,
  findMembersPage,
  findRole,
  type GroupRow,
  insertJoinRequest,
  lockGroup,
  lockMembership,
  lockRoleOf,
  lockValidInvite,
  memberCountOf,
  moveMemberCount,
  pendingInviteExists,
  removeMember,
  setOwner,
  setRole,
  staffIdsOf,
  takeInvite,
  userExists,
} from './groups.queries';

/**
 * Membership and roles: join, leave, requests, invitations, kick, roles, ownership. Every change of one person's
 * membership takes that (group, user) pair's lock first (lockMembership), writes the membership, request and
 * invitation rows, and moves member_count (the group row) last, in one transaction retried on a deadlock.
 * Notifications of these events are written in the same transaction (notifications.writer).
 */

type Member = NonNullable<Actor>;

/** SPEC §3 new_follower: the owner learns that someone joined, unless the owner did it. In the caller's transaction. */
async function notifyOwnerOfJoin(tx: DbOrTx, group: GroupRow, newMember: { id: number; username: string }, by: Member): Promise<void> {
  if (by.id === group.ownerId || newMember.id === group.ownerId) return;
  // Once per member and community (the writer's deduplication): leaving and joining again does not notify twice.
  await notify(tx, {
    recipientId: group.ownerId,
    actorId: newMember.id,
    type: 'new_follower',
    content: `${newMember.username} joined ${group.groupName}`,
    link: groupWebPath(group.slug),
    groupId: group.id,
  });
}

/**
 * Adds one member (no-op if already one) and counts them; clears a pending request and invitation for them.
 * Returns whether a row was added and the count after.
 */
async function admit(tx: DbOrTx, group: GroupRow, user: { id: number; username: string }, by: Member) {
  const added = (await addMembers(tx, group.id, [user.id])).length > 0;
  await withdrawRequest(tx, group.id, user.id);
  if (await deleteInvitesOf(tx, group.id, user.id)) await signalUnreadChanged(tx, user.id);
  if (!added) return { added, memberCount: await memberCountOf(tx, group.id) };
  await notifyOwnerOfJoin(tx, group, user, by);
  // The counter last: its row lock (every join of this community waits for it) is then held only until commit.
  const memberCount = await moveMemberCount(tx, group.id, 1, true);
  return { added, memberCount };
}

/** Deletes a pending request and the notifications staff got about it; true when there was one. */
async function withdrawRequest(tx: DbOrTx, groupId: number, userId: number): Promise<boolean> {
  if (!(await deleteJoinRequest(tx, groupId, userId))) return false;
  await deleteRequestNotifications(tx, groupId, [userId]);
  return true;
}

/** The group page's link for a community's members (where staff answer requests). */
const membersWebPath = (group: GroupRow) => `${groupWebPath(group.slug)}/members`;

/** Tells a member what staff did to them (role change, removal), in the caller's transaction. */
async function notifyMember(
  tx: DbOrTx,
  group: GroupRow,
  input: {
    recipientId: number;
    by: Pick<Member, 'id'>;
    type: 'role_changed' | 'member_removed' | 'join_request_approved' | 'join_request_declined';
    content: string;
  },
): Promise<void> {
  await notify(tx, {
    recipientId: input.recipientId,
    actorId: input.by.id,
    type: input.type,
    content: input.content,
    link: groupWebPath(group.slug),
    groupId: group.id,
  });
}

/** A transaction retried when PostgreSQL picks it as a deadlock victim (the lock order makes that rare). */
function membershipTx<T>(ctx: AppContext, run: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return withWriteRetry(() => ctx.db.transaction(run));
}

// ---------------------------------------------------------------------------------------------------------------
// Join, leave, cancel

/**
 * POST /api/groups/{id}/join. A public community: a member at once. A private one: a pending request (staff
 * approve it). Already a member (the owner included): nothing changes, never a second row or a demotion.
 */
export async function joinGroup(ctx: AppContext, actor: Actor, idOrSlug: string): Promise<MembershipResponse> {
  if (!actor) throw AppError.unauthorized(GROUP_MESSAGES.loginToJoin);
  await ctx.limiters.membershipChangesPerUser.consume(String(actor.id));
  const { group, role } = await resolveGroupForViewer(ctx, actor, idOrSlug);
  if (role !== null) return { message: GROUP_MESSAGES.joined, isMember: true, status: 'member', member_count: group.memberCount };
  // A private community: a request, unless someone who is still staff invited this person (then the invitation
  // lets them in). Checked under the membership lock with the sender's row locked (lockValidInvite): a kick,
  // demotion or revoke committed before the check makes it a request, one after it waits for this admission.
  const admitted = await membershipTx(ctx, async (tx) => {
    await lockMembership(tx, group.id, actor.id);
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
  return { message: GROUP_MESSAGES.joined, isMember: true, status: 'member', member_count: memberCount };
}

/**
 * POST /api/groups/{id}/leave: removes the membership (and any pending request). The owner cannot leave (ownership
 * moves first). Not a member: nothing changes, the answer says so.
 */
export async function leaveGroup(ctx: AppContext, actor: Actor, idOrSlug: string): Promise<MembershipResponse> {
  if (!actor) throw AppError.unauthorized(GROUP_MESSAGES.loginToManage);
  await ctx.limiters.membershipChangesPerUser.consume(String(actor.id));
  const group = await resolveGroup(ctx, idOrSlug);
  if (group.ownerId === actor.id) throw new AppError(400, 'owner_cannot_leave', GROUP_MESSAGES.ownerCannotLeave);
  const memberCount = await membershipTx(ctx, async (tx) => {
    await lockMembership(tx, group.id, actor.id);
    const removed = await removeMember(tx, group.id, actor.id);
    await withdrawRequest(tx, group.id, actor.id);
    // A person who is no longer staff of a community: the invitations they sent there stop (issue 12 §1.8).
    if (removed) await deleteInvitesSentBy(tx, group.id, actor.id);
    return removed ? moveMemberCount(tx, group.id, -1, false) : memberCountOf(tx, group.id);
  });
  return { message: GROUP_MESSAGES.left, isMember: false, status: 'none', member_count: memberCount };
}

/** DELETE /api/groups/{id}/join: the requester withdraws a pending request (a member stays a member). */
export async function cancelJoinRequest(ctx: AppContext, actor: Actor, idOrSlug: string): Promise<MembershipResponse> {
  if (!actor) throw AppError.unauthorized(GROUP_MESSAGES.loginToManage);
  await ctx.limiters.membershipChangesPerUser.consume(String(actor.id));
  const { group, role } = await resolveGroupForViewer(ctx, actor, idOrSlug);
  await membershipTx(ctx, async (tx) => {
    await lockMembership(tx, group.id, actor.id);
    await withdrawRequest(tx, group.id, actor.id);
  });
  const isMember = role !== null;
  return {
    message: GROUP_MESSAGES.requestCancelled,
    isMember,
    status: isMember ? 'member' : 'none',
    member_count: group.memberCount,
  };
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
  idOrSlug: string,
  query: { search?: string; cursor?: string; limit?: number },
): Promise<MembersResponse> {
  const ref = parseGroupRef(idOrSlug);
  if (!ref) throw groupNotFound();
  const decoded = decodeCursor(query.cursor, ['string', 'ts', 'int'] as const);
  if (decoded && !isRole(decoded[0])) throw AppError.badRequest('Invalid cursor', { cursor: 'Invalid cursor' });
  const limit = query.limit ?? PAGE_SIZE_DEFAULT;
  const page = await findMembersPage(ctx.db, ref, actor?.id ?? 0, {
    cursor: decoded ? { role: decoded[0] as Role, joinedAt: decoded[1], userId: decoded[2] } : null,
    search: query.search || null,
    limit: limit + 1,
  });
  if (!page.found) throw groupNotFound();
  if (!canReadGroup(page, actor, page.viewerRole)) throw AppError.forbidden(GROUP_MESSAGES.privateContent);
  const rows = page.members.slice(0, limit);
  const last = rows.at(-1);
  return {
    members: rows.map(toMember),
    nextCursor: page.members.length > limit && last ? encodeCursor([last.role, last.joinedAt, last.id]) : null,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Join requests (staff)

/** GET /api/groups/{id}/requests: pending requests, oldest first, for the owner, admins and moderators. */
export async function listJoinRequests(
  ctx: AppContext,
  actor: Actor,
  idOrSlug: string,
  query: { cursor?: string; limit?: number },
): Promise<JoinRequestsResponse> {
  const { group, role } = await resolveGroupForViewer(ctx, actor, idOrSlug);
  await assertStaff(ctx, actor, group, role);
  const cursor = decodeCursor(query.cursor, ['ts', 'int'] as const);
  const limit = query.limit ?? PAGE_SIZE_DEFAULT;
  const rows = await findJoinRequestsPage(ctx.db, group.id, { cursor: cursor ? { ts: cursor[0], id: cursor[1] } : null, limit: limit + 1 });
  const { page, nextCursor } = keysetPage(rows, limit, (r) => [r.requestedAt, r.id]);
  return { requests: page.map(toJoinRequest), nextCursor };
}

/** POST /api/groups/{id}/requests/{userId}/approve: the requester becomes a member (counted) in one transaction. */
export async function approveJoinRequest(ctx: AppContext, actor: Actor, idOrSlug: string, userId: number): Promise<MemberCountResponse> {
  const { group, role } = await resolveGroupForViewer(ctx, actor, idOrSlug);
  await assertStaff(ctx, actor, group, role);
  const user = await userExists(ctx.db, userId);
  const staff = actor!;
  const memberCount = await membershipTx(ctx, async (tx) => {
    if (!user) throw new AppError(404, 'request_not_found', GROUP_MESSAGES.requestNotFound);
    await lockMembership(tx, group.id, user.id);
    if (!(await withdrawRequest(tx, group.id, userId))) throw new AppError(404, 'request_not_found', GROUP_MESSAGES.requestNotFound);
    const admitted = await admit(tx, group, user, staff);
    await notifyMember(tx, group, {
      recipientId: user.id,
      by: staff,
      type: 'join_request_approved',
      content: GROUP_NOTIFICATION_TEXTS.requestApproved(group.groupName),
    });
    return admitted.memberCount;
  });
  return { message: GROUP_MESSAGES.requestApproved(user!.username), member_count: memberCount };
}

/** POST /api/groups/{id}/requests/{userId}/decline: the request is deleted; the requester may ask again. */
export async function declineJoinRequest(ctx: AppContext, actor: Actor, idOrSlug: string, userId: number): Promise<MemberCountResponse> {
  const { group, role } = await resolveGroupForViewer(ctx, actor, idOrSlug);
  await assertStaff(ctx, actor, group, role);
  const staff = actor!;
  await membershipTx(ctx, async (tx) => {
    await lockMembership(tx, group.id, userId);
    if (!(await withdrawRequest(tx, group.id, userId))) throw new AppError(404, 'request_not_found', GROUP_MESSAGES.requestNotFound);
    await notifyMember(tx, group, {
      recipientId: userId,
      by: staff,
      type: 'join_request_declined',
      content: GROUP_NOTIFICATION_TEXTS.requestDeclined(group.groupName),
    });
  });
  return { message: GROUP_MESSAGES.requestDeclined, member_count: group.memberCount };
}

// ---------------------------------------------------------------------------------------------------------------
// Invitations

/**
 * POST /api/groups/{id}/invite: staff invite a user who is not a member; stored as a group_invite notification
 * (one pending invitation per user and community).
 */
export async function inviteToGroup(ctx: AppContext, actor: Actor, idOrSlug: string, userId: number): Promise<InviteResponse> {
  if (actor) await ctx.limiters.invitesPerUser.consume(String(actor.id));
  const { group, role } = await resolveGroupForViewer(ctx, actor, idOrSlug);
  await assertStaff(ctx, actor, group, role);
  const sender = actor!;
  const user = await userExists(ctx.db, userId);
  if (!user) throw AppError.notFound(GROUP_MESSAGES.userNotFound, 'user_not_found');
  const notificationId = await membershipTx(ctx, async (tx) => {
    await lockMembership(tx, group.id, userId);
    if (await findRole(tx, group.id, userId)) throw AppError.conflict('already_member', GROUP_MESSAGES.alreadyMember);
    if (await pendingInviteExists(tx, group.id, userId)) throw AppError.conflict('already_invited', GROUP_MESSAGES.alreadyInvited);
    // Never null: the sender is staff (a member), the invited person is not.
    const id = await notify(tx, {
      recipientId: userId,
      actorId: sender.id,
      type: 'group_invite',
      content: `${sender.username} invited you to join ${group.groupName}`,
      link: groupWebPath(group.slug),
      groupId: group.id,
    });
    return id!;
  });
  return { message: GROUP_MESSAGES.inviteSent, notificationId };
}

/**
 * POST /groups/respond-invite: the recipient accepts (joins, even a private community) or declines their own
 * group_invite notification; the invitation is deleted either way. Accepting requires that whoever sent it is
 * still staff of the community (issue 12 §1.8): an invitation from someone since demoted or removed is gone (404).
 */
export async function respondToInvite(
  ctx: AppContext,
  actor: Actor,
  input: { notificationId: number; accept: boolean },
): Promise<RespondInviteResponse> {
  if (!actor) throw AppError.unauthorized(GROUP_MESSAGES.loginToManage);
  const inviteNotFound = () => new AppError(404, 'invite_not_found', GROUP_MESSAGES.inviteNotFound);
  const invite = await findInvite(ctx.db, input.notificationId, actor.id);
  if (!invite) throw inviteNotFound();
  const result = await membershipTx(ctx, async (tx) => {
    await lockMembership(tx, invite.groupId, actor.id);
    // The sender's membership row is share-locked before the invitation is taken: a kick or demotion of the
    // sender either commits first (and has deleted the invitation) or waits for this answer.
    const stale = input.accept && !(invite.senderId !== null && isStaff(await lockRoleOf(tx, invite.groupId, invite.senderId)));
    const groupId = await takeInvite(tx, input.notificationId, actor.id);
    if (groupId === null) return null;
    await signalUnreadChanged(tx, actor.id);
    if (stale) return 'stale' as const;
    const group = await findGroupById(tx, groupId);
    if (!group) return null;
    if (!input.accept) return { group, isMember: (await findRole(tx, group.id, actor.id)) !== null };
    await admit(tx, group, actor, actor);
    return { group, isMember: true };
  });
  // A stale invitation is deleted (committed above) and answered like a missing one.
  if (result === null || result === 'stale') throw inviteNotFound();
  return {
    message: input.accept ? GROUP_MESSAGES.inviteAccepted : GROUP_MESSAGES.inviteDeclined,
    isMember: result.isMember,
    group_id: result.group.id,
    slug: result.group.slug,
  };
}

/** GET /api/groups/{id}/invitations: the community's pending invitations, oldest first, for staff. */
export async function listInvitations(
  ctx: AppContext,
  actor: Actor,
  idOrSlug: string,
  query: { cursor?: string; limit?: number },
): Promise<InvitationsResponse> {
  const { group, role } = await resolveGroupForViewer(ctx, actor, idOrSlug);
  await assertStaff(ctx, actor, group, role);
  const cursor = decodeCursor(query.cursor, ['ts', 'int'] as const);
  const limit = query.limit ?? PAGE_SIZE_DEFAULT;
  const rows = await findInvitationsPage(ctx.db, group.id, { cursor: cursor ? { ts: cursor[0], id: cursor[1] } : null, limit: limit + 1 });
  const { page, nextCursor } = keysetPage(rows, limit, (r) => [r.invitedAt, r.id]);
  return { invitations: page.map(toInvitation), nextCursor };
}

/** DELETE /api/groups/{id}/invitations/{invitationId}: staff revoke a pending invitation (404 if none is pending). */
export async function revokeInvitation(
  ctx: AppContext,
  actor: Actor,
  idOrSlug: string,
  invitationId: number,
): Promise<{ message: string }> {
  const { group, role } = await resolveGroupForViewer(ctx, actor, idOrSlug);
  await assertStaff(ctx, actor, group, role);
  const revoked = await membershipTx(ctx, async (tx) => {
    const invitee = await deleteInvitation(tx, group.id, invitationId);
    if (invitee !== null) await signalUnreadChanged(tx, invitee);
    return invitee !== null;
  });
  if (!revoked) throw new AppError(404, 'invite_not_found', GROUP_MESSAGES.inviteNotFound);
  return { message: GROUP_MESSAGES.inviteRevoked };
}

// ---------------------------------------------------------------------------------------------------------------
// Kick, roles, ownership (SPEC §6 rank rules: contract roles.ts)

function problemError(problem: MemberActionProblem): AppError {
  switch (problem) {
    case 'not_staff':
      return AppError.forbidden(GROUP_MESSAGES.staffOnly);
    case 'same_role':
      return AppError.badRequest(GROUP_MESSAGES.sameRole, { newRole: GROUP_MESSAGES.sameRole });
    default:
      return AppError.forbidden(GROUP_MESSAGES.noPermission);
  }
}

function memberNotFound(): AppError {
  return new AppError(404, 'member_not_found', GROUP_MESSAGES.memberNotFound);
}

/** The actor's and the target's roles in this community; 404 when the target is not one of its members. */
async function actorAndTarget(ctx: AppContext, actor: Actor, idOrSlug: string, memberId: number) {
  if (!actor) throw AppError.unauthorized();
  const { group, role } = await resolveGroupForViewer(ctx, actor, idOrSlug);
  await assertStaff(ctx, actor, group, role);
  const target = await findMember(ctx.db, group.id, memberId);
  if (!target) throw memberNotFound();
  return { group, actorRole: role!, target, actor };
}

/**
 * POST /api/groups/{id}/kick: staff remove a member they strictly outrank (never the owner). The row is deleted
 * only if both roles are still those checked, and the count moves with it.
 */
export async function kickMember(ctx: AppContext, actor: Actor, idOrSlug: string, memberId: number): Promise<MemberCountResponse> {
  const { group, actorRole, target, actor: kicker } = await actorAndTarget(ctx, actor, idOrSlug, memberId);
  const problem = kickProblem(actorRole, target.role);
  if (problem) throw problemError(problem);
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
    return moveMemberCount(tx, group.id, -1, false);
  });
  return { message: GROUP_MESSAGES.kicked(target.username), member_count: memberCount };
}

/**
 * POST /api/groups/{id}/assign-role: a new role below the actor's, different from the current one, for a member
 * the actor strictly outranks; only the owner grants admin; the owner is never demoted.
 */
export async function assignRole(
  ctx: AppContext,
  actor: Actor,
  idOrSlug: string,
  input: { memberId: number; newRole: AssignableRole },
): Promise<AssignRoleResponse> {
  const { group, actorRole, target, actor: assigner } = await actorAndTarget(ctx, actor, idOrSlug, input.memberId);
  const problem = assignRoleProblem(actorRole, target.role, input.newRole);
  if (problem) throw problemError(problem);
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
export async function transferOwnership(ctx: AppContext, actor: Actor, idOrSlug: string, memberId: number): Promise<TransferResponse> {
  if (!actor) throw AppError.unauthorized();
  const group = await resolveGroup(ctx, idOrSlug);
  assertOwner(actor, group);
  const owner = actor;
  const target = await findMember(ctx.db, group.id, memberId);
  if (!target) throw memberNotFound();
  if (!canTransferOwnership('owner', target.role))
    throw AppError.badRequest(GROUP_MESSAGES.transferToAdminOnly, { memberId: GROUP_MESSAGES.transferToAdminOnly });
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
  });
  return { message: GROUP_MESSAGES.transferred(target.username), owner_id: target.id };
}
