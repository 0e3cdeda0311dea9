/**
 * The rich-text document model: text is parsed into these nodes, and only these nodes are rendered (as React
 * elements, never as HTML), so nothing a user types can become markup, script or an unsafe link.
 *
 * To add a feature: add its node type here, a rule that produces it (`rules.ts`, `post-rules.ts`), its renderer
 * (`render.tsx`), and a row in the test tables.
 */

export type InlineNode =
  | { type: 'text'; text: string }
  /** `**bold**` is level 1; `***bigger bold***` is level 2. */
  | { type: 'strong'; level: 1 | 2; children: InlineNode[] }
  /** Always an absolute http(s) address (rules build it with `toHttpUrl`); opens in a new tab. */
  | { type: 'link'; href: string; children: InlineNode[] }
  /** "url [label]": a button-styled link. Same address rules as `link`. */
  | { type: 'button'; href: string; label: string }
  /** `@username`: opens that person's profile panel (`?profile=@username`), in this app, never elsewhere. */
  | { type: 'mention'; username: string };

export type BlockNode =
  | { type: 'paragraph'; children: InlineNode[] }
  | { type: 'video'; provider: 'youtube'; id: string; start: number }
  /** A bracketed image link: an https address or this server's `/uploads/…` path (`safeImageSrc` checks it again). */
  | { type: 'image'; src: string }
  /** A photo-sharing post or reel, embedded by its shortcode. */
  | { type: 'instagram'; kind: 'p' | 'reel'; code: string };

export type RichTextNode = InlineNode | BlockNode;
