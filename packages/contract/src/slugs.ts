import { transliterate } from 'transliteration';
import { FALLBACK_SLUG } from './groups-rules';

/**
 * Community slugs from names in any script (issue 13 §10). A separate entry (`@agora/contract/slugs`), like
 * common-passwords: only the server makes slugs, and the transliteration tables (about 180 KB) stay out of the
 * web bundle. Decision 0098 records the choice of the `transliteration` package.
 *
 * Latin, Greek and Cyrillic are spelled by the table below (the slugs communities already have were made by it,
 * and a rename that keeps the name keeps its slug); letters of every other script (Han, kana, Hangul, Thai,
 * Arabic, Hebrew, Devanagari, …) go through `transliterate` (Chinese readings for Han, so Japanese kanji read as
 * Mandarin; abjads without their vowels). What neither can spell (emoji, symbols) separates words, as before.
 */

const TRANSLITERATION: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  å: 'a',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
  ŧ: 't',
  ŋ: 'ng',
  '&': ' and ',
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'i',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'iu',
  я: 'ia',
  є: 'ie',
  і: 'i',
  ї: 'i',
  ґ: 'g',
  α: 'a',
  β: 'v',
  γ: 'g',
  δ: 'd',
  ε: 'e',
  ζ: 'z',
  η: 'i',
  θ: 'th',
  ι: 'i',
  κ: 'k',
  λ: 'l',
  μ: 'm',
  ν: 'n',
  ξ: 'x',
  ο: 'o',
  π: 'p',
  ρ: 'r',
  σ: 's',
  ς: 's',
  τ: 't',
  υ: 'y',
  φ: 'f',
  χ: 'ch',
  ψ: 'ps',
  ω: 'o',
};

/**
 * A run of letters not in Latin, Greek or Cyrillic, with the marks (vowel signs, viramas) and the kana length mark
 * that follow them. A mark after a Latin letter is not one: it stays with its letter.
 */
const OTHER_SCRIPT_RUN = /(?:(?![\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}])\p{L}[\p{M}\u30fc]*)+/gu;

/** Room left for a "-NNN" suffix when a slug is taken. */
const SLUG_BASE_MAX = 60;

/**
 * The slug base of a community name: transliterated to ASCII, lowercase, words joined by hyphens, at most 60
 * characters (cut at a hyphen when possible). A base of only digits gets "-community" (a digit-only path
 * segment is an id); an empty or reserved base is handled by the caller's suffixing ("community", "joined-2").
 */
export function slugifyGroupName(name: string): string {
  // Other scripts first, on the name as written (Hangul and kana must not be decomposed), each run a word of its own.
  const spelled = name.replace(OTHER_SCRIPT_RUN, (run) => ` ${transliterate(run)} `);
  // Then decompose so accented letters (é, ά, й) lose their marks, then spell the remaining letters in ASCII.
  const ascii = [
    ...spelled
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase(),
  ]
    .map((ch) => TRANSLITERATION[ch] ?? ch)
    .join('');
  let slug = ascii.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  if (slug.length > SLUG_BASE_MAX) {
    const cut = slug.slice(0, SLUG_BASE_MAX);
    const lastHyphen = cut.lastIndexOf('-');
    slug = (lastHyphen >= SLUG_BASE_MAX / 2 ? cut.slice(0, lastHyphen) : cut).replace(/-+$/, '');
  }
  if (slug === '') return FALLBACK_SLUG;
  if (/^[0-9]+$/.test(slug)) return `${slug}-${FALLBACK_SLUG}`;
  return slug;
}
