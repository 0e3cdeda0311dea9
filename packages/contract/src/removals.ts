import { z } from 'zod';
import { textField } from './text';

/**
 * Removal with a reason (issue 15 §3): the community's staff (owner, admin, moderator) take down a discussion, a
 * comment (or reply) or a blog, saying why; it is then hidden from everyone but its author and the staff, who see
 * "Removed by a moderator: {reason}", and the author is notified. Staff restore it. The author's own delete stays
 * a real delete. Decision 0111 (removals-visibility) records who sees what and what the counters count.
 *
 *   POST /api/groups/{id}/discussions/{discussionId}/remove                       removalRequestSchema → removalResponseSchema
 *   POST /api/groups/{id}/discussions/{discussionId}/restore                                            → removalResponseSchema
 *   POST /api/groups/{id}/discussions/{discussionId}/comments/{commentId}/remove  removalRequestSchema → removalResponseSchema
 *   POST /api/groups/{id}/discussions/{discussionId}/comments/{commentId}/restore                       → removalResponseSchema
 *   POST /api/groups/{id}/blogs/{blogId}/remove                                   removalRequestSchema → removalResponseSchema
 *   POST /api/groups/{id}/blogs/{blogId}/restore                                                        → removalResponseSchema
 *
 * Staff may remove an item whose author they outrank (the owner anyone's, an admin a moderator's or a member's, a
 * moderator a member's). Someone who may not see the item gets the item's 404; a visible item they may not remove 403.
 */

/** 409 codes: the item is already in the state asked for. */
export const REMOVAL_ERROR_CODES = ['already_removed', 'not_removed'] as const;

export const REMOVAL_LIMITS = { reasonMax: 500 } as const;

export const REMOVAL_MESSAGES = {
  reasonRequired: 'Give a reason for the removal',
  reasonTooLong: `The reason must be at most ${REMOVAL_LIMITS.reasonMax} characters`,
  forbidden: 'Only the community’s staff can remove or restore what a member ranked below them wrote',
  alreadyRemoved: 'This was already removed',
  notRemoved: 'This is not removed',
  removed: 'Removed',
  restored: 'Restored',
  /** A like, a comment or a reply on a removed item, by its author or the staff (everyone else gets the 404). */
  noInteraction: 'This was removed by a moderator and takes no likes or comments',
} as const;

/** Set on an item its viewer may see although it is removed (its author, the community's staff); null otherwise. */
export const removedInfoSchema = z.object({ reason: z.string(), at: z.string() });
export type RemovedInfo = z.infer<typeof removedInfoSchema>;

export const removalReasonField = textField({
  max: REMOVAL_LIMITS.reasonMax,
  tooLong: REMOVAL_MESSAGES.reasonTooLong,
  required: REMOVAL_MESSAGES.reasonRequired,
});

export const removalRequestSchema = z.object({ reason: removalReasonField });
export type RemovalRequest = z.input<typeof removalRequestSchema>;

export const removalResponseSchema = z.object({ message: z.string(), removed: removedInfoSchema.nullable() });
export type RemovalResponse = z.infer<typeof removalResponseSchema>;

/** What the viewer may do about an item's removal (the removal policy); additive on each item's `abilities`. */
export const removalAbilitiesSchema = z.object({ remove: z.boolean().optional(), restore: z.boolean().optional() });
export type RemovalAbilities = z.infer<typeof removalAbilitiesSchema>;

/** The notification the author gets (type `content_removed`). */
export function removalNotificationText(kind: 'discussion' | 'comment' | 'blog', reason: string): string {
  const what = kind === 'discussion' ? 'post' : kind;
  return `A moderator removed your ${what}: ${reason}`;
}
