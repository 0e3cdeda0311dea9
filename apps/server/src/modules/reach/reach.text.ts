import { blogPreviewText } from '@agora/contract';

/**
 * User text on its way into an HTML head or an XML document (sitemap, feed): characters XML 1.0 forbids (C0 controls
 * but tab, line feed and carriage return; U+FFFE, U+FFFF; unpaired surrogates) are removed, then the five markup
 * characters are escaped. The same escaping serves HTML attributes and text, so one function does both.
 */

const XML_FORBIDDEN =
  // eslint-disable-next-line no-control-regex -- these control characters are exactly what is removed
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The text without the characters XML 1.0 forbids. */
export function stripForbidden(text: string): string {
  return text.replace(XML_FORBIDDEN, '');
}

/** XML's five predefined entities (HTML5 knows them all): a plain XML reader decodes them without a DTD. */
const MARKUP_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text for an XML or HTML attribute value or text node: forbidden characters removed, markup characters escaped. */
export function escapeMarkup(text: string): string {
  return stripForbidden(text).replace(/[&<>"']/g, (c) => MARKUP_ENTITIES[c]!);
}

/** Plain text of a post or blog (rich-text markers removed, white space collapsed), cut at a word within `max`. */
export function plainPreview(content: string, max = 200): string {
  return blogPreviewText(stripForbidden(content), max);
}

/** A discussion has no title: its first non-empty line as plain text, cut within 80 characters. */
export function discussionTitle(content: string): string {
  const firstLine = stripForbidden(content)
    .split('\n')
    .map((line) => blogPreviewText(line, 80))
    .find((line) => line.length > 0);
  return firstLine ?? 'A discussion';
}

/** An absolute address for a stored image path (previews and feeds want absolute URLs); other values as given. */
export function absoluteUrl(origin: string, path: string): string {
  return path.startsWith('/') ? `${origin}${path}` : path;
}
