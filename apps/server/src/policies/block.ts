import { BLOCK_MESSAGES } from '@agora/contract';
import { sql, type SQL } from 'drizzle-orm';
import { AppError } from '../lib/app-error';
import type { Viewer } from './community';

/**
 * Policy of a block (issue 15 §6): anyone signed in may block anyone but themself; what a block hides and refuses
 * is written here once. Blocking is private: the blocked person's answers never change because of it, and the
 * refusals they meet (a friend request, a reply) are neutral texts that name no block.
 */

/** 400 for blocking oneself; anyone else may be blocked (existence is the service's 404). */
export function authorizeBlock(actor: NonNullable<Viewer>, targetId: number): void {
  if (actor.id === targetId) throw new AppError(400, 'block_self', BLOCK_MESSAGES.blockSelf);
}

/** What the viewer may do with a person: block (or unblock) anyone but themself. */
export function personAbilities(actor: Viewer, personId: number): { block: boolean } {
  return { block: actor !== null && actor.id !== personId };
}

/** A friend request between two people where either blocked the other: the same neutral 403 for both sides. */
export function friendRequestUnavailable(): AppError {
  return new AppError(403, 'friend_request_unavailable', BLOCK_MESSAGES.friendRequestUnavailable);
}

/** A reply to the comment of someone who blocked the writer: a neutral 403. */
export function replyUnavailable(): AppError {
  return new AppError(403, 'reply_unavailable', BLOCK_MESSAGES.replyUnavailable);
}

/**
 * The one SQL condition of what a viewer sees: true unless the viewer blocked `author`. One probe of the blocks
 * primary key (blocker_id, blocked_id) per row it is asked about, for statements that look at a few rows (a page of
 * comments). `OFFSET 0` keeps it a probe: as a plain NOT EXISTS PostgreSQL turned it into an anti join that read
 * all of the viewer's blocks for every row (a generic plan guesses a few blocks per person), 14 ms instead of
 * 0.6 ms for a home feed with 1,000 blocks (docs/perf/moderation.md). A visitor (viewer 0) has no blocks.
 */
export function notBlockedBySql(viewer: SQL, author: SQL): SQL {
  return sql`NOT EXISTS (SELECT 1 FROM blocks bk WHERE bk.blocker_id = ${viewer} AND bk.blocked_id = ${author} OFFSET 0)`;
}

/**
 * The same condition for statements that look at hundreds of rows (the home feed, Explore, the home blogs strip):
 * the viewer's blocked ids are read once into a hash (PostgreSQL's hashed SubPlan) and each row is one lookup in
 * it, cheaper than a probe per row when a feed looks at ~300 rows to return 11 (docs/perf/moderation.md, decision 0119). A null
 * author (a deleted account's blog) counts as not blocked.
 */
export function notBlockedInFeedSql(viewer: SQL, author: SQL): SQL {
  return sql`coalesce(${author}, 0) NOT IN (SELECT bk.blocked_id FROM blocks bk WHERE bk.blocker_id = ${viewer})`;
}

/** An invitation to someone who blocked the inviter (the invitation is a notification, never written): a neutral 403. */
export function inviteUnavailable(): AppError {
  return new AppError(403, 'invite_unavailable', BLOCK_MESSAGES.inviteUnavailable);
}

/** The opposite of `notBlockedBySql`: rows of an author the viewer blocked (comment pages count them). */
export function blockedBySql(viewer: SQL, author: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM blocks bk WHERE bk.blocker_id = ${viewer} AND bk.blocked_id = ${author})`;
}

/**
 * Whether the viewer blocked anyone at all: a count of blocked people's rows runs only then (most people block
 * nobody, and the count reads a whole thread; docs/perf/cluster.md found it costing 3.3 ms at 1,700 comments).
 */
export function blocksAnyoneSql(viewer: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM blocks bk WHERE bk.blocker_id = ${viewer})`;
}
