import { defineTexts } from '@/lib/i18n';

/** The navigation bar's suggestions (loaded on focus) and the community page's "Search this community". */
export const SEARCH_BOX_TEXTS = defineTexts('searchBox', {
  recentHeading: 'Recent searches',
  clearRecent: 'Clear recent searches',
  communityLabel: (name: string) => `Search ${name}`,
  communityPlaceholder: 'Search this community',
});
