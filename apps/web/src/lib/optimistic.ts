import { useMutation, useQueryClient, type MutationMeta, type QueryClient, type QueryKey } from '@tanstack/react-query';

/** One cache change: every query whose key starts with `queryKey` gets `update(old)` (skipped where there is no data). */
export interface OptimisticPatch {
  queryKey: QueryKey;
  update: (old: unknown) => unknown;
}

/**
 * Applies patches after cancelling in-flight fetches of those keys, and returns a rollback that restores every
 * touched query exactly as it was.
 */
export async function applyOptimistic(queryClient: QueryClient, patches: OptimisticPatch[]): Promise<() => void> {
  await Promise.all(patches.map((p) => queryClient.cancelQueries({ queryKey: p.queryKey })));
  const snapshots: [QueryKey, unknown][] = [];
  for (const patch of patches) {
    for (const [key, data] of queryClient.getQueriesData({ queryKey: patch.queryKey })) {
      if (data === undefined) continue;
      snapshots.push([key, data]);
      queryClient.setQueryData(key, patch.update(data));
    }
  }
  return () => {
    for (const [key, data] of snapshots) queryClient.setQueryData(key, data);
  };
}

/** Items with a call running, across every component (a card and the post panel share one like). */
const running = new Set<string>();

export interface OptimisticOptions<TVars, TData> {
  mutationFn: (vars: TVars) => Promise<TData>;
  /** The cache changes that show the result at once (SPEC §4: join, like, privacy, friend buttons). */
  optimistic: (vars: TVars) => OptimisticPatch[];
  /** After success: bring the cache in line with the server's answer (e.g. its `liked`). */
  reconcile?: (data: TData, vars: TVars, queryClient: QueryClient) => void;
  /** Queries to refetch once the call settles, success or not. */
  invalidate?: (vars: TVars) => QueryKey[];
  /**
   * Identifies the item acted on, namespaced (`like:discussion:12`): while a call for it runs anywhere in the
   * app, further calls are ignored (SPEC §4 "one toggle per item at a time", "repeat clicks during a call are
   * ignored").
   */
  lockKey: (vars: TVars) => string;
  onSuccess?: (data: TData, vars: TVars) => void;
  meta?: MutationMeta;
}

/**
 * The optimistic-update helper every toggle uses: apply at once, ignore repeats for the same item while it
 * runs, roll back on error (the MutationCache then shows `meta.errorMessage`), reconcile with the answer.
 * `run(vars)` returns false when the call was ignored because one for the same item is running.
 */
export function useOptimisticMutation<TVars, TData>(options: OptimisticOptions<TVars, TData>) {
  const queryClient = useQueryClient();
  const mutation = useMutation<TData, unknown, TVars, { rollback: () => void }>({
    mutationFn: options.mutationFn,
    meta: options.meta,
    onMutate: async (vars) => ({ rollback: await applyOptimistic(queryClient, options.optimistic(vars)) }),
    onError: (_error, _vars, context) => context?.rollback(),
    onSuccess: (data, vars) => {
      options.reconcile?.(data, vars, queryClient);
      options.onSuccess?.(data, vars);
    },
    onSettled: (_data, _error, vars) => {
      running.delete(options.lockKey(vars));
      for (const queryKey of options.invalidate?.(vars) ?? []) void queryClient.invalidateQueries({ queryKey });
    },
  });
  const run = (vars: TVars): boolean => {
    const key = options.lockKey(vars);
    if (running.has(key)) return false;
    running.add(key);
    mutation.mutate(vars);
    return true;
  };
  const isRunning = (vars: TVars): boolean => running.has(options.lockKey(vars));
  return { run, isRunning, mutation };
}
