import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { groupMembers, notifications, users } from '../../db/schema';

export type NotificationInsert = typeof notifications.$inferInsert;
export type NotificationType = NotificationInsert['notiType'];

/**
 * The one way a notification is written (SPEC §3 types). Every writer calls these inside the transaction of the
 * event that causes the notification (a like, a comment, a join), so the two are stored together or not at all.
 *
 * Contract for the features that notify (discussions, blogs, groups, friends):
 * - `notify(tx, …)` for one recipient; it never notifies the actor about their own action (returns null).
 * - `notifyMentions(tx, …)` for the `@username`s of a text, only people who may read it.
 * - Point the notification at its object (`discussionId`, `commentId`, `blogId`, `groupId`): deleting the object
 *   deletes its notifications (ON DELETE CASCADE).
 * The notifications feature owns what happens inside (deduplication of repeated likes, the realtime push after
 * commit) without the callers changing.
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

/** Stores one notification as it is (no self check): for rows whose sender is not the acting user, e.g. seeds. */
export async function insertNotification(tx: DbOrTx, row: NotificationInsert): Promise<number> {
  const [inserted] = await tx.insert(notifications).values(row).returning({ id: notifications.id });
  return inserted!.id;
}

/** Notifies one person of another's action, in the caller's transaction; never oneself. Returns the id or null. */
export async function notify(tx: DbOrTx, input: NotifyInput): Promise<number | null> {
  if (input.recipientId === input.actorId) return null;
  return insertNotification(tx, {
    userId: input.recipientId,
    senderId: input.actorId,
    notiType: input.type,
    notiContent: input.content,
    notiLink: input.link,
    groupId: input.groupId ?? null,
    discussionId: input.discussionId ?? null,
    commentId: input.commentId ?? null,
    blogId: input.blogId ?? null,
  });
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
  for (const recipientId of ids) await notify(tx, { ...input, recipientId, type: 'mention' });
  return ids.length;
}
