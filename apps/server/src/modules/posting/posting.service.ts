import {
  durationText,
  findBlockedWord,
  duplicateKey,
  POSTING_LIMITS,
  POSTING_MESSAGES,
  type PostingRules,
  type PostingRulesResponse,
} from '@agora/contract';
import type { AppContext, Actor, SignedIn } from '../../context';
import { AppError } from '../../lib/app-error';
import { authorizeCommunity, isCommunityStaff, isOwnerOrAdmin } from '../../policies';
import { resolveGroupForViewer } from '../groups/groups.access';
import { findPostingFacts, lastDiscussionAt, readPostingRules, recentTexts, writePostingRules } from './posting.queries';

/** What is being written: a new discussion, comment (or reply) or blog (with its `title`), or an edit of one (`edit`). */
export type PostingInput = { kind: 'discussion' | 'comment' | 'blog'; text: string; title?: string; edit?: boolean };

const HOUR_MS = 60 * 60 * 1000;

/**
 * The one check of issue 15 §7 before a discussion, comment or blog is written or edited (one call in each create
 * and edit path, after the path's own permission checks). In order:
 * 1. the community's blocked words, for everyone, staff too, on edits too (400 `blocked_word`, naming the word);
 * then, for new writing only:
 * 2. the community's minimum account age (403 `account_too_new`) and slow mode for discussions (429 `slow_mode`
 *    with Retry-After); the community's owner, admins and moderators are exempt from both;
 * 3. the site-wide limits (docs/SECURITY.md), lifted by RATE_LIMIT=off like every rate limit: the same text again
 *    within 5 minutes (429 `duplicate_post`), and in an account's first 24 hours 3 discussions and 20 comments
 *    (429 `rate_limited`, the limiters `newAccount*PerUser`, spent last so a refused post costs nothing).
 * Times are compared with `Date.now()` (tests fix it).
 */
export async function assertMayPost(ctx: AppContext, actor: SignedIn, groupId: number, input: PostingInput): Promise<void> {
  const facts = await findPostingFacts(ctx.db, groupId, actor.id);
  const rules = facts?.rules ?? null;
  if (rules && rules.blockedWords.length > 0) {
    const word = findBlockedWord(input.title === undefined ? input.text : `${input.title}\n${input.text}`, rules.blockedWords);
    if (word !== null) throw new AppError(400, 'blocked_word', POSTING_MESSAGES.blockedWord(word));
  }
  if (input.edit) return;
  const now = Date.now();
  const staff = facts !== null && (isCommunityStaff(facts.role) || isOwnerOrAdmin(actor, facts, facts.role));
  if (rules && !staff) {
    if (rules.minAccountAgeHours > 0) {
      const wait = actor.createdAt.getTime() + rules.minAccountAgeHours * HOUR_MS - now;
      if (wait > 0) {
        throw new AppError(
          403,
          'account_too_new',
          POSTING_MESSAGES.accountTooNew(durationText(rules.minAccountAgeHours * 3600), durationText(wait / 1000)),
        );
      }
    }
    if (input.kind === 'discussion' && rules.slowModeMinutes > 0) {
      const last = await lastDiscussionAt(ctx.db, groupId, actor.id);
      const wait = last ? last.getTime() + rules.slowModeMinutes * 60_000 - now : 0;
      if (wait > 0) {
        throw new AppError(
          429,
          'slow_mode',
          POSTING_MESSAGES.slowMode(durationText(rules.slowModeMinutes * 60), durationText(wait / 1000)),
          undefined,
          { 'retry-after': String(Math.ceil(wait / 1000)) },
        );
      }
    }
  }
  if (!ctx.rateLimit) return;
  const key = duplicateKey(input.text);
  const since = new Date(now - POSTING_LIMITS.duplicateWindowSeconds * 1000);
  if ((await recentTexts(ctx.db, actor.id, since)).some((text) => duplicateKey(text) === key)) {
    throw new AppError(429, 'duplicate_post', POSTING_MESSAGES.duplicate, undefined, {
      'retry-after': String(POSTING_LIMITS.duplicateWindowSeconds),
    });
  }
  const newFor = actor.createdAt.getTime() + POSTING_LIMITS.newAccountHours * HOUR_MS - now;
  if (newFor > 0 && input.kind !== 'blog') {
    const limiter = input.kind === 'discussion' ? ctx.limiters.newAccountDiscussionsPerUser : ctx.limiters.newAccountCommentsPerUser;
    try {
      await limiter.consume(String(actor.id));
    } catch (error) {
      // The limit ends with the account's first day, whatever the limiter's window says.
      if (error instanceof AppError && error.statusCode === 429) throw AppError.tooManyRequests(error.message, newFor / 1000);
      throw error;
    }
  }
}

/** GET /api/groups/{id}/posting-rules: the community's rules, for its owner, admins and moderators. */
export async function getPostingRules(ctx: AppContext, actor: Actor, idOrSlug: string): Promise<PostingRules> {
  if (!actor) throw AppError.unauthorized();
  const { group, role } = await resolveGroupForViewer(ctx, actor, idOrSlug);
  authorizeCommunity(actor, 'moderate', group, role);
  return readPostingRules(ctx.db, group.id);
}

/** PUT /api/groups/{id}/posting-rules: the owner or an admin sets slow mode, the minimum account age and the blocked words. */
export async function updatePostingRules(
  ctx: AppContext,
  actor: Actor,
  idOrSlug: string,
  rules: PostingRules,
): Promise<PostingRulesResponse> {
  if (!actor) throw AppError.unauthorized();
  const { group, role } = await resolveGroupForViewer(ctx, actor, idOrSlug);
  authorizeCommunity(actor, 'manage', group, role);
  await writePostingRules(ctx.db, group.id, rules);
  return { message: POSTING_MESSAGES.rulesSaved, rules: await readPostingRules(ctx.db, group.id) };
}
