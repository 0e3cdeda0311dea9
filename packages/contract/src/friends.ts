import { z } from 'zod';
import { idField } from './groups';
import { nextCursorSchema } from './pagination';
import { FRIEND_LIMITS, FRIEND_MESSAGES, FRIEND_STATUSES } from './social-messages';
import { cleanLine } from './text-rules';

// Names, texts, limits and link rules live in the zod-free social-messages.ts (exported by the package index).

/**
 * Friends (SPEC §2 Friends panel, Profile panel "Friends", Members page; §3 Friend, Suggestion, friend status
 * values; §4 Friend relation; §5 Search; §7 "Profile and friends"). Every path also answers under /api.
 * Everything needs sign-in (401 otherwise); the acting user is always the signed-in user.
 *
 *   GET  /friends/{userId}/friends        friendsQuerySchema      → friendsResponseSchema (anyone's friends)
 *   GET  /friends/{userId}/mutual         friendsQuerySchema      → friendsResponseSchema (friends of both)
 *   GET  /friends/suggestions             suggestionsQuerySchema  → suggestionsResponseSchema
 *   GET  /friends/status/check            statusCheckQuerySchema  → friendStatusResponseSchema (403 if not user1/user2)
 *   POST /friends/request                 friendRequestSchema     → friendActionResponseSchema (409 already_friends)
 *   POST /friends/cancel                  cancelRequestSchema     → friendActionResponseSchema (404 friend_request_not_found)
 *   POST /friends/unfriend                unfriendRequestSchema   → friendActionResponseSchema (404 not_friends)
 *   POST /friends/accept | /reject        answerRequestSchema     → friendActionResponseSchema (404 friend_request_not_found)
 *   POST /friends/respond                 respondRequestSchema    → friendActionResponseSchema (404 notification_not_found)
 *
 * Rules: a `requester_id` that names someone else is 403 (never obeyed); a request to oneself is 400; a request
 * to someone whose request to you is pending accepts theirs (status `friends`); sending again while your request
 * is pending changes nothing (200, `pending_sent`, no second notification); only the addressee accepts or rejects.
 * `status` in every action answer is the caller's status towards `userId` afterwards.
 */

/** Error codes of this feature (errors.ts lists them among ERROR_CODES). */
export const FRIEND_ERROR_CODES = ['friend_request_not_found', 'already_friends', 'not_friends'] as const;

const userId = idField(FRIEND_MESSAGES.invalidUserId);
const limitField = (max: number) => z.coerce.number().int().min(1).max(max).optional();

// ---------------------------------------------------------------------------------------------------------------
// Entities (SPEC §3)

/** A friend (SPEC §3 "Friend"): the friends list and mutual friends. Images are /uploads paths or null. */
export const friendSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  user_dp: z.string().nullable(),
  user_banner: z.string().nullable(),
  user_bio: z.string(),
});
export type Friend = z.infer<typeof friendSchema>;

/** A suggestion (SPEC §3 "Suggestion") with why it is suggested: ranked by mutualCount, then sharedCommunities. */
export const suggestionSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  user_dp: z.string().nullable(),
  mutualCount: z.number().int(),
  sharedCommunities: z.number().int(),
});
export type Suggestion = z.infer<typeof suggestionSchema>;

export const friendStatusSchema = z.enum(FRIEND_STATUSES);

// ---------------------------------------------------------------------------------------------------------------
// Paths and queries

export const friendUserParamsSchema = z.object({ userId });

/** Friends and mutual friends: alphabetical (username, case-insensitive, then id), keyset-paginated. */
export const friendsQuerySchema = z.object({ cursor: z.string().max(200).optional(), limit: limitField(FRIEND_LIMITS.pageMax) });
export type FriendsQuery = z.input<typeof friendsQuerySchema>;

/** `search`: usernames starting with it, any case (SPEC §5); blank means everyone. */
export const suggestionsQuerySchema = z.object({
  search: z
    .string()
    .max(FRIEND_LIMITS.searchMax, `Search must be at most ${FRIEND_LIMITS.searchMax} characters`)
    .transform((v) => cleanLine(v))
    .optional(),
  cursor: z.string().max(200).optional(),
  limit: limitField(FRIEND_LIMITS.suggestionsMax),
});
export type SuggestionsQuery = z.input<typeof suggestionsQuerySchema>;

/** The caller must be user1 or user2; the status is user1's (pending_sent: user1 asked user2). */
export const statusCheckQuerySchema = z.object({ user1: userId, user2: userId });
export type StatusCheckQuery = z.input<typeof statusCheckQuerySchema>;

// ---------------------------------------------------------------------------------------------------------------
// Requests (field names as SPEC §7 writes them)

/** POST /friends/request. `requester_id` may be omitted; if sent it must be the caller's own id. */
export const friendRequestSchema = z.object({ addressee_id: userId, requester_id: userId.optional() });
export type FriendRequestBody = z.input<typeof friendRequestSchema>;

/** POST /friends/cancel: the caller withdraws their pending request to `addressee_id`. */
export const cancelRequestSchema = friendRequestSchema;
export type CancelRequestBody = z.input<typeof cancelRequestSchema>;

/** POST /friends/unfriend. */
export const unfriendRequestSchema = z.object({ other_user_id: userId });
export type UnfriendRequestBody = z.input<typeof unfriendRequestSchema>;

/** POST /friends/accept and /friends/reject: `requester_id` is who sent the request; the caller is its addressee. */
export const answerRequestSchema = z.object({ requester_id: userId });
export type AnswerRequestBody = z.input<typeof answerRequestSchema>;

const looseBoolean = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['true', 'false', '1', '0'])], { error: 'accept must be true or false' })
  .transform((v) => v === true || v === 1 || v === 'true' || v === '1');

/** POST /friends/respond: answers the friend_request notification `notificationId` (the caller's own). */
export const respondRequestSchema = z.object({ notificationId: idField('Notification not found'), accept: looseBoolean });
export type RespondRequestBody = z.input<typeof respondRequestSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Responses

export const friendsResponseSchema = z.object({
  friends: z.array(friendSchema),
  /** How many there are in all (SPEC "My Friends (n)", "All Friends (n)"), whatever the page. */
  total: z.number().int(),
  nextCursor: nextCursorSchema,
});
export type FriendsResponse = z.infer<typeof friendsResponseSchema>;

export const suggestionsResponseSchema = z.object({ suggestions: z.array(suggestionSchema), nextCursor: nextCursorSchema });
export type SuggestionsResponse = z.infer<typeof suggestionsResponseSchema>;

export const friendStatusResponseSchema = z.object({ status: friendStatusSchema });
export type FriendStatusResponse = z.infer<typeof friendStatusResponseSchema>;

/** Every friend action: the message to show, the other user, and the caller's status towards them now. */
export const friendActionResponseSchema = z.object({
  message: z.string(),
  userId: z.number().int(),
  status: friendStatusSchema,
});
export type FriendActionResponse = z.infer<typeof friendActionResponseSchema>;
