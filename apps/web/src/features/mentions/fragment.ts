import { SEARCH_LIMITS } from '@agora/contract';

/**
 * The `@name` being typed: the text from `@` to the caret when the `@` starts a word (not an email address's
 * `a@b`) and what follows it could still be a username (letters, digits, underscores; at most 30).
 */
export interface MentionFragment {
  /** Where the `@` is. */
  start: number;
  /** The caret (the fragment's end). */
  end: number;
  /** What was typed after `@`. */
  term: string;
}

const BEFORE_CARET = /(?:^|[^\w@])@([A-Za-z0-9_]{0,30})$/;

/** The fragment ending at `caret` in `text`, or null (also when a selection spans text: nothing is being typed). */
export function mentionFragmentAt(text: string, caret: number, selectionEnd: number = caret): MentionFragment | null {
  if (caret !== selectionEnd) return null;
  const match = BEFORE_CARET.exec(text.slice(0, caret));
  if (!match) return null;
  const term = match[1]!;
  return { start: caret - term.length - 1, end: caret, term };
}

/** Whether a fragment has enough letters to ask for people (SEARCH_LIMITS.mentionMinChars). */
export function isSearchable(fragment: MentionFragment | null): fragment is MentionFragment {
  return fragment !== null && fragment.term.length >= SEARCH_LIMITS.mentionMinChars;
}

/**
 * `text` with the fragment replaced by `@username ` and the caret after the space (one space only: a space already
 * after the caret is reused).
 */
export function insertMention(text: string, fragment: MentionFragment, username: string): { value: string; caret: number } {
  const after = text.slice(fragment.end);
  const mention = `@${username}`;
  const rest = after.startsWith(' ') ? after : ` ${after}`;
  const value = text.slice(0, fragment.start) + mention + rest;
  return { value, caret: fragment.start + mention.length + 1 };
}
