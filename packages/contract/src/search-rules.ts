/**
 * Search (issue 16): the constants both sides read, without zod so the navigation bar's search field costs nothing
 * on a first load. The schemas are in `search.ts`.
 */

/** What `GET /api/search?type=` asks for: `all` gives the first few of each kind, one kind pages with `nextCursor`. */
export const SEARCH_TYPES = ['all', 'discussions', 'comments', 'blogs', 'communities', 'people'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export const SEARCH_LIMITS = {
  /** Longest query accepted (characters); longer is a 400, never a slow query. */
  queryMax: 300,
  /** Page size of one kind (`limit`), default and most. */
  pageDefault: 20,
  pageMax: 50,
  /** Hits of each kind with `type=all`. */
  perKindInAll: 5,
  /** Characters of a passage around the matched words. */
  highlightMax: 240,
  /** `@mention` suggestions: letters typed before the list opens, and how many people it lists. */
  mentionMinChars: 2,
  mentionDefault: 8,
  mentionMax: 20,
  /** Mention lookups per person per window (seconds): typing, debounced, asks about once per letter. */
  mentionLookupsPerWindow: 600,
  mentionLookupsWindowSeconds: 10 * 60,
  /** Searches per account (signed in) or per address (visitors) a minute: each costs 10-30 ms of database time. */
  searchesPerMinute: 60,
} as const;

/**
 * A `highlight` is plain text in which each matched passage sits between these two characters (never HTML): the web
 * splits on them and renders `<mark>` elements. Both are control characters no stored text may contain.
 */
export const SEARCH_MARK = { start: '\u0002', end: '\u0003' } as const;

/** Texts of the API's refusals (shown as is, SPEC §8). */
export const SEARCH_MESSAGES = {
  emptyQuery: 'Type a word to search for.',
  queryTooLong: `Search for at most ${SEARCH_LIMITS.queryMax} characters.`,
  typeInvalid: 'Type must be all, discussions, comments, blogs, communities or people.',
  groupNotFound: 'Community not found',
  cursorInvalid: 'This page of results has expired. Search again.',
  /** 429 of GET /api/search/mentions (SEARCH_LIMITS.mentionLookups…). */
  tooManyMentionLookups: 'Too many name lookups. Please try again later.',
  tooManySearches: 'Too many searches in a short time. Please wait a minute and try again.',
} as const;

/** Splits a highlight into plain and marked parts, in order (what the web renders as text and `<mark>`). */
export function highlightParts(highlight: string): { text: string; marked: boolean }[] {
  const parts: { text: string; marked: boolean }[] = [];
  let marked = false;
  let text = '';
  for (const ch of highlight) {
    if (ch === SEARCH_MARK.start || ch === SEARCH_MARK.end) {
      if (text) parts.push({ text, marked });
      text = '';
      marked = ch === SEARCH_MARK.start;
    } else {
      text += ch;
    }
  }
  if (text) parts.push({ text, marked });
  return parts;
}
