import {
  GROUP_MESSAGES,
  groupWebPath,
  type InvitationsResponse,
  type InviteResponse,
  isStaff,
  PAGE_SIZE_DEFAULT,
  banEndText,
  MODERATION_MESSAGES,
  type RespondInviteResponse,
} from '@agora/contract';
import type { Actor, AppContext } from '../../context';
import { inviteUnavailable } from '../../policies/block';
import { AppError } from '../../lib/app-error';
import { decodeCursor, keysetPage } from '../../lib/cursor';
import { notify, signalUnreadChanged } from '../notifications/notifications.writer';
import { assertStaff, resolveGroupForViewer } from '../groups/groups.access';
import { findGroupById } from '../groups/groups.access';
import { toInvitation } from './members.mapper';
import { findRole, lockMembership, lockRoleOf, userExists } from './members.queries';
import { deleteInvitation, findInvitationsPage, findInvite, pendingInviteExists, takeInvite } from './invitations.queries';
import { activeBanOf, assertNotBanned } from '../moderation/bans.access';
import { admit, announceMembership, membershipTx, type GroupPath } from './membership';

/** Invitations to a community (stored as group_invite notifications): staff send, list and revoke them; the invitee answers. */

// ---------------------------------------------------------------------------------------------------------------
// Invitations

/**
 * POST /api/groups/{id}/invite: staff invite a user who is not a member; stored as a group_invite notification
 * (one pending invitation per user and community).
 */
export async function inviteToGroup(ctx: AppContext, actor: Actor, input: GroupPath & { userId: number }): Promise<InviteResponse> {
  const { userId } = input;
  if (actor) await ctx.limiters.invitesPerUser.consume(String(actor.id));
  const { group, role } = await resolveGroupForViewer(ctx, actor, input.group);
  assertStaff(actor, group, role);
  const sender = actor!;
  const user = await userExists(ctx.db, userId);
  if (!user) throw AppError.notFound(GROUP_MESSAGES.userNotFound, 'user_not_found');
  const notificationId = await membershipTx(ctx, async (tx) => {
    await lockMembership(tx, group.id, userId);
    if (await findRole(tx, group.id, userId)) throw AppError.conflict('already_member', GROUP_MESSAGES.alreadyMember);
    const ban = await activeBanOf(tx, group.id, userId);
    if (ban) throw new AppError(403, 'banned', MODERATION_MESSAGES.targetBanned(user.username, banEndText(ban.until)));
    if (await pendingInviteExists(tx, group.id, userId)) throw AppError.conflict('already_invited', GROUP_MESSAGES.alreadyInvited);
    // Null only when the invited person blocked the sender (staff is a member, the invited person is not).
    const id = await notify(tx, {
      recipientId: userId,
      actorId: sender.id,
      type: 'group_invite',
      content: `${sender.username} invited you to join ${group.groupName}`,
      link: groupWebPath(group.slug),
      groupId: group.id,
    });
    if (id === null) throw inviteUnavailable();
    return id;
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
    if (!input.accept) return { group, isMember: (await findRole(tx, group.id, actor.id)) !== null, memberCount: null };
    await assertNotBanned(tx, group.id, actor.id);
    const admitted = await admit(tx, group, actor, actor);
    return { group, isMember: true, memberCount: admitted.memberCount };
  });
  // A stale invitation is deleted (committed above) and answered like a missing one.
  if (result === null || result === 'stale') throw inviteNotFound();
  if (input.accept) announceMembership(ctx, result.group.id, actor.id, result.memberCount);
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
  input: GroupPath & { cursor?: string; limit?: number },
): Promise<InvitationsResponse> {
  const { group, role } = await resolveGroupForViewer(ctx, actor, input.group);
  assertStaff(actor, group, role);
  const cursor = decodeCursor(input.cursor, ['ts', 'int'] as const);
  const limit = input.limit ?? PAGE_SIZE_DEFAULT;
  const rows = await findInvitationsPage(ctx.db, group.id, { cursor: cursor ? { ts: cursor[0], id: cursor[1] } : null, limit: limit + 1 });
  const { page, nextCursor } = keysetPage(rows, limit, (r) => [r.invitedAt, r.id]);
  return { invitations: page.map(toInvitation), nextCursor };
}

/** DELETE /api/groups/{id}/invitations/{invitationId}: staff revoke a pending invitation (404 if none is pending). */
export async function revokeInvitation(
  ctx: AppContext,
  actor: Actor,
  input: GroupPath & { invitationId: number },
): Promise<{ message: string }> {
  const { invitationId } = input;
  const { group, role } = await resolveGroupForViewer(ctx, actor, input.group);
  assertStaff(actor, group, role);
  const revoked = await membershipTx(ctx, async (tx) => {
    const invitee = await deleteInvitation(tx, group.id, invitationId);
    if (invitee !== null) await signalUnreadChanged(tx, invitee);
    return invitee !== null;
  });
  if (!revoked) throw new AppError(404, 'invite_not_found', GROUP_MESSAGES.inviteNotFound);
  return { message: GROUP_MESSAGES.inviteRevoked };
}
