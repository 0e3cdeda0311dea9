import {
  GROUP_MESSAGES,
  GROUP_NOTIFICATION_TEXTS,
  type JoinRequestsResponse,
  type MemberCountResponse,
  type MembershipResponse,
  PAGE_SIZE_DEFAULT,
} from '@agora/contract';
import type { Actor, AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { decodeCursor, keysetPage } from '../../lib/cursor';
import { assertStaff, resolveGroupForViewer } from '../groups/groups.access';
import { toJoinRequest } from './members.mapper';
import { lockMembership, userExists } from './members.queries';
import { findJoinRequestsPage } from './join-requests.queries';
import { recordModAction } from '../moderation/modlog';
import { admit, announceMembership, membershipTx, notifyMember, withdrawRequest, type GroupPath } from './membership';

/** Pending requests to join a private community: the requester withdraws one, staff list, approve and decline them. */

/** DELETE /api/groups/{id}/join: the requester withdraws a pending request (a member stays a member). */
export async function cancelJoinRequest(ctx: AppContext, actor: Actor, input: GroupPath): Promise<MembershipResponse> {
  if (!actor) throw AppError.unauthorized(GROUP_MESSAGES.loginToManage);
  await ctx.limiters.membershipChangesPerUser.consume(String(actor.id));
  const { group, role } = await resolveGroupForViewer(ctx, actor, input.group);
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
// Join requests (staff)

/** GET /api/groups/{id}/requests: pending requests, oldest first, for the owner, admins and moderators. */
export async function listJoinRequests(
  ctx: AppContext,
  actor: Actor,
  input: GroupPath & { cursor?: string; limit?: number },
): Promise<JoinRequestsResponse> {
  const { group, role } = await resolveGroupForViewer(ctx, actor, input.group);
  assertStaff(actor, group, role);
  const cursor = decodeCursor(input.cursor, ['ts', 'int'] as const);
  const limit = input.limit ?? PAGE_SIZE_DEFAULT;
  const rows = await findJoinRequestsPage(ctx.db, group.id, { cursor: cursor ? { ts: cursor[0], id: cursor[1] } : null, limit: limit + 1 });
  const { page, nextCursor } = keysetPage(rows, limit, (r) => [r.requestedAt, r.id]);
  return { requests: page.map(toJoinRequest), nextCursor };
}

const requestNotFound = () => new AppError(404, 'request_not_found', GROUP_MESSAGES.requestNotFound);

/** The community and the acting member of its staff (401 for a visitor, 403 for anyone else). */
async function staffOf(ctx: AppContext, actor: Actor, path: string) {
  const { group, role } = await resolveGroupForViewer(ctx, actor, path);
  assertStaff(actor, group, role);
  return { group, staff: actor! };
}

/** Under the requester's membership lock, deletes their pending request; 404 when there is none. */
async function takeRequest(tx: DbOrTx, groupId: number, userId: number): Promise<void> {
  await lockMembership(tx, groupId, userId);
  if (!(await withdrawRequest(tx, groupId, userId))) throw requestNotFound();
}

/** POST /api/groups/{id}/requests/{userId}/approve: the requester becomes a member (counted) in one transaction. */
export async function approveJoinRequest(
  ctx: AppContext,
  actor: Actor,
  input: GroupPath & { userId: number },
): Promise<MemberCountResponse> {
  const { group, staff } = await staffOf(ctx, actor, input.group);
  const user = await userExists(ctx.db, input.userId);
  const memberCount = await membershipTx(ctx, async (tx) => {
    if (!user) throw requestNotFound();
    await takeRequest(tx, group.id, user.id);
    const admitted = await admit(tx, group, user, staff);
    await notifyMember(tx, group, {
      recipientId: user.id,
      by: staff,
      type: 'join_request_approved',
      content: GROUP_NOTIFICATION_TEXTS.requestApproved(group.groupName),
    });
    await recordModAction(tx, {
      groupId: group.id,
      actorId: staff.id,
      action: 'join_request_approved',
      targetType: 'user',
      targetId: user.id,
      targetUserId: user.id,
    });
    return admitted.memberCount;
  });
  announceMembership(ctx, group.id, user!.id, memberCount);
  return { message: GROUP_MESSAGES.requestApproved(user!.username), member_count: memberCount };
}

/** POST /api/groups/{id}/requests/{userId}/decline: the request is deleted; the requester may ask again. */
export async function declineJoinRequest(
  ctx: AppContext,
  actor: Actor,
  input: GroupPath & { userId: number },
): Promise<MemberCountResponse> {
  const { userId } = input;
  const { group, staff } = await staffOf(ctx, actor, input.group);
  await membershipTx(ctx, async (tx) => {
    await takeRequest(tx, group.id, userId);
    await notifyMember(tx, group, {
      recipientId: userId,
      by: staff,
      type: 'join_request_declined',
      content: GROUP_NOTIFICATION_TEXTS.requestDeclined(group.groupName),
    });
    await recordModAction(tx, {
      groupId: group.id,
      actorId: staff.id,
      action: 'join_request_declined',
      targetType: 'user',
      targetId: userId,
      targetUserId: userId,
    });
  });
  return { message: GROUP_MESSAGES.requestDeclined, member_count: group.memberCount };
}
