/** Styles that decide where text wraps in a text area: copied to the mirror that measures the caret. */
const COPIED = [
  'boxSizing',
  'width',
  'borderTopWidth',
  'borderRightWidth',
  'borderBottomWidth',
  'borderLeftWidth',
  'paddingTop',
  'paddingRight',
  'paddingBottom',
  'paddingLeft',
  'fontFamily',
  'fontSize',
  'fontWeight',
  'fontStyle',
  'letterSpacing',
  'lineHeight',
  'textTransform',
  'wordSpacing',
  'tabSize',
] as const;

/**
 * Where the caret at `position` is drawn inside `textarea`, in pixels from its top-left corner (scrolling taken into
 * account), and the height of a line: measured on an invisible copy of the text area's text (the usual mirror).
 */
export function caretPosition(textarea: HTMLTextAreaElement, position: number): { top: number; left: number; lineHeight: number } {
  const style = getComputedStyle(textarea);
  const mirror = document.createElement('div');
  for (const name of COPIED) mirror.style[name] = style[name];
  Object.assign(mirror.style, {
    position: 'absolute',
    visibility: 'hidden',
    top: '0',
    left: '-9999px',
    whiteSpace: 'pre-wrap',
    overflowWrap: 'break-word',
    overflow: 'hidden',
  });
  mirror.textContent = textarea.value.slice(0, position);
  const marker = document.createElement('span');
  marker.textContent = '\u200b';
  mirror.appendChild(marker);
  document.body.appendChild(mirror);
  const lineHeight = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.5 || 20;
  const top = marker.offsetTop - textarea.scrollTop;
  const left = marker.offsetLeft - textarea.scrollLeft;
  mirror.remove();
  return { top, left, lineHeight };
}
