import {
  ALWAYS_ON_NOTIFICATION_TYPES,
  CONTENT_NOTIFICATION_TYPES,
  FRIEND_NOTIFICATION_TEXTS,
  profileWebPath,
  SYSTEM_NOTIFICATION_TEXTS,
  type SYSTEM_NOTIFICATION_TYPES,
} from '@agora/contract';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { groupMembers, groups, notifications, users } from '../../db/schema';
import { blockedBySql } from '../../policies/block';
import { enqueueWebPush } from '../push/push.sender';

export type NotificationInsert = typeof notifications.$inferInsert;
export type NotificationType = NotificationInsert['notiType'];

/**
 * The one way a notification is written (SPEC §3 types). Every writer calls these inside the transaction of the
 * event that causes the notification (a like, a comment, a join), so the two are stored together or not at all.
 *
 * Contract for the features that notify (discussions, blogs, groups, friends):
 * - `notify(tx, …)` for one recipient; it never notifies the actor about their own action (returns null).
 * - `notifyMentions(tx, …)` for the `@username`s of a text, only people who may read it.
 * - A content notification (CONTENT_NOTIFICATION_TYPES) reaches only someone who may still read its community:
 *   a former member of a private community (kicked, left) is skipped, and so is the realtime push.
 * - Point the notification at its object (`discussionId`, `commentId`, `blogId`, `groupId`): deleting the object
 *   deletes its notifications (ON DELETE CASCADE).
 * The notifications feature owns what happens inside (deduplication of repeated likes, the realtime push after
 * commit) without the callers changing.
 *
 * Web push (issue 18 §4): a written notification also enqueues one `push` job per device the recipient turned push
 * on for (modules/push), in the same transaction; the job sends only if none of their tabs is open then.
 *
 * Realtime: every write also queues `pg_notify(NOTIFICATIONS_CHANNEL, …)` in the same transaction. PostgreSQL
 * delivers it only when the transaction commits (never for a rollback), to every app process that LISTENs
 * (plugins/realtime.ts), which then pushes the notification and the unread count to the recipient's sockets.
 */
export type NotifyInput = {
  recipientId: number;
  actorId: number;
  type: NotificationType;
  /** What the panel shows, e.g. "ada liked your post". */
  content: string;
  /** Where a click goes (SPEC §2): /groups/{groupId}/discussions/{id} for posts and comments, the blog page, a profile. */
  link: string | null;
  groupId?: number | null;
  discussionId?: number | null;
  commentId?: number | null;
  blogId?: number | null;
};

/** The LISTEN/NOTIFY channel of notification changes. */
export const NOTIFICATIONS_CHANNEL = 'agora_notifications';

/** What travels on the channel: the recipient, and the new notification's id when one was created. */
export type NotificationSignal = { u: number; n?: number; r?: number };

/**
 * Parses a channel payload; anything malformed is null (the channel is ours, but a payload is still input). `n`: a
 * notification to push; `r`: the community whose open report count changed (issue 15 §2, to its staff).
 */
export function parseNotificationSignal(payload: string): NotificationSignal | null {
  try {
    const value = JSON.parse(payload) as { u?: unknown; n?: unknown; r?: unknown };
    if (!Number.isSafeInteger(value.u)) return null;
    if (value.n !== undefined && !Number.isSafeInteger(value.n)) return null;
    if (value.r !== undefined && !Number.isSafeInteger(value.r)) return null;
    if (value.r !== undefined) return { u: value.u as number, r: value.r as number };
    return value.n === undefined ? { u: value.u as number } : { u: value.u as number, n: value.n as number };
  } catch {
    return null;
  }
}

/** Queues the push of a notification change for `userId`; delivered when the caller's transaction commits. */
async function signal(tx: DbOrTx, value: NotificationSignal): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${NOTIFICATIONS_CHANNEL}, ${JSON.stringify(value)})`);
}

/**
 * Tells the user's open tabs that their unread count changed (a notification was answered or deleted), after the
 * caller's transaction commits.
 */
export async function signalUnreadChanged(tx: DbOrTx, userId: number): Promise<void> {
  await signal(tx, { u: userId });
}

/** Stores one notification as it is (no self check, no deduplication): for rows whose sender is not the acting user, e.g. seeds. */
export async function insertNotification(tx: DbOrTx, row: NotificationInsert): Promise<number> {
  const [inserted] = await tx.insert(notifications).values(row).returning({ id: notifications.id });
  await signal(tx, { u: row.userId, n: inserted!.id });
  await enqueueWebPush(tx, row.userId, inserted!.id);
  return inserted!.id;
}

/** The community of the object, when the caller did not say: so every content notification carries its group. */
function groupOf(input: NotifyInput): number | SQL | null {
  if (input.groupId) return input.groupId;
  if (input.discussionId) return sql`(SELECT group_id FROM discussions WHERE id = ${input.discussionId})`;
  if (input.commentId)
    return sql`(SELECT d.group_id FROM comments c JOIN discussions d ON d.id = c.discussion_id WHERE c.id = ${input.commentId})`;
  if (input.blogId) return sql`(SELECT group_id FROM blogs WHERE id = ${input.blogId})`;
  return null;
}

const isContentType = (type: NotificationType): boolean => (CONTENT_NOTIFICATION_TYPES as readonly string[]).includes(type);

/**
 * Whether the recipient may read the community's content now: a public community, or a private one they are a
 * member (or the owner) of. Content without a community (none today) is not restricted here.
 */
async function mayRead(tx: DbOrTx, recipientId: number, groupId: number | SQL | null): Promise<boolean> {
  if (groupId === null) return true;
  const [row] = await tx
    .select({
      ok: sql<boolean>`NOT ${groups.isPrivate} OR ${groups.ownerId} = ${recipientId}::int
        OR EXISTS (SELECT 1 FROM ${groupMembers} m WHERE m.group_id = ${groups.id} AND m.user_id = ${recipientId}::int)`,
    })
    .from(groups)
    .where(eq(groups.id, typeof groupId === 'number' ? sql`${groupId}::int` : groupId));
  return row?.ok ?? true;
}

/**
 * Whether the recipient does not want this (issue 14 §6): the type turned off, or the community or discussion
 * muted. Then no row is written and nothing is pushed. Friend requests and invitations always arrive.
 */
async function silenced(tx: DbOrTx, input: NotifyInput): Promise<boolean> {
  if ((ALWAYS_ON_NOTIFICATION_TYPES as readonly string[]).includes(input.type)) return false;
  const who = sql`${input.recipientId}::int`;
  const group = groupOf(input);
  const discussion =
    input.discussionId ?? (input.commentId ? sql`(SELECT discussion_id FROM comments WHERE id = ${input.commentId})` : null);
  const rows = await tx.execute<{ off: boolean }>(sql`SELECT
    EXISTS (SELECT 1 FROM notification_settings WHERE user_id = ${who} AND ${input.type}::notification_type = ANY(disabled_types))
    OR ${group === null ? sql`false` : sql`EXISTS (SELECT 1 FROM group_mutes WHERE user_id = ${who} AND group_id = ${group})`}
    OR ${discussion === null ? sql`false` : sql`EXISTS (SELECT 1 FROM discussion_mutes WHERE user_id = ${who} AND discussion_id = ${discussion})`}
    AS off`);
  return [...rows][0]?.off ?? false;
}

/** Whether the recipient blocked the actor (one probe of the blocks primary key). */
async function blockedByRecipient(tx: DbOrTx, input: NotifyInput): Promise<boolean> {
  const rows = await tx.execute<{ blocked: boolean }>(
    sql`SELECT ${blockedBySql(sql`${input.recipientId}::int`, sql`${input.actorId}::int`)} AS blocked`,
  );
  return [...rows][0]?.blocked ?? false;
}

/**
 * Notifies one person of another's action, in the caller's transaction; never oneself, nor from someone they blocked, nor of a type they turned off. A like, comment_like,
 * mention or new_follower is stored once per sender and object (the unique index
 * `notifications_once_per_object_uq`): a repeat inserts nothing and pushes nothing, and the existing row's id is
 * returned. Returns the id, or null when nobody is notified.
 */
export async function notify(tx: DbOrTx, input: NotifyInput): Promise<number | null> {
  if (input.recipientId === input.actorId) return null;
  // Nothing from someone the recipient blocked, whatever the type (issue 15 §6); the actor is told nothing.
  if (await blockedByRecipient(tx, input)) return null;
  if (await silenced(tx, input)) return null;
  if (isContentType(input.type) && !(await mayRead(tx, input.recipientId, groupOf(input)))) return null;
  const discussionId =
    input.discussionId ?? (input.commentId ? sql`(SELECT discussion_id FROM comments WHERE id = ${input.commentId})` : null);
  const inserted = await tx
    .insert(notifications)
    .values({
      userId: input.recipientId,
      senderId: input.actorId,
      notiType: input.type,
      notiContent: input.content,
      notiLink: input.link,
      groupId: groupOf(input),
      discussionId,
      commentId: input.commentId ?? null,
      blogId: input.blogId ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: notifications.id });
  if (inserted[0]) {
    await signal(tx, { u: input.recipientId, n: inserted[0].id });
    await enqueueWebPush(tx, input.recipientId, inserted[0].id);
    return inserted[0].id;
  }
  // Already notified of this very thing: the first notification stands (read or not), nobody is pushed again.
  const objectFilters = [
    input.commentId ? eq(notifications.commentId, input.commentId) : undefined,
    input.discussionId ? eq(notifications.discussionId, input.discussionId) : undefined,
    input.blogId ? eq(notifications.blogId, input.blogId) : undefined,
    input.groupId ? eq(notifications.groupId, input.groupId) : undefined,
  ];
  const [existing] = await tx
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, input.recipientId),
        eq(notifications.senderId, input.actorId),
        eq(notifications.notiType, input.type),
        ...objectFilters,
      ),
    )
    .orderBy(desc(notifications.id))
    .limit(1);
  return existing?.id ?? null;
}

/**
 * Notifies a person of something the server did for them (SYSTEM_NOTIFICATION_TYPES: their data export is
 * ready), in the caller's transaction: no sender, the catalogue's text, and never silenced by settings or mutes
 * (the person asked for it; there is no community to mute). Returns the id.
 */
export async function notifyFromServer(
  tx: DbOrTx,
  input: { recipientId: number; type: (typeof SYSTEM_NOTIFICATION_TYPES)[number]; link: string },
): Promise<number> {
  return insertNotification(tx, {
    userId: input.recipientId,
    senderId: null,
    notiType: input.type,
    notiContent: SYSTEM_NOTIFICATION_TEXTS[input.type],
    notiLink: input.link,
  });
}

/** The three friend notifications: a request, its acceptance, its refusal; the link opens the sender's profile. */
export type FriendNotificationType = 'friend_request' | 'friend_request_accepted' | 'friend_request_rejected';

const FRIEND_TEXT: Record<FriendNotificationType, (username: string) => string> = {
  friend_request: FRIEND_NOTIFICATION_TEXTS.request,
  friend_request_accepted: FRIEND_NOTIFICATION_TEXTS.accepted,
  friend_request_rejected: FRIEND_NOTIFICATION_TEXTS.rejected,
};

/** Writes a friend notification from `actor` to `recipientId`, in the caller's transaction. */
export async function notifyFriendEvent(
  tx: DbOrTx,
  input: { type: FriendNotificationType; recipientId: number; actor: { id: number; username: string } },
): Promise<number | null> {
  return notify(tx, {
    recipientId: input.recipientId,
    actorId: input.actor.id,
    type: input.type,
    content: FRIEND_TEXT[input.type](input.actor.username),
    link: profileWebPath(input.actor.id),
  });
}

/**
 * Removes the friend_request notification(s) `senderId` sent `recipientId` (the request was answered or
 * withdrawn: SPEC §4 "the item is removed") and pushes the recipient's new unread count after commit.
 */
export async function removeFriendRequestNotifications(tx: DbOrTx, input: { recipientId: number; senderId: number }): Promise<number> {
  const removed = await tx
    .delete(notifications)
    .where(
      and(
        eq(notifications.userId, input.recipientId),
        eq(notifications.senderId, input.senderId),
        eq(notifications.notiType, 'friend_request'),
      ),
    )
    .returning({ id: notifications.id });
  if (removed.length > 0) await signalUnreadChanged(tx, input.recipientId);
  return removed.length;
}

/** `@username` at a word start; usernames are 3 to 30 letters, digits or underscores (USERNAME_PATTERN). */
const MENTION = /(?<![\w@])@([A-Za-z0-9_]{3,30})(?![\w])/g;

/** The distinct usernames a text mentions, lowercased, at most `max` (a text cannot notify a crowd). */
export function mentionedUsernames(text: string, max = 20): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(MENTION)) {
    names.add(match[1]!.toLowerCase());
    if (names.size >= max) break;
  }
  return [...names];
}

/**
 * Sends a `mention` to every `@username` in the text who may read it: in a private community only its members
 * (the owner has a member row, decision 0002); never the actor; people already notified of this event by
 * `exceptIds` (e.g. the post's author who got a `comment`) are skipped. Returns how many were notified.
 */
export async function notifyMentions(
  tx: DbOrTx,
  input: Omit<NotifyInput, 'recipientId' | 'type'> & { text: string; groupId: number; groupIsPrivate: boolean; exceptIds?: number[] },
): Promise<number> {
  const names = mentionedUsernames(input.text);
  if (names.length === 0) return 0;
  const found = await tx
    .select({ id: users.id })
    .from(users)
    .where(inArray(sql`lower(${users.username})`, names));
  let ids = found.map((u) => u.id).filter((id) => id !== input.actorId && !(input.exceptIds ?? []).includes(id));
  if (input.groupIsPrivate && ids.length > 0) {
    const members = await tx
      .select({ id: groupMembers.userId })
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, input.groupId), inArray(groupMembers.userId, ids)));
    const allowed = new Set(members.map((m) => m.id));
    ids = ids.filter((id) => allowed.has(id));
  }
  const { text: _text, groupIsPrivate: _private, exceptIds: _except, ...rest } = input;
  for (const recipientId of ids) await notify(tx, { ...rest, recipientId, type: 'mention' });
  return ids.length;
}
