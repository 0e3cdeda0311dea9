/**
 * The first paint of each first page, in its HTML (issue 12 §5): the frame the page's own components draw first,
 * written into `<div id="root">` so the browser paints it as soon as the HTML and the stylesheet have arrived,
 * instead of a blank page until the JavaScript has downloaded and run. React replaces it on its first render
 * (createRoot clears the container). No text of the app's pages is copied here: only the Agora logo, in the place
 * the page puts it, the same markup as components/logo.tsx renders (build/first-paint.test.tsx checks it).
 */

const mark = (inverted: boolean) =>
  `<svg viewBox="0 0 32 32" aria-hidden="true" class="size-8 shrink-0"><rect width="32" height="32" rx="8" class="${
    inverted ? 'fill-white' : 'fill-brand-600'
  }"></rect><g fill="none" stroke="${inverted ? 'var(--color-brand-700)' : '#fff'}" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"><path d="M7.5 13 16 7l8.5 6z" fill="${
    inverted ? 'var(--color-brand-700)' : '#fff'
  }"></path><path d="M10.5 16v7M16 16v7M21.5 16v7M7.5 25.5h17"></path></g></svg>`;

const wordmark = (inverted: boolean) =>
  `<span class="text-lg font-bold tracking-tight ${inverted ? 'text-white' : 'text-fg'}">Agora</span>`;

/** <Logo showWordmark={false} className="sm:hidden" />, <Logo className="hidden sm:inline-flex" />, <Logo />, <Logo inverted />. */
export const LOGOS = {
  markSmall: `<span class="inline-flex items-center gap-2 sm:hidden">${mark(false)}</span>`,
  withWordmarkWide: `<span class="items-center gap-2 hidden sm:inline-flex">${mark(false)}${wordmark(false)}</span>`,
  withWordmark: `<span class="inline-flex items-center gap-2">${mark(false)}${wordmark(false)}</span>`,
  inverted: `<span class="inline-flex items-center gap-2">${mark(true)}${wordmark(true)}</span>`,
};

/** app/app-layout.tsx and app/nav-bar.tsx: the navigation bar with the logo where it links home. */
const APP = `<div data-first-paint aria-hidden="true" class="min-h-dvh"><header class="sticky top-0 z-30 border-b border-line bg-surface/90 backdrop-blur supports-[backdrop-filter]:bg-surface/75"><div class="flex h-16 items-center gap-1.5 px-3 sm:gap-3 sm:px-5"><span class="mr-1 shrink-0 rounded-lg sm:mr-3">${LOGOS.markSmall}${LOGOS.withWordmarkWide}</span></div></header></div>`;

/** features/auth/auth-layout.tsx: the brand side (wide screens) and the logo above the form. */
const AUTH = `<div data-first-paint aria-hidden="true" class="flex min-h-dvh bg-surface"><div class="relative hidden w-[44%] max-w-2xl overflow-hidden bg-gradient-to-br from-brand-950 via-brand-800 to-brand-600 text-white lg:flex lg:flex-col lg:justify-between lg:p-12"><span class="relative inline-flex w-fit items-center gap-2 rounded-lg text-white">${LOGOS.inverted}</span></div><div class="flex flex-1 items-start justify-center px-5 py-10 sm:items-center sm:px-8"><div class="w-full max-w-md"><span class="mb-8 inline-flex rounded-lg lg:hidden">${LOGOS.withWordmark}</span></div></div></div>`;

/** The first paint of each page of FIRST_PAGES (build/page-preloads.ts). */
export const FIRST_PAINT: Record<string, string> = {
  home: APP,
  explore: APP,
  create: APP,
  blog: APP,
  community: APP,
  other: APP,
  login: AUTH,
  register: AUTH,
  // Issue 14: the pages mail links open (features/auth, in the auth layout) and the settings page.
  'account-link': AUTH,
  settings: APP,
  admin: APP,
  // Issue 16: the search page, in the app's layout.
  search: APP,
};

/** `html` with `paint` inside its empty `<div id="root">`. */
export function withFirstPaint(html: string, paint: string | undefined): string {
  if (!paint) return html;
  if (!html.includes('<div id="root"></div>')) throw new Error('first-paint: index.html has no empty <div id="root"></div>');
  return html.replace('<div id="root"></div>', `<div id="root">${paint}</div>`);
}
