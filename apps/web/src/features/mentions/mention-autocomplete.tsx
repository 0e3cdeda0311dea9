import { useEffect, useEffectEvent, useId, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { MentionSuggestion } from '@agora/contract';
import { Picture } from '@/components/ui/picture';
import { cn } from '@/lib/cn';
import { useMentionSuggestions } from './api';
import { caretPosition } from './caret-position';
import { insertMention, isSearchable, mentionFragmentAt, type MentionFragment } from './fragment';
import { MENTION_TEXTS } from './texts';

export interface MentionAutocompleteProps {
  /** The editor's text area: it becomes the combobox (its attributes and keys are handled here). */
  textarea: RefObject<HTMLTextAreaElement | null>;
  /** The editor's text, and how to replace it (the caret is put after the inserted mention). */
  value: string;
  onChange: (value: string) => void;
  /** The community the text is written in: its members come right after friends. */
  group?: number | null;
  /** Where the list opens: below the text area (editors), or above it (the comment box at the panel's foot). */
  placement?: 'above' | 'below';
}

/** The caret, and where the list opens beside it (px from the text area's top-left; `up`: above the caret's line). */
type Caret = { start: number; end: number; top: number; left: number; up: boolean };

const COMBOBOX_ATTRIBUTES = ['role', 'aria-expanded', 'aria-controls', 'aria-activedescendant'];

/**
 * `@mention` suggestions for a text area (issue 16 §4), shared by the post editor, the comment and reply box and
 * the blog editor; loaded only when one of them renders (features/mentions/lazy.ts). Typing `@` and two letters
 * lists matching people; ArrowDown/ArrowUp move, Enter or Tab insert `@username ` at the caret in place of the
 * typed fragment, Escape closes, a click inserts. While the list is open the text area is an ARIA 1.2 combobox
 * (aria-expanded, aria-controls, aria-activedescendant) and the list a listbox whose options never take focus.
 *
 * The keys are caught on `window` in the capture phase, before the editors' own handlers (a comment's Enter sends)
 * and before a dialog's Escape closes it, and only while the list is open.
 */
export function MentionAutocomplete({ textarea, value, onChange, group = null, placement = 'below' }: MentionAutocompleteProps) {
  const listId = useId();
  const [caret, setCaret] = useState<Caret | null>(null);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [activeState, setActiveState] = useState({ list: '', index: 0 });
  const pendingCaret = useRef<number | null>(null);

  const fragment = caret ? mentionFragmentAt(value, caret.start, caret.end) : null;
  const searchable = isSearchable(fragment) && fragment.start !== dismissedAt ? fragment : null;
  const query = useMentionSuggestions(searchable?.term ?? null, group);
  const people = searchable ? (query.data?.people ?? []) : [];
  const answered = searchable !== null && query.data !== undefined && !query.isPlaceholderData;
  const open = searchable !== null && (people.length > 0 || answered);
  const expanded = open && people.length > 0;
  // A new list (other people, another fragment) starts on its first person.
  const list = `${searchable?.start}:${people.map((p) => p.id).join(',')}`;
  const activeIndex = activeState.list === list ? Math.min(activeState.index, Math.max(0, people.length - 1)) : 0;
  const setActive = (index: number) => setActiveState({ list, index });
  const optionId = (index: number) => `${listId}-option-${index}`;

  // Follow the caret: typing, clicking, arrow keys, focus; closing on blur.
  useEffect(() => {
    const node = textarea.current;
    if (!node) return;
    const follow = () => {
      const { selectionStart: start, selectionEnd: end } = node;
      if (placement === 'above') setCaret({ start, end, top: 0, left: 0, up: true });
      else {
        // Under the `@` being typed: below its line, or above it in the text area's lower half.
        const at = caretPosition(node, mentionFragmentAt(node.value, start, end)?.start ?? start);
        const up = at.top > node.clientHeight / 2;
        setCaret({ start, end, top: up ? at.top - 4 : at.top + at.lineHeight + 4, left: at.left, up });
      }
      // Leaving a fragment (typing a space, moving away) forgets an Escape.
      if (!isSearchable(mentionFragmentAt(node.value, node.selectionStart, node.selectionEnd))) setDismissedAt(null);
    };
    const leave = () => setCaret(null);
    const events = ['input', 'click', 'keyup', 'focus', 'select'] as const;
    for (const name of events) node.addEventListener(name, follow);
    node.addEventListener('blur', leave);
    if (document.activeElement === node) follow();
    return () => {
      for (const name of events) node.removeEventListener(name, follow);
      node.removeEventListener('blur', leave);
    };
  }, [textarea, placement]);

  // The caret after an insertion, once the new text is in the text area.
  useLayoutEffect(() => {
    const node = textarea.current;
    const at = pendingCaret.current;
    if (!node || at === null || node.value !== value) return;
    pendingCaret.current = null;
    node.focus();
    node.setSelectionRange(at, at);
    node.dispatchEvent(new Event('select'));
  }, [value, textarea]);

  const choose = (person: MentionSuggestion, at: MentionFragment) => {
    const node = textarea.current;
    const next = insertMention(node?.value ?? value, at, person.username);
    pendingCaret.current = next.caret;
    onChange(next.value);
  };

  // The combobox's keys, ahead of everything else while the list is open.
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (event.target !== textarea.current || !open || !searchable || event.isComposing) return;
    const count = people.length;
    let handled = true;
    if (event.key === 'Escape') setDismissedAt(searchable.start);
    else if (!expanded) handled = false;
    else if (event.key === 'ArrowDown') setActive((activeIndex + 1) % count);
    else if (event.key === 'ArrowUp') setActive((activeIndex - 1 + count) % count);
    else if ((event.key === 'Enter' || event.key === 'Tab') && !event.shiftKey && !event.ctrlKey && !event.metaKey && !event.altKey)
      choose(people[activeIndex]!, searchable);
    else handled = false;
    if (!handled) return;
    event.preventDefault();
    event.stopPropagation();
  });
  useEffect(() => {
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [textarea]);

  // The text area is a combobox while its list is open, and the plain text box it always was otherwise: its role
  // and the combobox's states are set only then (a text box may not carry aria-expanded), so screen readers,
  // tests and journeys keep finding the editor as the text box it is (decision 0121).
  useEffect(() => {
    const node = textarea.current;
    if (!node) return;
    node.setAttribute('aria-autocomplete', 'list');
    return () => {
      for (const name of COMBOBOX_ATTRIBUTES) node.removeAttribute(name);
      node.removeAttribute('aria-autocomplete');
    };
  }, [textarea]);
  useEffect(() => {
    const node = textarea.current;
    if (!node) return;
    if (!expanded) {
      for (const name of COMBOBOX_ATTRIBUTES) node.removeAttribute(name);
      return;
    }
    node.setAttribute('role', 'combobox');
    node.setAttribute('aria-expanded', 'true');
    node.setAttribute('aria-controls', listId);
    node.setAttribute('aria-activedescendant', optionId(activeIndex));
  });
  useEffect(() => {
    if (!expanded) return;
    const option = document.getElementById(optionId(activeIndex));
    option?.scrollIntoView?.({ block: 'nearest' });
  });

  const status = !open ? '' : people.length > 0 ? MENTION_TEXTS.count(people.length) : MENTION_TEXTS.noMatch(searchable.term);
  return (
    <>
      {/* Present from the second letter on, filled once people are found: screen readers announce what is added. */}
      {searchable ? (
        <span role="status" className="sr-only">
          {status}
        </span>
      ) : null}
      {open ? (
        <div
          className={cn(
            'absolute z-40 w-80 max-w-full overflow-hidden rounded-xl border border-line bg-surface text-fg shadow-panel',
            placement === 'above' && 'bottom-full left-0 mb-1',
            placement === 'below' && caret?.up && '-translate-y-full',
          )}
          // Beside the caret, never past the text area's right edge.
          style={
            placement === 'below' && caret ? { top: caret.top, left: `min(${caret.left}px, calc(100% - min(20rem, 100%)))` } : undefined
          }
        >
          {people.length > 0 ? (
            <ul id={listId} role="listbox" aria-label={MENTION_TEXTS.listLabel} className="max-h-64 overflow-y-auto py-1">
              {people.map((person, index) => (
                // Options never take focus: the keys are the combobox's (above), a click or a tap chooses.
                // eslint-disable-next-line jsx-a11y/click-events-have-key-events
                <li
                  key={person.id}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === activeIndex}
                  // Keep the caret in the text area: the option is chosen, never focused.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(person, searchable)}
                  onMouseMove={() => setActive(index)}
                  className={cn(
                    'flex min-h-11 cursor-pointer items-center gap-2.5 px-3 py-1.5 text-sm',
                    index === activeIndex ? 'bg-accent-soft text-accent-fg' : 'text-fg',
                  )}
                >
                  <Picture src={person.profileImage} size="sm" />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-semibold">@{person.username}</span>
                    <span className={cn('block truncate text-xs', index === activeIndex ? 'text-accent-fg' : 'text-fg-muted')}>
                      {`${person.firstName} ${person.lastName}`.trim()}
                    </span>
                  </span>
                  {person.is_friend || person.is_member ? (
                    <span className="shrink-0 rounded-full bg-surface-muted px-2 py-0.5 text-xs text-fg-muted">
                      {person.is_friend ? MENTION_TEXTS.friend : MENTION_TEXTS.member}
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : (
            // The status above says it to screen readers.
            <p aria-hidden="true" className="px-3 py-2.5 text-sm text-fg-muted">
              {MENTION_TEXTS.noMatch(searchable.term)}
            </p>
          )}
        </div>
      ) : null}
    </>
  );
}
