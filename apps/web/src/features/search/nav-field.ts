/** What the navigation bar's light field (nav-search.tsx) and its combobox (nav-search-combobox.tsx) share. */

/** Elements `/` may focus: the navigation bar's field, or the search page's own. */
export const SHORTCUT_ATTRIBUTE = 'data-search-shortcut';

/**
 * SEARCH_LIMITS.queryMax, written here so a first load does not fetch search-rules.ts for one number (a test checks
 * they agree).
 */
export const FIELD_MAX = 300;

/** The field's look, shared with the combobox that replaces it (no jump when it does). */
export const NAV_FIELD_CLASSES =
  'h-9 w-52 rounded-lg border border-line bg-surface-muted pr-8 pl-9 text-sm text-fg placeholder:text-fg-subtle focus:border-ring focus:bg-surface focus:outline-2 focus:outline-offset-1 focus:outline-ring lg:w-64 [&::-webkit-search-cancel-button]:hidden';
export const NAV_KBD_CLASSES =
  'pointer-events-none absolute top-1/2 right-2 -translate-y-1/2 rounded border border-line px-1.5 font-sans text-xs text-fg-subtle';
