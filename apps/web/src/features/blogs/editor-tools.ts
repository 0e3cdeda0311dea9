/* The blog editor's text tools (Bold, Heading, an image line): pure edits of the text and its selection. */

/** Wraps the selection in `marker` (or inserts marker + placeholder + marker with the placeholder selected). */
export function wrapSelection(text: string, start: number, end: number, marker: string, placeholder: string) {
  const selected = text.slice(start, end);
  const inner = selected || placeholder;
  const next = `${text.slice(0, start)}${marker}${inner}${marker}${text.slice(end)}`;
  return { text: next, selectionStart: start + marker.length, selectionEnd: start + marker.length + inner.length };
}

/** Starts a heading: wraps the selection in ***, or with nothing selected adds a heading line with its placeholder selected. */
export function heading(text: string, start: number, end: number) {
  if (start !== end) return wrapSelection(text, start, end, '***', 'Heading');
  const line = insertBlock(text, start, '***Heading***');
  const headingStart = line.text.lastIndexOf('***Heading***', line.selectionStart) + 3;
  return { text: line.text, selectionStart: headingStart, selectionEnd: headingStart + 'Heading'.length };
}

/** Inserts a block (an image line, a heading) at the caret, on its own line. */
export function insertBlock(text: string, at: number, block: string) {
  const before = text.slice(0, at);
  const after = text.slice(at);
  const lead = before === '' || before.endsWith('\n') ? '' : '\n';
  const trail = after.startsWith('\n') ? '' : '\n';
  const next = `${before}${lead}${block}${trail}${after}`;
  const caret = before.length + lead.length + block.length + trail.length;
  return { text: next, selectionStart: caret, selectionEnd: caret };
}
