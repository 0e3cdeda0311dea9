import { z } from 'zod';
import { nextCursorSchema } from './pagination';

/**
 * Blocking (issue 15 §6). Private: only the person who blocks ever sees that a block exists.
 *
 *   POST   /api/users/{id}/block   → blockStateSchema (400 block_self, 404 user_not_found; again: same answer)
 *   DELETE /api/users/{id}/block   → blockStateSchema (404 user_not_found; not blocked: same answer)
 *   GET    /api/users/blocked      blockedQuerySchema → blockedListResponseSchema (newest block first)
 *
 * A person X blocked cannot send X a friend request (nor X them), reply to X's comments, or notify X; X's feeds,
 * community pages and comment lists leave out what they wrote (comment lists say how many were left out:
 * `hiddenCount`). The refusals the blocked person meets are neutral (BLOCK_MESSAGES): they do not say why.
 */

export const BLOCK_ERROR_CODES = ['block_self', 'friend_request_unavailable', 'reply_unavailable', 'invite_unavailable'] as const;

export const BLOCK_LIMITS = { pageDefault: 50, pageMax: 100 } as const;

export const BLOCK_MESSAGES = {
  blockSelf: "You can't block yourself",
  userNotFound: 'User not found',
  blocked: (username: string) => `You blocked ${username}`,
  unblocked: (username: string) => `You unblocked ${username}`,
  /** Both people see this, whichever blocked the other: it names no block and no side. */
  friendRequestUnavailable: "You can't send a friend request to this person",
  /** What the blocked person sees on replying to their blocker's comment: no word of a block. */
  replyUnavailable: "You can't reply to this comment",
  /** What staff see on inviting someone who blocked them: the invitation is a notification, which cannot be written. */
  inviteUnavailable: "You can't invite this person",
} as const;

/** The viewer's block of one person after POST or DELETE. */
export const blockStateSchema = z.object({ userId: z.number().int(), blocked: z.boolean(), message: z.string() });
export type BlockState = z.infer<typeof blockStateSchema>;

/** One person the viewer blocked. */
export const blockedUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  profileImage: z.string().nullable(),
  blockedAt: z.string(),
});
export type BlockedUser = z.infer<typeof blockedUserSchema>;

export const blockedQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(BLOCK_LIMITS.pageMax).optional(),
});
export type BlockedQuery = z.input<typeof blockedQuerySchema>;

export const blockedListResponseSchema = z.object({
  users: z.array(blockedUserSchema),
  total: z.number().int(),
  nextCursor: nextCursorSchema,
});
export type BlockedListResponse = z.infer<typeof blockedListResponseSchema>;
