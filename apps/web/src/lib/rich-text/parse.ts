import type { BlockNode, InlineNode } from './nodes';

/**
 * A tokenizer driven by rules: each rule has a pattern and turns a match into a node, or declines with null
 * and the text stays as it is. The earliest match wins; at the same position the rule listed first wins, and
 * when it declines the next rule matching there is tried. The patterns used have no nested quantifiers and
 * each rule's next match is remembered, so hostile input cannot stall the page.
 */

export interface Rule<T> {
  name: string;
  /** Searched from a moving position (the `g` flag is added when missing). Must not match the empty string. */
  pattern: RegExp;
  /** `inner` parses text inside the match with the paragraph's inline rules, minus this one (no bold in bold). */
  build: (match: RegExpExecArray, inner: (text: string) => InlineNode[]) => T | null;
}

export type InlineRule = Rule<InlineNode>;
export type BlockRule = Rule<BlockNode>;

/** Which rules a text field uses: blocks (embeds that stand on their own) and inline markup in paragraphs. */
export interface RichTextFormat {
  blocks: readonly BlockRule[];
  inlines: readonly InlineRule[];
  /** Embedded videos play muted while mostly visible and pause otherwise (post text, SPEC §2); else click to play. */
  controlledVideos?: boolean;
}

export type Piece<T> = { kind: 'text'; text: string } | { kind: 'node'; node: T };

function globalCopy(pattern: RegExp): RegExp {
  return new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
}

/** Splits `text` into plain runs and rule nodes, in order. */
export function tokenize<T>(text: string, rules: readonly Rule<T>[], inlineRules: readonly InlineRule[] = []): Piece<T>[] {
  const patterns = rules.map((r) => globalCopy(r.pattern));
  // The next match of each rule at or after `pos`: undefined when not searched yet, null when there is none.
  const next: (RegExpExecArray | null | undefined)[] = rules.map(() => undefined);
  const pieces: Piece<T>[] = [];
  let pos = 0;
  let plainFrom = 0;

  const search = (i: number): RegExpExecArray | null => {
    const pattern = patterns[i]!;
    pattern.lastIndex = pos;
    const match = pattern.exec(text);
    return match && match[0].length > 0 ? match : null;
  };

  while (pos < text.length) {
    let best = Infinity;
    for (let i = 0; i < rules.length; i += 1) {
      const cached = next[i];
      if (cached === undefined || (cached !== null && cached.index < pos)) next[i] = search(i);
      const match = next[i];
      if (match && match.index < best) best = match.index;
    }
    if (best === Infinity) break;

    let built: { node: T; end: number } | null = null;
    for (let i = 0; i < rules.length && !built; i += 1) {
      const match = next[i];
      if (!match || match.index !== best) continue;
      const rule = rules[i]!;
      const others = inlineRules.filter((r) => r.name !== rule.name);
      const node = rule.build(match, (inner) => parseInline(inner, others));
      if (node !== null) built = { node, end: best + match[0].length };
    }
    if (!built) {
      // Every rule declined here: this character stays plain text and the search goes on after it.
      pos = best + 1;
      continue;
    }
    if (best > plainFrom) pieces.push({ kind: 'text', text: text.slice(plainFrom, best) });
    pieces.push({ kind: 'node', node: built.node });
    pos = built.end;
    plainFrom = pos;
  }
  if (plainFrom < text.length) pieces.push({ kind: 'text', text: text.slice(plainFrom) });
  return pieces;
}

/** Inline markup of one paragraph; adjacent text is merged. */
export function parseInline(text: string, rules: readonly InlineRule[]): InlineNode[] {
  const nodes: InlineNode[] = [];
  for (const piece of tokenize(text, rules, rules)) {
    const node: InlineNode = piece.kind === 'node' ? piece.node : { type: 'text', text: piece.text };
    const last = nodes[nodes.length - 1];
    if (node.type === 'text' && last?.type === 'text') last.text += node.text;
    else nodes.push(node);
  }
  return nodes;
}

function paragraphs(text: string, rules: readonly InlineRule[]): BlockNode[] {
  return text
    .split(/\n[ \t]*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .map((p) => ({ type: 'paragraph', children: parseInline(p, rules) }));
}

/**
 * Text → blocks: embeds found by the block rules stand on their own, the text around them becomes paragraphs
 * (split at blank lines and trimmed; single line breaks stay inside a paragraph). Line endings are normalised first.
 */
export function parseRichText(text: string | null | undefined, format: RichTextFormat): BlockNode[] {
  const source = (text ?? '').replace(/\r\n?/g, '\n');
  const blocks: BlockNode[] = [];
  for (const piece of tokenize(source, format.blocks, format.inlines)) {
    if (piece.kind === 'node') blocks.push(piece.node);
    else blocks.push(...paragraphs(piece.text, format.inlines));
  }
  return blocks;
}

/** The text a reader sees (for empty checks and accessible names): markup removed, embeds not counted. */
export function plainText(nodes: readonly (BlockNode | InlineNode)[]): string {
  return nodes
    .map((node) => {
      switch (node.type) {
        case 'text':
          return node.text;
        case 'strong':
        case 'link':
        case 'paragraph':
          return plainText(node.children);
        case 'button':
          return node.label;
        case 'mention':
          return `@${node.username}`;
        default:
          return '';
      }
    })
    .join('');
}
