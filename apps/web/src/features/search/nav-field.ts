/** What the navigation bar's light field (nav-search.tsx) and its combobox (nav-search-combobox.tsx) share. */

/** Elements `/` may focus: the navigation bar's field, or the search page's own. */
export const SHORTCUT_ATTRIBUTE = 'data-search-shortcut';

/**
 * SEARCH_LIMITS.queryMax, written here so a first load does not fetch search-rules.ts for one number (a test checks
 * they agree).
 */
export const FIELD_MAX = 300;

/** The field's look, shared with the combobox that replaces it (no jump when it does); focus rings are the base ones. */
export const NAV_FIELD_CLASSES = 'h-9 w-52 rounded-lg border border-line bg-surface-muted px-3 text-sm lg:w-64';

/** The field's words, from the navigation bar's texts (app/texts.ts): a first load then carries no text module for it. */
export interface NavSearchTexts {
  label: string;
  placeholder: string;
}
