import { describe, expect, it } from 'vitest';
import { mentionedUsernames } from './notifications.writer';

describe('mentionedUsernames', () => {
  it.each([
    ['hi @ada and @Bob_2', ['ada', 'bob_2']],
    ['@ada, @ADA again', ['ada']],
    ['mail me at ada@example.com', []],
    ['@ab is too short, @abc is fine', ['abc']],
    ['(@grace) and "@linus".', ['grace', 'linus']],
    ['@@double and @x', []],
    ['no mentions here', []],
  ])('%s', (text, expected) => expect(mentionedUsernames(text)).toEqual(expected));

  it('caps how many people one text can mention', () => {
    const text = Array.from({ length: 50 }, (_, i) => `@user_${i}`).join(' ');
    expect(mentionedUsernames(text)).toHaveLength(20);
  });
});
