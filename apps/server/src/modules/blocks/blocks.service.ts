import { BLOCK_LIMITS, BLOCK_MESSAGES, type BlockedListResponse, type BlockState } from '@agora/contract';
import type { AppContext, SignedIn } from '../../context';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { decodeCursor, keysetPage } from '../../lib/cursor';
import { authorizeBlock } from '../../policies/block';
import { signalUnreadChanged } from '../notifications/notifications.writer';
import { toBlockedUser } from './blocks.mapper';
import { deleteBlock, eitherBlocked, endRelation, findBlockedPage, findPerson, hasBlocked, insertBlock } from './blocks.queries';

/**
 * Blocking (issue 15 §6). Private: nothing here notifies or pushes anything to the blocked person, and no answer
 * they get says a block exists. What a block hides is written in the feeds' and comment pages' statements through
 * policies/block.ts `notBlockedBySql`; what it refuses, in the services that write (friends, comments) and in
 * notifications.writer.ts.
 */

const userNotFound = () => AppError.notFound(BLOCK_MESSAGES.userNotFound, 'user_not_found');

/**
 * POST /api/users/{id}/block: blocks the person, and in the same transaction ends any friendship and any pending
 * request between the two (either direction) with its notification. Blocking again answers the same.
 */
export async function blockUser(ctx: AppContext, actor: SignedIn, input: { userId: number }): Promise<BlockState> {
  authorizeBlock(actor, input.userId);
  const person = await findPerson(ctx.db, input.userId);
  if (!person) throw userNotFound();
  const ended = await ctx.db.transaction(async (tx) => {
    await insertBlock(tx, actor.id, person.id);
    const relation = await endRelation(tx, actor.id, person.id);
    // The actor's bell may have counted the request they no longer have; the blocked person hears nothing.
    if (relation === 'pending') await signalUnreadChanged(tx, actor.id);
    return relation;
  });
  if (ended === 'accepted') ctx.events.emit('friendshipChanged', actor.id, person.id, false);
  return { userId: person.id, blocked: true, message: BLOCK_MESSAGES.blocked(person.username) };
}

/** DELETE /api/users/{id}/block: lifts the block (nothing comes back: an ended friendship stays ended). */
export async function unblockUser(ctx: AppContext, actor: SignedIn, input: { userId: number }): Promise<BlockState> {
  const person = await findPerson(ctx.db, input.userId);
  if (!person) throw userNotFound();
  await deleteBlock(ctx.db, actor.id, person.id);
  return { userId: person.id, blocked: false, message: BLOCK_MESSAGES.unblocked(person.username) };
}

/** GET /api/users/blocked: the people the actor blocked, newest block first, with the total. */
export async function listBlocked(
  ctx: AppContext,
  actor: SignedIn,
  input: { cursor?: string; limit?: number },
): Promise<BlockedListResponse> {
  const limit = input.limit ?? BLOCK_LIMITS.pageDefault;
  const decoded = decodeCursor(input.cursor, ['ts', 'int'] as const);
  const { total, rows } = await findBlockedPage(ctx.db, actor.id, {
    cursor: decoded ? { ts: decoded[0], id: decoded[1] } : null,
    limit: limit + 1,
  });
  const { page, nextCursor } = keysetPage(rows, limit, (r) => [r.cursorTs, r.id]);
  return { users: page.map(toBlockedUser), total, nextCursor };
}

/** Whether `blockerId` blocked `blockedId`, for other modules (a profile's `blocked`, a reply's refusal). */
export async function isBlocking(db: DbOrTx, blockerId: number, blockedId: number): Promise<boolean> {
  return hasBlocked(db, blockerId, blockedId);
}

/** Whether either of two people blocked the other, for other modules (a friend request). */
export async function isBlockedEitherWay(db: DbOrTx, a: number, b: number): Promise<boolean> {
  return eitherBlocked(db, a, b);
}
