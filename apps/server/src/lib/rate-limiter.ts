import { RateLimiterDrizzle, RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import {
  ACCOUNT_MESSAGES,
  AUTH_MESSAGES,
  BLOG_LIMITS,
  BLOG_MESSAGES,
  DISCUSSION_LIMITS,
  DISCUSSION_MESSAGES,
  GROUP_LIMITS,
  GROUP_MESSAGES,
  FRIEND_LIMITS,
  FRIEND_MESSAGES,
  NOTIFICATION_MESSAGES,
  POSTING_LIMITS,
  POSTING_MESSAGES,
  REPORT_LIMITS,
  REPORT_MESSAGES,
  SEARCH_LIMITS,
  SEARCH_MESSAGES,
  UPLOAD_MESSAGES,
} from '@agora/contract';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { AppError } from './app-error';

/**
 * One limit (points per window) over keys, backed by rate-limiter-flexible. The recipe is "consume first":
 * a caller spends a point *before* the work it guards, so parallel requests cannot all pass a check that
 * none of them has counted yet; a success gives the point back (`reward`) or clears the key (`reset`).
 *
 * Where the points live (decision 0132): process memory for one node (embedded database);
 * the `rate_limits` table through the app's Drizzle pool (`RateLimiterDrizzle`) when several nodes share
 * DATABASE_URL; Redis (`RateLimiterRedis`) with REDIS_URL. A shared store has a memory `insuranceLimiter` with the
 * same options: while the store cannot be reached, each node limits on its own instead of failing the request.
 */
export class Limiter {
  /** Requests this limiter refused with 429 since the process started (plugins/metrics.ts reads it). */
  refused = 0;

  constructor(
    private readonly store: RateLimiterAbstract | null,
    private readonly message: string,
    /** The limit's name in LIMIT_VALUES: the `limiter` label of agora_rate_limit_refusals_total. */
    readonly name = '',
  ) {}

  /**
   * Spends one point for the key, or throws 429 with Retry-After when the key is over its limit. With the
   * memory store the point is counted synchronously, inside this call, before the caller's first await; a shared
   * store counts it in one atomic statement (an upsert, or a Redis script), so parallel requests still cannot pass.
   */
  async consume(key: string): Promise<void> {
    if (!this.store) return;
    try {
      await this.store.consume(key);
    } catch (error) {
      if (error instanceof RateLimiterRes) {
        this.refused += 1;
        throw AppError.tooManyRequests(this.message, error.msBeforeNext / 1000);
      }
      throw error;
    }
  }

  /** Gives one point back (a successful attempt does not count against the key). */
  async reward(key: string): Promise<void> {
    await this.store?.reward(key);
  }

  /** Forgets the key entirely (e.g. a correct password unlocks the account's counter). */
  async reset(key: string): Promise<void> {
    await this.store?.delete(key);
  }
}

/** Limits by name: points per window in seconds. The values are documented in docs/SECURITY.md and README. */
export const LIMIT_VALUES = {
  failedLoginsPerIp: { points: 20, duration: 5 * 60 },
  failedLoginsPerAccount: { points: 10, duration: 15 * 60 },
  registrationsPerIp: { points: 10, duration: 60 * 60 },
  uploadsPerUser: { points: 60, duration: 10 * 60 },
  groupCreatesPerUser: { points: GROUP_LIMITS.createsPerHour, duration: 60 * 60 },
  postsPerUser: { points: DISCUSSION_LIMITS.postsPerWindow, duration: DISCUSSION_LIMITS.writeWindowSeconds },
  commentsPerUser: { points: DISCUSSION_LIMITS.commentsPerWindow, duration: DISCUSSION_LIMITS.writeWindowSeconds },
  likesPerUser: { points: DISCUSSION_LIMITS.likesPerWindow, duration: DISCUSSION_LIMITS.writeWindowSeconds },
  blogSharesPerUser: { points: BLOG_LIMITS.sharesPerWindow, duration: BLOG_LIMITS.shareWindowSeconds },
  friendRequestsPerUser: { points: FRIEND_LIMITS.requestsPerHour, duration: 60 * 60 },
  likeReportsPerUser: { points: 300, duration: 10 * 60 },
  reportsPerUser: { points: REPORT_LIMITS.perTenMinutes, duration: 10 * 60 },
  blogPostsPerUser: { points: BLOG_LIMITS.postsPerWindow, duration: BLOG_LIMITS.writeWindowSeconds },
  blogLikesPerUser: { points: BLOG_LIMITS.likesPerWindow, duration: BLOG_LIMITS.writeWindowSeconds },
  editsPerUser: { points: DISCUSSION_LIMITS.editsPerWindow, duration: DISCUSSION_LIMITS.writeWindowSeconds },
  sectionEditsPerUser: { points: GROUP_LIMITS.sectionEditsPerWindow, duration: GROUP_LIMITS.writeWindowSeconds },
  membershipChangesPerUser: { points: GROUP_LIMITS.membershipChangesPerWindow, duration: GROUP_LIMITS.writeWindowSeconds },
  invitesPerUser: { points: GROUP_LIMITS.invitesPerHour, duration: 60 * 60 },
  renamesPerGroup: { points: GROUP_LIMITS.renamesPerDay, duration: 24 * 60 * 60 },
  accountMailsPerIp: { points: 10, duration: 60 * 60 },
  accountMailsPerAddress: { points: 3, duration: 60 * 60 },
  tokenAttemptsPerIp: { points: 30, duration: 10 * 60 },
  unverifiedGroupCreatesPerUser: { points: 1, duration: 24 * 60 * 60 },
  unverifiedFriendRequestsPerUser: { points: 10, duration: 24 * 60 * 60 },
  newAccountDiscussionsPerUser: { points: POSTING_LIMITS.newAccountDiscussions, duration: POSTING_LIMITS.newAccountHours * 60 * 60 },
  newAccountCommentsPerUser: { points: POSTING_LIMITS.newAccountComments, duration: POSTING_LIMITS.newAccountHours * 60 * 60 },
  mentionLookupsPerUser: { points: SEARCH_LIMITS.mentionLookupsPerWindow, duration: SEARCH_LIMITS.mentionLookupsWindowSeconds },
  searchesPerCaller: { points: SEARCH_LIMITS.searchesPerMinute, duration: 60 },
} as const;

/**
 * The limits, chosen within the range of Discourse (20 logins per IP per minute, 3 new accounts per IP),
 * Mastodon (25 sign-in or sign-up attempts per IP per 5 minutes) and NodeBB (5 failed logins per account per
 * hour, then a lock). RATE_LIMIT=off disables all of them.
 */
export function createLimiters(enabled: boolean, shared: LimiterStore = { kind: 'memory' }) {
  let cleaner = true;
  const store = (name: keyof typeof LIMIT_VALUES): RateLimiterAbstract => {
    const options = { keyPrefix: name, ...LIMIT_VALUES[name] };
    if (shared.kind === 'memory') return new RateLimiterMemory(options);
    const insuranceLimiter = new RateLimiterMemory(options);
    if (shared.kind === 'redis')
      return new RateLimiterRedis({ ...options, storeClient: shared.client, useRedisPackage: true, insuranceLimiter });
    // One table for every limit (keys carry the limit's name); one limiter deletes expired rows for all of them.
    const clearExpiredByTimeout = cleaner;
    cleaner = false;
    return new RateLimiterDrizzle({ ...options, storeClient: shared.db, schema: rateLimits, clearExpiredByTimeout, insuranceLimiter });
  };
  const make = (name: keyof typeof LIMIT_VALUES, message: string) => new Limiter(enabled ? store(name) : null, message, name);
  return {
    failedLoginsPerIp: make('failedLoginsPerIp', AUTH_MESSAGES.tooManyLogins),
    failedLoginsPerAccount: make('failedLoginsPerAccount', AUTH_MESSAGES.tooManyLogins),
    registrationsPerIp: make('registrationsPerIp', AUTH_MESSAGES.tooManyRegistrations),
    uploadsPerUser: make('uploadsPerUser', UPLOAD_MESSAGES.tooManyUploads),
    /** Communities created per user per hour. */
    groupCreatesPerUser: make('groupCreatesPerUser', GROUP_MESSAGES.tooManyCreations),
    /** Discussions written per user (30 per 10 minutes); comments and replies (120); like toggles on posts and comments (600). */
    postsPerUser: make('postsPerUser', DISCUSSION_MESSAGES.tooManyPosts),
    commentsPerUser: make('commentsPerUser', DISCUSSION_MESSAGES.tooManyComments),
    likesPerUser: make('likesPerUser', DISCUSSION_MESSAGES.tooManyLikes),
    /** Blog shares per user: every share counts (SPEC §7), but a script cannot inflate a count. */
    blogSharesPerUser: make('blogSharesPerUser', BLOG_MESSAGES.tooManyShares),
    /** Friend requests sent per user per hour (each one notifies someone). */
    friendRequestsPerUser: make('friendRequestsPerUser', FRIEND_MESSAGES.tooManyRequests),
    /** POST /notifications like reports per user (each costs a few queries; a like is notified once anyway). */
    likeReportsPerUser: make('likeReportsPerUser', NOTIFICATION_MESSAGES.tooManyReports),
    /** Reports to moderators per user (issue 15 §2): each one lands in a staff queue. */
    reportsPerUser: make('reportsPerUser', REPORT_MESSAGES.tooMany),
    /** Blogs published per user (each @mention notifies) and blog like toggles (each new like notifies). */
    blogPostsPerUser: make('blogPostsPerUser', BLOG_MESSAGES.tooManyPosts),
    blogLikesPerUser: make('blogLikesPerUser', BLOG_MESSAGES.tooManyLikes),
    /** Edits of discussions, comments and blogs per user, together (an edit notifies people newly @mentioned). */
    editsPerUser: make('editsPerUser', DISCUSSION_MESSAGES.tooManyEdits),
    /** Section edits per user (About Us, Rules & Regulations, Social Media). */
    sectionEditsPerUser: make('sectionEditsPerUser', GROUP_MESSAGES.tooManySectionEdits),
    /** Joins, leaves and cancelled join requests per user (a request notifies staff). */
    membershipChangesPerUser: make('membershipChangesPerUser', GROUP_MESSAGES.tooManyMembershipChanges),
    /** Invitations sent per user per hour (each one notifies someone). */
    invitesPerUser: make('invitesPerUser', GROUP_MESSAGES.tooManyInvites),
    /** Renames per community per day, keyed by the community's id (a new owner cannot reset it). */
    renamesPerGroup: make('renamesPerGroup', GROUP_MESSAGES.tooManyRenames),
    /** Mails a person can trigger (reset links, confirmation resends, email changes): per address sending, per recipient. */
    accountMailsPerIp: make('accountMailsPerIp', ACCOUNT_MESSAGES.tooManyMails),
    accountMailsPerAddress: make('accountMailsPerAddress', ACCOUNT_MESSAGES.tooManyMails),
    /** Uses of mailed links (reset, verification, email change) per address: guessing a token is hopeless, and slow. */
    tokenAttemptsPerIp: make('tokenAttemptsPerIp', ACCOUNT_MESSAGES.tooManyAttempts),
    /** Until an account confirms its address (issue 14 §2): 1 new community and 10 friend requests a day. */
    unverifiedGroupCreatesPerUser: make('unverifiedGroupCreatesPerUser', ACCOUNT_MESSAGES.confirmForMore),
    unverifiedFriendRequestsPerUser: make('unverifiedFriendRequestsPerUser', ACCOUNT_MESSAGES.confirmForMore),
    /** In an account's first 24 hours (issue 15 §7, modules/posting): 3 discussions and 20 comments. */
    newAccountDiscussionsPerUser: make('newAccountDiscussionsPerUser', POSTING_MESSAGES.newAccountDiscussions),
    newAccountCommentsPerUser: make('newAccountCommentsPerUser', POSTING_MESSAGES.newAccountComments),
    /** `@mention` suggestions per user (issue 16 §4): a read, but one a script could loop to list every username. */
    mentionLookupsPerUser: make('mentionLookupsPerUser', SEARCH_MESSAGES.tooManyMentionLookups),
    /** GET /api/search (issue 16) per account, or per address for visitors: the most expensive read there is. */
    searchesPerCaller: make('searchesPerCaller', SEARCH_MESSAGES.tooManySearches),
  };
}
export type Limiters = ReturnType<typeof createLimiters>;

/** The store behind the limiters: this process's memory, the shared database, or Redis (a node-redis client). */
export type LimiterStore = { kind: 'memory' } | { kind: 'postgres'; db: Db } | { kind: 'redis'; client: unknown };
