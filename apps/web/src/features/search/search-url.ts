import { appPaths, type SearchType } from '@agora/contract';

/**
 * The search page's address (issue 16): `/search?q=&type=&group=`. The navigation bar's field and the community's
 * box build it on a first load, so this module imports only the route table (not even search-rules.ts: the fields'
 * maxLength keeps a query within SEARCH_LIMITS.queryMax, and the server refuses a longer one with its message).
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
  if (query) params.set('q', query);
  if (type !== 'all') params.set('type', type);
  if (group) params.set('group', group);
  const text = params.toString();
  return text ? `${appPaths.search()}?${text}` : appPaths.search();
}
