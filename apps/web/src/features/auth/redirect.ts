/**
 * Where to go after signing in: the `?redirect=` value only when it is a path on this origin. Rejects
 * protocol-relative ("//evil.com"), backslash tricks ("/\\evil.com"), absolute URLs and other schemes, and
 * never returns to the login or registration page.
 */
export function safeRedirectPath(value: string | null | undefined, origin: string = window.location.origin): string {
  if (!value) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  // Control characters and backslashes can be normalised by browsers into something else.
  if ([...value].some((c) => c.charCodeAt(0) < 0x20 || c === '\\')) return '/';
  try {
    const url = new URL(value, origin);
    if (url.origin !== origin) return '/';
    if (url.pathname === '/login' || url.pathname === '/register') return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}

/** The login link that brings the visitor back to `path` afterwards. */
export function loginPathFor(path: string): string {
  const target = safeRedirectPath(path);
  return target === '/' ? '/login' : `/login?redirect=${encodeURIComponent(target)}`;
}
