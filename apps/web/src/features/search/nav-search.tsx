import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Search } from 'lucide-react';
import { appPaths } from '@agora/contract';
import { LANGUAGE_BUTTON_CLASSES } from '@/components/language-button';
import { lazyComponent } from '@/lib/lazy-component';
import { NAV_FIELD_CLASSES, SHORTCUT_ATTRIBUTE, type NavSearchTexts } from './nav-field';

/*
 * The navigation bar's search (issue 16 §4): a field on wide screens, a button to /search on narrow ones. On every
 * page's first load, so this module is as light as it can be (decision 0125): the `/` shortcut, a button drawn as
 * the field, and the narrow screens' button, with the route table and two texts. The field with its suggestions
 * (recent searches, arrows, Enter, Escape) is fetched and swapped in on focus (nav-search-combobox.tsx);
 * the results come from the search page.
 */

const NavSearchCombobox = lazyComponent(
  () => import('./nav-search-combobox'),
  (m) => m.NavSearchCombobox,
);

/**
 * `/` anywhere but while typing focuses the visible search field (the results page's when it is open). Narrow
 * screens show a button instead: there `/` does nothing (their keyboards are on screen).
 */
function useSlashShortcut() {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || (event.target as HTMLElement).closest?.('input,textarea,[contenteditable]'))
        return;
      // The last field is the search page's when it is open, else the bar's (hidden on narrow screens: nothing then).
      const fields = document.querySelectorAll<HTMLElement>(`[${SHORTCUT_ATTRIBUTE}]`);
      if (document.querySelector('[aria-modal]') || !fields.length) return;
      event.preventDefault();
      fields[fields.length - 1]!.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}

export function NavSearch(texts: NavSearchTexts) {
  useSlashShortcut();
  return (
    <>
      <NavSearchField {...texts} />
      <Link to={appPaths.search()} aria-label={texts.label} className={`${LANGUAGE_BUTTON_CLASSES} md:hidden`}>
        <Search className="size-5" aria-hidden />
      </Link>
    </>
  );
}

/**
 * What a first load draws in the field's place: a button that looks like the field (its placeholder inside). On
 * focus (a click, Tab, `/`) the combobox takes its place and the focus.
 */
function NavSearchField(texts: NavSearchTexts) {
  const [taken, setTaken] = useState(false);
  if (taken) return <NavSearchCombobox {...texts} />;
  return (
    <button
      data-search-shortcut=""
      onFocus={() => void NavSearchCombobox.preload().then(() => setTaken(true))}
      className={`${NAV_FIELD_CLASSES} hidden text-left text-fg-subtle md:block`}
    >
      {texts.placeholder}
    </button>
  );
}
