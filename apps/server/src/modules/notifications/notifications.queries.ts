import { type SQL, sql } from 'drizzle-orm';
import type { NotificationType } from '@agora/contract';
import type { Db, DbOrTx } from '../../db/client';
import { blogLikes, blogs, discussionLikes, discussions, friendships, groups, notifications, users } from '../../db/schema';
import { prepared } from '../../lib/prepared';
import { NOTIFICATIONS_CHANNEL } from './notifications.writer';

/** A notification with what the panel shows beside it: the sender's name and picture, the community's. */
export type NotificationRow = {
  id: number;
  userId: number;
  senderId: number | null;
  senderUsername: string | null;
  senderProfileImage: string | null;
  notiType: NotificationType;
  notiContent: string;
  notiLink: string | null;
  groupId: number | null;
  groupName: string | null;
  groupImage: string | null;
  discussionId: number | null;
  commentId: number | null;
  blogId: number | null;
  isRead: boolean;
  createdAt: string;
  /** created_at as PostgreSQL text (microseconds): the keyset cursor. */
  sortTs: string;
};

/** The columns of a NotificationRow from `n` (notifications) joined to `s` (sender) and `g` (group). */
const ROW_COLUMNS = sql`n.id, n.user_id AS "userId", n.sender_id AS "senderId", s.username AS "senderUsername",
  s.profile_image AS "senderProfileImage", n.noti_type AS "notiType", n.noti_content AS "notiContent",
  n.noti_link AS "notiLink", n.group_id AS "groupId", g.group_name AS "groupName", g.group_dp AS "groupImage",
  n.discussion_id AS "discussionId", n.comment_id AS "commentId", n.blog_id AS "blogId", n.is_read AS "isRead",
  to_char(n.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", n.created_at::text AS "sortTs"`;
const ROW_JOINS = sql`LEFT JOIN ${users} s ON s.id = n.sender_id LEFT JOIN ${groups} g ON g.id = n.group_id`;

const unreadOf = (user: SQL) => sql`(SELECT count(*)::int FROM ${notifications} c WHERE c.user_id = ${user} AND c.is_read = false)`;

export type NotificationsCursor = { ts: string; id: number };
export type NotificationsPage = { unread: number; rows: NotificationRow[] };

type PageRow = Omit<NotificationRow, 'id'> & { id: number | null; unread: number };

// The page is cut from the user's notifications alone (notifications_user_recent_idx, read in order, stops after
// `limit`) before the sender and community are joined and the columns formatted: joined first, PostgreSQL sorted
// every notification of the user and formatted each (4x slower at 1,000 notifications, growing with them).
function buildPage(db: Db, withCursor: boolean, name: string) {
  const p = (key: string) => sql.placeholder(key);
  const user = sql`${p('user')}::int`;
  const after = withCursor ? sql`AND (n.created_at, n.id) < (${p('cTs')}::timestamptz, ${p('cId')}::int)` : sql``;
  return db
    .select({ row: sql<PageRow>`row_to_json(r)` })
    .from(
      sql`(
      SELECT c.unread, l.* FROM (SELECT ${unreadOf(user)} AS unread) c
      LEFT JOIN LATERAL (
        SELECT ${ROW_COLUMNS} FROM (
          SELECT * FROM ${notifications} n WHERE n.user_id = ${user} ${after}
          ORDER BY n.created_at DESC, n.id DESC
          LIMIT ${p('limit')}::int
        ) n ${ROW_JOINS}
        ORDER BY n.created_at DESC, n.id DESC
      ) l ON true
    ) r`,
    )
    .prepare(name);
}

const pageStatements = {
  first: prepared('notifications_page', (db, name) => buildPage(db, false, name)),
  cursor: prepared('notifications_page_cursor', (db, name) => buildPage(db, true, name)),
};

/**
 * A page of the user's notifications, newest first (notifications_user_recent_idx), and their unread count in all
 * (notifications_user_unread_idx). One round trip, a prepared statement: the panel and its 30-second poll read it.
 * `search` (lower case) keeps those whose sender, content, community name or type contains it.
 */
export async function findNotificationsPage(
  db: Db,
  userId: number,
  opts: { cursor: NotificationsCursor | null; limit: number; search: string | null },
): Promise<NotificationsPage> {
  let rows: { row: PageRow }[];
  if (opts.search) {
    rows = await findSearchPage(db, userId, { ...opts, search: opts.search });
  } else if (opts.cursor) {
    rows = await pageStatements.cursor(db).execute({ user: userId, limit: opts.limit, cTs: opts.cursor.ts, cId: opts.cursor.id });
  } else {
    rows = await pageStatements.first(db).execute({ user: userId, limit: opts.limit });
  }
  const unread = rows[0]?.row.unread ?? 0;
  return {
    unread,
    rows: rows.map((r) => r.row).filter((r): r is PageRow & { id: number } => r.id !== null),
  };
}

async function findSearchPage(
  db: Db,
  userId: number,
  opts: { cursor: NotificationsCursor | null; limit: number; search: string },
): Promise<{ row: PageRow }[]> {
  const user = sql`${userId}::int`;
  const pattern = `%${opts.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const after = opts.cursor ? sql`AND (n.created_at, n.id) < (${opts.cursor.ts}::timestamptz, ${opts.cursor.id}::int)` : sql``;
  // The user's own notifications only (their index), filtered as they are walked: a person has few enough.
  const rows = await db.execute<{ row: PageRow }>(sql`
    SELECT row_to_json(r) AS row FROM (
      SELECT c.unread, l.* FROM (SELECT ${unreadOf(user)} AS unread) c
      LEFT JOIN LATERAL (
        SELECT ${ROW_COLUMNS} FROM ${notifications} n ${ROW_JOINS}
        WHERE n.user_id = ${user} ${after}
          AND (lower(coalesce(s.username, '')) LIKE ${pattern} OR lower(n.noti_content) LIKE ${pattern}
            OR lower(coalesce(g.group_name, '')) LIKE ${pattern} OR n.noti_type::text LIKE ${pattern})
        ORDER BY n.created_at DESC, n.id DESC
        LIMIT ${opts.limit}::int
      ) l ON true
    ) r`);
  return [...rows];
}

/** One notification of the user with its sender and community, and the user's unread count (for the realtime push). */
export async function findNotificationForPush(
  db: Db,
  userId: number,
  id: number,
): Promise<{ row: NotificationRow | null; unread: number }> {
  const rows = await pushStatement(db).execute({ user: userId, id });
  const first = rows[0]?.row;
  if (!first) return { row: null, unread: 0 };
  const { unread, ...row } = first;
  return { row: row.id === null ? null : (row as NotificationRow), unread };
}

const pushStatement = prepared('notification_for_push', (db, name) => {
  const p = (key: string) => sql.placeholder(key);
  const user = sql`${p('user')}::int`;
  return db
    .select({ row: sql<PageRow>`row_to_json(r)` })
    .from(
      sql`(
      SELECT c.unread, l.* FROM (SELECT ${unreadOf(user)} AS unread) c
      LEFT JOIN LATERAL (
        SELECT ${ROW_COLUMNS} FROM ${notifications} n ${ROW_JOINS} WHERE n.id = ${p('id')}::int AND n.user_id = ${user}
      ) l ON true
    ) r`,
    )
    .prepare(name);
});

/** The user's unread count. */
export async function unreadCountOf(db: Db, userId: number): Promise<number> {
  const rows = await unreadStatement(db).execute({ user: userId });
  return rows[0]?.unread ?? 0;
}

const unreadStatement = prepared('notifications_unread', (db, name) =>
  db
    .select({ unread: sql<number>`r.unread` })
    .from(sql`(SELECT ${unreadOf(sql`${sql.placeholder('user')}::int`)} AS unread) r`)
    .prepare(name),
);

const signalFor = (user: SQL) => sql`pg_notify(${NOTIFICATIONS_CHANNEL}, json_build_object('u', ${user})::text)`;

/**
 * Marks the user's notification read. `found` is false when the user has no such notification (nothing changes).
 * One statement: the update, the unread count after it, and (when it changed) the push of that count.
 */
export async function markRead(db: DbOrTx, userId: number, id: number): Promise<{ found: boolean; unread: number }> {
  const user = sql`${userId}::int`;
  const [row] = await db.execute<{ found: boolean; unread: number }>(sql`
    WITH upd AS (
      UPDATE ${notifications} SET is_read = true WHERE id = ${id}::int AND user_id = ${user} AND is_read = false RETURNING id
    )
    SELECT EXISTS (SELECT 1 FROM ${notifications} WHERE id = ${id}::int AND user_id = ${user}) AS found,
      ${unreadOf(user)} - (SELECT count(*)::int FROM upd) AS unread,
      (SELECT ${signalFor(user)} FROM upd) AS signalled`);
  return { found: row!.found, unread: row!.unread };
}

/** Deletes the user's notification; `found` false when there is none. The unread count after, pushed if it moved. */
export async function deleteOwnNotification(db: DbOrTx, userId: number, id: number): Promise<{ found: boolean; unread: number }> {
  const user = sql`${userId}::int`;
  const [row] = await db.execute<{ found: boolean; unread: number }>(sql`
    WITH del AS (DELETE FROM ${notifications} WHERE id = ${id}::int AND user_id = ${user} RETURNING is_read)
    SELECT EXISTS (SELECT 1 FROM del) AS found,
      ${unreadOf(user)} - (SELECT count(*)::int FROM del WHERE NOT is_read) AS unread,
      (SELECT ${signalFor(user)} FROM del WHERE NOT is_read) AS signalled`);
  return { found: row!.found, unread: row!.unread };
}

/**
 * Deletes the user's notifications except those that still need an answer (issue 12 §2.1): a community invitation
 * (it exists nowhere else) and a friend request whose request is still pending. Returns how many were kept and
 * the unread count after; pushes the count if an unread one was deleted.
 */
export async function deleteAllOwnNotifications(db: DbOrTx, userId: number): Promise<{ kept: number; unread: number }> {
  const user = sql`${userId}::int`;
  const [row] = await db.execute<{ kept: number; unread: number }>(sql`
    WITH del AS (
      DELETE FROM ${notifications} n WHERE n.user_id = ${user}
        AND n.noti_type <> 'group_invite'
        AND NOT (n.noti_type = 'friend_request' AND EXISTS (
          SELECT 1 FROM ${friendships} f
          WHERE f.requester_id = n.sender_id AND f.addressee_id = n.user_id AND f.status = 'pending'))
      RETURNING is_read
    )
    SELECT (SELECT count(*)::int FROM ${notifications} WHERE user_id = ${user}) - (SELECT count(*)::int FROM del) AS kept,
      ${unreadOf(user)} - (SELECT count(*)::int FROM del WHERE NOT is_read) AS unread,
      (SELECT ${signalFor(user)} FROM (SELECT 1 FROM del WHERE NOT is_read LIMIT 1) x) AS signalled`);
  return { kept: row!.kept, unread: row!.unread };
}

/** What a like report needs about a discussion: its author, and whether the viewer likes it now. Null if absent. */
export async function findDiscussionLike(
  db: Db,
  input: { groupId: number; discussionId: number; viewerId: number },
): Promise<{ authorId: number; liked: boolean } | null> {
  const [row] = await db.execute<{ authorId: number; liked: boolean }>(sql`
    SELECT d.user_id AS "authorId",
      EXISTS (SELECT 1 FROM ${discussionLikes} l WHERE l.discussion_id = d.id AND l.user_id = ${input.viewerId}::int) AS liked
    FROM ${discussions} d WHERE d.id = ${input.discussionId}::int AND d.group_id = ${input.groupId}::int`);
  return row ?? null;
}

/** What a like report needs about a blog post: its author (null once the account is gone) and the viewer's like. */
export async function findBlogLike(
  db: Db,
  input: { groupId: number; blogId: number; viewerId: number },
): Promise<{ authorId: number | null; liked: boolean } | null> {
  const [row] = await db.execute<{ authorId: number | null; liked: boolean }>(sql`
    SELECT b.author_id AS "authorId",
      EXISTS (SELECT 1 FROM ${blogLikes} l WHERE l.blog_id = b.id AND l.user_id = ${input.viewerId}::int) AS liked
    FROM ${blogs} b WHERE b.id = ${input.blogId}::int AND b.group_id = ${input.groupId}::int`);
  return row ?? null;
}
