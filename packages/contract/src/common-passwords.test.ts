import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS_TEXT } from './common-passwords.data';
import { isCommonPassword } from './common-passwords';

describe('isCommonPassword', () => {
  it('holds exactly 10,000 distinct passwords', () => {
    expect(new Set(COMMON_PASSWORDS_TEXT.split('\n')).size).toBe(10_000);
  });
  it.each(['123456', 'password', 'Password', 'iloveyou', 'PASSWORD123', 'qwertyuiop'])('refuses %s', (p) =>
    expect(isCommonPassword(p)).toBe(true),
  );
  it.each(['agora-demo', 'correct-horse-9', 'analytical-engine', 'x7#kP!2qLz'])('allows %s', (p) =>
    expect(isCommonPassword(p)).toBe(false),
  );
});
