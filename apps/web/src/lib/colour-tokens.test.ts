import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Read from disk: the test setup turns CSS imports (even ?raw) into empty modules.
const css = readFileSync(path.join(import.meta.dirname, '../index.css'), 'utf8');

/**
 * The semantic colours of both themes, read from index.css, meet WCAG contrast where they are used: text
 * (4.5:1, SPEC-sized body text) on the backgrounds text sits on, focus rings (3:1, WCAG 1.4.11), and loading
 * skeletons visibly distinct from their surface (1.4:1, our own floor: no WCAG number exists for placeholders).
 * axe checks the rendered pages; this guards every token pair, including ones no journey shows yet.
 */
function tokens(selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`);
  const block = css.slice(start, css.indexOf('}', start));
  return Object.fromEntries([...block.matchAll(/--([a-z-]+):\s*(#[0-9a-f]{6})/gi)].map((m) => [m[1]!, m[2]!.toLowerCase()]));
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

const THEMES = { light: tokens(':root'), dark: tokens(':root.dark') };
const TEXT = [
  'fg',
  'fg-muted',
  'fg-subtle',
  'accent-fg',
  'danger-fg',
  'success-fg',
  'warning-fg',
  'role-admin',
  'role-moderator',
  'role-member',
];
const TEXT_BACKGROUNDS = ['surface', 'canvas', 'surface-muted'];

describe.each(Object.entries(THEMES))('%s theme tokens', (_name, t) => {
  it('define every colour the components use, as hex (axe cannot read some oklch forms)', () => {
    for (const name of [
      ...TEXT,
      ...TEXT_BACKGROUNDS,
      'surface-strong',
      'line',
      'line-strong',
      'accent-soft',
      'danger-soft',
      'ring',
      'skeleton',
      'highlight',
    ])
      expect(t[name], name).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('give text at least 4.5:1 on every background text sits on', () => {
    const low = TEXT.flatMap((fg) =>
      TEXT_BACKGROUNDS.map((bg) => [fg, bg, contrast(t[fg]!, t[bg]!)] as const).filter(([, , ratio]) => ratio < 4.5),
    );
    expect(low).toEqual([]);
    expect(contrast(t['accent-fg']!, t['accent-soft']!)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(t['danger-fg']!, t['danger-soft']!)).toBeGreaterThanOrEqual(4.5);
    // Toasts: text on their tinted backgrounds.
    expect(contrast(t['success-fg']!, t['success-soft']!)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(t['warning-fg']!, t['warning-soft']!)).toBeGreaterThanOrEqual(4.5);
    // Search passages (issue 16): the matched words' <mark> and a linked comment's flash.
    expect(contrast(t.fg!, t.highlight!)).toBeGreaterThanOrEqual(4.5);
    // Tooltips invert the theme: canvas-coloured text on an fg-coloured bubble.
    expect(contrast(t.canvas!, t.fg!)).toBeGreaterThanOrEqual(4.5);
  });

  it('give focus rings at least 3:1 against the surfaces', () => {
    for (const bg of TEXT_BACKGROUNDS) expect(contrast(t.ring!, t[bg]!), bg).toBeGreaterThanOrEqual(3);
  });

  it('keep skeletons visible on the surfaces they load on', () => {
    for (const bg of ['surface', 'canvas']) expect(contrast(t.skeleton!, t[bg]!), bg).toBeGreaterThanOrEqual(1.4);
  });
});

describe('the old values this replaced', () => {
  it('would fail: the empty-field grey was 2.6:1, the skeleton 1.2:1', () => {
    expect(contrast('#9f9fa9', '#ffffff')).toBeLessThan(4.5); // zinc-400: "Nothing's here", "Not shared", "No links yet"
    expect(contrast('#e9e9ec', '#ffffff')).toBeLessThan(1.4); // zinc-200 at 80% on white
    expect(contrast('#008a2e', '#ecfdf3')).toBeLessThan(4.5); // sonner's own light success toast
  });
});
