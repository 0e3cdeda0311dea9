import { defineTexts } from '@/lib/i18n';

/**
 * The navigation bar's search field, on every page's first load: only its own words (the suggestions' and the
 * community box's are in box-texts.ts, the results page's in texts.ts).
 */
export const SEARCH_FIELD_TEXTS = defineTexts('searchField', {
  label: 'Search',
  placeholder: 'Search Agora',
});
