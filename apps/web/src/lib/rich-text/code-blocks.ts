/**
 * The blog-only code block marker (SPEC §2 "A blog page also supports a code block marker"): a fenced block as in
 * Markdown. A line that is three backticks, optionally followed by a language word, opens a block; the next line
 * that is exactly three backticks closes it; everything between is code, shown as typed (no bold, no links, no
 * embeds). A fence never closed runs to the end of the text, as in CommonMark. This pre-pass runs before the shared
 * renderer: the text between code blocks goes through it unchanged, so blogs get every other rule posts have.
 */

export type BlogSegment = { type: 'text'; text: string } | { type: 'code'; language: string | null; code: string };

/** An opening fence: ``` and an optional language of letters, digits and + # . - (```js, ```c++, ```c#). */
const OPEN = /^[ \t]*```[ \t]*([A-Za-z0-9+#.-]{1,30})?[ \t]*$/;
const CLOSE = /^[ \t]*```[ \t]*$/;

/** Splits a blog's text into code blocks and the text around them, in order (line endings normalised first). */
export function splitCodeBlocks(source: string | null | undefined): BlogSegment[] {
  const lines = (source ?? '').replace(/\r\n?/g, '\n').split('\n');
  const segments: BlogSegment[] = [];
  let text: string[] = [];
  const flushText = () => {
    const joined = text.join('\n');
    if (joined.trim() !== '') segments.push({ type: 'text', text: joined });
    text = [];
  };
  for (let i = 0; i < lines.length; i += 1) {
    const open = OPEN.exec(lines[i]!);
    if (!open) {
      text.push(lines[i]!);
      continue;
    }
    flushText();
    const code: string[] = [];
    let j = i + 1;
    while (j < lines.length && !CLOSE.test(lines[j]!)) {
      code.push(lines[j]!);
      j += 1;
    }
    segments.push({ type: 'code', language: open[1] ?? null, code: code.join('\n') });
    i = j;
  }
  flushText();
  return segments;
}

/** The text with code blocks' fences removed and their code kept: for previews and descriptions. */
export function withoutFences(source: string): string {
  return splitCodeBlocks(source)
    .map((s) => (s.type === 'text' ? s.text : s.code))
    .join('\n');
}
