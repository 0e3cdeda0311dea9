/**
 * Which URLs the server will POST a push message to (decision 0146). A subscription's endpoint is input: without
 * this list, anyone signed in could make the server send requests to any host it can reach (an internal admin
 * page, a cloud metadata address). Browsers only ever hand out endpoints of their vendor's push service, so the
 * endpoint must be https on one of those hosts; development and tests also accept http://localhost (a stub).
 */
const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com', // Chrome, Edge on Android, Opera, Samsung Internet, Brave
  'android.googleapis.com',
  'updates.push.services.mozilla.com', // Firefox
  'push.services.mozilla.com',
];
/** Host suffixes: Safari (web.push.apple.com and regional hosts), Edge on Windows (wns2-*.notify.windows.com). */
const PUSH_SERVICE_SUFFIXES = ['.push.apple.com', '.notify.windows.com'];

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export function isPushServiceEndpoint(endpoint: string, allowLocal: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (allowLocal && LOCAL_HOSTS.has(url.hostname) && (url.protocol === 'http:' || url.protocol === 'https:')) return true;
  if (url.protocol !== 'https:' || (url.port !== '' && url.port !== '443')) return false;
  const host = url.hostname.toLowerCase();
  return PUSH_SERVICE_HOSTS.includes(host) || PUSH_SERVICE_SUFFIXES.some((suffix) => host.endsWith(suffix));
}
