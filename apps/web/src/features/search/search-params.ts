import { SEARCH_TYPES, type SearchType } from '@agora/contract';
import type { SearchParams } from './search-url';

/** What an address's query string asks for; an unknown type is `all` (the tabs show it), the query as typed. */
export function parseSearchParams(params: URLSearchParams): SearchParams {
  const type = params.get('type');
  return {
    q: params.get('q') ?? '',
    type: (SEARCH_TYPES as readonly string[]).includes(type ?? '') ? (type as SearchType) : 'all',
    group: params.get('group') || null,
  };
}
