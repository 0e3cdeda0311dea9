import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limiter';

describe('RateLimiter', () => {
  it('blocks a key after its limit until the window passes', () => {
    const limiter = new RateLimiter(2, 1000);
    limiter.hit('a', 0);
    expect(limiter.blockedFor('a', 10)).toBe(0);
    limiter.hit('a', 20);
    expect(limiter.blockedFor('a', 500)).toBeCloseTo(0.5);
    expect(limiter.blockedFor('b', 500)).toBe(0);
    expect(limiter.blockedFor('a', 1001)).toBe(0);
  });

  it('forgets a key on reset and does nothing when disabled', () => {
    const limiter = new RateLimiter(1, 1000);
    limiter.hit('a', 0);
    limiter.reset('a');
    expect(limiter.blockedFor('a', 1)).toBe(0);
    const off = new RateLimiter(1, 1000, false);
    off.hit('a', 0);
    off.hit('a', 0);
    expect(off.blockedFor('a', 1)).toBe(0);
  });

  it('stays bounded under a flood of distinct keys', () => {
    const limiter = new RateLimiter(1, 60_000, true, 100);
    for (let i = 0; i < 1000; i += 1) limiter.hit(`k${i}`, i);
    expect((limiter as unknown as { hits: Map<string, unknown> }).hits.size).toBeLessThanOrEqual(100);
  });
});
