import {
  FRIEND_LIMITS,
  FRIEND_MESSAGES,
  type FriendActionResponse,
  type FriendsResponse,
  type FriendStatus,
  type FriendStatusResponse,
  NOTIFICATION_MESSAGES,
  type SuggestionsResponse,
} from '@agora/contract';
import type { AppContext, SignedIn } from '../../context';
import type { Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { decodeCursor, keysetPage } from '../../lib/cursor';
import { notifyFriendEvent, removeFriendRequestNotifications } from '../notifications/notifications.writer';
import { toFriend, toSuggestion } from './friends.mapper';
import {
  acceptPendingRequest,
  deleteFriendship,
  deletePendingRequest,
  findFriendRequestSender,
  findFriendsPage,
  findFriendship,
  findMutualFriendsPage,
  findSuggestions,
  findUserBrief,
  type FriendsPage,
  insertFriendRequest,
} from './friends.queries';
import { assertMayAct } from '../account/verified';
import { authorizeFriendship } from '../../policies/friendship';
import { friendRequestUnavailable } from '../../policies/block';
import { isBlockedEitherWay } from '../blocks/blocks.service';

/**
 * Friends (SPEC §4 "Friend relation"). The acting user is always the signed-in user: every id in a body names the
 * other person, and a `requester_id` naming someone else is refused. One row per pair (the unique pair index);
 * every change and its notifications are one transaction; presence hears of a new or ended friendship after commit.
 */

const requestNotFound = () => AppError.notFound(FRIEND_MESSAGES.requestNotFound, 'friend_request_not_found');
const userNotFound = () => AppError.notFound(FRIEND_MESSAGES.userNotFound, 'user_not_found');

function assertActsAsSelf(actor: SignedIn, requesterId: number | undefined): void {
  authorizeFriendship(actor, { kind: 'actAs', requesterId });
}

function friendsResponse(page: FriendsPage, limit: number): FriendsResponse {
  const { page: rows, nextCursor } = keysetPage(page.rows, limit, (r) => [r.sortName, r.id]);
  return {
    friends: rows.map(toFriend),
    total: page.total,
    nextCursor,
  };
}

function friendsCursor(cursor: string | undefined) {
  const decoded = decodeCursor(cursor, ['string', 'int'] as const);
  return decoded ? { name: decoded[0], id: decoded[1] } : null;
}

/** GET /friends/{userId}/friends: anyone's friends (signed-in viewers), alphabetical, with the total; 404 for nobody. */
export async function listFriends(
  ctx: AppContext,
  _actor: SignedIn,
  input: { userId: number; cursor?: string; limit?: number },
): Promise<FriendsResponse> {
  const limit = input.limit ?? FRIEND_LIMITS.pageDefault;
  const page = await findFriendsPage(ctx.db, input.userId, { cursor: friendsCursor(input.cursor), limit: limit + 1 });
  if (!page.found) throw userNotFound();
  return friendsResponse(page, limit);
}

/** GET /friends/{userId}/mutual: the friends the viewer and that user have in common, alphabetical, with the total. */
export async function listMutualFriends(
  ctx: AppContext,
  actor: SignedIn,
  input: { userId: number; cursor?: string; limit?: number },
): Promise<FriendsResponse> {
  const limit = input.limit ?? FRIEND_LIMITS.pageDefault;
  const page = await findMutualFriendsPage(ctx.db, actor.id, input.userId, { cursor: friendsCursor(input.cursor), limit: limit + 1 });
  if (!page.found) throw userNotFound();
  return friendsResponse(page, limit);
}

/**
 * GET /friends/suggestions?search=: people the viewer is neither friends with nor has a pending request with,
 * never the viewer, ranked by mutual friends then shared communities; `search` keeps usernames starting with it
 * (any case, SPEC §5). Keyset-paginated.
 */
export async function listSuggestions(
  ctx: AppContext,
  actor: SignedIn,
  input: { search?: string; cursor?: string; limit?: number },
): Promise<SuggestionsResponse> {
  const limit = input.limit ?? FRIEND_LIMITS.suggestionsDefault;
  const decoded = decodeCursor(input.cursor, ['int', 'int', 'int'] as const);
  const rows = await findSuggestions(ctx.db, actor.id, {
    prefix: input.search ? input.search.toLowerCase() : null,
    cursor: decoded ? { mutual: decoded[0], shared: decoded[1], id: decoded[2] } : null,
    limit: limit + 1,
    sharedGroupMaxMembers: FRIEND_LIMITS.sharedGroupMaxMembers,
  });
  const { page, nextCursor } = keysetPage(rows, limit, (r) => [r.mutual, r.shared, r.id]);
  return { suggestions: page.map(toSuggestion), nextCursor };
}

/**
 * GET /friends/status/check?user1=&user2=: the relation from user1's side. Only user1 or user2 may ask (403):
 * who has asked whom is nobody else's business.
 */
export async function checkFriendStatus(
  ctx: AppContext,
  actor: SignedIn,
  input: { user1: number; user2: number },
): Promise<FriendStatusResponse> {
  authorizeFriendship(actor, { kind: 'readStatus', user1: input.user1, user2: input.user2 });
  if (input.user1 === input.user2) throw AppError.badRequest(FRIEND_MESSAGES.statusSelf, { user2: FRIEND_MESSAGES.statusSelf });
  const row = await findFriendship(ctx.db, input.user1, input.user2);
  return { status: statusFrom(input.user1, row) };
}

/** Whether two users are friends (an accepted request), for other modules (a profile's birth year). */
export async function areFriends(ctx: AppContext, a: number, b: number): Promise<boolean> {
  return (await findFriendship(ctx.db, a, b))?.status === 'accepted';
}

function statusFrom(viewerId: number, row: { status: 'pending' | 'accepted'; requesterId: number } | null): FriendStatus {
  if (!row) return 'not_friends';
  if (row.status === 'accepted') return 'friends';
  return row.requesterId === viewerId ? 'pending_sent' : 'pending_received';
}

/** Accepts the pending request requester → addressee in the caller's transaction; false when there is none. */
async function acceptRequest(tx: Tx, addressee: SignedIn, requesterId: number): Promise<boolean> {
  if (!(await acceptPendingRequest(tx, requesterId, addressee.id))) return false;
  await removeFriendRequestNotifications(tx, { recipientId: addressee.id, senderId: requesterId });
  await notifyFriendEvent(tx, { type: 'friend_request_accepted', recipientId: requesterId, actor: addressee });
  return true;
}

/** Rejects the pending request requester → addressee in the caller's transaction; false when there is none. */
async function rejectRequest(tx: Tx, addressee: SignedIn, requesterId: number): Promise<boolean> {
  if (!(await deletePendingRequest(tx, requesterId, addressee.id))) return false;
  await removeFriendRequestNotifications(tx, { recipientId: addressee.id, senderId: requesterId });
  await notifyFriendEvent(tx, { type: 'friend_request_rejected', recipientId: requesterId, actor: addressee });
  return true;
}

/**
 * POST /friends/request: a pending request from the actor, with a friend_request notification. If the other
 * person's request to the actor is pending, it is accepted instead; sending again while the actor's own request
 * is pending changes nothing; friends already is a 409; a block either way is a neutral 403.
 */
export async function sendFriendRequest(
  ctx: AppContext,
  actor: SignedIn,
  input: { addressee_id: number; requester_id?: number },
): Promise<FriendActionResponse> {
  assertActsAsSelf(actor, input.requester_id);
  if (input.addressee_id === actor.id) throw AppError.badRequest(FRIEND_MESSAGES.notSelf, { addressee_id: FRIEND_MESSAGES.notSelf });
  await ctx.limiters.friendRequestsPerUser.consume(String(actor.id));
  await assertMayAct(ctx, actor, 'friend_request');
  const addressee = await findUserBrief(ctx.db, input.addressee_id);
  if (!addressee) throw userNotFound();
  const status = await ctx.db.transaction(async (tx): Promise<FriendStatus> => {
    // Either side's block refuses the request with the same neutral answer (issue 15 §6; decision 0108).
    if (await isBlockedEitherWay(tx, actor.id, addressee.id)) throw friendRequestUnavailable();
    // Insert first: the pair index decides races. Only when the pair already has a row is it read (and locked).
    // A row deleted between the two statements (a cancel racing this request) is met by inserting again.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      if (await insertFriendRequest(tx, actor.id, addressee.id)) {
        await notifyFriendEvent(tx, { type: 'friend_request', recipientId: addressee.id, actor });
        return 'pending_sent';
      }
      const existing = await findFriendship(tx, actor.id, addressee.id, { forUpdate: true });
      if (!existing) continue;
      if (existing.status === 'accepted') throw AppError.conflict('already_friends', FRIEND_MESSAGES.alreadyFriends);
      if (existing.requesterId === actor.id) return 'pending_sent';
      if (await acceptRequest(tx, actor, addressee.id)) return 'friends';
    }
    throw AppError.conflict('already_friends', FRIEND_MESSAGES.alreadyFriends);
  });
  if (status === 'friends') ctx.events.emit('friendshipChanged', actor.id, addressee.id, true);
  return {
    message: status === 'friends' ? FRIEND_MESSAGES.requestAccepted : FRIEND_MESSAGES.requestSent,
    userId: addressee.id,
    status,
  };
}

/** POST /friends/cancel: the actor withdraws their pending request; its notification goes with it. */
export async function cancelFriendRequest(
  ctx: AppContext,
  actor: SignedIn,
  input: { addressee_id: number; requester_id?: number },
): Promise<FriendActionResponse> {
  assertActsAsSelf(actor, input.requester_id);
  await ctx.db.transaction(async (tx) => {
    if (!(await deletePendingRequest(tx, actor.id, input.addressee_id))) throw requestNotFound();
    await removeFriendRequestNotifications(tx, { recipientId: input.addressee_id, senderId: actor.id });
  });
  return { message: FRIEND_MESSAGES.requestCancelled, userId: input.addressee_id, status: 'not_friends' };
}

/** POST /friends/accept: the actor, as addressee, accepts `requester_id`'s pending request. */
export async function acceptFriendRequest(
  ctx: AppContext,
  actor: SignedIn,
  input: { requester_id: number },
): Promise<FriendActionResponse> {
  await ctx.db.transaction(async (tx) => {
    if (!(await acceptRequest(tx, actor, input.requester_id))) throw requestNotFound();
  });
  ctx.events.emit('friendshipChanged', actor.id, input.requester_id, true);
  return { message: FRIEND_MESSAGES.requestAccepted, userId: input.requester_id, status: 'friends' };
}

/** POST /friends/reject: the actor, as addressee, declines `requester_id`'s pending request (the row is deleted). */
export async function rejectFriendRequest(
  ctx: AppContext,
  actor: SignedIn,
  input: { requester_id: number },
): Promise<FriendActionResponse> {
  await ctx.db.transaction(async (tx) => {
    if (!(await rejectRequest(tx, actor, input.requester_id))) throw requestNotFound();
  });
  return { message: FRIEND_MESSAGES.requestRejected, userId: input.requester_id, status: 'not_friends' };
}

/** POST /friends/unfriend: ends the friendship, whoever asked first. */
export async function unfriend(ctx: AppContext, actor: SignedIn, input: { other_user_id: number }): Promise<FriendActionResponse> {
  const removed = await ctx.db.transaction((tx) => deleteFriendship(tx, actor.id, input.other_user_id));
  if (!removed) throw AppError.notFound(FRIEND_MESSAGES.notFriends, 'not_friends');
  ctx.events.emit('friendshipChanged', actor.id, input.other_user_id, false);
  return { message: FRIEND_MESSAGES.unfriended, userId: input.other_user_id, status: 'not_friends' };
}

/**
 * POST /friends/respond: answers a friend_request notification of the actor's own (404 for anyone else's or
 * another type) by accepting or declining the request it stands for; the notification is removed either way.
 */
export async function respondToFriendRequest(
  ctx: AppContext,
  actor: SignedIn,
  input: { notificationId: number; accept: boolean },
): Promise<FriendActionResponse> {
  const requesterId = await ctx.db.transaction(async (tx) => {
    const sender = await findFriendRequestSender(tx, input.notificationId, actor.id);
    if (sender === null) throw AppError.notFound(NOTIFICATION_MESSAGES.notFound, 'notification_not_found');
    const done = input.accept ? await acceptRequest(tx, actor, sender) : await rejectRequest(tx, actor, sender);
    if (!done) throw requestNotFound();
    return sender;
  });
  if (input.accept) ctx.events.emit('friendshipChanged', actor.id, requesterId, true);
  return {
    message: input.accept ? FRIEND_MESSAGES.respondAccepted : FRIEND_MESSAGES.respondDeclined,
    userId: requesterId,
    status: input.accept ? 'friends' : 'not_friends',
  };
}
