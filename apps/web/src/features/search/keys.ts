import type { SearchType } from '@agora/contract';

/** Query keys of search (issue 16): one entry per query, kind and community. */
export const searchKeys = {
  all: ['search'] as const,
  results: (q: string, type: SearchType, group: string | null) => [...searchKeys.all, 'results', q, type, group] as const,
};
