import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Search } from 'lucide-react';
import { APP_ROUTES } from '@agora/contract';
import { lazyComponent } from '@/lib/lazy-component';
import { SEARCH_FIELD_TEXTS } from './field-texts';
import { FIELD_MAX, NAV_FIELD_CLASSES, NAV_KBD_CLASSES, SHORTCUT_ATTRIBUTE } from './nav-field';
import { searchPath } from './search-url';

/*
 * The navigation bar's search (issue 16 §4): a field on wide screens, a button to /search on narrow ones. On every
 * page's first load, so this module is light: the `/` shortcut, a plain field and the button (the contract's
 * zod-free routes and rules, its texts). The field with its suggestions (recent searches, arrows, Escape) loads on
 * the first focus or hover (nav-search-combobox.tsx) and takes the plain field's place; the results come from the
 * search page.
 */


const NavSearchCombobox = lazyComponent(
  () => import('./nav-search-combobox'),
  (m) => m.NavSearchCombobox,
);

function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.closest('input, textarea, select, [contenteditable="true"], [role="textbox"]') !== null;
}

/**
 * `/` anywhere but while typing focuses the visible search field (the results page's when it is open); where none
 * shows (a narrow screen), it opens the search page.
 */
function useSlashShortcut() {
  const navigate = useNavigate();
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      if (typingIn(event.target) || document.querySelector('[role="dialog"][aria-modal="true"]')) return;
      event.preventDefault();
      const fields = [...document.querySelectorAll<HTMLInputElement>(`[${SHORTCUT_ATTRIBUTE}]`)];
      // Hidden by a breakpoint (display: none) is not shown; where checkVisibility is missing, every field counts.
      const field = fields.find((f) => (typeof f.checkVisibility === 'function' ? f.checkVisibility() : true));
      if (field) {
        field.focus();
        field.select();
      } else void navigate(searchPath());
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [navigate]);
}

export function NavSearch() {
  useSlashShortcut();
  const { pathname } = useLocation();
  // The results page has its own field (wide and narrow screens): one field at a time.
  const onSearchPage = pathname.replace(/\/$/, '') === APP_ROUTES.search.pattern;
  if (onSearchPage) return null;
  return (
    <>
      <NavSearchField />
      <Link
        to={searchPath()}
        aria-label={SEARCH_FIELD_TEXTS.openSearch}
        className="inline-flex size-10 items-center justify-center rounded-lg text-fg-muted transition-colors hover:bg-surface-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring md:hidden"
      >
        <Search className="size-5" aria-hidden />
      </Link>
    </>
  );
}

/** The plain field of a first load; the combobox replaces it once its code is here (fetched on hover, swapped in on focus). */
function NavSearchField() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [loaded, setLoaded] = useState(false);
  // A hover fetches the code ahead; the focus swaps the combobox in, which takes the focus and the text.
  const load = () => void NavSearchCombobox.preload().then(() => setLoaded(true));
  if (loaded) return <NavSearchCombobox initialText={text} />;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) void navigate(searchPath({ q: text }));
  };
  return (
    <div className="relative hidden md:block" onPointerEnter={() => void NavSearchCombobox.preload()}>
      <form role="search" aria-label={SEARCH_FIELD_TEXTS.label} onSubmit={onSubmit}>
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-subtle" aria-hidden />
        <input
          {...{ [SHORTCUT_ATTRIBUTE]: '' }}
          type="search"
          aria-label={SEARCH_FIELD_TEXTS.label}
          aria-keyshortcuts="/"
          autoComplete="off"
          enterKeyHint="search"
          placeholder={SEARCH_FIELD_TEXTS.placeholder}
          maxLength={FIELD_MAX}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onFocus={load}
          className={NAV_FIELD_CLASSES}
        />
        <kbd aria-hidden className={NAV_KBD_CLASSES}>
          /
        </kbd>
      </form>
    </div>
  );
}
