import { describe, expect, it } from 'vitest';
import type { BlockNode, InlineNode } from './nodes';
import { parseRichText } from './parse';
import { COMMENT_FORMAT, POST_FORMAT } from './post-rules';
import { parseImageUrl, parseInstagramUrl, toWebUrl } from './urls';

const ID = 'dQw4w9WgXcQ';
const t = (text: string): InlineNode => ({ type: 'text', text });
const b = (...children: InlineNode[]): InlineNode => ({ type: 'strong', level: 1, children });
const bb = (...children: InlineNode[]): InlineNode => ({ type: 'strong', level: 2, children });
const a = (href: string, text = href): InlineNode => ({ type: 'link', href, children: [t(text)] });
const btn = (href: string, label: string): InlineNode => ({ type: 'button', href, label });
const m = (username: string): InlineNode => ({ type: 'mention', username });
const p = (...children: InlineNode[]): BlockNode => ({ type: 'paragraph', children });
const img = (src: string): BlockNode => ({ type: 'image', src });
const video = (start = 0, id = ID): BlockNode => ({ type: 'video', provider: 'youtube', id, start });
const ig = (kind: 'p' | 'reel', code: string): BlockNode => ({ type: 'instagram', kind, code });

/** The renderer's table (SPEC §2 "Post text rendering"): input text → the nodes that get rendered. */
const TABLE: [string, BlockNode[]][] = [
  // Plain text and paragraphs
  ['', []],
  ['  \n\n \t ', []],
  ['Hello there', [p(t('Hello there'))]],
  ['line one\nline two', [p(t('line one\nline two'))]],
  ['first\n\n\nsecond', [p(t('first')), p(t('second'))]],
  ['first\r\n\r\nsecond', [p(t('first')), p(t('second'))]],
  // Bold and bigger bold
  ['a **bold** word', [p(t('a '), b(t('bold')), t(' word'))]],
  ['***bigger*** and **big**', [p(bb(t('bigger')), t(' and '), b(t('big')))]],
  ['**unclosed', [p(t('**unclosed'))]],
  ['** **', [p(t('** **'))]],
  ['**across\nlines**', [p(t('**across\nlines**'))]],
  ['2 * 3 = 6', [p(t('2 * 3 = 6'))]],
  // Bracketed images
  ['[https://example.com/cat.jpg]', [img('https://example.com/cat.jpg')]],
  ['[https://example.com/a/b.JPEG]', [img('https://example.com/a/b.JPEG')]],
  ['[https://cdn.example.org/x.png?w=400]', [img('https://cdn.example.org/x.png?w=400')]],
  ['[https://example.com/anim.gif]', [img('https://example.com/anim.gif')]],
  ['[https://example.com/photo.webp]', [img('https://example.com/photo.webp')]],
  ['[https://example.com/photo.avif]', [img('https://example.com/photo.avif')]],
  ['[ https://example.com/spaced.png ]', [img('https://example.com/spaced.png')]],
  ['[/uploads/post/abc_DEF-123.webp]', [img('/uploads/post/abc_DEF-123.webp')]],
  [
    'Look:\n[/uploads/post/a1.jpg]\n[/uploads/post/a2.jpg]\nNice',
    [p(t('Look:')), img('/uploads/post/a1.jpg'), img('/uploads/post/a2.jpg'), p(t('Nice'))],
  ],
  ['[https://example.com/doc.pdf]', [p(t('['), a('https://example.com/doc.pdf'), t(']'))]],
  ['[http://example.com/plain.jpg]', [p(t('['), a('http://example.com/plain.jpg'), t(']'))]],
  ['[/uploads/../secret.png]', [p(t('[/uploads/../secret.png]'))]],
  ['[/etc/passwd.png]', [p(t('[/etc/passwd.png]'))]],
  ['https://example.com/bare.jpg', [p(a('https://example.com/bare.jpg'))]],
  ['[data:image/png;base64,iVBORw0KGgo=]', [p(t('[data:image/png;base64,iVBORw0KGgo=]'))]],
  // Videos: every form, bracketed or bare, with start times
  [`https://www.youtube.com/watch?v=${ID}`, [video()]],
  [`[https://www.youtube.com/watch?v=${ID}]`, [video()]],
  [`https://youtu.be/${ID}?t=90`, [video(90)]],
  [`https://youtu.be/${ID}?t=1h2m3s`, [video(3723)]],
  [`https://www.youtube.com/embed/${ID}?start=42`, [video(42)]],
  [`https://www.youtube.com/shorts/${ID}`, [video()]],
  [`https://m.youtube.com/watch?v=${ID}&t=2m5s`, [video(125)]],
  [`[youtu.be/${ID}]`, [video()]],
  [`Watch https://youtu.be/${ID} now`, [p(t('Watch')), video(), p(t('now'))]],
  [`(https://youtu.be/${ID})`, [p(t('(')), video(), p(t(')'))]],
  ['https://www.youtube.com/watch?v=tooShort', [p(a('https://www.youtube.com/watch?v=tooShort'))]],
  [`https://youtube.com.evil.example/watch?v=${ID}`, [p(a(`https://youtube.com.evil.example/watch?v=${ID}`))]],
  // Photo-sharing posts, reels and reels links
  ['https://www.instagram.com/p/CxYz123AbC/', [ig('p', 'CxYz123AbC')]],
  ['https://instagram.com/reel/Cq9_abc-12/?igsh=xyz', [ig('reel', 'Cq9_abc-12')]],
  ['https://www.instagram.com/reels/DAbc12345/', [ig('reel', 'DAbc12345')]],
  ['[www.instagram.com/p/Bq123456]', [ig('p', 'Bq123456')]],
  ['https://www.instagram.com/someone/', [p(a('https://www.instagram.com/someone/'))]],
  ['https://instagram.com.evil.example/p/CxYz123AbC/', [p(a('https://instagram.com.evil.example/p/CxYz123AbC/'))]],
  // "url [label]" buttons
  ['https://example.com/signup [Sign up here]', [p(btn('https://example.com/signup', 'Sign up here'))]],
  ['Join: https://example.com [ Join us ] today', [p(t('Join: '), btn('https://example.com/', 'Join us'), t(' today'))]],
  ['www.example.org/x[Docs]', [p(btn('https://www.example.org/x', 'Docs'))]],
  [`https://youtu.be/${ID} [Watch the talk]`, [p(btn(`https://youtu.be/${ID}`, 'Watch the talk'))]],
  ['https://evil.example [https://bank.example]', [p(btn('https://evil.example/', 'evil.example'))]],
  ['https://evil.example/login [bank.example]', [p(btn('https://evil.example/login', 'evil.example'))]],
  ['https://example.com [   ]', [p(a('https://example.com/', 'https://example.com'), t(' [   ]'))]],
  ['**https://example.com [Bold button]**', [p(b(btn('https://example.com/', 'Bold button')))]],
  // Bare links
  ['see https://example.com/page', [p(t('see '), a('https://example.com/page'))]],
  ['http://example.com', [p(a('http://example.com/', 'http://example.com'))]],
  ['www.example.com/path', [p(a('https://www.example.com/path', 'www.example.com/path'))]],
  ['End of sentence https://example.com/a.', [p(t('End of sentence '), a('https://example.com/a'), t('.'))]],
  ['(see https://example.com/x)', [p(t('(see '), a('https://example.com/x'), t(')'))]],
  ['https://en.wikipedia.org/wiki/Foo_(bar)', [p(a('https://en.wikipedia.org/wiki/Foo_(bar)'))]],
  ['a,https://example.com/q?a=1&b=2, b', [p(t('a,'), a('https://example.com/q?a=1&b=2'), t(', b'))]],
  ['**https://example.com**', [p(b(a('https://example.com/', 'https://example.com')))]],
  [
    'two https://a.example and https://b.example',
    [p(t('two '), a('https://a.example/', 'https://a.example'), t(' and '), a('https://b.example/', 'https://b.example'))],
  ],
  ['<https://example.com>', [p(t('<'), a('https://example.com/', 'https://example.com'), t('>'))]],
  ['http://localhost:3000/group/1', [p(a('http://localhost:3000/group/1'))]],
  // Hostile input stays inert text
  ['javascript:alert(1)', [p(t('javascript:alert(1)'))]],
  ['[javascript:alert(1)]', [p(t('[javascript:alert(1)]'))]],
  ['javascript:alert(1) [Click me]', [p(t('javascript:alert(1) [Click me]'))]],
  ['JaVaScRiPt:https://example.com', [p(t('JaVaScRiPt:'), a('https://example.com/', 'https://example.com'))]],
  ['data:text/html,<script>alert(1)</script>', [p(t('data:text/html,<script>alert(1)</script>'))]],
  ['<script>alert(1)</script>', [p(t('<script>alert(1)</script>'))]],
  ['<img src=x onerror=alert(1)>', [p(t('<img src=x onerror=alert(1)>'))]],
  ['<a href="javascript:alert(1)">x</a>', [p(t('<a href="javascript:alert(1)">x</a>'))]],
  ['https://user:pass@example.com/', [p(t('https://user:pass@example.com/'))]],
  ['https://exa mple.com', [p(t('https://exa mple.com'))]],
  ['https://nodot', [p(t('https://nodot'))]],
  ['mail@example.com', [p(t('mail@example.com'))]],
  ['xhttps://example.com', [p(t('xhttps://example.com'))]],
  // @mentions (issue 12 §2.9): the server's rule for who is notified; never inside a word, an address or an e-mail
  ['Thanks @grace_h!', [p(t('Thanks '), m('grace_h'), t('!'))]],
  ['@ada and **@bob**', [p(m('ada'), t(' and '), b(m('bob')))]],
  ['@ab is too short', [p(t('@ab is too short'))]],
  ['me@example.com', [p(t('me@example.com'))]],
  ['https://x.com/@ada', [p(a('https://x.com/@ada'))]],
  ['@@ada', [p(t('@@ada'))]],
];

describe('post text: the rendering table', () => {
  it('has at least 60 rows', () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(60);
  });

  it.each(TABLE)('%j', (input, expected) => {
    expect(parseRichText(input, POST_FORMAT)).toEqual(expected);
  });
});

describe('post text: hostile sizes', () => {
  it('keeps a 20,000-character unbroken string as one text and parses it quickly', () => {
    const huge = 'x'.repeat(20_000);
    expect(parseRichText(huge, POST_FORMAT)).toEqual([p(t(huge))]);
  });

  it('does not link an address longer than the limit', () => {
    const long = `https://example.com/${'a'.repeat(3_000)}`;
    expect(parseRichText(long, POST_FORMAT)).toEqual([p(t(long))]);
  });

  it('stays linear on runs of addresses, brackets and punctuation', () => {
    const inputs = [
      'http://'.repeat(3_000),
      `https://a.example/${'.'.repeat(20_000)}x`,
      `${'['.repeat(10_000)}https://example.com/a.png${']'.repeat(10_000)}`,
      'https://a.example [x'.repeat(1_000),
      `${'www.'.repeat(5_000)}`,
    ];
    for (const input of inputs) {
      const started = performance.now();
      const blocks = parseRichText(input, POST_FORMAT);
      // Generous bound for a slow shared machine: a quadratic or exponential pattern takes many seconds here.
      expect(performance.now() - started).toBeLessThan(2_000);
      expect(blocks.length).toBeGreaterThan(0);
    }
  });
});

describe('comment text', () => {
  it('keeps bold, buttons and links but embeds nothing', () => {
    expect(parseRichText(`**Nice** https://youtu.be/${ID} and [/uploads/post/a.webp] https://x.example [Go]`, COMMENT_FORMAT)).toEqual([
      p(b(t('Nice')), t(' '), a(`https://youtu.be/${ID}`), t(' and [/uploads/post/a.webp] '), btn('https://x.example/', 'Go')),
    ]);
  });
});

describe('address helpers', () => {
  it.each([
    ['https://example.com', 'https://example.com/'],
    ['www.example.com', 'https://www.example.com/'],
    ['HTTP://EXAMPLE.COM/A', 'http://example.com/A'],
    ['ftp://example.com', null],
    ['//example.com', null],
    ['https://a b.com', null],
    ['https://user@example.com', null],
    ['https://-bad-.example', null],
    ['https://192.168.0.1/x', 'https://192.168.0.1/x'],
  ])('toWebUrl(%j) → %j', (input, expected) => {
    expect(toWebUrl(input)).toBe(expected);
  });

  it.each([
    ['https://example.com/a.png', 'https://example.com/a.png'],
    ['https://example.com/a.png#frag', 'https://example.com/a.png#frag'],
    ['https://example.com/a.png/', null],
    ['https://example.com/apng', null],
    ['/uploads/post/x.webp', '/uploads/post/x.webp'],
    ['/uploads/post/x.exe', null],
    ['/uploads//x.png', null],
    ['//evil.example/x.png', null],
  ])('parseImageUrl(%j) → %j', (input, expected) => {
    expect(parseImageUrl(input)).toBe(expected);
  });

  it.each([
    ['https://www.instagram.com/p/ABCDE/', { kind: 'p', code: 'ABCDE' }],
    ['instagram.com/reel/ABCDE', { kind: 'reel', code: 'ABCDE' }],
    ['https://www.instagram.com/tv/ABCDE/', null],
    ['https://www.instagram.com/p/AB/', null],
    ['https://www.instagram.com:8443/p/ABCDE/', null],
    ['https://www.instagram.com/p/ABCDE/extra', null],
  ])('parseInstagramUrl(%j) → %j', (input, expected) => {
    expect(parseInstagramUrl(input)).toEqual(expected);
  });
});
