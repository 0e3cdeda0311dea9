import { useEffect } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  API,
  reportCountPayloadSchema,
  SOCKET_EVENTS,
  type BanRequest,
  type CreateReportRequest,
  type ReportQueue,
  type ReportStatus,
  type ResolveReportRequest,
} from '@agora/contract';
import { call } from '@/lib/api-client';
import { onSocketEvent } from '@/lib/socket';
import { toastSuccess } from '@/lib/toast';
import { groupKeys } from '@/features/groups/api';
import { memberKeys } from '@/features/members/keys';
import { moderationKeys, reportKeys } from './keys';
import { MODERATION_TEXTS } from './texts';

/** A community's bans and moderation log (issue 15 §4, §5; staff only). Components use these hooks, never the client. */

export { moderationKeys } from './keys';

/** Keyset pages, as every list here answers them: the next page's cursor is the last page's `nextCursor`. */
const BY_CURSOR = {
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last: { nextCursor: string | null }) => last.nextCursor ?? undefined,
};

/** GET /api/groups/{id}/bans: the bans in force, newest first. */
export function useBans(groupId: number, enabled = true) {
  return useInfiniteQuery({
    queryKey: moderationKeys.bans(groupId),
    queryFn: ({ signal, pageParam }) => call(API.moderation.bans, { params: [groupId], query: { cursor: pageParam }, signal }),
    ...BY_CURSOR,
    enabled,
  });
}

/** GET /api/groups/{id}/modlog: the moderation log, newest first. */
export function useModlog(groupId: number, enabled = true) {
  return useInfiniteQuery({
    queryKey: moderationKeys.modlog(groupId),
    queryFn: ({ signal, pageParam }) => call(API.moderation.modlog, { params: [groupId], query: { cursor: pageParam }, signal }),
    ...BY_CURSOR,
    enabled,
  });
}

function useRefreshAfter(groupId: number) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: moderationKeys.bans(groupId) });
    void queryClient.invalidateQueries({ queryKey: moderationKeys.modlog(groupId) });
    void queryClient.invalidateQueries({ queryKey: memberKeys.members(groupId) });
    void queryClient.invalidateQueries({ queryKey: memberKeys.requests(groupId) });
    void queryClient.invalidateQueries({ queryKey: memberKeys.invitations(groupId) });
    void queryClient.invalidateQueries({ queryKey: groupKeys.details() });
  };
}

/** POST /api/groups/{id}/bans. The server's message is the toast (and the error, when refused). */
export function useBanMember(groupId: number) {
  const refresh = useRefreshAfter(groupId);
  return useMutation({
    mutationFn: (body: Omit<BanRequest, 'userId'> & { userId: number }) => call(API.moderation.ban, { params: [groupId], body }),
    meta: { errorMessage: MODERATION_TEXTS.banFailed },
    onSuccess: (data) => void toastSuccess(data.message),
    onSettled: refresh,
  });
}

/** DELETE /api/groups/{id}/bans/{userId}. */
export function useUnban(groupId: number) {
  const refresh = useRefreshAfter(groupId);
  return useMutation({
    mutationFn: ({ userId }: { userId: number }) => call(API.moderation.unban, { params: [groupId, userId] }),
    meta: { errorMessage: MODERATION_TEXTS.unbanFailed },
    onSuccess: (data) => void toastSuccess(data.message),
    onSettled: refresh,
  });
}

// ---- Reports (issue 15 §2) ----

/** POST /api/reports. The dialog shows a refusal (409 "already reported", 404…) itself, as the server words it. */
export function useFileReport() {
  return useMutation({
    mutationFn: (body: CreateReportRequest) => call(API.reports.file, { body }),
    meta: { silent: true },
  });
}

function seedCount(queryClient: QueryClient, groupId: number, page: ReportQueue) {
  queryClient.setQueryData(reportKeys.count(groupId), page.openCount);
}

/** GET /api/groups/{id}/reports?status= (staff): the queue grouped per item, page by page. */
export function useReportQueue(groupId: number, status: ReportStatus) {
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: reportKeys.queue(groupId, status),
    ...BY_CURSOR,
    queryFn: async ({ pageParam, signal }) => {
      const page = await call(API.reports.queue, {
        params: [groupId],
        query: { status, ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      });
      seedCount(queryClient, groupId, page);
      return page;
    },
  });
}

/**
 * The badge's open count: the first page of the open queue tells it, then the `report_count` pushes keep it
 * (useReportCountLive), so it never polls.
 */
export function useOpenReportCount(groupId: number, enabled = true) {
  return useQuery({
    queryKey: reportKeys.count(groupId),
    enabled,
    staleTime: Infinity,
    queryFn: async ({ signal }) => {
      const page = await call(API.reports.queue, { params: [groupId], query: { status: 'open' }, signal });
      return page.openCount;
    },
  });
}

/** GET /api/admin/reports (site admins): every community's open reports. */
export function useSiteReports() {
  return useInfiniteQuery({
    queryKey: reportKeys.site(),
    queryFn: ({ pageParam, signal }) => call(API.admin.reports, { query: pageParam ? { cursor: pageParam } : {}, signal }),
    ...BY_CURSOR,
  });
}

/**
 * POST /api/reports/{id}/resolve. The dialog shows a refusal as the server words it (Remove and Ban may be refused);
 * on success the queues reload and the count follows the server's push (and the open page's openCount).
 */
export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; groupId: number; body: ResolveReportRequest }) =>
      call(API.reports.resolve, { params: [id], body }),
    meta: { silent: true },
    onSuccess: (_answer, { groupId }) => {
      void queryClient.invalidateQueries({ queryKey: reportKeys.group(groupId) });
      void queryClient.invalidateQueries({ queryKey: reportKeys.site() });
    },
  });
}

/**
 * Applies the server's `report_count` pushes (sent to a community's staff when a report arrives or is resolved):
 * sets the badge's count, and reloads that community's queue only where it is on screen. Mount once, in the
 * signed-in layout.
 */
export function useReportCountLive(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onSocketEvent(SOCKET_EVENTS.reportCount, (payload: unknown) => {
        const parsed = reportCountPayloadSchema.safeParse(payload);
        if (!parsed.success) return;
        const { group_id: groupId, openCount } = parsed.data;
        queryClient.setQueryData(reportKeys.count(groupId), openCount);
        void queryClient.invalidateQueries({ queryKey: [...reportKeys.group(groupId), 'queue'], refetchType: 'active' });
        void queryClient.invalidateQueries({ queryKey: reportKeys.site(), refetchType: 'active' });
      }),
    [queryClient],
  );
}
