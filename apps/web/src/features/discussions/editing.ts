import { cleanPastedText } from '@agora/contract';

/** A text and its selection, as a textarea holds them. */
export interface TextSelection {
  value: string;
  start: number;
  end: number;
}

const MARK = '**';

/**
 * Ctrl/Cmd+B (SPEC §2): wraps the selection in `**…**`, or unwraps it when it already is bold, whether the markers
 * sit just outside the selection or are part of it. With nothing selected it inserts `****` and puts the caret
 * between the markers (and pressing it again there removes them).
 */
export function toggleBold({ value, start, end }: TextSelection): TextSelection {
  const [from, to] = start <= end ? [start, end] : [end, start];
  const selected = value.slice(from, to);
  if (value.slice(from - MARK.length, from) === MARK && value.slice(to, to + MARK.length) === MARK && from >= MARK.length) {
    return {
      value: value.slice(0, from - MARK.length) + selected + value.slice(to + MARK.length),
      start: from - MARK.length,
      end: to - MARK.length,
    };
  }
  if (selected.length >= 2 * MARK.length && selected.startsWith(MARK) && selected.endsWith(MARK)) {
    const inner = selected.slice(MARK.length, -MARK.length);
    return { value: value.slice(0, from) + inner + value.slice(to), start: from, end: from + inner.length };
  }
  return {
    value: value.slice(0, from) + MARK + selected + MARK + value.slice(to),
    start: from + MARK.length,
    end: to + MARK.length,
  };
}

/** Puts `text` in place of the selection; the caret lands after it. */
export function insertText({ value, start, end }: TextSelection, text: string): TextSelection {
  const [from, to] = start <= end ? [start, end] : [end, start];
  const caret = from + text.length;
  return { value: value.slice(0, from) + text + value.slice(to), start: caret, end: caret };
}

/** What a paste brings: cleaned text (SPEC §5), image files or images inside pasted HTML, and remote image addresses. */
export interface PasteContent {
  text: string;
  images: Blob[];
  /** `<img>` addresses of pasted HTML: inserted as `[url]` text, never fetched by us. */
  remoteImages: string[];
}

const DATA_IMAGE = /^data:(image\/(?:png|jpeg|gif|webp|avif));base64,([A-Za-z0-9+/=\s]+)$/i;
/** Pasted HTML is only parsed for its images; a page's worth is plenty. */
const MAX_HTML = 2_000_000;
/** A pasted page can hold many images; a post uses at most this many from one paste. */
const MAX_PASTED_IMAGES = 10;

/** A `data:` image → a Blob, decoded here (no fetch): null for anything but base64 png, jpeg, gif, webp or avif. */
export function dataUrlToBlob(src: string): Blob | null {
  const match = DATA_IMAGE.exec(src.trim());
  if (!match) return null;
  let binary: string;
  try {
    binary = atob(match[2]!.replace(/\s+/g, ''));
  } catch {
    return null;
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: match[1]!.toLowerCase() });
}

/**
 * Reads a clipboard (SPEC §5 "Pasted text", "a pasted image, including a pasted HTML image, is uploaded and
 * inserted as a bracketed address"). Image files win (the text beside them is usually their name). Otherwise an
 * HTML `<img>` with a data: source becomes a Blob to upload, one with an http(s) source an address to insert as
 * text; the HTML is parsed by DOMParser, which neither runs scripts nor loads images. The text is cleaned.
 */
export function readPaste(data: Pick<DataTransfer, 'files' | 'getData'>): PasteContent {
  const files = [...(data.files ?? [])].filter((f) => f.type.startsWith('image/')).slice(0, MAX_PASTED_IMAGES);
  if (files.length > 0) return { text: '', images: files, remoteImages: [] };
  const text = cleanPastedText(data.getData('text/plain') ?? '');
  const html = data.getData('text/html') ?? '';
  if (!html || html.length > MAX_HTML || typeof DOMParser === 'undefined') return { text, images: [], remoteImages: [] };
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const images: Blob[] = [];
  const remoteImages: string[] = [];
  for (const img of [...doc.querySelectorAll('img')].slice(0, MAX_PASTED_IMAGES)) {
    const src = (img.getAttribute('src') ?? '').trim();
    const blob = src.startsWith('data:') ? dataUrlToBlob(src) : null;
    if (blob) images.push(blob);
    else if (/^https?:\/\/[^\s[\]]+$/i.test(src) && src.length <= 2048) remoteImages.push(src);
  }
  return { text, images, remoteImages };
}

/**
 * Inserts a block (an image's `[address]`) on its own line: a line break is added before it unless the caret is at
 * the start of a line, and after it unless a line break follows (issue 12 §2.8: never "word[/uploads/…]").
 */
export function insertBlockText(selection: TextSelection, block: string): TextSelection {
  const [from, to] = selection.start <= selection.end ? [selection.start, selection.end] : [selection.end, selection.start];
  const before = selection.value.slice(0, from);
  const after = selection.value.slice(to);
  const lead = before === '' || before.endsWith('\n') ? '' : '\n';
  const trail = after === '' || after.startsWith('\n') ? '' : '\n';
  return insertText(selection, `${lead}${block}${trail}`);
}

/** A pasted image's placeholder while it uploads, or an uploaded image's `[/uploads/…]`, as written in the text. */
const TEXT_IMAGE = /\[(Uploading image \d+\.\.\.|\/uploads\/[A-Za-z0-9_/-]+\.(?:jpg|jpeg|png|gif|webp|avif))\]/gi;

/** The images written into a post's text (uploads and uploads in progress), in order, each token as written. */
export function textImages(text: string): string[] {
  return [...text.matchAll(TEXT_IMAGE)].map((m) => m[0]);
}

/** Removes the first `token` from the text, with the line it stood on when it was alone on it. */
export function removeTextImage(text: string, token: string): string {
  const at = text.indexOf(token);
  if (at < 0) return text;
  const before = text.slice(0, at);
  let after = text.slice(at + token.length);
  if ((before === '' || before.endsWith('\n')) && after.startsWith('\n')) after = after.slice(1);
  else if (before.endsWith('\n') && after === '') return before.slice(0, -1);
  return before + after;
}
