import { LinkifyIt } from 'linkify-it';

/**
 * Social links (SPEC §2 Profile panel / Community Social): text with one entry per line, where a line may be
 * "url [label]". Eight known networks are recognised by host and get an icon; every other link gets a generic
 * one. Known networks get their name as the default label ("GitHub"), and so do a few more well-known ones without
 * an icon of their own ("t.me" → "Telegram"); any other host is its own label, "www." dropped ("www.example.org" →
 * "example.org"). SPEC §2 said "the first part of the host", which reads as a broken word ("t", "example"): issue 12
 * §2.7 asked for readable names (decision 0014).
 * A line that does not look like a link stays plain text. Link recognition is linkify-it's; on top of it only
 * http(s) links are produced (an allow-list), so a "javascript:" line can never become a link. A label that
 * itself looks like a link or a host is refused, so "https://evil.example [https://twitter.com/x]" cannot pose
 * as Twitter: the chip shows the real host.
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

/** Networks people link to that have no icon here: only their name, as the default label. */
const OTHER_NETWORKS: readonly { name: string; hosts: readonly string[] }[] = [
  { name: 'Telegram', hosts: ['t.me', 'telegram.me', 'telegram.org', 'telegram.dog'] },
  { name: 'WhatsApp', hosts: ['wa.me', 'whatsapp.com'] },
  { name: 'Reddit', hosts: ['reddit.com', 'redd.it'] },
  { name: 'Twitch', hosts: ['twitch.tv'] },
  { name: 'Mastodon', hosts: ['mastodon.social'] },
  { name: 'Bluesky', hosts: ['bsky.app'] },
  { name: 'Threads', hosts: ['threads.net', 'threads.com'] },
  { name: 'Pinterest', hosts: ['pinterest.com'] },
  { name: 'Snapchat', hosts: ['snapchat.com'] },
  { name: 'Spotify', hosts: ['spotify.com'] },
  { name: 'Medium', hosts: ['medium.com'] },
  { name: 'Patreon', hosts: ['patreon.com'] },
  { name: 'Slack', hosts: ['slack.com'] },
  { name: 'Vimeo', hosts: ['vimeo.com'] },
];

function hostIs(host: string, known: string): boolean {
  return host === known || host.endsWith(`.${known}`);
}

export type LinkLine = { kind: 'link'; href: string; label: string; host: string; site: KnownSite | null } | { kind: 'text'; text: string };

const WITH_LABEL = /^(\S+)\s*\[([^\]]*)\]\s*$/;
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;
/** "host:port/…" is a host without a scheme, not a scheme called "host". */
const HOST_AND_PORT = /^[^:/]+:\d/;
/** A host a person would type without a scheme ends in a TLD of letters ("v1.2" is a version, not a host). */
const LETTER_TLD = /\.(?:[a-z]{2,}|xn--[a-z0-9-]+)$/i;

/**
 * Links with a scheme only (https, http, protocol-relative); ftp and mail links are refused. Schemeless text is
 * handled by adding https:// first, so any TLD works (linkify's fuzzy mode knows only a fixed TLD list).
 */
const linkify = new LinkifyIt({ fuzzyLink: false, fuzzyEmail: false, fuzzyIP: false }).add('ftp:', null).add('mailto:', null);
/** For labels: anything that reads as a link, scheme or not, including bare hosts and e-mail addresses. */
const linkifyLoose = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: true, fuzzyIP: true });

export function siteForHost(host: string): KnownSite | null {
  const h = host.toLowerCase().replace(/\.$/, '');
  for (const site of KNOWN_SITES) {
    if (SITE_HOSTS[site].some((known) => h === known || h.endsWith(`.${known}`))) return site;
  }
  return null;
}

/** The label of a link written without one: the network's name ("t.me" → "Telegram"), else the host without www. */
export function defaultLabel(host: string): string {
  const h = host.toLowerCase().replace(/\.$/, '');
  const site = siteForHost(h);
  if (site) return SITE_NAMES[site];
  const other = OTHER_NETWORKS.find((n) => n.hosts.some((known) => hostIs(h, known)));
  return other ? other.name : displayHost(h);
}

/** linkify-it's URL when the whole string is exactly one link, else null. */
function wholeLink(text: string): string | null {
  const matches = linkify.match(text);
  if (!matches || matches.length !== 1) return null;
  const [match] = matches;
  return match && match.index === 0 && match.lastIndex === text.length ? match.url : null;
}

/** Turns one candidate into an absolute http(s) URL, or null when it does not look like a link. */
export function toHttpUrl(candidate: string): URL | null {
  const value = candidate.trim();
  if (!value || /\s/.test(value)) return null;
  let found: string | null;
  let schemeless = false;
  if (/^https?:\/\//i.test(value)) found = wholeLink(value);
  else if (value.startsWith('//')) found = wholeLink(`https:${value}`);
  else if (HAS_SCHEME.test(value) && !HOST_AND_PORT.test(value))
    return null; // mailto:, javascript:, ftp:…
  else {
    // SPEC §2: links without http get https added.
    schemeless = true;
    found = wholeLink(`https://${value}`);
  }
  if (!found) return null;
  try {
    const url = new URL(found);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (!url.hostname.includes('.') && url.hostname !== 'localhost') return null;
    if (schemeless && !LETTER_TLD.test(url.hostname)) return null;
    return url;
  } catch {
    return null;
  }
}

/** A label that reads as an address (a URL, a host, an e-mail) would let a link pose as another site. */
export function looksLikeAddress(label: string): boolean {
  return linkifyLoose.test(label) || label.split(/\s+/).some((word) => toHttpUrl(word) !== null);
}

/** The host as people read it: "www." dropped. */
function displayHost(host: string): string {
  return host.replace(/^www\d*\./, '');
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
  let label: string;
  if (given && looksLikeAddress(given)) label = displayHost(host);
  else label = given || defaultLabel(host);
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
