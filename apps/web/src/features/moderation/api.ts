import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type BanRequest } from '@agora/contract';
import { call } from '@/lib/api-client';
import { toastSuccess } from '@/lib/toast';
import { groupKeys } from '@/features/groups/api';
import { memberKeys } from '@/features/members/keys';
import { moderationKeys } from './keys';
import { MODERATION_TEXTS } from './texts';

/** A community's bans and moderation log (issue 15 §4, §5; staff only). Components use these hooks, never the client. */

export { moderationKeys } from './keys';

/** GET /api/groups/{id}/bans: the bans in force, newest first. */
export function useBans(groupId: number, enabled = true) {
  return useInfiniteQuery({
    queryKey: moderationKeys.bans(groupId),
    queryFn: ({ signal, pageParam }) => call(API.moderation.bans, { params: [groupId], query: { cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
  });
}

/** GET /api/groups/{id}/modlog: the moderation log, newest first. */
export function useModlog(groupId: number, enabled = true) {
  return useInfiniteQuery({
    queryKey: moderationKeys.modlog(groupId),
    queryFn: ({ signal, pageParam }) => call(API.moderation.modlog, { params: [groupId], query: { cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
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
