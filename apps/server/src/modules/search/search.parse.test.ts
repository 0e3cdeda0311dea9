// The query language's parser (issue 16 §1): what goes to websearch_to_tsquery, the prefix, the author, CJK runs.
import { describe, expect, it } from 'vitest';
import { SEARCH_MESSAGES } from '@agora/contract';
import { parseSearchQuery } from './search.parse';

describe('parseSearchQuery', () => {
  it('keeps words, phrases and exclusions for websearch_to_tsquery; the last plain word is the prefix', () => {
    expect(parseSearchQuery('red "big apple" -worm pie')).toEqual({
      text: 'red "big apple" -worm',
      prefix: 'pie',
      author: null,
      cjk: [],
      words: ['red', 'big', 'apple', 'pie'],
    });
  });

  it('no prefix after a phrase, an exclusion or OR', () => {
    expect(parseSearchQuery('red "big apple"').prefix).toBeNull();
    expect(parseSearchQuery('red -worm').prefix).toBeNull();
    expect(parseSearchQuery('red or').prefix).toBeNull();
    expect(parseSearchQuery('red or').words).toEqual(['red']);
  });

  it('@username is the author (the first one, lower case), not a word', () => {
    expect(parseSearchQuery('@Alice_1 cake @bob')).toMatchObject({ author: 'alice_1', words: ['cake'], text: 'cake', prefix: null });
    expect(parseSearchQuery('cake @').author).toBeNull();
  });

  it('CJK runs are substrings; the rest of the token stays a word', () => {
    expect(parseSearchQuery('学习中文 tea')).toMatchObject({ cjk: ['学习中文'], text: '', prefix: 'tea' });
    expect(parseSearchQuery('"日本語abc"')).toMatchObject({ cjk: ['日本語'], text: '"abc"' });
    expect(parseSearchQuery('-中文 tea').cjk).toEqual([]);
  });

  it('an unbalanced quote runs to the end; control characters separate words', () => {
    expect(parseSearchQuery('"good book').text).toBe('"good book"');
    expect(parseSearchQuery('yar\u0000n\u0002tea')).toMatchObject({ text: 'yar n', prefix: 'tea' });
  });

  it.each(['', '   ', '!!!', '"" - -', '\u0000\u0002', '@'])('%j is a 400 with the message', (q) => {
    expect(() => parseSearchQuery(q)).toThrow(SEARCH_MESSAGES.emptyQuery);
  });
});
