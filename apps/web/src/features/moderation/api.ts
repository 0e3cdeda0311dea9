import { useEffect } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  API,
  reportCountPayloadSchema,
  SOCKET_EVENTS,
  type CreateReportRequest,
  type ReportQueue,
  type ReportStatus,
  type ResolveReportRequest,
} from '@agora/contract';
import { call } from '@/lib/api-client';
import { onSocketEvent } from '@/lib/socket';
import { reportKeys } from './keys';

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
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam, signal }) => {
      const page = await call(API.reports.queue, {
        params: [groupId],
        query: { status, ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      });
      seedCount(queryClient, groupId, page);
      return page;
    },
    getNextPageParam: (last) => last.nextCursor ?? undefined,
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
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => call(API.admin.reports, { query: pageParam ? { cursor: pageParam } : {}, signal }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
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
