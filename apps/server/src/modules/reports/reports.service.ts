import {
  REPORT_MESSAGES,
  type CreateReportRequest,
  type ReportGroup,
  type ReportQueue,
  type ReportQueueQuery,
  type ReportSent,
  type ResolveReportRequest,
  type ResolveReportResponse,
} from '@agora/contract';
import type { AppContext, SignedIn } from '../../context';
import { AppError } from '../../lib/app-error';
import { decodeCursor, keysetPage } from '../../lib/cursor';
import { authorizeCommunity, authorizeReportFiling, authorizeReportHandling, authorizeSiteAdmin, reportItemNotFound } from '../../policies';
import type { DbOrTx } from '../../db/client';
import { resolveGroupForViewer } from '../groups/groups.access';
import { banMember } from '../moderation/bans.service';
import { assertNotBanned } from '../moderation/bans.access';
import { recordModAction } from '../moderation/modlog';
import { removeReportedItem } from '../removals/removals.service';
import {
  findReport,
  findReportable,
  insertReport,
  openReportCount,
  resolveOpenReports,
  selectReportGroups,
  signalStaff,
  type ReportGroupRow,
} from './reports.queries';

/** Report groups per page of a queue, the community's and the site admins' (docs/SECURITY.md). */
export const REPORT_QUEUE_PAGE = 20;

/** The community of a report, with the actor's role; a community that is not there is the item not being there. */
async function communityOf(ctx: AppContext, actor: SignedIn, groupId: number) {
  return resolveGroupForViewer(ctx, actor, String(groupId)).catch((error: unknown) => {
    if (error instanceof AppError && error.statusCode === 404) throw reportItemNotFound();
    throw error;
  });
}

/**
 * POST /api/reports: files a report to the item's community. One open report per person and item (409); what the
 * reporter cannot read is 404; their own item 400. The staff's sockets hear the new count when it commits.
 */
export async function fileReport(ctx: AppContext, actor: SignedIn, input: CreateReportRequest): Promise<ReportSent> {
  const { group, role } = await communityOf(ctx, actor, input.group_id);
  const target = await findReportable(ctx.db, group.id, input.target_type, input.target_id);
  if (!target) throw reportItemNotFound();
  authorizeReportFiling(actor, { type: input.target_type, authorId: target.authorId }, group, role);
  // Someone banned from the community may not report there (issue 15 §4).
  await assertNotBanned(ctx.db, group.id, actor.id);
  await ctx.limiters.reportsPerUser.consume(String(actor.id));
  const id = await ctx.db.transaction(async (tx) => {
    const inserted = await insertReport(tx, {
      groupId: group.id,
      reporterId: actor.id,
      targetType: input.target_type,
      targetId: input.target_id,
      targetUserId: target.authorId,
      reason: input.reason,
      note: input.note?.trim() ? input.note : null,
    });
    if (inserted === null) throw AppError.conflict('already_reported', REPORT_MESSAGES.alreadyReported);
    await signalStaff(tx, group.id);
    return inserted;
  });
  return { message: REPORT_MESSAGES.sent, id };
}

function toReportGroup(row: ReportGroupRow): ReportGroup {
  const reasons: ReportGroup['reasons'] = {};
  for (const report of row.reports) reasons[report.reason] = (reasons[report.reason] ?? 0) + 1;
  const link =
    row.targetType === 'blog' && row.text !== null
      ? `/group/${row.groupSlug}/blogs/blogpage/${row.targetId}`
      : row.discussionId !== null
        ? `/groups/${row.groupId}/discussions/${row.discussionId}`
        : null;
  return {
    id: row.id,
    group_id: row.groupId,
    group_name: row.groupName,
    target_type: row.targetType,
    target_id: row.targetId,
    link,
    title: row.title,
    text: row.text,
    author: row.author,
    count: row.count,
    reasons,
    reports: row.reports.map((r) => ({
      id: r.id,
      reporter: r.reporter,
      reason: r.reason,
      note: r.note,
      created: new Date(r.created).toISOString(),
    })),
    status: row.status,
    resolution:
      row.status === 'resolved' && row.action && row.resolvedAt
        ? { action: row.action, reason: row.resolutionReason ?? '', by: row.resolvedBy, at: new Date(row.resolvedAt).toISOString() }
        : null,
    last_reported: new Date(row.lastReported).toISOString(),
  };
}

async function queuePage(ctx: AppContext, groupId: number | null, query: ReportQueueQuery): Promise<Omit<ReportQueue, 'openCount'>> {
  const cursor = decodeCursor(query.cursor, ['ts', 'int'] as const);
  const rows = await selectReportGroups(
    ctx.db,
    { groupId, status: query.status ?? 'open' },
    cursor ? { ts: cursor[0], id: cursor[1] } : null,
    REPORT_QUEUE_PAGE,
  );
  const { page, nextCursor } = keysetPage(rows, REPORT_QUEUE_PAGE, (r) => [r.cursorTs, r.id]);
  return { reports: page.map(toReportGroup), nextCursor };
}

/** GET /api/groups/{id}/reports: the community's reports grouped per item, for its staff (others 403). */
export async function listCommunityReports(
  ctx: AppContext,
  actor: SignedIn,
  input: { idOrSlug: string; query: ReportQueueQuery },
): Promise<ReportQueue> {
  const { group, role } = await resolveGroupForViewer(ctx, actor, input.idOrSlug);
  authorizeCommunity(actor, 'moderate', group, role);
  const [page, openCount] = await Promise.all([queuePage(ctx, group.id, input.query), openReportCount(ctx.db, group.id)]);
  return { ...page, openCount };
}

/** GET /api/admin/reports: every community's open reports, for site admins (others 404). */
export async function listAllReports(ctx: AppContext, actor: SignedIn, query: ReportQueueQuery): Promise<ReportQueue> {
  authorizeSiteAdmin(actor);
  const page = await queuePage(ctx, null, { ...query, status: query.status ?? 'open' });
  return { ...page, openCount: page.reports.length };
}

/**
 * POST /api/reports/{id}/resolve: resolves every open report of the item with one action and reason, by the
 * community's staff or a site admin (anyone else: 404). `dismiss` changes nothing else.
 */
export async function resolveReport(
  ctx: AppContext,
  actor: SignedIn,
  input: ResolveReportRequest & { reportId: number },
): Promise<ResolveReportResponse> {
  const report = await findReport(ctx.db, input.reportId);
  if (!report) throw AppError.notFound(REPORT_MESSAGES.notFound, 'report_not_found');
  const { role } = await resolveGroupForViewer(ctx, actor, String(report.groupId));
  authorizeReportHandling(actor, role);
  if (report.status !== 'open') throw AppError.conflict('already_reported', REPORT_MESSAGES.alreadyResolved);
  if (input.action === 'remove' && report.targetType === 'user') throw AppError.badRequest(REPORT_MESSAGES.cannotRemoveUser);
  const key = { groupId: report.groupId, targetType: report.targetType, targetId: report.targetId };
  // The reports resolved and logged, in the transaction of the action itself (a refused removal or ban resolves nothing).
  let resolved = 0;
  const settle = async (tx: DbOrTx) => {
    resolved = await resolveOpenReports(tx, key, { action: input.action, reason: input.reason, resolvedBy: actor.id });
    if (resolved === 0) throw AppError.conflict('already_reported', REPORT_MESSAGES.alreadyResolved);
    await recordModAction(tx, {
      groupId: report.groupId,
      actorId: actor.id,
      action: 'report_resolved',
      targetType: 'report',
      targetId: report.id,
      targetUserId: report.targetUserId,
      reason: input.reason,
      detail: `${input.action}: ${report.targetType} ${report.targetId}`,
    });
    await signalStaff(tx, report.groupId);
  };
  if (input.action === 'remove') {
    await removeReportedItem(ctx, actor, {
      kind: report.targetType as Exclude<typeof report.targetType, 'user'>,
      groupId: report.groupId,
      itemId: report.targetId,
      reason: input.reason,
      alsoInTx: settle,
    });
  } else if (input.action === 'ban') {
    if (report.targetUserId === null) throw AppError.notFound(REPORT_MESSAGES.itemNotFound, 'user_not_found');
    await banMember(ctx, actor, {
      group: String(report.groupId),
      userId: report.targetUserId,
      reason: input.reason,
      days: input.days ?? null,
      alsoInTx: settle,
    });
  } else {
    await ctx.db.transaction(settle);
  }
  return { message: REPORT_MESSAGES.resolved, resolved };
}
