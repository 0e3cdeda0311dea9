/**
 * Social links (SPEC §2 Profile panel / Community Social): text with one entry per line, where a line may be
 * "url [label]". Eight known networks are recognised by host and get an icon; every other link gets a generic
 * one. Known networks get their name as the default label ("GitHub"); for any other host the default label is
 * the first part of the host, "www." dropped ("blog.example.com" → "blog", "www.example.org" → "example").
 * A line that does not look like a link stays plain text. Only http(s) links are produced, so a
 * "javascript:" line can never become a link. A label that itself looks like an address ("[paypal.com]" on a
 * link to elsewhere) is not used: the link then shows its real host, so a label cannot disguise the target.
 */

export const KNOWN_SITES = ['facebook', 'x', 'instagram', 'linkedin', 'youtube', 'tiktok', 'github', 'discord'] as const;
export type KnownSite = (typeof KNOWN_SITES)[number];

/** Hosts (and their subdomains) per network. */
const SITE_HOSTS: Record<KnownSite, readonly string[]> = {
  facebook: ['facebook.com', 'fb.com', 'fb.me', 'fb.watch'],
  x: ['x.com', 'twitter.com', 't.co'],
  instagram: ['instagram.com', 'instagr.am'],
  linkedin: ['linkedin.com', 'lnkd.in'],
  youtube: ['youtube.com', 'youtu.be', 'youtube-nocookie.com'],
  tiktok: ['tiktok.com'],
  github: ['github.com'],
  discord: ['discord.com', 'discord.gg', 'discordapp.com'],
};

export const SITE_NAMES: Record<KnownSite, string> = {
  facebook: 'Facebook',
  x: 'X',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  github: 'GitHub',
  discord: 'Discord',
};

export type LinkLine = { kind: 'link'; href: string; label: string; host: string; site: KnownSite | null } | { kind: 'text'; text: string };

const WITH_LABEL = /^(\S+)\s*\[([^\]]*)\]\s*$/;
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;
/** A bare host with a dot and a TLD of letters, optionally a port and a path: "example.com/x", "www.site.io". */
const BARE_HOST = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(?::\d{1,5})?(?:[/?#]\S*)?$/i;

export function siteForHost(host: string): KnownSite | null {
  const h = host.toLowerCase().replace(/\.$/, '');
  for (const site of KNOWN_SITES) {
    if (SITE_HOSTS[site].some((known) => h === known || h.endsWith(`.${known}`))) return site;
  }
  return null;
}

/** "www.github.com" → "github"; "m.facebook.com" keeps "m" (only www is dropped). */
export function defaultLabel(host: string): string {
  const h = host.toLowerCase().replace(/^www\d*\./, '');
  return h.split('.')[0] ?? h;
}

/** Turns one candidate into an absolute http(s) URL, or null when it does not look like a link. */
export function toHttpUrl(candidate: string): URL | null {
  const value = candidate.trim();
  if (!value || /\s/.test(value)) return null;
  let absolute: string;
  if (/^https?:\/\//i.test(value)) absolute = value;
  else if (HAS_SCHEME.test(value) && !/^[^:/]+:\d/.test(value))
    return null; // mailto:, javascript:, ftp:…
  else if (value.startsWith('//')) absolute = `https:${value}`;
  else if (BARE_HOST.test(value)) absolute = `https://${value}`;
  else return null;
  try {
    const url = new URL(absolute);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (!url.hostname.includes('.') && url.hostname !== 'localhost') return null;
    return url;
  } catch {
    return null;
  }
}

/** "https://…", "//…", "www.…" or a bare host ("paypal.com/login"): text that reads as an address. */
export function looksLikeAddress(label: string): boolean {
  const value = label.trim();
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(value) || /^(\/\/|www\.)/i.test(value) || toHttpUrl(value) !== null;
}

export function parseLinkLine(line: string): LinkLine | null {
  const text = line.trim();
  if (!text) return null;
  const labelled = WITH_LABEL.exec(text);
  const target = labelled ? labelled[1]! : text;
  const url = toHttpUrl(target);
  if (!url) return { kind: 'text', text };
  const host = url.hostname.toLowerCase();
  const site = siteForHost(host);
  const given = labelled?.[2]?.trim() ?? '';
  const label = given && looksLikeAddress(given) ? host : given || (site ? SITE_NAMES[site] : defaultLabel(host));
  return { kind: 'link', href: url.href, label, host, site };
}

/** Every non-empty line, in order. */
export function parseLinks(text: string | null | undefined): LinkLine[] {
  if (!text) return [];
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map(parseLinkLine)
    .filter((line): line is LinkLine => line !== null);
}
