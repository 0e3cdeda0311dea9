import { z } from 'zod';
import { textField } from './text';
import { REMOVAL_LIMITS, REMOVAL_MESSAGES } from './removal-messages';

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

