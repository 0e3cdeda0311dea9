import { MutationCache, QueryClient, type MutationMeta } from '@tanstack/react-query';
import { ApiError, errorMessage, isNetworkError } from './api-client';
import { COMMON_TEXTS } from './texts';
import { toastError } from './toast';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /**
       * SPEC §8's default text for this mutation: shown when the server sent no message. Leave it out (or set
       * `silent`) for failures the spec only logs, or that the component shows inline (form errors).
       */
      errorMessage?: string;
      /** Text for a network failure, where the spec has a separate one ("Server error. Please try again later."). */
      networkErrorMessage?: string;
      /** The component handles the error itself (inline form errors); nothing is shown from here. */
      silent?: boolean;
      /**
       * The form puts the server's `fields` beside its inputs: an error that carries fields shows no toast;
       * one without fields still does.
       */
      inlineFields?: boolean;
      /** Errors with these codes are shown by the component beside its form (a composer's posting refusals); no toast. */
      inlineCodes?: readonly string[];
    };
  }
}

/** A 4xx will not change on retry (not found, forbidden, signed out); network blips and 5xx get one more try. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/**
 * The one place where a failed mutation reaches the user (HOUSE-STYLE "Errors, end to end"): the server's
 * `message` when it sent one, else the mutation's SPEC §8 default from `meta.errorMessage`.
 */
export function reportMutationError(error: unknown, meta: MutationMeta = {}): Promise<void> | undefined {
  if (meta.silent) return;
  if (meta.inlineFields && error instanceof ApiError && Object.keys(error.fields).length > 0) return;
  if (meta.inlineCodes && error instanceof ApiError && meta.inlineCodes.includes(error.code)) return;
  if (error instanceof DOMException && error.name === 'AbortError') return;
  if (isNetworkError(error) && meta.networkErrorMessage) return toastError(meta.networkErrorMessage);
  if (!meta.errorMessage && !(error instanceof ApiError && error.message)) {
    console.error(error);
    return;
  }
  const message = errorMessage(error, meta.errorMessage ?? '');
  // A server fault (5xx) names the request, so a person's report can be matched to the server's log line.
  if (error instanceof ApiError && error.status >= 500 && error.requestId) {
    return toastError(message, { description: COMMON_TEXTS.errorReference(error.requestId) });
  }
  return toastError(message);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => reportMutationError(error, mutation.meta),
    }),
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}
