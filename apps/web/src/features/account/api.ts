import { useCallback } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  API,
  type BlockedListResponse,
  type ChangeEmailRequest,
  type ChangePasswordRequest,
  type DeleteAccountRequest,
  type MessageResponse,
  type NotificationSettings,
  type ResetPasswordRequest,
  type UpdateNotificationSettings,
} from '@agora/contract';
import { apiDownload, call, saveBlob } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { disconnectSocket } from '@/lib/socket';
import { clearDrafts, clearSession } from '@/lib/storage';
import { ACCOUNT_TEXTS } from './texts';
import { BLOCK_TEXTS } from './blocking-texts';
import { blockKeys, refreshAfterBlock } from './blocking-keys';
import { toastSuccess } from '@/lib/toast';

/**
 * Account keeping (issue 14): the calls of the email banner, the mail-link pages and the settings page. Every
 * answer carries a `message` the screens show as it is. No response schemas: the banner sits in the layout,
 * which stays free of zod; the server validates every response against the contract before sending it.
 */
export const accountKeys = {
  all: ['account'] as const,
  state: () => [...accountKeys.all, 'state'] as const,
  sessions: () => [...accountKeys.all, 'sessions'] as const,
  notificationSettings: () => [...accountKeys.all, 'notification-settings'] as const,
  export: () => [...accountKeys.all, 'export'] as const,
};

/** GET /api/account: the address, whether it is confirmed, and an email change waiting for its link. */
export function useAccountState() {
  const session = useSession();
  return useQuery({
    queryKey: accountKeys.state(),
    queryFn: ({ signal }) => call(API.account.state, { signal }),
    enabled: Boolean(session),
    staleTime: 5 * 60_000,
  });
}

export function useResendVerification() {
  return useMutation({
    mutationFn: () => call(API.auth.resendVerification),
    meta: { errorMessage: ACCOUNT_TEXTS.resendFailed },
  });
}

/** The mail-link and forgot-password calls need no sign-in (the token or the address is the key). */
export function forgotPassword(email: string): Promise<MessageResponse> {
  return call(API.auth.forgotPassword, { body: { email }, auth: false });
}

export function resetPassword(body: ResetPasswordRequest): Promise<MessageResponse> {
  return call(API.auth.resetPassword, { body, auth: false });
}

export function verifyEmail(token: string): Promise<MessageResponse> {
  return call(API.auth.verifyEmail, { body: { token }, auth: false });
}

export function confirmEmailChange(token: string): Promise<MessageResponse> {
  return call(API.auth.confirmEmail, { body: { token }, auth: false });
}

/** The email digest's one-click off link (issue 14 §6): no sign-in, the token is the proof. */
export function unsubscribeDigest(token: string): Promise<MessageResponse> {
  return call(API.notifications.unsubscribeDigest, { body: { token }, auth: false });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) => call(API.auth.changePassword, { body }),
    // The form shows its failures beside its fields.
    meta: { silent: true },
    // Every other session ended.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }),
  });
}

export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeEmailRequest) => call(API.auth.changeEmail, { body }),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.state() }),
  });
}

export function useSessions() {
  return useQuery({
    queryKey: accountKeys.sessions(),
    queryFn: ({ signal }) => call(API.auth.sessions, { signal }),
  });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(API.auth.endSession, { params: [id] }),
    meta: { errorMessage: ACCOUNT_TEXTS.signOutFailed },
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }),
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(API.auth.endOtherSessions, { query: { others: '1' } }),
    meta: { errorMessage: ACCOUNT_TEXTS.signOutFailed },
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }),
  });
}

export function useNotificationSettings() {
  return useQuery({
    queryKey: accountKeys.notificationSettings(),
    queryFn: ({ signal }) => call(API.notifications.settings, { signal }),
  });
}

/** PUT sends only what changes; the switch moves at once and moves back if the server refuses. */
export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  const key = accountKeys.notificationSettings();
  return useMutation({
    mutationFn: (change: UpdateNotificationSettings) => call(API.notifications.updateSettings, { body: change }),
    meta: { errorMessage: ACCOUNT_TEXTS.settingsSaveFailed },
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<NotificationSettings>(key);
      if (previous) {
        queryClient.setQueryData<NotificationSettings>(key, {
          types: { ...previous.types, ...change.types },
          digest: change.digest ?? previous.digest,
        });
      }
      return { previous };
    },
    onError: (_error, _change, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (settings) => queryClient.setQueryData(key, settings),
  });
}

/** The latest export; asked again every few seconds while it is being prepared. */
export function useLatestExport() {
  return useQuery({
    queryKey: accountKeys.export(),
    queryFn: ({ signal }) => call(API.account.latestExport, { signal }),
    refetchInterval: (query) => (query.state.data?.export?.status === 'pending' ? 3_000 : false),
  });
}

export function useRequestExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(API.account.requestExport),
    meta: { errorMessage: ACCOUNT_TEXTS.exportFailed },
    onSuccess: (created) => queryClient.setQueryData(accountKeys.export(), { export: created }),
  });
}

/** Downloads the archive through the API client (a plain link would carry no token) and saves it. */
export function useDownloadExport() {
  return useMutation({
    mutationFn: async (id: number) => {
      const { blob, filename } = await apiDownload(API.account.downloadExport.path(id));
      saveBlob(blob, filename ?? `agora-export-${id}.zip`);
    },
    meta: { errorMessage: ACCOUNT_TEXTS.downloadFailed },
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Blocking (issue 15 §6): here, in the lowest feature, so the settings page's list and the profile panel's button
// share one pair of mutations.

/** GET /api/users/blocked: the people the viewer blocked, newest first, page by page. */
export function useBlockedPeople() {
  const session = useSession();
  return useInfiniteQuery({
    queryKey: blockKeys.list(),
    queryFn: ({ signal, pageParam }) => call(API.users.blocked, { query: { cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: BlockedListResponse) => last.nextCursor ?? undefined,
    enabled: Boolean(session),
  });
}

/** POST /api/users/{id}/block, then every cache the block changes is refreshed; the server's message is the toast. */
export function useBlockPerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => call(API.users.block, { params: [userId] }),
    meta: { errorMessage: BLOCK_TEXTS.blockFailed },
    onSuccess: (state) => {
      refreshAfterBlock(queryClient, state.userId, true);
      void toastSuccess(state.message);
    },
  });
}

/** DELETE /api/users/{id}/block, then the same refresh. */
export function useUnblockPerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => call(API.users.unblock, { params: [userId] }),
    meta: { errorMessage: BLOCK_TEXTS.unblockFailed },
    onSuccess: (state) => {
      refreshAfterBlock(queryClient, state.userId, false);
      void toastSuccess(state.message);
    },
  });
}

/**
 * DELETE /api/account (issue 14 §8). On success the dialog leaves the page, then signs this device out
 * (`useSignOutHere`; the server has ended every session already).
 */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (body: DeleteAccountRequest) => call(API.account.remove, { body }),
    // The dialog shows the refusal (a wrong password, a community still owned) as the server wrote it.
    meta: { silent: true },
  });
}

/** What signing out after the deletion clears (as logout does); called by the dialog once its page is gone. */
export function useSignOutHere() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    clearSession();
    clearDrafts();
    queryClient.clear();
    disconnectSocket();
  }, [queryClient]);
}
