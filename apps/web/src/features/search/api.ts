import { useInfiniteQuery } from '@tanstack/react-query';
import { API } from '@agora/contract';
import { call } from '@/lib/api-client';
import { searchKeys } from './keys';
import type { SearchParams } from './search-url';

/**
 * The results of one search: with `type=all` one page with the first few of each kind; with one kind, pages of it
 * by `nextCursor` (the page's infinite scroll). Nothing is asked for an empty query (the page shows its welcome).
 */
export function useSearchResults({ q, type, group }: SearchParams) {
  const query = q.trim();
  return useInfiniteQuery({
    queryKey: searchKeys.results(query, type, group),
    enabled: query !== '',
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      call(API.search.query, { query: { q: query, type, group: group ?? undefined, cursor: pageParam }, signal }),
    getNextPageParam: (last) => (type === 'all' ? undefined : (last.nextCursor ?? undefined)),
  });
}
