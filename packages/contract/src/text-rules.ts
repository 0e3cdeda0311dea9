// Zod-free on purpose: the web app's first pages import these without loading zod (docs/decisions/0006-web-performance.md).
/**
 * Text rules shared by every free-text field (SPEC §5 "Pasted text"). Control characters other than tab, line
 * feed and carriage return are refused: NUL cannot be stored in PostgreSQL text and the others hide content.
 */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** Zero-width space, joiners, word joiner and byte-order mark: invisible, so a name of only these is blank. */
export const ZERO_WIDTH_CHARS = /[\u200B-\u200D\u2060\uFEFF]/g;

export const TEXT_MESSAGES = {
  controlChars: 'Text contains characters that are not allowed',
} as const;

export function hasControlChars(value: string): boolean {
  return CONTROL_CHARS.test(value);
}

/**
 * SPEC §5 paste cleaning: line endings normalised, zero-width characters removed, three or more line breaks cut
 * to two, trailing spaces removed, trimmed. The client applies it on paste; the server applies it again.
 */
export function cleanPastedText(value: string): string {
  return value
    .replace(/\r\n?/g, '\n')
    .replace(ZERO_WIDTH_CHARS, '')
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A one-line value without zero-width characters, trimmed (names, titles). */
export function cleanLine(value: string): string {
  return value.replace(ZERO_WIDTH_CHARS, '').replace(/\s+/g, ' ').trim();
}
