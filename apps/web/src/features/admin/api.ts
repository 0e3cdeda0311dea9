import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API, type SuspendRequest } from '@agora/contract';
import { call } from '@/lib/api-client';

/** Site administration (issue 15 §8): every call answers 404 to anyone but a site admin. */
export const adminKeys = {
  all: ['admin'] as const,
  suspended: () => [...adminKeys.all, 'suspended'] as const,
  log: () => [...adminKeys.all, 'log'] as const,
};

export function useSuspendedUsers() {
  return useQuery({ queryKey: adminKeys.suspended(), queryFn: ({ signal }) => call(API.admin.suspended, { signal }) });
}

export function useSiteLog() {
  return useInfiniteQuery({
    queryKey: adminKeys.log(),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => call(API.admin.log, { query: pageParam ? { cursor: pageParam } : {}, signal }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Suspends the account a username names (looked up first: the call takes an id). */
export function useSuspend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ username, ...body }: SuspendRequest & { username: string }) => {
      const user = await call(API.users.lookup, { query: { username } });
      return call(API.admin.suspend, { params: [user.id], body });
    },
    // The form shows the refusal beside its fields.
    meta: { silent: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useUnsuspend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => call(API.admin.unsuspend, { params: [userId] }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
