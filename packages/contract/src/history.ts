import { z } from 'zod';

/**
 * Edit history of posts, comments and blogs (issue 15 §1): GET …/history answers every version of the item, newest
 * first, the current one included (version 1 is the original). Readable by whoever may read the item.
 *   GET /groups/{id}/discussions/{discussionId}/history
 *   GET /groups/{id}/discussions/{discussionId}/comments/{commentId}/history
 *   GET /groups/{id}/blogs/{blogId}/history
 */

export const editVersionSchema = z.object({
  /** 1 for the original text, counting up with each edit. */
  version: z.number().int(),
  /** A blog's title in that version; null for posts and comments, which have none. */
  title: z.string().nullable(),
  content: z.string(),
  /** Who wrote this version (the author, or for a blog the owner who edited it); null once that account is gone. */
  user_id: z.number().int().nullable(),
  username: z.string().nullable(),
  profileImage: z.string().nullable(),
  /** When this version was written (ISO 8601, UTC). */
  date: z.string(),
  /** The version shown today. */
  current: z.boolean(),
});
export type EditVersion = z.infer<typeof editVersionSchema>;

/** At most this many versions are answered (the newest); edits are rate-limited, so few items ever have more. */
export const EDIT_HISTORY_MAX = 100;

export const editHistoryResponseSchema = z.object({ versions: z.array(editVersionSchema) });
export type EditHistoryResponse = z.infer<typeof editHistoryResponseSchema>;
