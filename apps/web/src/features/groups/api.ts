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
import {
  API,
  GROUP_LIMITS,
  type CreateGroupFields,
  type Group,
  type GroupDetailResponse,
  type GroupListResponse,
  type PostingRules,
  type PostingRulesRequest,
  type SectionKey,
  type UpdateGroupResponse,
} from '@agora/contract';
import { call, multipartBody, upload } from '@/lib/api-client';
import { useOptimisticMutation } from '@/lib/optimistic';
import { useSession } from '@/lib/session';
import { GROUP_TEXTS, POSTING_RULES_TEXTS } from './texts';

/**
 * Communities: every request the web app makes about a community itself (SPEC §7 "Communities": the lists, the
 * page, creating and editing it), their query keys, and the mutations with their SPEC §8 default error texts.
 * Members, joining, join requests and invitations are features/members/api.ts. Components use these hooks, never
 * the client.
 */

export { groupKeys, type ListOwner } from './keys';
import { groupKeys, type ListOwner } from './keys';

// ---------------------------------------------------------------------------------------------------------------
// Reads

export const groupQuery = (idOrSlug: string) =>
  queryOptions({
    queryKey: groupKeys.detail(idOrSlug),
    queryFn: ({ signal }) => call(API.groups.detail, { params: [idOrSlug], signal }),
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
    queryFn: ({ signal }) => {
      const query = { limit: GROUP_LIMITS.ownListDefault };
      return owner === 'me' ? call(API.groups.joined, { query, signal }) : call(API.groups.joinedOf, { params: [owner], query, signal });
    },
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
    queryFn: ({ signal }) => {
      const query = { limit: GROUP_LIMITS.ownListDefault };
      return owner === 'me' ? call(API.groups.mine, { query, signal }) : call(API.groups.mineOf, { params: [owner], query, signal });
    },
    enabled: Boolean(session),
  });
}

/** GET /groups: public communities by size; the first 10 without a search (SPEC §9), pages after that. */
export function useExploreGroups(search: string) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: groupKeys.explore(search),
      queryFn: ({ signal, pageParam }) =>
        call(API.groups.explore, {
          query: { search, cursor: pageParam, limit: search ? undefined : GROUP_LIMITS.exploreDefault },
          signal,
        }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => (search ? (last.nextCursor ?? undefined) : undefined),
    }),
  );
}

/** GET /groups/suggested: public communities the viewer has not joined (Explore's row). */
export function useSuggestedGroups() {
  return useQuery({
    queryKey: groupKeys.suggested(),
    queryFn: ({ signal }) => call(API.groups.suggested, { query: { limit: GROUP_LIMITS.suggestedDefault }, signal }),
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Cache helpers

type ListData = GroupListResponse | InfiniteData<GroupListResponse>;

/** Applies `fn` to the community `groupId` wherever a list holds it (plain or paged lists). */
export function mapListGroups(old: unknown, groupId: number, fn: (g: Group) => Group): unknown {
  const data = old as ListData | undefined;
  if (!data) return old;
  const mapPage = (page: GroupListResponse) => ({ ...page, groups: page.groups.map((g) => (g.id === groupId ? fn(g) : g)) });
  return 'pages' in data ? { ...data, pages: data.pages.map(mapPage) } : mapPage(data);
}

/** Applies `fn` to a cached community page if it is the community `groupId`. */
export function mapDetail(old: unknown, groupId: number, fn: (d: GroupDetailResponse) => GroupDetailResponse): unknown {
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
      const { group_name, aboutText, rulesText, socialMediaText } = input;
      const body = multipartBody<CreateGroupFields>(
        { group_name, aboutText, rulesText, socialMediaText },
        { group_banner: input.group_banner, group_dp: input.group_dp },
      );
      return call(API.groups.create, { body });
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
      call(API.groups.update, { params: [groupId], body: { group_name: name } }),
    meta: { errorMessage: GROUP_TEXTS.renameFailed },
    onSuccess: (response) => storeUpdate(queryClient, response),
  });
}

/** PUT /api/groups/{id} with one section (about, rules or social_media). */
export function useUpdateSection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, key, text }: { groupId: number; key: SectionKey; text: string }) =>
      call(API.groups.update, { params: [groupId], body: { [key]: text } }),
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
      upload(
        API.groups.update,
        [groupId],
        { field: IMAGE_FIELDS[kind], blob: image, filename: `${IMAGE_FIELDS[kind]}.jpg` },
        { onProgress },
      ),
    meta: { errorMessage: GROUP_TEXTS.updateFailed },
    onSuccess: (response) => storeUpdate(queryClient, response),
  });
}

/** PUT /api/groups/{id}/privacy: flips at once, reverts on failure, then takes the server's value (SPEC §4). */
export function usePrivacyToggle() {
  const queryClient = useQueryClient();
  return useOptimisticMutation({
    mutationFn: ({ groupId, isPrivate }: { groupId: number; isPrivate: boolean }) =>
      call(API.groups.privacy, { params: [groupId], body: { is_private: isPrivate ? 1 : 0 } }),
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
      call(API.groups.remove, { params: [groupId], body: { confirmName } }),
    meta: { errorMessage: GROUP_TEXTS.deleteFailed },
    onSuccess: (_data, { groupId }) => {
      queryClient.removeQueries({ predicate: (q) => (q.state.data as GroupDetailResponse | undefined)?.group?.id === groupId });
      void queryClient.invalidateQueries({ queryKey: groupKeys.lists() });
    },
  });
}

/** GET /api/groups/{id}/posting-rules: slow mode, minimum account age and blocked words (the community's staff). */
export function usePostingRules(groupId: number, enabled = true) {
  return useQuery({
    queryKey: groupKeys.postingRules(groupId),
    queryFn: ({ signal }) => call(API.groups.postingRules, { params: [groupId], signal }),
    enabled,
  });
}

/** PUT /api/groups/{id}/posting-rules (owner and admins): the saved rules, as the server cleaned them, replace the cached ones. */
export function useUpdatePostingRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, rules }: { groupId: number; rules: PostingRulesRequest }) =>
      call(API.groups.updatePostingRules, { params: [groupId], body: rules }),
    meta: { errorMessage: POSTING_RULES_TEXTS.saveFailed, inlineFields: true },
    onSuccess: (response, { groupId }) => queryClient.setQueryData<PostingRules>(groupKeys.postingRules(groupId), response.rules),
  });
}
