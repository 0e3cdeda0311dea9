import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { toastSuccess } from '@/lib/toast';
import {
  GROUP_LIMITS,
  GROUP_MESSAGES,
  type AssignableRole,
  type Group,
  type GroupDetailResponse,
  type GroupListResponse,
  type MembersResponse,
  type MembershipResponse,
  type SectionKey,
  type UpdateGroupResponse,
  type UserSummary,
  type AssignRoleResponse,
  type CreateGroupResponse,
  type InvitationsResponse,
  type InviteResponse,
  type JoinRequestsResponse,
  type MemberCountResponse,
  type PrivacyResponse,
  type RespondInviteResponse,
  type TransferResponse,
  type MessageResponse,
} from '@agora/contract';
import { api, apiRequest, uploadFile, withQuery } from '@/lib/api-client';
import { useOptimisticMutation, type OptimisticPatch } from '@/lib/optimistic';
import { useSession } from '@/lib/session';
import { GROUP_TEXTS } from './texts';

/**
 * Communities: every request the web app makes about groups (SPEC §7 "Communities"), their query keys, and the
 * mutations with their SPEC §8 default error texts. Components use these hooks, never the client.
 */

export { groupKeys, type ListOwner } from './keys';
import { groupKeys, type ListOwner } from './keys';

const enc = encodeURIComponent;

// ---------------------------------------------------------------------------------------------------------------
// Reads

export const groupQuery = (idOrSlug: string) =>
  queryOptions({
    queryKey: groupKeys.detail(idOrSlug),
    queryFn: ({ signal }) => api.get<GroupDetailResponse>(`/groups/${enc(idOrSlug)}`, { signal }),
  });

/** GET /groups/{id}: header, sections and the viewer's relation (token optional). */
export function useGroup(idOrSlug: string) {
  return useQuery(groupQuery(idOrSlug));
}

/** GET /groups/joined[/{userId}]: communities the user belongs to, owned ones included. */
export function useJoinedGroups(owner: ListOwner = 'me') {
  const session = useSession();
  return useQuery({
    queryKey: groupKeys.joined(owner),
    queryFn: ({ signal }) =>
      api.get<GroupListResponse>(
        withQuery(owner === 'me' ? '/groups/joined' : `/groups/joined/${owner}`, { limit: GROUP_LIMITS.ownListDefault }),
        {
          signal,
        },
      ),
    enabled: Boolean(session),
  });
}

/** The viewer's membership as a loaded community page has it (any key, slug or id), or undefined. */
function memberByDetail(queryClient: QueryClient, groupId: number, userId: number): boolean | undefined {
  for (const [, data] of queryClient.getQueriesData<GroupDetailResponse>({ queryKey: groupKeys.details() })) {
    if (data?.group.id === groupId) return data.isMember || data.group.owner_id === userId;
  }
  return undefined;
}

/**
 * Whether pressing Like in community `groupId` may toggle it (decision 0012 (a), SPEC §6: members like). False
 * only for a signed-in viewer known not to belong: the community's page when it is loaded, else the viewer's
 * joined communities (the list the navigation strip already loads) when that list is complete. Visitors get true
 * (the like control sends them to sign in), and so does a viewer whose membership is not known yet: the server
 * still refuses, and the like rolls back with its message.
 */
export function useCanLike(groupId: number): boolean {
  const session = useSession();
  const queryClient = useQueryClient();
  const joined = useJoinedGroups();
  const userId = session?.userId ?? 0;
  const subscribe = useCallback((onChange: () => void) => queryClient.getQueryCache().subscribe(onChange), [queryClient]);
  const byDetail = useSyncExternalStore(subscribe, () => (session ? memberByDetail(queryClient, groupId, userId) : undefined));
  if (!session) return true;
  if (byDetail !== undefined) return byDetail;
  const list = joined.data;
  if (!list) return true;
  if (list.groups.some((group) => group.id === groupId)) return true;
  return list.nextCursor !== null;
}

/** GET /groups/mine[/{userId}]: communities the user owns. */
export function useMyGroups(owner: ListOwner = 'me') {
  const session = useSession();
  return useQuery({
    queryKey: groupKeys.mine(owner),
    queryFn: ({ signal }) =>
      api.get<GroupListResponse>(
        withQuery(owner === 'me' ? '/groups/mine' : `/groups/mine/${owner}`, { limit: GROUP_LIMITS.ownListDefault }),
        {
          signal,
        },
      ),
    enabled: Boolean(session),
  });
}

/** GET /groups: public communities by size; the first 10 without a search (SPEC §9), pages after that. */
export function useExploreGroups(search: string) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: groupKeys.explore(search),
      queryFn: ({ signal, pageParam }) =>
        api.get<GroupListResponse>(
          withQuery('/groups', { search, cursor: pageParam, limit: search ? undefined : GROUP_LIMITS.exploreDefault }),
          {
            signal,
          },
        ),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => (search ? (last.nextCursor ?? undefined) : undefined),
    }),
  );
}

/** GET /groups/suggested: public communities the viewer has not joined (Explore's row). */
export function useSuggestedGroups() {
  return useQuery({
    queryKey: groupKeys.suggested(),
    queryFn: ({ signal }) =>
      api.get<GroupListResponse>(withQuery('/groups/suggested', { limit: GROUP_LIMITS.suggestedDefault }), { signal }),
  });
}

/** GET /groups/{id}/members: owner first, then admins, moderators, members; `search` filters usernames on the server. */
export function useGroupMembers(groupId: number, search: string, enabled = true) {
  return useInfiniteQuery({
    queryKey: groupKeys.memberSearch(groupId, search),
    queryFn: ({ signal, pageParam }) =>
      api.get<MembersResponse>(withQuery(`/groups/${groupId}/members`, { search, cursor: pageParam }), { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: MembersResponse) => last.nextCursor ?? undefined,
    enabled,
  });
}

/** GET /api/groups/{id}/requests: pending join requests (staff only). */
export function useJoinRequests(groupId: number, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: groupKeys.requests(groupId),
    queryFn: ({ signal, pageParam }) =>
      api.get<JoinRequestsResponse>(withQuery(`/api/groups/${groupId}/requests`, { cursor: pageParam }), { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
  });
}

/** GET /api/groups/{id}/invitations (staff): pending invitations, oldest first. */
export function useInvitations(groupId: number, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: groupKeys.invitations(groupId),
    queryFn: ({ signal, pageParam }) =>
      api.get<InvitationsResponse>(withQuery(`/api/groups/${groupId}/invitations`, { cursor: pageParam }), { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Cache helpers

type ListData = GroupListResponse | InfiniteData<GroupListResponse>;

/** Applies `fn` to the community `groupId` wherever a list holds it (plain or paged lists). */
function mapListGroups(old: unknown, groupId: number, fn: (g: Group) => Group): unknown {
  const data = old as ListData | undefined;
  if (!data) return old;
  const mapPage = (page: GroupListResponse) => ({ ...page, groups: page.groups.map((g) => (g.id === groupId ? fn(g) : g)) });
  return 'pages' in data ? { ...data, pages: data.pages.map(mapPage) } : mapPage(data);
}

function mapDetail(old: unknown, groupId: number, fn: (d: GroupDetailResponse) => GroupDetailResponse): unknown {
  const data = old as GroupDetailResponse | undefined;
  return data && data.group.id === groupId ? fn(data) : old;
}

/** Every detail entry of the community (it may be cached under its id, its slug and a former slug) gets `data`. */
function storeDetail(queryClient: QueryClient, data: GroupDetailResponse): void {
  for (const [key, old] of queryClient.getQueriesData<GroupDetailResponse>({ queryKey: groupKeys.details() })) {
    if (old?.group.id === data.group.id) queryClient.setQueryData(key, data);
  }
  queryClient.setQueryData(groupKeys.detail(data.group.slug), data);
}

function storeUpdate(queryClient: QueryClient, response: UpdateGroupResponse): void {
  const current = queryClient
    .getQueriesData<GroupDetailResponse>({ queryKey: groupKeys.details() })
    .find(([, d]) => d?.group.id === response.group.id)?.[1];
  if (current) storeDetail(queryClient, { ...current, group: response.group, overview: response.overview });
  void queryClient.invalidateQueries({ queryKey: groupKeys.lists() });
}

// ---------------------------------------------------------------------------------------------------------------
// Create and edit (owner)

export interface CreateGroupInput {
  group_name: string;
  aboutText: string;
  rulesText: string;
  socialMediaText: string;
  group_banner?: File | null;
  group_dp?: File | null;
}

/** POST /api/groups (multipart). The owner is whoever is signed in; the server ignores any owner_id. */
export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateGroupInput) => {
      const form = new FormData();
      form.append('group_name', input.group_name);
      form.append('aboutText', input.aboutText);
      form.append('rulesText', input.rulesText);
      form.append('socialMediaText', input.socialMediaText);
      if (input.group_banner) form.append('group_banner', input.group_banner, input.group_banner.name);
      if (input.group_dp) form.append('group_dp', input.group_dp, input.group_dp.name);
      return api.post<CreateGroupResponse>('/api/groups', form);
    },
    meta: { errorMessage: GROUP_TEXTS.createFailed, networkErrorMessage: GROUP_TEXTS.createNetworkError },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKeys.lists() }),
  });
}

/** PUT /api/groups/{id} with the new name; an "already exists" answer is left to the caller (it restores the name). */
export function useRenameGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, name }: { groupId: number; name: string }) =>
      api.put<UpdateGroupResponse>(`/api/groups/${groupId}`, { group_name: name }),
    meta: { errorMessage: GROUP_TEXTS.renameFailed },
    onSuccess: (response) => storeUpdate(queryClient, response),
  });
}

/** PUT /api/groups/{id} with one section (about, rules or social_media). */
export function useUpdateSection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, key, text }: { groupId: number; key: SectionKey; text: string }) =>
      api.put<UpdateGroupResponse>(`/api/groups/${groupId}`, { [key]: text }),
    meta: { errorMessage: GROUP_TEXTS.sectionFailed },
    onSuccess: (response) => storeUpdate(queryClient, response),
  });
}

export type GroupImageKind = 'photo' | 'banner';
const IMAGE_FIELDS: Record<GroupImageKind, string> = { photo: 'group_dp', banner: 'group_banner' };

/** PUT /api/groups/{id} multipart with `group_dp` or `group_banner`, reporting the upload percentage. */
export function useUploadGroupImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      groupId,
      kind,
      image,
      onProgress,
    }: {
      groupId: number;
      kind: GroupImageKind;
      image: Blob;
      onProgress?: (p: number) => void;
    }) =>
      uploadFile<UpdateGroupResponse>(`/api/groups/${groupId}`, IMAGE_FIELDS[kind], image, `${IMAGE_FIELDS[kind]}.jpg`, {
        method: 'PUT',
        onProgress,
      }),
    meta: { errorMessage: GROUP_TEXTS.updateFailed },
    onSuccess: (response) => storeUpdate(queryClient, response),
  });
}

/** PUT /api/groups/{id}/privacy: flips at once, reverts on failure, then takes the server's value (SPEC §4). */
export function usePrivacyToggle() {
  const queryClient = useQueryClient();
  return useOptimisticMutation({
    mutationFn: ({ groupId, isPrivate }: { groupId: number; isPrivate: boolean }) =>
      api.put<PrivacyResponse>(`/api/groups/${groupId}/privacy`, { is_private: isPrivate ? 1 : 0 }),
    lockKey: ({ groupId }) => `privacy:${groupId}`,
    optimistic: ({ groupId, isPrivate }) => [
      {
        queryKey: groupKeys.details(),
        update: (old) => mapDetail(old, groupId, (d) => ({ ...d, group: { ...d.group, is_private: isPrivate ? 1 : 0 } })),
      },
    ],
    reconcile: (data, { groupId }) => {
      queryClient.setQueriesData({ queryKey: groupKeys.details() }, (old) =>
        mapDetail(old, groupId, (d) => ({ ...d, group: { ...d.group, is_private: data.is_private } })),
      );
    },
    invalidate: () => [groupKeys.details(), groupKeys.lists()],
    meta: { errorMessage: GROUP_TEXTS.privacyFailed },
  });
}

/** DELETE /api/groups/{id} with the name typed again. */
export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, confirmName }: { groupId: number; confirmName: string }) =>
      apiRequest<MessageResponse>(`/api/groups/${groupId}`, { method: 'DELETE', body: { confirmName } }),
    meta: { errorMessage: GROUP_TEXTS.deleteFailed },
    onSuccess: (_data, { groupId }) => {
      queryClient.removeQueries({ predicate: (q) => (q.state.data as GroupDetailResponse | undefined)?.group?.id === groupId });
      void queryClient.invalidateQueries({ queryKey: groupKeys.lists() });
    },
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Membership (SPEC §4): optimistic, one action per community at a time, rolled back with the §8 alert.

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

const ACTION_REQUEST: Record<MembershipAction, { method: 'POST' | 'DELETE'; path: string }> = {
  join: { method: 'POST', path: 'join' },
  leave: { method: 'POST', path: 'leave' },
  cancel: { method: 'DELETE', path: 'join' },
};

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
    mutationFn: ({ group }: MembershipVars) =>
      apiRequest<MembershipResponse>(`/api/groups/${group.id}/${ACTION_REQUEST[action].path}`, {
        method: ACTION_REQUEST[action].method,
      }),
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
    invalidate: ({ group }) => [groupKeys.details(), groupKeys.lists(), groupKeys.members(group.id)],
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
      void queryClient.invalidateQueries({ queryKey: groupKeys.members(groupId) });
      void queryClient.invalidateQueries({ queryKey: groupKeys.requests(groupId) });
      // A kicked or demoted moderator's invitations end with their rights (the server deletes them).
      void queryClient.invalidateQueries({ queryKey: groupKeys.invitations(groupId) });
      void queryClient.invalidateQueries({ queryKey: groupKeys.details() });
      void queryClient.invalidateQueries({ queryKey: groupKeys.lists() });
    },
  });
}

export function useAssignRole(groupId: number) {
  return useStaffMutation(
    ({ memberId, newRole }: { memberId: number; newRole: AssignableRole }) =>
      api.post<AssignRoleResponse>(`/api/groups/${groupId}/assign-role`, { memberId, newRole }),
    GROUP_TEXTS.assignRoleFailed,
    groupId,
  );
}

export function useKickMember(groupId: number) {
  return useStaffMutation(
    ({ memberId }: { memberId: number }) => api.post<MemberCountResponse>(`/api/groups/${groupId}/kick`, { memberId }),
    GROUP_TEXTS.kickFailed,
    groupId,
  );
}

/** POST /api/groups/{id}/transfer: the owner hands the community to one of its admins. */
export function useTransferOwnership(groupId: number) {
  return useStaffMutation(
    ({ memberId }: { memberId: number }) => api.post<TransferResponse>(`/api/groups/${groupId}/transfer`, { memberId }),
    GROUP_TEXTS.transferFailed,
    groupId,
  );
}

export function useApproveRequest(groupId: number) {
  return useStaffMutation(
    ({ userId }: { userId: number }) => api.post<MemberCountResponse>(`/api/groups/${groupId}/requests/${userId}/approve`, undefined),
    GROUP_TEXTS.approveFailed,
    groupId,
  );
}

export function useDeclineRequest(groupId: number) {
  return useStaffMutation(
    ({ userId }: { userId: number }) => api.post<MemberCountResponse>(`/api/groups/${groupId}/requests/${userId}/decline`, undefined),
    GROUP_TEXTS.declineFailed,
    groupId,
  );
}

/** GET /users/lookup: one user by exact username (any case); 404 when nobody has it. */
export function lookupUser(username: string): Promise<UserSummary> {
  return api.get<UserSummary>(withQuery('/users/lookup', { username }));
}

export function useInviteUser(groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId }: { userId: number }) => api.post<InviteResponse>(`/api/groups/${groupId}/invite`, { userId }),
    meta: { errorMessage: GROUP_TEXTS.inviteFailed },
    onSuccess: (data) => {
      void toastSuccess(data.message);
      void queryClient.invalidateQueries({ queryKey: groupKeys.invitations(groupId) });
    },
  });
}

/** DELETE /api/groups/{id}/invitations/{invitationId}: staff revoke a pending invitation ("Invitation revoked"). */
export function useRevokeInvitation(groupId: number) {
  return useStaffMutation(
    ({ invitationId }: { invitationId: number }) => api.delete<MessageResponse>(`/api/groups/${groupId}/invitations/${invitationId}`),
    GROUP_TEXTS.revokeFailed,
    groupId,
  );
}

function useRespondInviteAction(accept: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ notificationId }: { notificationId: number }) =>
      api.post<RespondInviteResponse>('/groups/respond-invite', { notificationId, accept }),
    meta: { errorMessage: accept ? GROUP_TEXTS.acceptInviteFailed : GROUP_TEXTS.declineInviteFailed },
    onSuccess: (data) => {
      void toastSuccess(accept ? GROUP_MESSAGES.inviteAccepted : GROUP_MESSAGES.inviteDeclined);
      void queryClient.invalidateQueries({ queryKey: groupKeys.details() });
      void queryClient.invalidateQueries({ queryKey: groupKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: groupKeys.members(data.group_id) });
    },
  });
}

/** POST /groups/respond-invite: accept (joins, even a private community) or decline; either removes the invitation. */
export function useRespondInvite() {
  return { accept: useRespondInviteAction(true), decline: useRespondInviteAction(false) };
}
