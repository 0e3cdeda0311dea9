import { defineTexts } from '@/lib/i18n';

/**
 * The texts of the search fields every page shows (the navigation bar's, the community's box): apart from the
 * results page's texts (texts.ts) so a first load carries only these.
 */
export const SEARCH_FIELD_TEXTS = defineTexts('searchField', {
  label: 'Search',
  placeholder: 'Search Agora',
  openSearch: 'Search',
  recentHeading: 'Recent searches',
  clearRecent: 'Clear recent searches',
  communityLabel: (name: string) => `Search ${name}`,
  communityPlaceholder: 'Search this community',
});
