import { useQueryClient } from '@tanstack/react-query';
import { API, GROUP_MESSAGES, type Group, type MembershipResponse } from '@agora/contract';
import { call } from '@/lib/api-client';
import { useOptimisticMutation, type OptimisticPatch } from '@/lib/optimistic';
import { toastSuccess } from '@/lib/toast';
import { memberKeys } from '@/features/members/keys';
import { groupKeys, mapDetail, mapListGroups } from './api';
import { GROUP_TEXTS } from './texts';

// ---------------------------------------------------------------------------------------------------------------
// The viewer's own membership (SPEC §4), used by the community's buttons (groups sits below members, so it
// lives here; members/api.ts has the member list and staff actions): optimistic, one action per community at a time, rolled back with the §8 alert.

export type MembershipAction = 'join' | 'leave' | 'cancel';

interface MembershipVars {
  group: Pick<Group, 'id' | 'is_private'>;
}

/** The viewer's relation after an action, assumed before the server answers. */
function expectedRelation(action: MembershipAction, isPrivate: boolean) {
  if (action === 'join' && isPrivate) return { isMember: false, joinRequest: 'pending' as const, delta: 0 };
  if (action === 'join') return { isMember: true, joinRequest: 'none' as const, delta: 1 };
  if (action === 'leave') return { isMember: false, joinRequest: 'none' as const, delta: -1 };
  return { isMember: false, joinRequest: 'none' as const, delta: 0 };
}

function relationPatches(groupId: number, isMember: boolean, joinRequest: 'none' | 'pending', memberCount: (n: number) => number) {
  const patchGroup = (g: Group): Group => ({
    ...g,
    is_member: isMember,
    isMember,
    member_count: Math.max(0, memberCount(g.member_count)),
  });
  const patches: OptimisticPatch[] = [
    {
      queryKey: groupKeys.details(),
      update: (old) =>
        mapDetail(old, groupId, (d) => ({
          ...d,
          isMember,
          joinRequest,
          role: isMember ? (d.role ?? 'member') : null,
          group: patchGroup(d.group),
        })),
    },
    { queryKey: groupKeys.lists(), update: (old) => mapListGroups(old, groupId, patchGroup) },
  ];
  return patches;
}

const ACTION_ENDPOINT = {
  join: API.members.join,
  leave: API.members.leave,
  cancel: API.members.cancelJoin,
} satisfies Record<MembershipAction, unknown>;

const ACTION_ERROR: Record<MembershipAction, string> = {
  join: GROUP_TEXTS.joinFailed,
  leave: GROUP_TEXTS.leaveFailed,
  cancel: GROUP_TEXTS.cancelRequestFailed,
};

/** The confirmation after a membership change; toasts last 3 seconds (SPEC §4, §9; the Toaster's default). */
export function membershipToast(action: MembershipAction, response: MembershipResponse): string {
  if (action === 'join') return response.status === 'requested' ? GROUP_MESSAGES.requested : GROUP_MESSAGES.joined;
  if (action === 'leave') return GROUP_MESSAGES.left;
  return GROUP_MESSAGES.requestCancelled;
}

function useMembershipAction(action: MembershipAction) {
  const queryClient = useQueryClient();
  return useOptimisticMutation({
    mutationFn: ({ group }: MembershipVars) => call(ACTION_ENDPOINT[action], { params: [group.id] }),
    // One lock for join, leave and cancel: repeat clicks during a call are ignored whatever the button says.
    lockKey: ({ group }) => `membership:${group.id}`,
    optimistic: ({ group }) => {
      const next = expectedRelation(action, group.is_private === 1);
      return relationPatches(group.id, next.isMember, next.joinRequest, (n) => n + next.delta);
    },
    reconcile: (data, { group }) => {
      for (const patch of relationPatches(
        group.id,
        data.isMember,
        data.status === 'requested' ? 'pending' : 'none',
        () => data.member_count,
      )) {
        queryClient.setQueriesData({ queryKey: patch.queryKey }, patch.update);
      }
    },
    onSuccess: (data) => void toastSuccess(membershipToast(action, data)),
    // The joined and owned lists (side panel, navigation strip, profile) and the member list refresh everywhere.
    invalidate: ({ group }) => [groupKeys.details(), groupKeys.lists(), memberKeys.members(group.id)],
    meta: { errorMessage: ACTION_ERROR[action] },
  });
}

/** Join, leave and cancel-request actions for one community; `run` ignores a click while one is running. */
export function useMembership() {
  const join = useMembershipAction('join');
  const leave = useMembershipAction('leave');
  const cancel = useMembershipAction('cancel');
  const actions = { join, leave, cancel };
  return {
    run: (action: MembershipAction, group: MembershipVars['group']) => actions[action].run({ group }),
    isRunning: (group: MembershipVars['group']) => join.isRunning({ group }) || leave.isRunning({ group }) || cancel.isRunning({ group }),
  };
}
