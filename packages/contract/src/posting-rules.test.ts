import { describe, expect, it } from 'vitest';
import { cleanBlockedWords, duplicateKey, durationText, findBlockedWord } from './posting-rules';

describe('findBlockedWord', () => {
  it('matches whole words and phrases whatever the case, accents, spacing, punctuation or look-alike letters', () => {
    expect(findBlockedWord('Visit the CASÍNO today', ['casino'])).toBe('casino');
    expect(findBlockedWord('**casino**!', ['casino'])).toBe('casino');
    expect(findBlockedWord('cаsino', ['casino'])).toBe('casino'); // Cyrillic а
    expect(findBlockedWord('Free\n  MONEY here', ['free money'])).toBe('free money');
    expect(findBlockedWord('Café', ['cafe'])).toBe('cafe');
  });
  it('does not match inside other words or across a gap', () => {
    expect(findBlockedWord('casinos and class', ['casino', 'ass'])).toBeNull();
    expect(findBlockedWord('free of money', ['free money'])).toBeNull();
    expect(findBlockedWord('', ['casino'])).toBeNull();
    expect(findBlockedWord('anything', ['  ', '!!'])).toBeNull();
  });
});

describe('cleanBlockedWords', () => {
  it('trims, collapses spaces and drops empty entries and repeats', () => {
    expect(cleanBlockedWords([' spam  link ', 'SPAM LINK', '', '  ', 'casino'])).toEqual(['spam link', 'casino']);
  });
});

describe('duplicateKey and durationText', () => {
  it('a text is the same text whatever its spacing and case', () => {
    expect(duplicateKey(' Buy  my\nTHING ')).toBe(duplicateKey('buy my thing'));
    expect(duplicateKey('buy my thing!')).not.toBe(duplicateKey('buy my thing'));
  });
  it('rounds a wait up to its largest whole unit', () => {
    expect(durationText(1)).toBe('1 minute');
    expect(durationText(180)).toBe('3 minutes');
    expect(durationText(119 * 60)).toBe('119 minutes');
    expect(durationText(2 * 3600)).toBe('2 hours');
    expect(durationText(47 * 3600)).toBe('47 hours');
    expect(durationText(62 * 3600)).toBe('3 days');
  });
});
