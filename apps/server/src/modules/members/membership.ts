import { groupWebPath, type Role } from '@agora/contract';
import type { AppContext, SignedIn } from '../../context';
import type { DbOrTx } from '../../db/client';
import { liveEvents } from '../../lib/live-events';
import { withWriteRetry } from '../../lib/write-retry';
import { notify, signalUnreadChanged } from '../notifications/notifications.writer';
import type { GroupRow } from '../groups/groups.access';
import { addMembers, memberCountOf, moveMemberCount, removeMember } from './members.queries';
import { deleteJoinRequest, deleteRequestNotifications, takeAllJoinRequests } from './join-requests.queries';
import { deleteInvitesOf, deleteInvitesSentBy } from './invitations.queries';

/**
 * Shared steps of every membership change (members, join requests, invitations): every change of one person's
 * membership takes that (group, user) pair's lock first (lockMembership), writes the membership, request and
 * invitation rows, and moves member_count (the group row) last, in one transaction retried on a deadlock.
 * Notifications of these events are written in the same transaction (notifications.writer).
 */

/** The community a membership path names (`{id}`: an id or a slug). */
export type GroupPath = { group: string };

/** SPEC §3 new_follower: the owner learns that someone joined, unless the owner did it. In the caller's transaction. */
export async function notifyOwnerOfJoin(
  tx: DbOrTx,
  group: GroupRow,
  newMember: { id: number; username: string },
  by: SignedIn,
): Promise<void> {
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
export async function admit(tx: DbOrTx, group: GroupRow, user: { id: number; username: string }, by: SignedIn) {
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
export async function withdrawRequest(tx: DbOrTx, groupId: number, userId: number): Promise<boolean> {
  if (!(await deleteJoinRequest(tx, groupId, userId))) return false;
  await deleteRequestNotifications(tx, groupId, [userId]);
  return true;
}

/** The group page's link for a community's members (where staff answer requests). */
export const membersWebPath = (group: GroupRow) => `${groupWebPath(group.slug)}/members`;

/** Tells a member what staff did to them (role change, removal), in the caller's transaction. */
export async function notifyMember(
  tx: DbOrTx,
  group: GroupRow,
  input: {
    recipientId: number;
    by: Pick<SignedIn, 'id'>;
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

/**
 * After a membership change committed (join, leave, kick, ban, an approved request or accepted invitation): the
 * person's live rooms are checked again (a former member of a private community leaves them; a new member follows
 * the community in their home feed), and the community's page hears the new member count (null: unchanged).
 */
export function announceMembership(ctx: AppContext, groupId: number, userId: number, memberCount: number | null): void {
  ctx.events.emit('liveAccessChanged', groupId, userId);
  if (memberCount !== null) ctx.events.emit('live', liveEvents.memberCount(groupId, memberCount));
}

/** A transaction retried when PostgreSQL picks it as a deadlock victim (the lock order makes that rare). */
export function membershipTx<T>(ctx: AppContext, run: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return withWriteRetry(() => ctx.db.transaction(run));
}

/** A new community's owner, as its first member (in the creating transaction; the count starts at 1). */
export async function addOwnerMembership(tx: DbOrTx, groupId: number, ownerId: number): Promise<void> {
  await addMembers(tx, groupId, [ownerId], 'owner');
}

/** A community made public: every pending requester becomes a member and is counted. In the caller's transaction. */
export async function admitAllRequests(tx: DbOrTx, groupId: number): Promise<void> {
  const requesters = await takeAllJoinRequests(tx, groupId);
  const added = await addMembers(tx, groupId, requesters);
  if (added.length > 0) await moveMemberCount(tx, groupId, added.length, true);
}

// The membership steps another module's staff action takes (moderation: a ban), through this module.
export { findRole as roleOf, lockMembership, userExists } from './members.queries';

/**
 * A ban's membership side (issue 15 §4), in the ban's transaction under the person's lock: the membership goes
 * (counted) if `role` is still theirs, with the invitations they sent; a pending request and invitations to them
 * go too. Returns member_count after.
 */
export async function expel(tx: DbOrTx, groupId: number, userId: number, role: Role | null): Promise<number> {
  let memberCount: number;
  if (role && (await removeMember(tx, groupId, userId, role))) {
    await deleteInvitesSentBy(tx, groupId, userId);
    memberCount = await moveMemberCount(tx, groupId, -1, false);
  } else {
    memberCount = await memberCountOf(tx, groupId);
  }
  await withdrawRequest(tx, groupId, userId);
  if (await deleteInvitesOf(tx, groupId, userId)) await signalUnreadChanged(tx, userId);
  return memberCount;
}
