import { SEARCH_MESSAGES } from '@agora/contract';
import { AppError } from '../../lib/app-error';

/**
 * The query language of people (issue 16 §1), turned into the parts the statements need. The words, "phrases" and
 * -exclusions go to PostgreSQL's `websearch_to_tsquery` as typed (it never fails on odd input: unbalanced quotes,
 * lone operators); this parser only takes out what websearch_to_tsquery cannot do:
 *   - `@username`: an author filter (the first one; the name is matched case-insensitively);
 *   - the last plain word: matched as a prefix (`word:*`) so results follow the typing;
 *   - runs of Chinese, Japanese or Korean characters: substrings (the configurations have no dictionary for them),
 *     found through the trigram indexes.
 * A query with no letter or digit at all is a 400 (`SEARCH_MESSAGES.emptyQuery`).
 */
export type ParsedQuery = {
  /** For websearch_to_tsquery: everything but the author, the prefix word and the CJK runs. */
  text: string;
  /** The last plain word (letters, digits, underscore), searched as `word:*`; null when the query ends otherwise. */
  prefix: string | null;
  /** `@username`, lower case. */
  author: string | null;
  /** CJK runs that must each occur in the text, as typed. */
  cjk: string[];
  /** The positive words (from words and phrases), lower case: what community and people names are matched with. */
  words: string[];
};

const CJK_RUN = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]+/gu;
const PLAIN_WORD = /^[\p{L}\p{N}_]+$/u;
const WORD_PARTS = /[\p{L}\p{N}_]+/gu;
const AUTHOR = /^@([A-Za-z0-9_]{1,30})$/;
// NUL and every other control character (the highlight markers among them) separate words; nothing else is removed.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

type Token = { raw: string; phrase: boolean; negated: boolean };

function tokenize(query: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < query.length) {
    const ch = query[i]!;
    if (/\s/u.test(ch)) {
      i += 1;
      continue;
    }
    const negated = ch === '-' && i + 1 < query.length && !/\s/u.test(query[i + 1]!);
    const start = negated ? i + 1 : i;
    if (query[start] === '"') {
      // A phrase runs to the next quote, or to the end when the quote is never closed.
      const close = query.indexOf('"', start + 1);
      const end = close === -1 ? query.length : close;
      tokens.push({ raw: query.slice(start + 1, end), phrase: true, negated });
      i = close === -1 ? query.length : close + 1;
      continue;
    }
    let end = start;
    while (end < query.length && !/\s/u.test(query[end]!) && query[end] !== '"') end += 1;
    if (end === start) {
      i = start + 1;
      continue;
    }
    tokens.push({ raw: query.slice(start, end), phrase: false, negated });
    i = end;
  }
  return tokens;
}

const quotePhrase = (text: string) => `"${text.replace(/"/g, ' ')}"`;

export function parseSearchQuery(input: string): ParsedQuery {
  const query = input.normalize('NFKC').replace(CONTROL, ' ').trim();
  if (!/[\p{L}\p{N}]/u.test(query)) throw AppError.badRequest(SEARCH_MESSAGES.emptyQuery, { q: SEARCH_MESSAGES.emptyQuery });
  const tokens = tokenize(query);
  let author: string | null = null;
  const cjk: string[] = [];
  const words: string[] = [];
  const parts: string[] = [];
  for (const token of tokens) {
    const mention = AUTHOR.exec(token.raw);
    if (mention && !token.phrase && !token.negated) {
      author ??= mention[1]!.toLowerCase();
      continue;
    }
    let raw = token.raw;
    if (!token.negated) {
      for (const run of raw.match(CJK_RUN) ?? []) cjk.push(run);
    }
    raw = raw.replace(CJK_RUN, ' ').trim();
    if (!raw) continue;
    if (!token.negated && !(raw.toLowerCase() === 'or' && !token.phrase)) {
      for (const w of raw.match(WORD_PARTS) ?? []) words.push(w.toLowerCase());
    }
    const text = token.phrase ? quotePhrase(raw) : raw;
    parts.push(token.negated ? `-${text}` : text);
  }
  // The last token is the prefix when it is a plain positive word (not OR, not inside quotes).
  let prefix: string | null = null;
  const last = tokens.at(-1);
  const lastPart = parts.at(-1);
  if (last && !last.phrase && !last.negated && lastPart === last.raw && PLAIN_WORD.test(last.raw) && last.raw.toLowerCase() !== 'or') {
    prefix = last.raw.toLowerCase();
    parts.pop();
  }
  return { text: parts.join(' '), prefix, author, cjk: [...new Set(cjk)], words: [...new Set(words)] };
}

/** Whether the query asks anything of a post's text (else only its author, or nothing). */
export function hasTextTerms(q: ParsedQuery): boolean {
  return q.text !== '' || q.prefix !== null;
}
