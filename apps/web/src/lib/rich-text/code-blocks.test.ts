import { describe, expect, it } from 'vitest';
import { splitCodeBlocks, withoutFences, type BlogSegment } from './code-blocks';

const text = (t: string): BlogSegment => ({ type: 'text', text: t });
const code = (c: string, language: string | null = null): BlogSegment => ({ type: 'code', language, code: c });

describe('splitCodeBlocks', () => {
  it.each<[string, BlogSegment[]]>([
    ['', []],
    ['no code here', [text('no code here')]],
    ['before\n```\nconst a = 1;\n```\nafter', [text('before'), code('const a = 1;'), text('after')]],
    [
      '```js\nlet x = **not bold**;\n\n\n[https://youtu.be/dQw4w9WgXcQ]\n```',
      [code('let x = **not bold**;\n\n\n[https://youtu.be/dQw4w9WgXcQ]', 'js')],
    ],
    ['```c++\nint main() {}\n```', [code('int main() {}', 'c++')]],
    ['```\n  indented\n\ttab\n```', [code('  indented\n\ttab')]],
    ['```\n```', [code('')]],
    ['a\r\n```\r\nb\r\n```\r\nc', [text('a'), code('b'), text('c')]],
    // A fence never closed runs to the end, as in CommonMark.
    ['intro\n```\nunclosed\nstill code', [text('intro'), code('unclosed\nstill code')]],
    // Backticks inside a line are not a fence; nor is a fence with other words after it.
    ['use ```inline``` here\n``` not a fence\nok', [text('use ```inline``` here\n``` not a fence\nok')]],
    ['one\n```\nx\n```\n```py\ny\n```', [text('one'), code('x'), code('y', 'py')]],
  ])('%j', (input, expected) => {
    expect(splitCodeBlocks(input)).toEqual(expected);
  });

  it('handles thousands of fences without stalling', () => {
    const input = '```\nx\n```\n'.repeat(5_000);
    expect(splitCodeBlocks(input)).toHaveLength(5_000);
  });
});

describe('withoutFences', () => {
  it('keeps the code and drops the fences', () => {
    expect(withoutFences('Look:\n```js\nconst a = 1;\n```\ndone')).toBe('Look:\nconst a = 1;\ndone');
  });
});
