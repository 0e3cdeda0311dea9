// Zod-free on purpose: the web's composer and settings may import it without loading zod.
import { groupNameKey } from './confusables';

/**
 * Posting limits and filters (issue 15 §7): a community's own rules, set by its owner and admins, and the site-wide
 * limits every account has (docs/SECURITY.md lists each value). The schemas are in `posting.ts`.
 */
export const POSTING_LIMITS = {
  /** Slow mode: one new discussion per member per this many minutes (0 = off). */
  slowModeMinutes: [0, 1, 5, 15, 60, 360, 1440],
  /** Minimum account age to post in the community, in hours (0 = none). */
  minAccountAgeHours: [0, 1, 6, 24, 72, 168, 720],
  /** Blocked words or phrases per community, and the longest one. */
  blockedWordsMax: 200,
  blockedWordMax: 100,
  /** Site-wide: an account is new for its first 24 hours, and may then start 3 discussions and write 20 comments. */
  newAccountHours: 24,
  newAccountDiscussions: 3,
  newAccountComments: 20,
  /** Site-wide: the same text (whitespace and case aside) by the same person is refused for 5 minutes. */
  duplicateWindowSeconds: 5 * 60,
} as const;

export type SlowModeMinutes = (typeof POSTING_LIMITS.slowModeMinutes)[number];
export type MinAccountAgeHours = (typeof POSTING_LIMITS.minAccountAgeHours)[number];

/** "1 minute", "5 minutes", "2 hours", "3 days": a wait or an age, rounded up to its largest whole unit. */
export function durationText(seconds: number): string {
  const unit = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes < 120) return unit(minutes, 'minute');
  const hours = Math.ceil(minutes / 60);
  if (hours < 48) return unit(hours, 'hour');
  return unit(Math.ceil(hours / 24), 'day');
}

/**
 * Texts the server sends as `message`; the UI shows them as they arrive. A blocked word is named (as Discourse
 * does): the writer typed it, and knowing which one lets them fix the text.
 */
export const POSTING_MESSAGES = {
  rulesSaved: 'Posting rules saved',
  slowModeInvalid: 'Choose one of the slow mode options',
  accountAgeInvalid: 'Choose one of the account age options',
  tooManyBlockedWords: `A community can block at most ${POSTING_LIMITS.blockedWordsMax} words or phrases`,
  blockedWordTooLong: `A blocked word or phrase can be at most ${POSTING_LIMITS.blockedWordMax} characters`,
  slowMode: (every: string, wait: string) =>
    `Slow mode is on in this community: one new discussion every ${every}. You can start another in ${wait}.`,
  accountTooNew: (age: string, wait: string) =>
    `This community accepts posts from accounts at least ${age} old. You can post here in ${wait}.`,
  blockedWord: (word: string) => `Your text contains “${word}”, which this community does not allow.`,
  newAccountDiscussions: `New accounts can start ${POSTING_LIMITS.newAccountDiscussions} discussions in their first day. Please try again later.`,
  newAccountComments: `New accounts can write ${POSTING_LIMITS.newAccountComments} comments in their first day. Please try again later.`,
  duplicate: 'You posted this same text a moment ago. Write something new, or try again in a few minutes.',
} as const;


/**
 * A text as words for matching blocked words: the look-alike key of community names (NFKC, confusables, case
 * folded), accents dropped, every run of characters that are not letters or digits one space, padded with spaces so
 * a phrase matches only whole words (" bad word " inside " a bad word here ").
 */
export function wordKey(text: string): string {
  // Case folded before the skeleton, whose table reads a capital I as l (names), so "CASÍNO" stays "casino".
  const folded = groupNameKey(text.normalize('NFKC').toLowerCase()).replace(/\p{M}+/gu, '');
  const words = folded.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  return words.length ? ` ${words.join(' ')} ` : '';
}

/** The first blocked word or phrase the text contains as whole words (case, accents and look-alikes aside), or null. */
export function findBlockedWord(text: string, blocked: readonly string[]): string | null {
  const key = wordKey(text);
  if (!key) return null;
  for (const word of blocked) {
    const needle = wordKey(word);
    if (needle && key.includes(needle)) return word;
  }
  return null;
}

/** The key two texts must not share to count as the same text: whitespace collapsed, case folded. */
export function duplicateKey(text: string): string {
  return text.normalize('NFKC').replace(/\s+/g, ' ').trim().toLowerCase();
}

/** A blocked-words list as the server keeps it: trimmed, spaces collapsed, empty lines and repeats (by key) dropped. */
export function cleanBlockedWords(words: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of words) {
    const word = raw.replace(/\s+/g, ' ').trim();
    const key = wordKey(word);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    out.push(word);
  }
  return out;
}
