import { z } from 'zod';
import { idField } from './groups';
import { nextCursorSchema } from './pagination';
import {
  NOTIFICATION_LIMITS,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_TYPES,
  SYSTEM_NOTIFICATION_TYPES,
  type NotificationType,
} from './social-messages';
import { cleanLine, hasControlChars, TEXT_MESSAGES } from './text-rules';

// Names, texts, limits and link rules live in the zod-free social-messages.ts (exported by the package index).

/**
 * Notifications (SPEC §2 "Notifications panel", §3 Notification, §4 Notification, §7 "Notifications"). Every
 * path also answers under /api; everything needs sign-in and touches only the caller's own rows (another user's
 * id is a 404 and nothing changes).
 *
 *   GET    /notifications            notificationsQuerySchema       → notificationsResponseSchema (newest first;
 *                                                                    `search` filters on the server across all pages)
 *   PUT    /notifications/{id}/read                                 → notificationCountResponseSchema
 *   DELETE /notifications/{id}                                      → notificationCountResponseSchema
 *   DELETE /notifications                                           → clearNotificationsResponseSchema (all cleared but
 *                                                                    pending friend requests and invitations: `kept`)
 *   POST   /notifications            reportLikeRequestSchema        → reportLikeResponseSchema
 *   (answering: POST /friends/respond for friend_request, POST /groups/respond-invite for group_invite)
 *
 * The server writes every notification itself, in the transaction of its event: friend_request,
 * friend_request_accepted, friend_request_rejected (friends), like / comment / comment_like / comment_reply /
 * mention (discussions, comments, blogs), group_invite and new_follower (communities), join_request (owner and
 * staff), join_request_approved / join_request_declined (the requester), role_changed / member_removed (the member).
 * Never for one's own action; content types never to someone who may no longer read the content.
 * A like, comment_like, mention or new_follower is written once per sender and object: liking again after
 * un-liking, or joining again after leaving, notifies nobody a second time. Deleting a discussion, comment, blog or
 * community deletes the notifications about it. New ones are pushed over Socket.IO (events.ts).
 *
 * `noti_link`: `/groups/{groupId}/discussions/{discussionId}` for posts and comments (the post panel),
 * `/group/{slug}/blogs/blogpage/{blogId}` for blogs, `/group/{slug}` for invitations and new followers,
 * `/?profile={userId}` for people (friend types). `noti_type` is the stored name: Agora writes
 * `friend_request_accepted` / `friend_request_rejected`, never the aliases `friend_accepted` / `friend_rejected`
 * (see `canonicalNotificationType`).
 */

/** Error codes of this feature (errors.ts lists them among ERROR_CODES). */
export const NOTIFICATION_ERROR_CODES = ['notification_not_found'] as const;

export const notificationTypeSchema = z.enum(NOTIFICATION_TYPES);

/** One notification as the panel shows it (SPEC §3 field names; sender_id also as senderId). */
export const notificationSchema = z.object({
  id: z.number().int(),
  /** The recipient (always the caller). */
  user_id: z.number().int(),
  /** Null only when the sender's account is gone. */
  sender_id: z.number().int().nullable(),
  senderId: z.number().int().nullable(),
  sender_username: z.string().nullable(),
  sender_profile_image: z.string().nullable(),
  noti_type: notificationTypeSchema,
  noti_content: z.string(),
  noti_link: z.string().nullable(),
  /** The community it concerns (invitations, new followers, posts, comments, blogs), else null. */
  group_id: z.number().int().nullable(),
  group_name: z.string().nullable(),
  group_image: z.string().nullable(),
  /** The object it concerns, when it is content: the post panel opens for group_id + discussion_id. */
  discussion_id: z.number().int().nullable(),
  comment_id: z.number().int().nullable(),
  blog_id: z.number().int().nullable(),
  is_read: z.boolean(),
  /** ISO 8601. */
  date_created: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationIdParamsSchema = z.object({ id: idField(NOTIFICATION_MESSAGES.invalidId) });

/** `search`: sender username, content, community name or type containing it, any case (SPEC §5); blank means all. */
export const notificationsQuerySchema = z.object({
  search: z
    .string()
    .max(NOTIFICATION_LIMITS.searchMax, `Search must be at most ${NOTIFICATION_LIMITS.searchMax} characters`)
    .transform((v) => cleanLine(v))
    .optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(NOTIFICATION_LIMITS.pageMax).optional(),
});
export type NotificationsQuery = z.input<typeof notificationsQuerySchema>;

export const notificationsResponseSchema = z.object({
  notifications: z.array(notificationSchema),
  /** Unread notifications in all (not only on this page): the bell's dot and the panel's badge. */
  unreadCount: z.number().int(),
  nextCursor: nextCursorSchema,
});
export type NotificationsResponse = z.infer<typeof notificationsResponseSchema>;

/** Mark read, delete, clear: the message to show and the unread count after the change. */
export const notificationCountResponseSchema = z.object({ message: z.string(), unreadCount: z.number().int() });
export type NotificationCountResponse = z.infer<typeof notificationCountResponseSchema>;

/**
 * DELETE /notifications: everything is deleted except what still needs an answer (a friend request still pending,
 * a community invitation); `kept` says how many stayed, `unreadCount` counts those left unread.
 */
export const clearNotificationsResponseSchema = notificationCountResponseSchema.extend({ kept: z.number().int() });
export type ClearNotificationsResponse = z.infer<typeof clearNotificationsResponseSchema>;

const boundedText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((v) => !hasControlChars(v), TEXT_MESSAGES.controlChars);

/**
 * POST /notifications (SPEC §7: the client reports a like). Only `noti_type: "like"` is accepted (400 otherwise).
 * `sender_id` and `user_id` are ignored: the sender is the caller and the recipient the author of what
 * `noti_link` names (a discussion link or a blog page link), which the caller must be able to read (403) and
 * must currently like (403). `noti_content` is ignored too: the server writes its own. A like already notified
 * (by the like itself or an earlier report) is not notified again.
 */
export const reportLikeRequestSchema = z.object({
  noti_type: z.string().max(40),
  noti_link: boundedText(NOTIFICATION_LIMITS.linkMax),
  noti_content: boundedText(NOTIFICATION_LIMITS.contentMax).optional(),
  user_id: z.union([z.number(), z.string().max(20)]).optional(),
  sender_id: z.union([z.number(), z.string().max(20)]).optional(),
});
export type ReportLikeRequest = z.input<typeof reportLikeRequestSchema>;

export const reportLikeResponseSchema = z.object({
  message: z.string(),
  /** The like's notification (new or already there), or null when nobody is notified (one's own post). */
  notificationId: z.number().int().nullable(),
});
export type ReportLikeResponse = z.infer<typeof reportLikeResponseSchema>;

/**
 * The types a person can turn off (issue 14 §6): every type Agora writes but the two that carry accept buttons
 * (friend requests, community invitations), which always arrive. The SPEC §3 aliases are never written.
 */
/** `banned` (issue 15 §4) always arrives too: the person must learn why they can no longer take part (not listed in settings). */
export const ALWAYS_ON_NOTIFICATION_TYPES = ['friend_request', 'group_invite', 'banned'] as const satisfies readonly NotificationType[];
export const OPTIONAL_NOTIFICATION_TYPES = NOTIFICATION_TYPES.filter(
  (
    t,
  ): t is Exclude<
    NotificationType,
    'friend_accepted' | 'friend_rejected' | (typeof ALWAYS_ON_NOTIFICATION_TYPES)[number] | (typeof SYSTEM_NOTIFICATION_TYPES)[number]
  > =>
    t !== 'friend_accepted' &&
    t !== 'friend_rejected' &&
    !(ALWAYS_ON_NOTIFICATION_TYPES as readonly string[]).includes(t) &&
    // The server's answers to the person's own requests (an export ready) are not a kind of news to turn off.
    !(SYSTEM_NOTIFICATION_TYPES as readonly string[]).includes(t),
);
export type OptionalNotificationType = (typeof OPTIONAL_NOTIFICATION_TYPES)[number];

export const DIGEST_FREQUENCIES = ['off', 'daily', 'weekly'] as const;

/** GET and PUT /api/notifications/settings: each optional type on or off, and the email digest. */
export const notificationSettingsSchema = z.object({
  types: z.object(
    Object.fromEntries(OPTIONAL_NOTIFICATION_TYPES.map((t) => [t, z.boolean()])) as Record<OptionalNotificationType, z.ZodBoolean>,
  ),
  digest: z.enum(DIGEST_FREQUENCIES),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
/** A PUT may send only what changes. */
export const updateNotificationSettingsSchema = z.object({
  types: notificationSettingsSchema.shape.types.partial().strict().optional(),
  digest: z.enum(DIGEST_FREQUENCIES).optional(),
});
export type UpdateNotificationSettings = z.infer<typeof updateNotificationSettingsSchema>;

/** PUT /api/groups/{id}/mute and PUT /groups/{g}/discussions/{d}/mute (issue 14 §6). */
export const muteRequestSchema = z.object({ muted: z.boolean({ error: 'muted must be true or false' }) });
export type MuteRequest = z.infer<typeof muteRequestSchema>;
export const muteStateSchema = z.object({ muted: z.boolean() });
export type MuteState = z.infer<typeof muteStateSchema>;
/** A muted community as the settings page lists it. */
export const mutedGroupSchema = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });
export type MutedGroup = z.infer<typeof mutedGroupSchema>;
/** A muted discussion as the settings page lists it: its community and the start of its text (plain, one line). */
export const mutedDiscussionSchema = z.object({
  id: z.number().int(),
  groupId: z.number().int(),
  groupName: z.string(),
  excerpt: z.string(),
});
export type MutedDiscussion = z.infer<typeof mutedDiscussionSchema>;
/**
 * GET /api/notifications/mutes: the ids of the communities and discussions the caller muted (`groups`,
 * `discussions`), and the same with what the settings page names them by (`mutedGroups`, `mutedDiscussions`,
 * newest mute first; added later, so a client may ignore them).
 */
export const mutesResponseSchema = z.object({
  groups: z.array(z.number().int()),
  discussions: z.array(z.number().int()),
  mutedGroups: z.array(mutedGroupSchema),
  mutedDiscussions: z.array(mutedDiscussionSchema),
});
export type MutesResponse = z.infer<typeof mutesResponseSchema>;
