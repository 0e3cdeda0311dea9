/**
 * The answers public/first-requests.js started before the app's JavaScript arrived (issue 12 §5). The API client
 * takes one instead of sending the same GET again: same path (query string included), same token, taken once, and
 * only while fresh (a later visit to the same screen fetches anew, so it never shows an old answer).
 */
type Started = { token: string | null; at: number; response: Promise<Response> };

declare global {
  interface Window {
    __agoraFirstRequests?: Record<string, Started | undefined>;
  }
}

/** An answer older than this is left alone: the app fetches again. */
export const FIRST_REQUEST_MAX_AGE_MS = 10_000;

/** The started request for this GET, if there is one the caller may use; it is removed either way. */
export function takeFirstRequest(path: string, token: string | null, now = Date.now()): Promise<Response> | null {
  const started = typeof window === 'undefined' ? undefined : window.__agoraFirstRequests;
  const entry = started?.[path];
  if (!started || !entry) return null;
  delete started[path];
  if (entry.token !== token || now - entry.at > FIRST_REQUEST_MAX_AGE_MS) return null;
  return entry.response;
}
