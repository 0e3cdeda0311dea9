import { describe, expect, it } from 'vitest';
import { registerRequestSchema } from './auth';
import { groupNameKey } from './confusables';
import { groupNameField } from './groups';
import { cleanLine, cleanPastedText, TEXT_MESSAGES } from './text-rules';

describe('groupNameKey (look-alike names share a key)', () => {
  it.each([
    ['Ｐａｙｐａｌ', 'fullwidth'],
    ['\u0420\u0430\u0443\u0440\u0430l', 'Cyrillic Р а у р а + Latin l'],
    ['paypal', 'case'],
    ['PayPaI', 'capital I for l'],
    ['Payp\u03b1l', 'Greek alpha'],
    ['𝐏𝐚𝐲𝐩𝐚𝐥', 'mathematical bold'],
    ['Pay\u200Bpal', 'zero-width space'],
    ['  Paypal  ', 'spaces'],
  ])('%s (%s) has the key of Paypal', (name) => {
    expect(groupNameKey(name)).toBe(groupNameKey('Paypal'));
  });

  it('the issue\u2019s Hраypal (Cyrillic р, а) has the key of Hpaypal', () => {
    expect(groupNameKey('H\u0440\u0430ypal')).toBe(groupNameKey('Hpaypal'));
  });

  it('keeps different names apart: accents, other letters, word breaks', () => {
    expect(groupNameKey('Café')).not.toBe(groupNameKey('Cafe'));
    expect(groupNameKey('Book Club')).not.toBe(groupNameKey('Book Clubs'));
    expect(groupNameKey('Book Club')).not.toBe(groupNameKey('BookClub'));
    // Small i and l look different: real words stay apart; a capital I does look like l.
    expect(groupNameKey('Mail Club')).not.toBe(groupNameKey('Mall Club'));
    expect(groupNameKey('Hail')).not.toBe(groupNameKey('Hall'));
    expect(groupNameKey('MaII Club')).toBe(groupNameKey('Mall Club'));
    expect(groupNameKey('C0de C1ub')).toBe(groupNameKey('Code Club'));
  });
});

describe('text direction controls', () => {
  const rlo = '\u202E';
  it('a community name with an override, embedding, isolate or mark is refused with a clear message', () => {
    for (const control of ['\u202A', '\u202B', '\u202C', '\u202D', rlo, '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F']) {
      const result = groupNameField.safeParse(`${control}lapyaP`);
      expect(result.success, `U+${control.codePointAt(0)!.toString(16)}`).toBe(false);
      expect(result.error!.issues[0]!.message).toBe(TEXT_MESSAGES.bidiControls);
    }
    expect(groupNameField.safeParse('שלום עולם').success).toBe(true);
  });

  it('a username with one is refused with the same message', () => {
    const result = registerRequestSchema.safeParse({
      firstName: 'A',
      lastName: 'B',
      email: 'a@example.com',
      username: `${rlo}nimda`,
      password: 'long enough pass',
      confirmPassword: 'long enough pass',
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]).toMatchObject({ path: ['username'], message: TEXT_MESSAGES.bidiControls });
  });

  it('free texts lose embeddings, overrides and isolates; the LRM and RLM marks stay', () => {
    expect(cleanPastedText(`hello ${rlo}dlrow\u202C and \u2067x\u2069 \u200Fok`)).toBe('hello dlrow and x \u200Fok');
    expect(cleanLine(`${rlo}Title`)).toBe('Title');
  });
});
