import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API, SEARCH_LIMITS } from '@agora/contract';
import { call } from '@/lib/api-client';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { mentionKeys } from './keys';

/** How long typing must pause before the people are asked for (a name is typed fast; the list should keep up). */
export const MENTION_DEBOUNCE_MS = 150;

/**
 * GET /api/search/mentions: people to mention for what follows `@` (null: nothing to ask), friends and members of
 * `group` first. Asked 150 ms after the last letter; the previous answer stays shown meanwhile.
 */
export function useMentionSuggestions(term: string | null, group: number | null) {
  const debounced = useDebouncedValue(term, MENTION_DEBOUNCE_MS);
  const asked = debounced !== null && term !== null && debounced.length >= SEARCH_LIMITS.mentionMinChars ? debounced.toLowerCase() : null;
  return useQuery({
    queryKey: mentionKeys.suggestions(asked ?? '', group),
    queryFn: ({ signal }) =>
      call(API.mentions.suggest, { query: { q: asked!, ...(group === null ? {} : { group: String(group) }) }, signal }),
    enabled: asked !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
