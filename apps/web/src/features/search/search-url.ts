import { appPaths, SEARCH_LIMITS, SEARCH_TYPES, type SearchType } from '@agora/contract';

/**
 * The search page's address (issue 16): `/search?q=&type=&group=`. Zod-free and small: the navigation bar's field
 * and the community's box build it on every page's first load.
 */
export interface SearchParams {
  q: string;
  type: SearchType;
  /** One community, by slug or id ("Search this community"); null for everywhere. */
  group: string | null;
}

/** The page's address for a search; `type=all` and an empty query or community are left out. */
export function searchPath({ q = '', type = 'all', group = null }: Partial<SearchParams> = {}): string {
  const params = new URLSearchParams();
  const query = q.trim();
  if (query) params.set('q', query.slice(0, SEARCH_LIMITS.queryMax));
  if (type !== 'all') params.set('type', type);
  if (group) params.set('group', group);
  const text = params.toString();
  return text ? `${appPaths.search()}?${text}` : appPaths.search();
}

/** What an address's query string asks for; an unknown type is `all` (the tabs show it), the query as typed. */
export function parseSearchParams(params: URLSearchParams): SearchParams {
  const type = params.get('type');
  return {
    q: params.get('q') ?? '',
    type: (SEARCH_TYPES as readonly string[]).includes(type ?? '') ? (type as SearchType) : 'all',
    group: params.get('group') || null,
  };
}
