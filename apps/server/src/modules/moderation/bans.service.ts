import {
  banEndText,
  type BanResponse,
  type BansResponse,
  groupWebPath,
  GROUP_MESSAGES,
  MODERATION_MESSAGES,
  MODERATION_NOTIFICATION_TEXTS,
  PAGE_SIZE_DEFAULT,
  type UnbanResponse,
} from '@agora/contract';
import type { Actor, AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { decodeCursor, keysetPage } from '../../lib/cursor';
import { authorizeMembership } from '../../policies/membership';
import { assertStaff, resolveGroupForViewer } from '../groups/groups.access';
import { announceMembership, expel, lockMembership, membershipTx, roleOf, userExists, type GroupPath } from '../members/membership';
import { notify } from '../notifications/notifications.writer';
import { toBan } from './moderation.mapper';
import { deleteBan, findBansPage, insertBan } from './moderation.queries';
import { recordModAction } from './modlog';

/**
 * Bans from a community (issue 15 §4): staff ban someone they outrank (a member) or anyone who is not a member (a
 * pre-emptive ban), for 1 to 3650 days or for good; the person leaves at once and bans.access.ts keeps them out
 * until the end. Every change takes the person's membership lock (membership.ts) and writes the moderation log
 * in its transaction.
 */

const userNotFound = () => AppError.notFound(MODERATION_MESSAGES.userNotFound, 'user_not_found');
const banNotFound = () => AppError.notFound(MODERATION_MESSAGES.banNotFound, 'ban_not_found');

/** The community and the acting member of staff with their role (401 visitor, 403 anyone else, 404 no community). */
async function staffOf(ctx: AppContext, actor: Actor, path: string) {
  const { group, role } = await resolveGroupForViewer(ctx, actor, path);
  const actorRole = assertStaff(actor, group, role);
  return { group, staff: actor!, actorRole };
}

/**
 * POST /api/groups/{id}/bans. Callable from other services (a report resolved with "ban"). In one transaction under
 * the person's membership lock: the rank rule checked again on the roles as they are, the ban row, the membership
 * (and the count), a pending request and invitations gone, the notification, the log row.
 */
export async function banMember(
  ctx: AppContext,
  actor: Actor,
  input: GroupPath & { userId: number; reason: string; days?: number | null; alsoInTx?: (tx: DbOrTx) => Promise<void> },
): Promise<BanResponse> {
  const { group, staff, actorRole } = await staffOf(ctx, actor, input.group);
  const user = await userExists(ctx.db, input.userId);
  if (!user) throw userNotFound();
  const reason = input.reason.trim();
  const days = input.days ?? null;
  const result = await membershipTx(ctx, async (tx) => {
    await lockMembership(tx, group.id, user.id);
    if ((await roleOf(tx, group.id, staff.id)) !== actorRole) throw AppError.forbidden(GROUP_MESSAGES.noPermission);
    const targetRole = user.id === group.ownerId ? 'owner' : await roleOf(tx, group.id, user.id);
    authorizeMembership(actorRole, { kind: 'ban' }, targetRole ?? 'member');
    const ban = await insertBan(tx, { groupId: group.id, userId: user.id, bannedBy: staff.id, reason, days });
    if (!ban) throw AppError.conflict('already_banned', MODERATION_MESSAGES.alreadyBanned);
    const memberCount = await expel(tx, group.id, user.id, targetRole);
    await notify(tx, {
      recipientId: user.id,
      actorId: staff.id,
      type: 'banned',
      content: MODERATION_NOTIFICATION_TEXTS.banned(group.groupName, banEndText(ban.until), reason),
      link: groupWebPath(group.slug),
      groupId: group.id,
    });
    await recordModAction(tx, {
      groupId: group.id,
      actorId: staff.id,
      action: 'ban',
      targetType: 'user',
      targetId: user.id,
      targetUserId: user.id,
      reason,
      detail: banEndText(ban.until),
    });
    // A caller's own writes in this transaction (a report resolved with "ban").
    await input.alsoInTx?.(tx);
    return { ban, memberCount };
  });
  announceMembership(ctx, group.id, user.id, result.memberCount);
  return {
    message: MODERATION_MESSAGES.bannedDone(user.username),
    ban: {
      user,
      banned_by: { id: staff.id, username: staff.username },
      reason,
      created_at: result.ban.createdAt,
      until: result.ban.until,
    },
    member_count: result.memberCount,
  };
}

/** DELETE /api/groups/{id}/bans/{userId}: staff end a ban in force (404 when there is none); logged. */
export async function unbanMember(ctx: AppContext, actor: Actor, input: GroupPath & { userId: number }): Promise<UnbanResponse> {
  const { group, staff } = await staffOf(ctx, actor, input.group);
  const user = await userExists(ctx.db, input.userId);
  if (!user) throw banNotFound();
  await membershipTx(ctx, async (tx) => {
    await lockMembership(tx, group.id, user.id);
    if (!(await deleteBan(tx, group.id, user.id))) throw banNotFound();
    await recordModAction(tx, {
      groupId: group.id,
      actorId: staff.id,
      action: 'unban',
      targetType: 'user',
      targetId: user.id,
      targetUserId: user.id,
    });
  });
  return { message: MODERATION_MESSAGES.unbanned(user.username) };
}

/** GET /api/groups/{id}/bans: the bans in force, newest first (staff only). */
export async function listBans(
  ctx: AppContext,
  actor: Actor,
  input: GroupPath & { cursor?: string; limit?: number },
): Promise<BansResponse> {
  const { group } = await staffOf(ctx, actor, input.group);
  const cursor = decodeCursor(input.cursor, ['ts', 'int'] as const);
  const limit = input.limit ?? PAGE_SIZE_DEFAULT;
  const rows = await findBansPage(ctx.db, group.id, { cursor: cursor ? { ts: cursor[0], id: cursor[1] } : null, limit: limit + 1 });
  const { page, nextCursor } = keysetPage(rows, limit, (r) => [r.createdAt, r.userId]);
  return { bans: page.map(toBan), nextCursor };
}
