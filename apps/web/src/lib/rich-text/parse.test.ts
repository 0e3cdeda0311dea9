import { describe, expect, it } from 'vitest';
import type { BlockNode, InlineNode } from './nodes';
import { parseInline, parseRichText, plainText, tokenize, type InlineRule } from './parse';
import { INTRO_FORMAT, RULES_FORMAT, strongRule } from './rules';

const ID = 'dQw4w9WgXcQ';
const t = (text: string): InlineNode => ({ type: 'text', text });
const b = (...children: InlineNode[]): InlineNode => ({ type: 'strong', level: 1, children });
const bb = (...children: InlineNode[]): InlineNode => ({ type: 'strong', level: 2, children });
const p = (...children: InlineNode[]): BlockNode => ({ type: 'paragraph', children });
const video = (start = 0): BlockNode => ({ type: 'video', provider: 'youtube', id: ID, start });

describe('inline markup (bold)', () => {
  it.each<[string, InlineNode[]]>([
    ['plain words', [t('plain words')]],
    ['a **bold** word', [t('a '), b(t('bold')), t(' word')]],
    ['**start** and **end**', [b(t('start')), t(' and '), b(t('end'))]],
    ['***bigger*** text', [bb(t('bigger')), t(' text')]],
    ['**unclosed bold', [t('**unclosed bold')]],
    ['****', [t('****')]],
    ['** **', [t('** **')]],
    ['**two\nlines**', [t('**two\nlines**')]],
    ['2 * 3 * 4', [t('2 * 3 * 4')]],
    ['**a****b**', [b(t('a')), b(t('b'))]],
    ['<b>not html</b> **<i>x</i>**', [t('<b>not html</b> '), b(t('<i>x</i>'))]],
  ])('%j', (input, expected) => {
    expect(parseInline(input, [strongRule])).toEqual(expected);
  });
});

describe('Intro format (bold and bracketed videos)', () => {
  it.each<[string, BlockNode[]]>([
    ['', []],
    ['   \n\n  ', []],
    ['Hello **world**', [p(t('Hello '), b(t('world')))]],
    ['line one\nline two', [p(t('line one\nline two'))]],
    ['first\n\nsecond', [p(t('first')), p(t('second'))]],
    ['first\r\n\r\nsecond', [p(t('first')), p(t('second'))]],
    [`Watch:\n[https://www.youtube.com/watch?v=${ID}]\nThanks`, [p(t('Watch:')), video(), p(t('Thanks'))]],
    [`[https://youtu.be/${ID}?t=1m30s]`, [video(90)]],
    [`Inline [ youtu.be/${ID} ] video`, [p(t('Inline')), video(), p(t('video'))]],
    [`Bare https://youtu.be/${ID} stays text`, [p(t(`Bare https://youtu.be/${ID} stays text`))]],
    ['[https://example.com/page] stays text', [p(t('[https://example.com/page] stays text'))]],
    ['[not a link] [x]', [p(t('[not a link] [x]'))]],
    [`[javascript:alert(1)] [https://youtu.be/${ID}]`, [p(t('[javascript:alert(1)]')), video()]],
  ])('%j', (input, expected) => {
    expect(parseRichText(input, INTRO_FORMAT)).toEqual(expected);
  });

  it('takes a video that follows a bracket the video rule declined', () => {
    expect(parseRichText(`[[https://youtu.be/${ID}]]`, INTRO_FORMAT)).toEqual([p(t('[')), video(), p(t(']'))]);
  });
});

describe('Rules format (bold only)', () => {
  it('never embeds', () => {
    expect(parseRichText(`1. **Be kind**\n[https://youtu.be/${ID}]`, RULES_FORMAT)).toEqual([
      p(t('1. '), b(t('Be kind')), t(`\n[https://youtu.be/${ID}]`)),
    ]);
  });
});

describe('hostile input', () => {
  it('keeps script and HTML as text', () => {
    const input = '<script>alert(1)</script><img src=x onerror=alert(1)>';
    expect(parseRichText(input, INTRO_FORMAT)).toEqual([p(t(input))]);
  });

  it('handles a huge unbroken string and thousands of unclosed markers', () => {
    const huge = 'x'.repeat(200_000);
    expect(parseRichText(huge, INTRO_FORMAT)).toEqual([p(t(huge))]);
    const brackets = `${'['.repeat(20_000)}x${']'.repeat(20_000)}`;
    expect(parseRichText(brackets, INTRO_FORMAT)).toEqual([p(t(brackets))]);
    const markers = '**a '.repeat(10_000);
    const expected = Array.from({ length: 5_000 }, () => [b(t('a ')), t('a ')]).flat();
    expected[expected.length - 1] = t('a');
    expect(parseRichText(markers, INTRO_FORMAT)).toEqual([p(...expected)]);
  });
});

describe('tokenize', () => {
  it('tries the next rule at the same position when the first declines', () => {
    const declines: InlineRule = { name: 'never', pattern: /\[(\w+)\]/, build: () => null };
    const upper: InlineRule = { name: 'upper', pattern: /\[(\w+)\]/, build: (m) => ({ type: 'text', text: m[1]!.toUpperCase() }) };
    expect(tokenize('a [b] c', [declines, upper])).toEqual([
      { kind: 'text', text: 'a ' },
      { kind: 'node', node: { type: 'text', text: 'B' } },
      { kind: 'text', text: ' c' },
    ]);
  });

  it('ignores a rule whose pattern matches the empty string', () => {
    const empty: InlineRule = { name: 'empty', pattern: /x*/, build: () => ({ type: 'text', text: '!' }) };
    expect(tokenize('abc', [empty])).toEqual([{ kind: 'text', text: 'abc' }]);
  });
});

describe('plainText', () => {
  it('drops markup and embeds', () => {
    expect(plainText(parseRichText(`**Hi** there\n\n[https://youtu.be/${ID}]`, INTRO_FORMAT))).toBe('Hi there');
  });
});
