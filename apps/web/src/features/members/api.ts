import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { API, GROUP_MESSAGES, type AssignableRole, type MembersResponse, type UserSummary } from '@agora/contract';
import { call } from '@/lib/api-client';
import { toastSuccess } from '@/lib/toast';
import { groupKeys } from '@/features/groups/api';
import { memberKeys } from './keys';
import { MEMBER_TEXTS } from './texts';

/**
 * A community's members (SPEC §7 "Communities"): the member list, joining and leaving, join requests,
 * invitations, and the staff's member management (roles, kick, ownership), with their query keys and SPEC §8
 * default error texts. Components use these hooks, never the client.
 */

export { memberKeys } from './keys';

// ---------------------------------------------------------------------------------------------------------------
// Reads

/** GET /groups/{id}/members: owner first, then admins, moderators, members; `search` filters usernames on the server. */
export function useGroupMembers(groupId: number, search: string, enabled = true) {
  return useInfiniteQuery({
    queryKey: memberKeys.memberSearch(groupId, search),
    queryFn: ({ signal, pageParam }) => call(API.members.list, { params: [groupId], query: { search, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: MembersResponse) => last.nextCursor ?? undefined,
    enabled,
  });
}

/** GET /api/groups/{id}/requests: pending join requests (staff only). */
export function useJoinRequests(groupId: number, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: memberKeys.requests(groupId),
    queryFn: ({ signal, pageParam }) => call(API.members.requests, { params: [groupId], query: { cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
  });
}

/** GET /api/groups/{id}/invitations (staff): pending invitations, oldest first. */
export function useInvitations(groupId: number, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: memberKeys.invitations(groupId),
    queryFn: ({ signal, pageParam }) => call(API.members.invitations, { params: [groupId], query: { cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Member management (staff)

function useStaffMutation<TVars, TData>(mutationFn: (vars: TVars) => Promise<TData>, errorMessage: string, groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { errorMessage },
    onSuccess: (data) => {
      const message = (data as { message?: string }).message;
      if (message) void toastSuccess(message);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: memberKeys.members(groupId) });
      void queryClient.invalidateQueries({ queryKey: memberKeys.requests(groupId) });
      // A kicked or demoted moderator's invitations end with their rights (the server deletes them).
      void queryClient.invalidateQueries({ queryKey: memberKeys.invitations(groupId) });
      void queryClient.invalidateQueries({ queryKey: groupKeys.details() });
      void queryClient.invalidateQueries({ queryKey: groupKeys.lists() });
    },
  });
}

export function useAssignRole(groupId: number) {
  return useStaffMutation(
    ({ memberId, newRole }: { memberId: number; newRole: AssignableRole }) =>
      call(API.members.assignRole, { params: [groupId], body: { memberId, newRole } }),
    MEMBER_TEXTS.assignRoleFailed,
    groupId,
  );
}

export function useKickMember(groupId: number) {
  return useStaffMutation(
    ({ memberId }: { memberId: number }) => call(API.members.kick, { params: [groupId], body: { memberId } }),
    MEMBER_TEXTS.kickFailed,
    groupId,
  );
}

/** POST /api/groups/{id}/transfer: the owner hands the community to one of its admins. */
export function useTransferOwnership(groupId: number) {
  return useStaffMutation(
    ({ memberId }: { memberId: number }) => call(API.members.transfer, { params: [groupId], body: { memberId } }),
    MEMBER_TEXTS.transferFailed,
    groupId,
  );
}

export function useApproveRequest(groupId: number) {
  return useStaffMutation(
    ({ userId }: { userId: number }) => call(API.members.approve, { params: [groupId, userId] }),
    MEMBER_TEXTS.approveFailed,
    groupId,
  );
}

export function useDeclineRequest(groupId: number) {
  return useStaffMutation(
    ({ userId }: { userId: number }) => call(API.members.decline, { params: [groupId, userId] }),
    MEMBER_TEXTS.declineFailed,
    groupId,
  );
}

/** GET /users/lookup: one user by exact username (any case); 404 when nobody has it. */
export function lookupUser(username: string): Promise<UserSummary> {
  return call(API.users.lookup, { query: { username } });
}

export function useInviteUser(groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId }: { userId: number }) => call(API.members.invite, { params: [groupId], body: { userId } }),
    meta: { errorMessage: MEMBER_TEXTS.inviteFailed },
    onSuccess: (data) => {
      void toastSuccess(data.message);
      void queryClient.invalidateQueries({ queryKey: memberKeys.invitations(groupId) });
    },
  });
}

/** DELETE /api/groups/{id}/invitations/{invitationId}: staff revoke a pending invitation ("Invitation revoked"). */
export function useRevokeInvitation(groupId: number) {
  return useStaffMutation(
    ({ invitationId }: { invitationId: number }) => call(API.members.revokeInvitation, { params: [groupId, invitationId] }),
    MEMBER_TEXTS.revokeFailed,
    groupId,
  );
}

function useRespondInviteAction(accept: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ notificationId }: { notificationId: number }) => call(API.members.respondInvite, { body: { notificationId, accept } }),
    meta: { errorMessage: accept ? MEMBER_TEXTS.acceptInviteFailed : MEMBER_TEXTS.declineInviteFailed },
    onSuccess: (data) => {
      void toastSuccess(accept ? GROUP_MESSAGES.inviteAccepted : GROUP_MESSAGES.inviteDeclined);
      void queryClient.invalidateQueries({ queryKey: groupKeys.details() });
      void queryClient.invalidateQueries({ queryKey: groupKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: memberKeys.members(data.group_id) });
    },
  });
}

/** POST /groups/respond-invite: accept (joins, even a private community) or decline; either removes the invitation. */
export function useRespondInvite() {
  return { accept: useRespondInviteAction(true), decline: useRespondInviteAction(false) };
}
