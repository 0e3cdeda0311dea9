// Live updates (issue 17 §1): event names, room names, limits and texts, apart from the schemas. This module never
// imports zod, so the web app's first load (the socket) can use it without loading zod
// (docs/decisions/0040-zod-stays-off-the-first-load.md). The payload schemas are in events.ts, which re-exports it.

/** Socket.IO event names of the live updates (beside `SOCKET_EVENTS`; payload schemas: events.ts). */
export const LIVE_EVENTS = {
  /** Client → server: `{ room }` with an acknowledgement callback, answered `{ ok: true }` or `{ ok: false, message }`. */
  subscribe: 'subscribe',
  /** Client → server: `{ room }` (same shape and acknowledgement): the page closed. */
  unsubscribe: 'unsubscribe',
  /** Server → client: a post was published in a community the socket follows (community page or home feed). */
  discussionCreated: 'discussion_created',
  /** Server → client: a post's text was edited. */
  discussionUpdated: 'discussion_updated',
  /** Server → client: a post was deleted (by its author, or removed by staff: "This post was deleted"). */
  discussionDeleted: 'discussion_deleted',
  /** Server → client: a post was pinned or unpinned. */
  discussionPinned: 'discussion_pinned',
  /** Server → client: a comment or a reply was posted. */
  commentCreated: 'comment_created',
  /** Server → client: a comment's text was edited. */
  commentUpdated: 'comment_updated',
  /** Server → client: a comment was deleted by its author or removed by staff. */
  commentDeleted: 'comment_deleted',
  /** Server → client: a post's, a comment's or a blog's like count changed (the new count). */
  likeCount: 'like_count',
  /** Server → client: a blog was published in a community the socket follows. */
  blogCreated: 'blog_created',
  /** Server → client: a community's member count changed (join, leave, kick, ban). */
  memberCount: 'member_count',
  /** Server → client: the server took the socket out of a room it had subscribed (it may no longer read it). */
  roomClosed: 'room_closed',
  /** Server → client: someone removed this user from their friends: drop them from the friends list. */
  friendRemoved: 'friend_removed',
} as const;
export type LiveEventName = (typeof LIVE_EVENTS)[keyof typeof LIVE_EVENTS];

/** The kinds of room a page may subscribe to: `group:<id>`, `discussion:<id>`, `blog:<id>` (positive int4 ids). */
export const LIVE_ROOM_KINDS = ['group', 'discussion', 'blog'] as const;
export type LiveRoomKind = (typeof LIVE_ROOM_KINDS)[number];
export type LiveRoom = { kind: LiveRoomKind; id: number };

/** What `like_count` counts. */
export const LIKE_TARGETS = ['discussion', 'comment', 'blog'] as const;
export type LikeTarget = (typeof LIKE_TARGETS)[number];

export const LIVE_LIMITS = {
  /** Rooms one socket may hold by `subscribe` at once (the home feed's rooms, joined on connect, are not counted). */
  roomsPerSocket: 20,
  /** Longest room string read (anything longer is refused without being parsed). */
  roomMax: 40,
  /** Communities whose feed a socket follows on connect (the home feed): the newest joined first. */
  homeFeedGroupsMax: 1000,
} as const;

/** Texts the server answers in `{ ok: false, message }` (shown as they arrive). */
export const LIVE_MESSAGES = {
  invalidRoom: 'Unknown room: use group:<id>, discussion:<id> or blog:<id>',
  notFound: 'This page no longer exists',
  forbidden: 'You cannot follow this page',
  tooManyRooms: (n: number) => `Too many live pages open on this connection (at most ${n}). Close one and try again.`,
  failed: 'Live updates are unavailable right now. Please try again.',
} as const;

/** The room string of a kind and id (`group:12`). */
export function liveRoomName(kind: LiveRoomKind, id: number): string {
  return `${kind}:${id}`;
}

const ROOM = /^(group|discussion|blog):([1-9][0-9]{0,9})$/;

/** The kind and id of a room string a client sent, or null if it is not one (never throws). */
export function parseLiveRoom(value: unknown): LiveRoom | null {
  if (typeof value !== 'string' || value.length > LIVE_LIMITS.roomMax) return null;
  const match = ROOM.exec(value);
  if (!match) return null;
  const id = Number(match[2]);
  return id <= 2_147_483_647 ? { kind: match[1] as LiveRoomKind, id } : null;
}
