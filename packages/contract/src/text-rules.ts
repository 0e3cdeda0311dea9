// Zod-free on purpose: the web app's first pages import these without loading zod (docs/decisions/0040-zod-stays-off-the-first-load.md).
/**
 * Text rules shared by every free-text field (SPEC §5 "Pasted text"). Control characters other than tab, line
 * feed and carriage return are refused: NUL cannot be stored in PostgreSQL text and the others hide content.
 */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** Zero-width space, joiners, word joiner and byte-order mark: invisible, so a name of only these is blank. */
export const ZERO_WIDTH_CHARS = /[\u200B-\u200D\u2060\uFEFF]/g;

/**
 * Text direction controls: embeddings and overrides (U+202A–202E), isolates (U+2066–2069) and the marks LRM and
 * RLM (U+200E, U+200F). A right-to-left override makes a reversed name render like another one, so names
 * (community names, usernames) refuse them; free texts lose the embeddings, overrides and isolates when cleaned
 * (the marks stay: they are how right-to-left writers fix punctuation, and cannot reorder anything on their own).
 */
export const BIDI_CONTROLS = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
const BIDI_FORMATTING = /[\u202A-\u202E\u2066-\u2069]/g;

export const TEXT_MESSAGES = {
  controlChars: 'Text contains characters that are not allowed',
  bidiControls: 'Names cannot contain text direction control characters (such as a right-to-left override)',
} as const;

export function hasControlChars(value: string): boolean {
  return CONTROL_CHARS.test(value);
}

export function hasBidiControls(value: string): boolean {
  return BIDI_CONTROLS.test(value);
}

/**
 * SPEC §5 paste cleaning: line endings normalised, zero-width characters removed, three or more line breaks cut
 * to two, trailing spaces removed, trimmed. The client applies it on paste; the server applies it again.
 */
export function cleanPastedText(value: string): string {
  return value
    .replace(/\r\n?/g, '\n')
    .replace(ZERO_WIDTH_CHARS, '')
    .replace(BIDI_FORMATTING, '')
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A one-line value without zero-width characters or bidi embeddings and overrides, trimmed (names, titles). */
export function cleanLine(value: string): string {
  return value.replace(ZERO_WIDTH_CHARS, '').replace(BIDI_FORMATTING, '').replace(/\s+/g, ' ').trim();
}
