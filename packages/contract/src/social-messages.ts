// Friends, notifications and realtime: names, texts, limits and link rules, apart from the schemas. This module
// never imports zod, so the web app's first load (the bell, the socket) can use it without loading zod
// (docs/decisions/0040-zod-stays-off-the-first-load.md). friends.ts, notifications.ts and events.ts re-export it.

/** SPEC §3 friend status values, always from the first user's (the caller's) side. */
export const FRIEND_STATUSES = ['not_friends', 'pending_sent', 'pending_received', 'friends'] as const;
export type FriendStatus = (typeof FRIEND_STATUSES)[number];

export const FRIEND_LIMITS = {
  /** Friends and mutual friends per page (the friends panel loads one large page). */
  pageDefault: 50,
  pageMax: 100,
  suggestionsDefault: 20,
  suggestionsMax: 50,
  /** Longest suggestion search accepted (usernames are at most 30 characters: longer simply matches nothing). */
  searchMax: 100,
  /** Friend requests a user may send per hour (each one notifies someone). */
  requestsPerHour: 50,
  /**
   * Communities larger than this do not count as "shared" when ranking suggestions: being two of 50,000 members
   * says little about knowing each other, and counting them would scan every member.
   */
  sharedGroupMaxMembers: 5000,
} as const;

/** Texts the server sends as `message` (SPEC §8: shown as they arrive). Exact SPEC texts where it has one. */
export const FRIEND_MESSAGES = {
  requestSent: 'Friend request sent successfully!',
  requestCancelled: 'Friend request cancelled!',
  /** POST /friends/accept (profile, members page). */
  requestAccepted: 'Friend request accepted!',
  /** POST /friends/reject. */
  requestRejected: 'Friend request declined',
  /** POST /friends/respond (the notifications panel). */
  respondAccepted: 'Friend request accepted',
  respondDeclined: 'Friend request declined',
  unfriended: 'Friend removed successfully!',
  notSelf: "You can't send a friend request to yourself",
  alreadyFriends: 'You are already friends',
  requestNotFound: 'Friend request not found',
  notFriends: 'You are not friends with this user',
  actAsYourself: 'You can only act for yourself',
  statusForbidden: 'You can only check a friend status you are part of',
  statusSelf: 'Choose another user',
  invalidUserId: 'Please choose a user',
  userNotFound: 'User not found',
  tooManyRequests: 'You have sent too many friend requests recently. Please try again later.',
} as const;

/** SPEC §3 notification types, as stored and as `noti_type` carries them. */
export const NOTIFICATION_TYPES = [
  'mention',
  'friend_request',
  'friend_request_accepted',
  'friend_accepted',
  'friend_request_rejected',
  'friend_rejected',
  'like',
  'comment',
  'comment_like',
  'comment_reply',
  'group_invite',
  'new_follower',
  // Beyond SPEC §3 (issue 12 §2.2), appended so older rows and clients keep their meaning: a request to join
  // (to the owner and staff), its answer (to the requester), a role change and a removal (to the member).
  'join_request',
  'join_request_approved',
  'join_request_declined',
  'role_changed',
  'member_removed',
  // Issue 14 §7: the person's own data export is ready (written by the server, no sender; links to /settings).
  'export_ready',
  // Issue 15 §3: staff removed the recipient's post, comment or blog, with the reason.
  'content_removed',
  // Issue 15 §4: a ban from a community (to the person banned, with the reason and the end).
  'banned',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * SPEC §3 names two types twice. Agora writes only the long names (`friend_request_accepted`,
 * `friend_request_rejected`); the short ones are aliases a client treats the same (older rows, other servers).
 */
export const NOTIFICATION_TYPE_ALIASES = {
  friend_accepted: 'friend_request_accepted',
  friend_rejected: 'friend_request_rejected',
} as const satisfies Partial<Record<NotificationType, NotificationType>>;

/** The name Agora writes for a type (an alias becomes its long name; every other type is itself). */
export function canonicalNotificationType(type: NotificationType): NotificationType {
  return (NOTIFICATION_TYPE_ALIASES as Partial<Record<NotificationType, NotificationType>>)[type] ?? type;
}

/** Types answered from the panel with accept / decline (SPEC §2): POST /friends/respond, POST /groups/respond-invite. */
export const ANSWERABLE_NOTIFICATION_TYPES = ['friend_request', 'group_invite'] as const satisfies readonly NotificationType[];

/**
 * Types about content (a post, a comment, a blog): written only to someone who may still read it, i.e. not to a
 * former member of a private community (issue 12 §1.9).
 */
export const CONTENT_NOTIFICATION_TYPES = [
  'mention',
  'like',
  'comment',
  'comment_like',
  'comment_reply',
] as const satisfies readonly NotificationType[];

/** Types whose discussion link opens the post panel instead of navigating (SPEC §2 "Notifications panel"). */
export const POST_PANEL_NOTIFICATION_TYPES = [
  'like',
  'comment',
  'comment_like',
  'comment_reply',
] as const satisfies readonly NotificationType[];

export const NOTIFICATION_LIMITS = {
  pageDefault: 20,
  pageMax: 50,
  searchMax: 100,
  /** POST /notifications: the body's content and link are bounded (the server writes its own content). */
  contentMax: 500,
  linkMax: 500,
} as const;

export const NOTIFICATION_MESSAGES = {
  notFound: 'Notification not found',
  markedRead: 'Notification marked as read',
  deleted: 'Notification deleted',
  cleared: 'All notifications cleared',
  recorded: 'Notification recorded',
  onlyLikes: 'Only like notifications can be reported',
  invalidLink: 'The link must name a discussion or a blog post',
  notLiked: 'You can only report a like on something you like',
  invalidId: 'Notification not found',
  tooManyReports: 'Too many requests. Please try again later.',
} as const;

/**
 * Notifications the server writes on its own behalf (no sender): the answer to something the person asked for.
 * They cannot be turned off (the person asked; a setting would only hide the answer), and the web shows them
 * with the product's icon instead of a sender's picture.
 */
export const SYSTEM_NOTIFICATION_TYPES = ['export_ready'] as const satisfies readonly NotificationType[];

/** What the server writes as `noti_content` for the system types (the web shows its own catalogue text). */
export const SYSTEM_NOTIFICATION_TEXTS = {
  export_ready: 'Your data export is ready to download',
} as const satisfies Record<(typeof SYSTEM_NOTIFICATION_TYPES)[number], string>;

/** What the server writes as `noti_content` for the friend types (the panel shows it as is). */
export const FRIEND_NOTIFICATION_TEXTS = {
  request: (username: string) => `${username} sent you a friend request`,
  accepted: (username: string) => `${username} accepted your friend request`,
  rejected: (username: string) => `${username} declined your friend request`,
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Links (`noti_link`)

/** A person: the web app opens their profile panel (`?profile=<id>` on the home page). */
export function profileWebPath(userId: number): string {
  return `/?profile=${userId}`;
}

/** The community (slug or id, as written) and blog id of a blog page link, or null. */
const BLOG_LINK = /^\/group\/([^/?#]{1,200})\/blogs\/blogpage\/([1-9][0-9]{0,9})\/?$/;

/** The community (slug or id, as written) and blog id of a blog page link, or null. */
export function parseBlogLink(link: string | null | undefined): { group: string; blogId: number } | null {
  const match = BLOG_LINK.exec(link ?? '');
  if (!match) return null;
  const blogId = Number(match[2]);
  return blogId <= 2_147_483_647 ? { group: match[1]!, blogId } : null;
}

// ---------------------------------------------------------------------------------------------------------------
// Socket.IO event names (payload schemas: events.ts)

/**
 * Socket.IO events (SPEC §7 Realtime). The client authenticates with `auth: { token }` on connect. The live updates'
 * events (subscribe, discussion_created, like_count, …) are `LIVE_EVENTS` in the zod-free live-events.ts.
 */
export const SOCKET_EVENTS = {
  /** Client → server: "I am online, send me the list" (the user id sent is ignored: the session says who). */
  userOnline: 'user_online',
  /** Server → client: ids of the user's friends who are online now (the whole list, replacing the last one). */
  onlineUsers: 'online_users',
  /** Server → client: a notification was just created for this user (after its transaction committed). */
  newNotification: 'new_notification',
  /** Server → client: the unread count changed (read, deleted, cleared or answered, perhaps in another tab). */
  unreadCount: 'unread_count',
  /** Server → a community's staff: its open report count changed (issue 15 §2; reports.ts `reportCountPayloadSchema`). */
  reportCount: 'report_count',
} as const;
