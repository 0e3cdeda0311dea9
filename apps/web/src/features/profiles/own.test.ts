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

  it('rejects nonsense and visitors', () => {
    expect(resolveProfileId('abc', session)).toBeNull();
    expect(resolveProfileId('-3', session)).toBeNull();
    expect(resolveProfileId('99999999999', session)).toBeNull();
    expect(resolveProfileId('7', null)).toBeNull();
  });
});
