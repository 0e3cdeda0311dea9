/** The language button's look, shared by the button and its lazily loaded menu (one module, so neither imports the other). */
export const LANGUAGE_BUTTON_CLASSES =
  'flex h-10 min-w-10 items-center justify-center gap-1 rounded-full px-2 text-xs font-semibold text-fg-muted uppercase transition-colors hover:bg-surface-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';
