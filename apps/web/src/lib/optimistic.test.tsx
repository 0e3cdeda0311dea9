import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ApiError } from './api-client';
import { useOptimisticMutation } from './optimistic';
import { createQueryClient } from './query-client';

interface Post {
  id: number;
  liked: boolean;
  likeCount: number;
}

/** A call the test answers by hand, so "while it runs" is a state the test controls, not a race. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const postKey = (id: number) => ['posts', id] as const;

function setup(initial: Post[] = [{ id: 1, liked: false, likeCount: 3 }]) {
  const client = createQueryClient();
  for (const post of initial) client.setQueryData(postKey(post.id), post);
  const calls: { id: number; answer: ReturnType<typeof deferred<{ liked: boolean; likeCount: number }>> }[] = [];
  const mutationFn = vi.fn((vars: { id: number }) => {
    const answer = deferred<{ liked: boolean; likeCount: number }>();
    calls.push({ id: vars.id, answer });
    return answer.promise;
  });
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const { result } = renderHook(
    () =>
      useOptimisticMutation<{ id: number }, { liked: boolean; likeCount: number }>({
        mutationFn,
        lockKey: (vars) => `like:post:${vars.id}`,
        optimistic: (vars) => [
          {
            queryKey: postKey(vars.id),
            update: (old) => {
              const post = old as Post;
              return { ...post, liked: !post.liked, likeCount: Math.max(0, post.likeCount + (post.liked ? -1 : 1)) };
            },
          },
        ],
        reconcile: (data, vars, queryClient: QueryClient) =>
          queryClient.setQueryData<Post>(postKey(vars.id), (old) => (old ? { ...old, ...data } : old)),
        invalidate: (vars) => [postKey(vars.id)],
        meta: { errorMessage: 'Failed to like post' },
      }),
    { wrapper },
  );
  return { client, result, calls, mutationFn, invalidate, post: (id = 1) => client.getQueryData<Post>(postKey(id)) };
}

describe('useOptimisticMutation', () => {
  it('shows the change at once, before the server answers', async () => {
    const { result, post, calls } = setup();
    act(() => void result.current.run({ id: 1 }));
    await waitFor(() => expect(post()).toEqual({ id: 1, liked: true, likeCount: 4 }));
    expect(calls).toHaveLength(1);
    expect(result.current.isRunning({ id: 1 })).toBe(true);
    // Locks are app-wide: settle the call so the next test starts free.
    await act(async () => calls[0]!.answer.resolve({ liked: true, likeCount: 4 }));
    await waitFor(() => expect(result.current.isRunning({ id: 1 })).toBe(false));
  });

  it('ignores a second call for the same item while the first runs, but not one for another item', async () => {
    const { result, mutationFn, calls, post } = setup([
      { id: 1, liked: false, likeCount: 3 },
      { id: 2, liked: true, likeCount: 1 },
    ]);
    let second = true;
    let other = false;
    act(() => {
      result.current.run({ id: 1 });
      second = result.current.run({ id: 1 });
      other = result.current.run({ id: 2 });
    });
    expect(second).toBe(false);
    expect(other).toBe(true);
    await waitFor(() => expect(mutationFn).toHaveBeenCalledTimes(2));
    expect(calls.map((c) => c.id)).toEqual([1, 2]);
    // The repeat did not flip the like back.
    expect(post(1)).toEqual({ id: 1, liked: true, likeCount: 4 });
    await act(async () => {
      calls[0]!.answer.resolve({ liked: true, likeCount: 4 });
      calls[1]!.answer.resolve({ liked: false, likeCount: 0 });
    });
    await waitFor(() => expect(result.current.isRunning({ id: 1 }) || result.current.isRunning({ id: 2 })).toBe(false));
  });

  it('rolls back and reports through the MutationCache when the call fails, then accepts a new call', async () => {
    const shown = vi.spyOn(toast, 'error');
    const { result, post, calls } = setup();
    act(() => void result.current.run({ id: 1 }));
    await waitFor(() => expect(post()?.liked).toBe(true));
    await act(async () => calls[0]!.answer.reject(new ApiError(500, 'internal_error', '')));
    await waitFor(() => expect(post()).toEqual({ id: 1, liked: false, likeCount: 3 }));
    expect(shown).toHaveBeenCalledExactlyOnceWith('Failed to like post');
    expect(result.current.isRunning({ id: 1 })).toBe(false);
    let again = false;
    act(() => {
      again = result.current.run({ id: 1 });
    });
    expect(again).toBe(true);
    await waitFor(() => expect(calls).toHaveLength(2));
    await act(async () => calls[1]!.answer.resolve({ liked: true, likeCount: 4 }));
    await waitFor(() => expect(result.current.isRunning({ id: 1 })).toBe(false));
  });

  it("reconciles with the server's answer and refetches what it names", async () => {
    const { result, post, calls, invalidate } = setup();
    act(() => void result.current.run({ id: 1 }));
    await waitFor(() => expect(post()).toEqual({ id: 1, liked: true, likeCount: 4 }));
    // Someone else liked it meanwhile: the server's count wins.
    await act(async () => calls[0]!.answer.resolve({ liked: true, likeCount: 9 }));
    await waitFor(() => expect(post()).toEqual({ id: 1, liked: true, likeCount: 9 }));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: postKey(1) });
    expect(result.current.isRunning({ id: 1 })).toBe(false);
  });
});
