import { describe, expect, it } from 'vitest';
import { splitImages } from './blog-content';
import { heading, insertBlock, wrapSelection } from './editor-tools';

describe('editor tools', () => {
  it('wraps the selection, or inserts a placeholder and selects it', () => {
    expect(wrapSelection('say hi now', 4, 6, '**', 'bold text')).toEqual({ text: 'say **hi** now', selectionStart: 6, selectionEnd: 8 });
    expect(wrapSelection('ab', 1, 1, '**', 'bold text')).toEqual({ text: 'a**bold text**b', selectionStart: 3, selectionEnd: 12 });
  });

  it('puts a block on its own line, the caret after it', () => {
    expect(insertBlock('', 0, '[x]')).toEqual({ text: '[x]\n', selectionStart: 4, selectionEnd: 4 });
    expect(insertBlock('one two', 3, '[x]')).toEqual({ text: 'one\n[x]\n two', selectionStart: 8, selectionEnd: 8 });
    expect(insertBlock('one\n', 4, '[x]')).toEqual({ text: 'one\n[x]\n', selectionStart: 8, selectionEnd: 8 });
    expect(insertBlock('one\ntwo', 3, '[x]')).toEqual({ text: 'one\n[x]\ntwo', selectionStart: 7, selectionEnd: 7 });
  });

  it('makes a heading of the selection, or a new heading line with the placeholder selected', () => {
    expect(heading('Intro', 0, 5)).toEqual({ text: '***Intro***', selectionStart: 3, selectionEnd: 8 });
    const line = heading('Intro', 5, 5);
    expect(line.text).toBe('Intro\n***Heading***\n');
    expect(line.text.slice(line.selectionStart, line.selectionEnd)).toBe('Heading');
  });
});

describe('splitImages (uploaded images in a blog’s text)', () => {
  it('turns bracketed upload paths into images and leaves everything else as text', () => {
    expect(splitImages('a [/uploads/post/x1.webp] b [ /uploads/blog/y.jpg ]')).toEqual([
      { type: 'text', text: 'a ' },
      { type: 'image', src: '/uploads/post/x1.webp' },
      { type: 'text', text: ' b ' },
      { type: 'image', src: '/uploads/blog/y.jpg' },
    ]);
    for (const text of ['[https://evil.example/x.png]', '[/uploads/../etc/passwd.png]', '[/uploads/post/x.svg]', '/uploads/post/x.webp'])
      expect(splitImages(text)).toEqual([{ type: 'text', text }]);
  });
});
