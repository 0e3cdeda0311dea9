/**
 * YouTube links (SPEC §2 Intro, §2 post text): watch, short (youtu.be), shorts, embed and live forms, with an
 * optional start time given by `t` or `start` in seconds ("90", "90s") or h/m/s ("1h2m3s", "2m5s"). Videos are
 * embedded through the privacy-enhanced player (youtube-nocookie.com), the one the CSP's frame-src allows.
 */

export interface YouTubeVideo {
  id: string;
  /** Start offset in seconds; 0 plays from the beginning. */
  start: number;
}

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
/** Hosts that serve the player or its short links; subdomains such as m. and music. included. */
const HOSTS = ['youtube.com', 'youtube-nocookie.com'];
const SHORT_HOST = 'youtu.be';
/** Path forms that carry the id as their second segment: /embed/ID, /shorts/ID, /live/ID, /v/ID. */
const ID_PATHS = new Set(['embed', 'shorts', 'live', 'v']);
/** Longer than any video: a larger value is a typo or an attack on the number parser, so it is ignored. */
const MAX_START_SECONDS = 7 * 24 * 3600;

function isYouTubeHost(host: string): boolean {
  return HOSTS.some((h) => host === h || host.endsWith(`.${h}`));
}

/** "90" | "90s" | "1h2m3s" | "2m" → seconds; 0 for anything else (the video then plays from the start). */
export function parseStartTime(value: string | null | undefined): number {
  const v = (value ?? '').trim().toLowerCase();
  if (!v) return 0;
  let seconds: number;
  if (/^\d{1,7}$/.test(v)) seconds = Number(v);
  else {
    const hms = /^(?:(\d{1,3})h)?(?:(\d{1,4})m)?(?:(\d{1,6})s)?$/.exec(v);
    if (!hms || (!hms[1] && !hms[2] && !hms[3])) return 0;
    seconds = Number(hms[1] ?? 0) * 3600 + Number(hms[2] ?? 0) * 60 + Number(hms[3] ?? 0);
  }
  return seconds <= MAX_START_SECONDS ? seconds : 0;
}

/** The video a link points at, or null when it is not a YouTube video link. Accepts links without a scheme. */
export function parseYouTubeUrl(raw: string): YouTubeVideo | null {
  const value = raw.trim();
  if (!value || /\s/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(value) ? value : `https://${value.replace(/^\/\//, '')}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);

  let id: string | undefined;
  if (host === SHORT_HOST || host === `www.${SHORT_HOST}`) id = segments[0];
  else if (isYouTubeHost(host)) {
    if (segments[0] === 'watch') id = url.searchParams.get('v') ?? undefined;
    else if (segments[0] && ID_PATHS.has(segments[0])) id = segments[1];
  }
  if (!id || !VIDEO_ID.test(id)) return null;

  const fragment = new URLSearchParams(url.hash.replace(/^#/, ''));
  const start = parseStartTime(url.searchParams.get('t') ?? url.searchParams.get('start') ?? fragment.get('t'));
  return { id, start };
}

/** The privacy-enhanced player's origin: the one the CSP's frame-src allows, and where player commands are posted. */
export const YOUTUBE_PLAYER_ORIGIN = 'https://www.youtube-nocookie.com';

/**
 * The privacy-enhanced player's address for a video. `controlled`: the page plays and pauses it (post text, SPEC
 * §2): the player listens to postMessage commands (`enablejsapi=1`), starts muted (browsers only let a muted
 * video start without a click) and plays inline on phones.
 */
export function youtubeEmbedUrl(video: YouTubeVideo, options: { controlled?: boolean } = {}): string {
  const params = new URLSearchParams();
  if (options.controlled) {
    params.set('enablejsapi', '1');
    params.set('mute', '1');
    params.set('playsinline', '1');
  }
  if (video.start > 0) params.set('start', String(video.start));
  const query = params.toString();
  return `${YOUTUBE_PLAYER_ORIGIN}/embed/${video.id}${query ? `?${query}` : ''}`;
}
