import { useInfiniteQuery, useQuery, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import { toastSuccess } from '@/lib/toast';
import {
  API,
  FRIEND_LIMITS,
  type AnswerRequestBody,
  type CancelRequestBody,
  type FriendActionResponse,
  type FriendRequestBody,
  type FriendsResponse,
  type FriendStatusResponse,
  type FriendStatus,
  type UnfriendRequestBody,
} from '@agora/contract';
import { call } from '@/lib/api-client';
import { useOptimisticMutation, type OptimisticPatch } from '@/lib/optimistic';
import { useSession } from '@/lib/session';
import { notificationKeys } from '@/features/notifications/keys';
import { friendKeys } from './keys';
import { FRIEND_TEXTS } from './texts';

/**
 * Friends: every request the web app makes about friends (SPEC §7 "Profile and friends"), their query keys, and
 * the friend actions with their SPEC §8 texts. Components use these hooks, never the client.
 */

export { friendKeys } from './keys';

// ---------------------------------------------------------------------------------------------------------------
// Reads

/** GET /friends/{userId}/friends: anyone's friends, alphabetical, with the total for "(n)". */
export function useFriends(userId: number | null, limit: number = FRIEND_LIMITS.pageDefault) {
  const session = useSession();
  return useInfiniteQuery({
    queryKey: friendKeys.list(userId ?? 0),
    queryFn: ({ signal, pageParam }) => call(API.friends.list, { params: [userId ?? 0], query: { cursor: pageParam, limit }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: Boolean(session) && userId !== null,
  });
}

/** GET /friends/{userId}/mutual: the friends the signed-in user and `userId` have in common. */
export function useMutualFriends(userId: number) {
  const session = useSession();
  return useInfiniteQuery({
    queryKey: friendKeys.mutual(userId),
    queryFn: ({ signal, pageParam }) => call(API.friends.mutual, { params: [userId], query: { cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: Boolean(session) && session?.userId !== userId,
  });
}

/** GET /friends/suggestions?search=: people to befriend, usernames starting with `search` (SPEC §5). */
export function useSuggestions(search: string) {
  const session = useSession();
  return useInfiniteQuery({
    queryKey: friendKeys.suggestionSearch(search),
    queryFn: ({ signal, pageParam }) => call(API.friends.suggestions, { query: { search, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: Boolean(session),
  });
}

/**
 * GET /friends/status/check?user1={me}&user2={userId}: the signed-in user's status towards someone. `known` seeds
 * it where the list already says it (a suggestion is not a friend), so a list of people costs no extra calls.
 */
export function useFriendStatus(userId: number, known?: FriendStatus) {
  const session = useSession();
  return useQuery({
    queryKey: friendKeys.status(userId),
    queryFn: ({ signal }) =>
      // Enabled only with a session: user1 is always the signed-in user.
      call(API.friends.status, { query: { user1: session?.userId ?? 0, user2: userId }, signal }),
    enabled: Boolean(session) && session?.userId !== userId,
    ...(known ? { initialData: { status: known } satisfies FriendStatusResponse } : {}),
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Actions (SPEC §4 Friend relation)

export type FriendAction = 'request' | 'cancel' | 'accept' | 'reject' | 'unfriend';

/** What each status offers (SPEC §4): Add Friend; Cancel Request; Accept or Reject; Unfriend. */
export function actionsFor(status: FriendStatus): FriendAction[] {
  switch (status) {
    case 'not_friends':
      return ['request'];
    case 'pending_sent':
      return ['cancel'];
    case 'pending_received':
      return ['accept', 'reject'];
    case 'friends':
      return ['unfriend'];
  }
}

interface ActionSpec {
  /** The call, with its body for the other user: the contract's request type of that endpoint. */
  send: (userId: number) => Promise<FriendActionResponse>;
  /** The status the action leads to (SPEC §4), shown at once. */
  next: FriendStatus;
  errorMessage: string;
}

/** The SPEC §7 call of each action. The acting user is the session's: no requester_id is sent for oneself. */
export const FRIEND_ACTIONS: Record<FriendAction, ActionSpec> = {
  request: {
    send: (id) => call(API.friends.request, { body: { addressee_id: id } satisfies FriendRequestBody }),
    next: 'pending_sent',
    errorMessage: FRIEND_TEXTS.requestFailed,
  },
  cancel: {
    send: (id) => call(API.friends.cancel, { body: { addressee_id: id } satisfies CancelRequestBody }),
    next: 'not_friends',
    errorMessage: FRIEND_TEXTS.cancelFailed,
  },
  accept: {
    send: (id) => call(API.friends.accept, { body: { requester_id: id } satisfies AnswerRequestBody }),
    next: 'friends',
    errorMessage: FRIEND_TEXTS.acceptFailed,
  },
  reject: {
    send: (id) => call(API.friends.reject, { body: { requester_id: id } satisfies AnswerRequestBody }),
    next: 'not_friends',
    errorMessage: FRIEND_TEXTS.rejectFailed,
  },
  unfriend: {
    send: (id) => call(API.friends.unfriend, { body: { other_user_id: id } satisfies UnfriendRequestBody }),
    next: 'not_friends',
    errorMessage: FRIEND_TEXTS.removeFailed,
  },
};

export interface FriendTarget {
  userId: number;
}

/** A friends list without one person, its total one less (they left the list: SPEC §4 Unfriend). */
function withoutFriend(old: unknown, userId: number): unknown {
  const data = old as InfiniteData<FriendsResponse>;
  if (!data?.pages) return old;
  const present = data.pages.some((p) => p.friends.some((f) => f.id === userId));
  if (!present) return old;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      friends: page.friends.filter((f) => f.id !== userId),
      total: Math.max(0, page.total - 1),
    })),
  };
}

function useFriendMutation(action: FriendAction) {
  const session = useSession();
  const me = session?.userId ?? 0;
  const spec = FRIEND_ACTIONS[action];
  return useOptimisticMutation<FriendTarget, FriendActionResponse>({
    mutationFn: ({ userId }) => spec.send(userId),
    optimistic: ({ userId }) => {
      const patches: OptimisticPatch[] = [{ queryKey: friendKeys.status(userId), update: () => ({ status: spec.next }) }];
      if (action === 'unfriend') patches.push({ queryKey: friendKeys.list(me), update: (old) => withoutFriend(old, userId) });
      return patches;
    },
    // The server's answer is the truth (a request to someone who had asked us makes us friends at once).
    reconcile: (data, { userId }, queryClient) => queryClient.setQueryData(friendKeys.status(userId), { status: data.status }),
    invalidate: ({ userId }) => {
      const keys: QueryKey[] = [friendKeys.list(me), friendKeys.list(userId), friendKeys.mutual(userId)];
      // A new request keeps its suggestion on screen (now "Cancel Request"); anything else may change who is suggested.
      if (action !== 'request') keys.push(friendKeys.suggestions());
      // Answering from a profile settles the friend_request notification too.
      if (action === 'accept' || action === 'reject') keys.push(notificationKeys.all);
      return keys;
    },
    // One action per person at a time, whichever button or list started it (SPEC §4).
    lockKey: ({ userId }) => `friend:${userId}`,
    onSuccess: (data) => void toastSuccess(data.message),
    meta: { errorMessage: spec.errorMessage },
  });
}

/** The five friend actions, optimistic, one at a time per person, rolled back with the SPEC §8 alert on failure. */
export function useFriendActions() {
  const request = useFriendMutation('request');
  const cancel = useFriendMutation('cancel');
  const accept = useFriendMutation('accept');
  const reject = useFriendMutation('reject');
  const unfriend = useFriendMutation('unfriend');
  const byAction = { request, cancel, accept, reject, unfriend };
  return {
    run: (action: FriendAction, userId: number) => byAction[action].run({ userId }),
    /** An action for this person is on its way (in this component): its buttons wait. */
    isBusy: (userId: number) => Object.values(byAction).some((m) => m.mutation.isPending && m.mutation.variables?.userId === userId),
  };
}
