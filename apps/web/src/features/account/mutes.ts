import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API, type MutesResponse } from '@agora/contract';
import { call } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { ACCOUNT_TEXTS } from './texts';

/**
 * Mutes (issue 14 §6): what the signed-in person muted, and the calls that mute and unmute a community or a
 * discussion. The state always comes from the server (GET /api/notifications/mutes); a change shows at once in
 * the cached list and the list is asked again afterwards. Here, the lowest feature, so the community page's menu
 * (groups), the post card's menu (discussions) and the settings page share one cache.
 */
export const mutesKey = ['account', 'mutes'] as const;

/** The caller's mutes; `enabled: false` until a menu that shows them opens (no request on a page's first load). */
export function useMutes({ enabled = true }: { enabled?: boolean } = {}) {
  const session = useSession();
  return useQuery({
    queryKey: mutesKey,
    queryFn: ({ signal }) => call(API.notifications.mutes, { signal }),
    enabled: enabled && Boolean(session),
    staleTime: 60_000,
  });
}

type MuteTarget = { kind: 'group'; groupId: number } | { kind: 'discussion'; groupId: number; discussionId: number };
export type MuteChange = MuteTarget & { muted: boolean };

function withChange(list: MutesResponse, change: MuteChange): MutesResponse {
  const toggle = (ids: number[], id: number) => (change.muted ? [...new Set([...ids, id])] : ids.filter((x) => x !== id));
  if (change.kind === 'group') {
    return {
      ...list,
      groups: toggle(list.groups, change.groupId),
      mutedGroups: change.muted ? list.mutedGroups : list.mutedGroups.filter((g) => g.id !== change.groupId),
    };
  }
  return {
    ...list,
    discussions: toggle(list.discussions, change.discussionId),
    mutedDiscussions: change.muted ? list.mutedDiscussions : list.mutedDiscussions.filter((d) => d.id !== change.discussionId),
  };
}

/** PUT the mute of a community or a discussion; the cache moves at once and back if the server refuses. */
export function useSetMute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: MuteChange) =>
      change.kind === 'group'
        ? call(API.notifications.muteGroup, { params: [change.groupId], body: { muted: change.muted } })
        : call(API.notifications.muteDiscussion, { params: [change.groupId, change.discussionId], body: { muted: change.muted } }),
    meta: { errorMessage: ACCOUNT_TEXTS.muteFailed },
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: mutesKey });
      const previous = queryClient.getQueryData<MutesResponse>(mutesKey);
      if (previous) queryClient.setQueryData<MutesResponse>(mutesKey, withChange(previous, change));
      return { previous };
    },
    onError: (_error, _change, context) => {
      if (context?.previous) queryClient.setQueryData(mutesKey, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: mutesKey }),
  });
}
