/**
 * Addresses in post text (SPEC §2 "Post text rendering"): bare links, bracketed image links and photo-sharing
 * links. Pure functions; every address that can reach an `href` or a `src` is parsed with `URL` and allowed only
 * for http(s) (images: https or this server's `/uploads/` paths), so `javascript:`, `data:` and the like stay text.
 */

/** Longest address taken as a link or an embed; anything longer stays text (and bounds the work per match). */
export const MAX_URL_LENGTH = 2048;

/**
 * A bare address in running text: starts with http(s):// or www. at a word boundary, runs to whitespace, and
 * leaves trailing punctuation (".", ",", ")" closing a parenthesis around the link, "**" closing bold, …) out of
 * the link. Balanced parentheses stay inside ("…/Foo_(bar)"). Brackets, quotes and angle brackets end it.
 * The lazy repetition stops at the first place where only such punctuation (at most 20 characters) remains before
 * whitespace or the end; both bounds keep the work per position small whatever the text.
 */
export const BARE_URL_PATTERN = new RegExp(
  String.raw`(?<![\w@/.-])(?:https?:\/\/|www\.)(?:[^\s<>()[\]"]|\([^\s<>()[\]"]{0,200}\)){1,${MAX_URL_LENGTH}}?(?=[.,;:!?'")\]*>]{0,20}(?:\s|$))`,
  'i',
);

/** Host names a person means as a web address: letters TLD, localhost, or an IPv4 address. */
const HOSTNAME = /^(?:localhost|(?:[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})|\d{1,3}(?:\.\d{1,3}){3})$/i;

/**
 * A typed address → its absolute http(s) form, or null. "www.example.com" gets https://; credentials in the
 * address are refused (they make a link show one host and open another).
 */
export function toWebUrl(raw: string): string | null {
  const value = raw.trim();
  if (!value || value.length > MAX_URL_LENGTH || /\s/.test(value)) return null;
  const withScheme = /^https?:\/\//i.test(value) ? value : /^www\./i.test(value) ? `https://${value}` : null;
  if (!withScheme) return null;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || !HOSTNAME.test(url.hostname)) return null;
  return url.href;
}

/** SPEC §2: image links with these extensions become images. */
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'avif'] as const;
const IMAGE_PATH = new RegExp(`\\.(?:${IMAGE_EXTENSIONS.join('|')})$`, 'i');
/** This server's stored files (SPEC §3: paths starting with /uploads/ are served from the API host). */
const UPLOAD_PATH = /^\/uploads\/(?:[A-Za-z0-9_-]+\/)*[A-Za-z0-9_-]+\.[A-Za-z0-9]{2,5}$/;

/**
 * The `src` of a bracketed image link, or null when it is not an image link: an https address whose path ends in
 * one of the image extensions (a query string is allowed), or this server's `/uploads/…` path with one. Plain
 * http images are refused: a page served over https would block or rewrite them (mixed content), and the CSP's
 * img-src allows https only.
 */
export function parseImageUrl(raw: string): string | null {
  const value = raw.trim();
  if (value.startsWith('/')) return UPLOAD_PATH.test(value) && IMAGE_PATH.test(value) ? value : null;
  if (!/^https:\/\//i.test(value)) return null;
  const href = toWebUrl(value);
  if (!href) return null;
  return IMAGE_PATH.test(new URL(href).pathname) ? href : null;
}

/** Checked again when rendering, whatever produced the node: an https address or an `/uploads/` path. */
export function safeImageSrc(src: string): string | null {
  return parseImageUrl(src);
}

export interface InstagramPost {
  /** `p` for a photo post, `reel` for reels (the /reels/ form is the same reel). */
  kind: 'p' | 'reel';
  code: string;
}

const INSTAGRAM_HOSTS = new Set(['instagram.com', 'www.instagram.com', 'm.instagram.com']);
const INSTAGRAM_CODE = /^[A-Za-z0-9_-]{5,64}$/;

/** instagram.com/p/{code}, /reel/{code} and /reels/{code} (with or without www., scheme, trailing slash or query). */
export function parseInstagramUrl(raw: string): InstagramPost | null {
  const value = raw.trim();
  const href = toWebUrl(/^(?:https?:\/\/|www\.)/i.test(value) ? value : /^instagram\.com\//i.test(value) ? `https://${value}` : '');
  if (!href) return null;
  const url = new URL(href);
  if (url.port || !INSTAGRAM_HOSTS.has(url.hostname.toLowerCase())) return null;
  const [section, code, ...rest] = url.pathname.split('/').filter(Boolean);
  if (!section || !code || rest.length > 0 || !INSTAGRAM_CODE.test(code)) return null;
  if (section === 'p') return { kind: 'p', code };
  if (section === 'reel' || section === 'reels') return { kind: 'reel', code };
  return null;
}

/** The embeddable page of a post or reel (the CSP's frame-src allows https://www.instagram.com). */
export function instagramEmbedUrl(post: InstagramPost): string {
  return `https://www.instagram.com/${post.kind}/${post.code}/embed/`;
}

/** The host of an address, "www." dropped, for labels that may not be trusted. */
export function hostOf(href: string): string {
  return new URL(href).hostname.replace(/^www\./i, '');
}

/**
 * A button label that itself reads as an address (a scheme, "www.", a host-like "name.tld" or an e-mail address)
 * could make a link pose as another site, so the real host is shown instead (decision 0037; social links likewise, 0061).
 */
export function looksLikeAddress(label: string): boolean {
  return /[a-z][a-z0-9+.-]*:\/\/|www\.|@|[a-z0-9-]\.[a-z]{2,}\b/i.test(label);
}
