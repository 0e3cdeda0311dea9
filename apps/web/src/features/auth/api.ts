import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { API, appPaths, type LoginRequest, type LoginResponse, type RegisterRequest, type RegisterResponse } from '@agora/contract';
import { call } from '@/lib/api-client';
import { disconnectSocket } from '@/lib/socket';
import { clearDrafts, clearSession, saveSession } from '@/lib/storage';

// No response schemas here: these calls are on the login and register pages' first load, which stays free of
// zod; the server validates every response against the contract's schema before sending it.
// A 503 with Retry-After (the password queue is full) is tried again: the server refused before doing any work,
// so repeating a sign-in or a registration is safe.
export function login(body: LoginRequest): Promise<LoginResponse> {
  return call(API.auth.login, { body, auth: false, retryWhenBusy: true });
}

export function register(body: RegisterRequest): Promise<RegisterResponse> {
  return call(API.auth.register, { body, auth: false, retryWhenBusy: true });
}

/** Signs in and stores the session (token, authToken, userId, username). The caller then redirects. */
export function useLogin() {
  return useMutation({
    mutationFn: login,
    // The form shows every failure itself (SPEC §8 Login texts), beside the fields.
    meta: { silent: true },
    onSuccess: (data) => saveSession({ token: data.token, userId: data.user.id, username: data.user.username }),
  });
}

export function useRegister() {
  // The form shows every failure itself (SPEC §8 Registration texts), beside the fields.
  return useMutation({ mutationFn: register, meta: { silent: true } });
}

/**
 * SPEC §4 Logout: tell the server, then — even if that call failed — close the realtime connection, clear the
 * local session, drop every cached query, and go to /login.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      try {
        await call(API.auth.logout);
      } catch {
        // The local session is cleared whatever the server said.
      }
    },
    onSettled: () => {
      // Leave the signed-in layout first, in the same render batch as the sign-out, so nothing on the old page
      // (an open profile panel) reacts to the sign-out by redirecting somewhere else.
      // The socket goes last: its status store re-renders at once, which must not happen before the sign-out.
      void navigate(appPaths.login(), { replace: true });
      clearSession();
      clearDrafts();
      queryClient.clear();
      disconnectSocket();
    },
  });
}
