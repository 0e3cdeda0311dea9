import { z } from 'zod';
import { blogSchema } from './blogs';
import { commentSchema, discussionSchema } from './discussions';
import { LIKE_TARGETS } from './live-events';
import { notificationSchema } from './notifications';

export * from './live-events';

/**
 * Socket.IO payloads (SPEC §7 Realtime). The event names are `SOCKET_EVENTS` in the zod-free social-messages.ts.
 * The client connects with `auth: { token }`; the server takes the user from that session, never from a payload.
 * A visitor connects with no token at all (`auth: {}`): it may only subscribe to public rooms, and receives no
 * online_users, notification or home-feed event (decision 0134); a token that is no longer valid is refused.
 *
 *   client → server  user_online        (any payload, ignored)   the server answers online_users to that socket
 *   server → client  online_users       onlineUsersPayloadSchema  on connect, on user_online, and whenever a friend
 *                                                                 connects, disconnects, or becomes or stops being
 *                                                                 a friend: the whole list, replacing the last one
 *   server → client  new_notification   newNotificationPayloadSchema   after the notification's transaction commits
 *   server → client  unread_count       unreadCountPayloadSchema  after a read, delete, clear or answer (any tab)
 *
 * Presence is friends only (decision 0089): online_users lists the ids of the user's friends with at least one
 * live connection (tabs and devices counted together); never the user themself, never strangers.
 *
 * Live updates (issue 17 §1; names: `LIVE_EVENTS` in the zod-free live-events.ts). A page asks for the room of what
 * it shows; the server checks the person may read it (the community policy: private communities, members only;
 * banned people, as non-members) before joining, and takes the socket out again when they stop being allowed
 * (leave, kick, ban, the community turning private, account suspension), with room_closed. Every socket also
 * follows, from connect, the feeds of the communities its user is a member of (the home feed: at most
 * LIVE_LIMITS.homeFeedGroupsMax, newest joined first). Events are sent after the write's transaction commits,
 * never for a rolled-back write.
 *
 *   client → server  subscribe          liveRoomRequestSchema, ack liveAckSchema   join `group:<id>`, `discussion:<id>`
 *                                                                  or `blog:<id>` (at most LIVE_LIMITS.roomsPerSocket)
 *   client → server  unsubscribe        liveRoomRequestSchema, ack liveAckSchema   leave it (ok: true even if not in it)
 *   server → client  discussion_created discussionCreatedPayloadSchema   → group:<gid> and members' home feeds
 *   server → client  discussion_updated discussionUpdatedPayloadSchema   → group:<gid>, discussion:<id>, home feeds
 *   server → client  discussion_deleted discussionDeletedPayloadSchema   → group:<gid>, discussion:<id>, home feeds
 *   server → client  discussion_pinned  discussionPinnedPayloadSchema    → group:<gid>, discussion:<id>, home feeds
 *   server → client  comment_created    commentCreatedPayloadSchema      → discussion:<did>, group:<gid>, home feeds
 *   server → client  comment_updated    commentUpdatedPayloadSchema      → discussion:<did>
 *   server → client  comment_deleted    commentDeletedPayloadSchema      → discussion:<did>, group:<gid>, home feeds
 *   server → client  like_count         likeCountPayloadSchema   discussion: group:<gid>, discussion:<id>, home feeds;
 *                                                                comment: discussion:<did>;
 *                                                                blog: blog:<id>, group:<gid>, home feeds
 *   server → client  blog_created       blogCreatedPayloadSchema         → group:<gid> and members' home feeds
 *   server → client  member_count       memberCountPayloadSchema         → group:<gid>
 *   server → client  room_closed        roomClosedPayloadSchema          → the socket taken out of a room
 *   server → client  friend_removed     friendRemovedPayloadSchema       → the other person's sockets on unfriend
 *
 * Viewer fields (docs/decisions/0128-live-payloads.md): a room broadcast is one message for every socket in it, so
 * entities are sent as an ordinary reader who is not their author sees them: isLiked/is_liked false,
 * canEdit/canDelete/canPin false, `abilities` and `removed` left out. The client fills them from what it knows
 * (its own user id and role: the author may edit; owner, admin and moderator may delete and pin). The writer's
 * own tab already has the entity from its response and ignores the event for an id it holds.
 * Content by someone the viewer blocked is never sent to the viewer's sockets (as the feeds hide it).
 * Comment removal by staff is comment_deleted for everyone (staff reload to see the removal notice).
 */

/** Server → client: ids of the user's friends online now. */
export const onlineUsersPayloadSchema = z.array(z.number().int());
export type OnlineUsersPayload = z.infer<typeof onlineUsersPayloadSchema>;

/** Server → client: a notification just created for this user, and their unread count including it. */
export const newNotificationPayloadSchema = z.object({ notification: notificationSchema, unreadCount: z.number().int() });
export type NewNotificationPayload = z.infer<typeof newNotificationPayloadSchema>;

/** Server → client: the user's unread count after a change made elsewhere (another tab, an answer). */
export const unreadCountPayloadSchema = z.object({ unreadCount: z.number().int() });
export type UnreadCountPayload = z.infer<typeof unreadCountPayloadSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Live updates (issue 17 §1)

/** Client → server: the room a page asks for (`group:<id>`, `discussion:<id>`, `blog:<id>`; parseLiveRoom). */
export const liveRoomRequestSchema = z.object({ room: z.string() });
export type LiveRoomRequest = z.infer<typeof liveRoomRequestSchema>;

/** Server → client: the acknowledgement of subscribe and unsubscribe (`message` is shown as is). */
export const liveAckSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true) }),
  z.object({ ok: z.literal(false), message: z.string() }),
]);
export type LiveAck = z.infer<typeof liveAckSchema>;

/** A post as an ordinary reader who is not its author sees it (viewer fields false; no abilities, no removed). */
export const liveDiscussionSchema = discussionSchema.omit({ abilities: true, removed: true });
/** A comment as an ordinary reader who is not its author sees it (viewer fields false; no abilities, no removed). */
export const liveCommentSchema = commentSchema.omit({ abilities: true, removed: true });
/** A blog as lists carry it (preview text), as an ordinary reader sees it (is_liked false; no abilities, no removed). */
export const liveBlogSchema = blogSchema.omit({ abilities: true, removed: true });

const id = z.number().int();

export const discussionCreatedPayloadSchema = z.object({ group_id: id, discussion_id: id, discussion: liveDiscussionSchema });
export type DiscussionCreatedPayload = z.infer<typeof discussionCreatedPayloadSchema>;

/** The edited text and its time (the post's other fields do not change on edit). */
export const discussionUpdatedPayloadSchema = z.object({
  group_id: id,
  discussion_id: id,
  discussion_content: z.string(),
  date_edited: z.string().nullable(),
  edited_at: z.string().nullable(),
});
export type DiscussionUpdatedPayload = z.infer<typeof discussionUpdatedPayloadSchema>;

/** Deleted by its author or removed by staff: the page shows "This post was deleted". */
export const discussionDeletedPayloadSchema = z.object({ group_id: id, discussion_id: id });
export type DiscussionDeletedPayload = z.infer<typeof discussionDeletedPayloadSchema>;

export const discussionPinnedPayloadSchema = z.object({
  group_id: id,
  discussion_id: id,
  is_pinned: z.union([z.literal(0), z.literal(1)]),
});
export type DiscussionPinnedPayload = z.infer<typeof discussionPinnedPayloadSchema>;

/** A comment or reply, and the post's comment count after it (as the post's `commentCount`). */
export const commentCreatedPayloadSchema = z.object({
  group_id: id,
  discussion_id: id,
  comment_id: id,
  comment: liveCommentSchema,
  commentCount: z.number().int(),
});
export type CommentCreatedPayload = z.infer<typeof commentCreatedPayloadSchema>;

export const commentUpdatedPayloadSchema = z.object({
  group_id: id,
  discussion_id: id,
  comment_id: id,
  content: z.string(),
  edited_at: z.string().nullable(),
});
export type CommentUpdatedPayload = z.infer<typeof commentUpdatedPayloadSchema>;

/**
 * A comment deleted or removed by staff. `kept`: it had replies and stays in place as `DELETED_COMMENT_TEXT`
 * (deleted: true, author id 0); otherwise it disappears. `commentCount` is the post's count after it.
 */
export const commentDeletedPayloadSchema = z.object({
  group_id: id,
  discussion_id: id,
  comment_id: id,
  parentCommentId: z.number().int().nullable(),
  kept: z.boolean(),
  commentCount: z.number().int(),
});
export type CommentDeletedPayload = z.infer<typeof commentDeletedPayloadSchema>;

/** The new like count of a post, a comment (discussion_id set) or a blog (blog_id set); `id` is the liked item. */
export const likeCountPayloadSchema = z.object({
  target: z.enum(LIKE_TARGETS),
  id,
  group_id: id,
  discussion_id: id.optional(),
  comment_id: id.optional(),
  blog_id: id.optional(),
  count: z.number().int(),
});
export type LikeCountPayload = z.infer<typeof likeCountPayloadSchema>;

export const blogCreatedPayloadSchema = z.object({ group_id: id, blog_id: id, blog: liveBlogSchema });
export type BlogCreatedPayload = z.infer<typeof blogCreatedPayloadSchema>;

export const memberCountPayloadSchema = z.object({ group_id: id, member_count: z.number().int() });
export type MemberCountPayload = z.infer<typeof memberCountPayloadSchema>;

/** The server took the socket out of a room (the person may no longer read it); the page stops expecting events. */
export const roomClosedPayloadSchema = z.object({ room: z.string() });
export type RoomClosedPayload = z.infer<typeof roomClosedPayloadSchema>;

/** `user_id` removed this user from their friends (or this user did, in another tab): drop them from the list. */
export const friendRemovedPayloadSchema = z.object({ user_id: id });
export type FriendRemovedPayload = z.infer<typeof friendRemovedPayloadSchema>;
