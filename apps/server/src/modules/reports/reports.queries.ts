import { and, eq, sql } from 'drizzle-orm';
import type { ReportReason, ReportStatus, ReportTarget } from '@agora/contract';
import type { DbOrTx } from '../../db/client';
import { reports } from '../../db/schema';
import { NOTIFICATIONS_CHANNEL } from '../notifications/notifications.writer';

/** An item of a community that can be reported, with whose it is; null when it is not in that community. */
export async function findReportable(
  db: DbOrTx,
  groupId: number,
  type: ReportTarget,
  id: number,
): Promise<{ authorId: number | null } | null> {
  const statement = {
    discussion: sql`SELECT d.user_id AS "authorId" FROM discussions d WHERE d.id = ${id} AND d.group_id = ${groupId}`,
    comment: sql`SELECT c.user_id AS "authorId" FROM comments c JOIN discussions d ON d.id = c.discussion_id
      WHERE c.id = ${id} AND d.group_id = ${groupId}`,
    blog: sql`SELECT b.author_id AS "authorId" FROM blogs b WHERE b.id = ${id} AND b.group_id = ${groupId}`,
    // A person is reported to a community they are in (its owner included).
    user: sql`SELECT u.id AS "authorId" FROM users u JOIN groups g ON g.id = ${groupId}
      WHERE u.id = ${id} AND u.deleted_at IS NULL
        AND (g.owner_id = u.id OR EXISTS (SELECT 1 FROM group_members m WHERE m.group_id = g.id AND m.user_id = u.id))`,
  }[type];
  const rows = await db.execute<{ authorId: number | null }>(statement);
  return [...rows][0] ?? null;
}

export async function insertReport(
  db: DbOrTx,
  values: {
    groupId: number;
    reporterId: number;
    targetType: ReportTarget;
    targetId: number;
    targetUserId: number | null;
    reason: ReportReason;
    note: string | null;
  },
): Promise<number | null> {
  const [row] = await db.insert(reports).values(values).onConflictDoNothing().returning({ id: reports.id });
  return row?.id ?? null;
}

export async function findReport(db: DbOrTx, id: number) {
  const [row] = await db.select().from(reports).where(eq(reports.id, id));
  return row ?? null;
}

/** Resolves every open report of one item in its community; returns how many. */
export async function resolveOpenReports(
  db: DbOrTx,
  key: { groupId: number; targetType: ReportTarget; targetId: number },
  resolution: { action: 'dismiss' | 'remove' | 'ban'; reason: string; resolvedBy: number },
): Promise<number> {
  const rows = await db
    .update(reports)
    .set({
      status: 'resolved',
      action: resolution.action,
      resolutionReason: resolution.reason,
      resolvedBy: resolution.resolvedBy,
      resolvedAt: sql`now()`,
    })
    .where(
      and(
        eq(reports.groupId, key.groupId),
        eq(reports.targetType, key.targetType),
        eq(reports.targetId, key.targetId),
        eq(reports.status, 'open'),
      ),
    )
    .returning({ id: reports.id });
  return rows.length;
}

/** How many items of a community have open reports. */
export async function openReportCount(db: DbOrTx, groupId: number): Promise<number> {
  const rows = await db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM (SELECT DISTINCT target_type, target_id FROM reports WHERE group_id = ${groupId} AND status = 'open') t`);
  return [...rows][0]?.n ?? 0;
}

/**
 * Tells the community's staff sockets that its open report count changed, when the caller's transaction commits
 * (the notification channel, with `r`: plugins/realtime.ts answers with `report_count`).
 */
export async function signalStaff(db: DbOrTx, groupId: number): Promise<void> {
  await db.execute(sql`
    SELECT pg_notify(${NOTIFICATIONS_CHANNEL}, json_build_object('u', s.user_id, 'r', ${groupId}::int)::text)
    FROM (SELECT m.user_id FROM group_members m WHERE m.group_id = ${groupId} AND m.role IN ('owner', 'admin', 'moderator')
          UNION SELECT g.owner_id FROM groups g WHERE g.id = ${groupId}) s`);
}

export type ReportGroupRow = {
  id: number;
  groupId: number;
  groupName: string;
  groupSlug: string;
  targetType: ReportTarget;
  targetId: number;
  discussionId: number | null;
  title: string | null;
  text: string | null;
  author: { id: number; username: string; profile_image: string | null } | null;
  count: number;
  reports: {
    id: number;
    reason: ReportReason;
    note: string | null;
    created: string;
    reporter: { id: number; username: string; profile_image: string | null };
  }[];
  status: ReportStatus;
  action: 'dismiss' | 'remove' | 'ban' | null;
  resolutionReason: string | null;
  resolvedBy: string | null;
  resolvedAt: string | null;
  lastReported: string;
  cursorTs: string;
};

/**
 * One page of a report queue, grouped per item (and per resolution, for resolved ones), newest report first:
 * each group with the item as it is now and every report of it. `groupId` null: every community (site admins).
 */
export async function selectReportGroups(
  db: DbOrTx,
  filter: { groupId: number | null; status: ReportStatus },
  after: { ts: string; id: number } | null,
  limit: number,
): Promise<ReportGroupRow[]> {
  const rows = await db.execute<ReportGroupRow>(sql`
    WITH keyed AS (
      SELECT r.group_id, r.target_type, r.target_id, r.resolved_at, max(r.id) AS id, max(r.created_at) AS last, count(*)::int AS n
      FROM reports r
      WHERE r.status = ${filter.status} ${filter.groupId === null ? sql`` : sql`AND r.group_id = ${filter.groupId}`}
      GROUP BY r.group_id, r.target_type, r.target_id, r.resolved_at
    ), page AS (
      SELECT * FROM keyed
      ${after ? sql`WHERE (last, id) < (${after.ts}::timestamptz, ${after.id})` : sql``}
      ORDER BY last DESC, id DESC
      LIMIT ${limit + 1}
    )
    SELECT p.id, p.group_id AS "groupId", g.group_name AS "groupName", g.slug AS "groupSlug",
      p.target_type AS "targetType", p.target_id AS "targetId", p.n AS count, p.last::text AS "cursorTs",
      to_json(p.last) #>> '{}' AS "lastReported",
      item.discussion_id AS "discussionId", item.title, item.text,
      CASE WHEN au.id IS NULL THEN NULL
        ELSE json_build_object('id', au.id, 'username', au.username, 'profile_image', au.profile_image) END AS author,
      (SELECT json_agg(json_build_object('id', r.id, 'reason', r.reason, 'note', r.note, 'created', to_json(r.created_at),
          'reporter', json_build_object('id', ru.id, 'username', ru.username, 'profile_image', ru.profile_image))
        ORDER BY r.created_at DESC, r.id DESC)
       FROM reports r JOIN users ru ON ru.id = r.reporter_id
       WHERE r.group_id = p.group_id AND r.target_type = p.target_type AND r.target_id = p.target_id
         AND r.status = ${filter.status} AND r.resolved_at IS NOT DISTINCT FROM p.resolved_at) AS reports,
      ${filter.status}::report_status AS status, last_r.action, last_r.resolution_reason AS "resolutionReason",
      rb.username AS "resolvedBy", to_json(p.resolved_at) #>> '{}' AS "resolvedAt"
    FROM page p
    JOIN groups g ON g.id = p.group_id
    LEFT JOIN LATERAL (
      SELECT d.id AS discussion_id, NULL::text AS title, d.content AS text, d.user_id AS author_id
        FROM discussions d WHERE p.target_type = 'discussion' AND d.id = p.target_id AND d.group_id = p.group_id
      UNION ALL
      SELECT c.discussion_id, NULL, c.content, c.user_id
        FROM comments c JOIN discussions d ON d.id = c.discussion_id
        WHERE p.target_type = 'comment' AND c.id = p.target_id AND d.group_id = p.group_id
      UNION ALL
      SELECT NULL, b.title, b.content, b.author_id
        FROM blogs b WHERE p.target_type = 'blog' AND b.id = p.target_id AND b.group_id = p.group_id
      UNION ALL
      SELECT NULL, NULL, NULL, p.target_id WHERE p.target_type = 'user'
    ) item ON true
    LEFT JOIN users au ON au.id = item.author_id
    LEFT JOIN reports last_r ON last_r.id = p.id
    LEFT JOIN users rb ON rb.id = last_r.resolved_by
    ORDER BY p.last DESC, p.id DESC`);
  return [...rows];
}

/** A community's open report count, if `userId` is its staff now (else null: nothing is told). */
export async function staffReportCount(db: DbOrTx, userId: number, groupId: number): Promise<number | null> {
  const rows = await db.execute<{ n: number }>(sql`
    SELECT (SELECT count(*)::int FROM (SELECT DISTINCT target_type, target_id FROM reports
             WHERE group_id = ${groupId} AND status = 'open') t) AS n
    WHERE EXISTS (SELECT 1 FROM group_members m WHERE m.group_id = ${groupId} AND m.user_id = ${userId}
                    AND m.role IN ('owner', 'admin', 'moderator'))
       OR EXISTS (SELECT 1 FROM groups g WHERE g.id = ${groupId} AND g.owner_id = ${userId})`);
  return [...rows][0]?.n ?? null;
}
