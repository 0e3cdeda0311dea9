import { useEffect, useId, useRef, useState, useSyncExternalStore, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { Clock } from 'lucide-react';
import { cn } from '@/lib/cn';
import { clearRecentSearches, readRecentSearches, rememberSearch, subscribeRecentSearches } from './recent';
import { SEARCH_BOX_TEXTS } from './box-texts';
import { FIELD_MAX, NAV_FIELD_CLASSES, SHORTCUT_ATTRIBUTE, type NavSearchTexts } from './nav-field';
import { searchPath } from './search-url';

/*
 * The navigation bar's search field once it is used (issue 16 §4): loaded on the first focus or hover of the light
 * field nav-search.tsx draws on a first load, which it then replaces, keeping what was typed and the focus.
 */

const EMPTY: string[] = [];
let cache: { raw: string; list: string[] } | null = null;
/** The same array while the stored list is the same (useSyncExternalStore compares snapshots by identity). */
function readRecentSearchesCached(): string[] {
  const list = readRecentSearches();
  const raw = JSON.stringify(list);
  if (cache?.raw !== raw) cache = { raw, list };
  return cache.list;
}
const useRecentSearches = () => useSyncExternalStore(subscribeRecentSearches, readRecentSearchesCached, () => EMPTY);

/** The suggestions for what is typed: the recent searches containing it (all of them for an empty field). */
export function suggestionsFor(text: string, recent: readonly string[]): string[] {
  const q = text.trim().toLowerCase();
  return q ? recent.filter((r) => r.toLowerCase().includes(q) && r.toLowerCase() !== q) : [...recent];
}

/**
 * The field with its suggestions (WAI-ARIA combobox with a list): ↓/↑ move through the recent searches, Enter
 * searches the one chosen (or what is typed), Escape closes the list (then empties the field).
 */
export function NavSearchCombobox({ label, placeholder }: NavSearchTexts) {
  const navigate = useNavigate();
  const recent = useRecentSearches();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(true);
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const id = useId();
  const listId = `${id}-list`;
  const suggestions = suggestionsFor(text, recent);
  const showList = open && suggestions.length > 0;
  const optionId = (index: number) => `${id}-option-${index}`;
  // It takes over from the plain field when that one is focused: the focus (and the caret, at the end) come along.
  useEffect(() => {
    if (!input.current) return;
    input.current.focus();
    input.current.setSelectionRange(input.current.value.length, input.current.value.length);
    // Once, on taking over.
  }, []);

  const search = (query: string) => {
    const q = query.trim();
    if (!q) return;
    rememberSearch(q);
    setOpen(false);
    setActive(-1);
    setText('');
    void navigate(searchPath({ q }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    search(active >= 0 && showList ? suggestions[active]! : text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!showList) {
        setOpen(true);
        setActive(event.key === 'ArrowDown' ? 0 : suggestions.length - 1);
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // Past either end the field itself is active again (-1), as the pattern's examples do.
      setActive((index) => {
        const next = index + step;
        return next < -1 ? suggestions.length - 1 : next >= suggestions.length ? -1 : next;
      });
    } else if (event.key === 'Escape') {
      if (showList) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (text) {
        event.preventDefault();
        setText('');
      }
    }
  };

  return (
    <div
      ref={box}
      className="relative hidden md:block"
      onBlur={(event) => {
        if (!box.current?.contains(event.relatedTarget as Node | null)) {
          setOpen(false);
          setActive(-1);
        }
      }}
    >
      <form role="search" aria-label={label} onSubmit={onSubmit}>
        <input
          ref={input}
          {...{ [SHORTCUT_ATTRIBUTE]: '' }}
          type="search"
          role="combobox"
          aria-label={label}
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
          aria-keyshortcuts="/"
          autoComplete="off"
          enterKeyHint="search"
          placeholder={placeholder}
          maxLength={FIELD_MAX}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
          className={`${NAV_FIELD_CLASSES} text-fg placeholder:text-fg-subtle focus:bg-surface`}
        />
      </form>
      <div
        className={cn(
          'absolute top-full right-0 left-0 z-40 mt-1 overflow-hidden rounded-xl border border-line bg-surface shadow-lg',
          !showList && 'hidden',
        )}
      >
        <p id={`${id}-heading`} className="px-3 pt-2 pb-1 text-xs font-semibold text-fg-muted">
          {SEARCH_BOX_TEXTS.recentHeading}
        </p>
        <ul id={listId} role="listbox" aria-labelledby={`${id}-heading`}>
          {suggestions.map((suggestion, index) => (
            // The options are chosen from the field (aria-activedescendant); a click chooses one too.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events
            <li
              key={suggestion}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => search(suggestion)}
              className={cn(
                'flex cursor-pointer items-center gap-2 px-3 py-2 text-sm text-fg',
                index === active ? 'bg-accent-soft text-accent-fg' : 'hover:bg-surface-muted',
              )}
            >
              <Clock className="size-4 shrink-0 text-fg-subtle" aria-hidden />
              <span className="truncate">{suggestion}</span>
            </li>
          ))}
        </ul>
        <button
          type="button"
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            clearRecentSearches();
            input.current?.focus();
          }}
          className="block w-full border-t border-line px-3 py-2 text-left text-xs font-semibold text-fg-muted hover:bg-surface-muted hover:text-fg focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
        >
          {SEARCH_BOX_TEXTS.clearRecent}
        </button>
      </div>
    </div>
  );
}
