import { describe, expect, it } from 'vitest';
import { resolveProfileId } from './own';

const session = { token: 't', userId: 7, username: 'ada' };

describe('resolveProfileId', () => {
  it('treats empty, 0, "me" and the own id as the own profile', () => {
    for (const id of ['', '0', 'me', '7', null, undefined]) expect(resolveProfileId(id, session)).toEqual({ own: true });
  });

  it('reads another user id', () => {
    expect(resolveProfileId('12', session)).toEqual({ own: false, userId: 12 });
  });

  it('reads @username (an @mention): the own one in any case, or someone to look up (issue 12 §2.9)', () => {
    expect(resolveProfileId('@grace', session)).toEqual({ own: false, username: 'grace' });
    expect(resolveProfileId('@ADA', session)).toEqual({ own: true });
    expect(resolveProfileId('@x', session)).toBeNull();
    expect(resolveProfileId('@a b c', session)).toBeNull();
  });

  it('rejects nonsense and visitors', () => {
    expect(resolveProfileId('abc', session)).toBeNull();
    expect(resolveProfileId('-3', session)).toBeNull();
    expect(resolveProfileId('99999999999', session)).toBeNull();
    expect(resolveProfileId('7', null)).toBeNull();
  });
});
