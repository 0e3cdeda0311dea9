/**
 * A fixed-window counter per key, in process memory. Agora runs as one process per instance, so this is the
 * whole truth; the map is capped and swept so a flood of distinct keys cannot grow it without bound.
 */
export class RateLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly enabled = true,
    private readonly maxKeys = 100_000,
  ) {}

  /** Seconds until the key may act again, or 0 when it is under the limit now. */
  blockedFor(key: string, now = Date.now()): number {
    if (!this.enabled) return 0;
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now || entry.count < this.limit) return 0;
    return (entry.resetAt - now) / 1000;
  }

  /** Counts one event for the key. */
  hit(key: string, now = Date.now()): void {
    if (!this.enabled) return;
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      if (this.hits.size >= this.maxKeys) this.sweep(now);
      this.hits.set(key, { count: 1, resetAt: now + this.windowMs });
    } else {
      entry.count += 1;
    }
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.hits) if (entry.resetAt <= now) this.hits.delete(key);
    // Still full of live keys: drop the oldest half rather than grow.
    if (this.hits.size >= this.maxKeys) {
      let drop = Math.floor(this.maxKeys / 2);
      for (const key of this.hits.keys()) {
        if (drop-- <= 0) break;
        this.hits.delete(key);
      }
    }
  }
}

/**
 * The limits, chosen within the range of Discourse (20 logins per IP per minute, 3 new accounts per IP),
 * Mastodon (25 sign-in or sign-up attempts per IP per 5 minutes) and NodeBB (5 failed logins per account per
 * hour, then a lock). RATE_LIMIT=off disables all of them.
 */
export function createLimiters(enabled: boolean) {
  return {
    failedLoginsPerIp: new RateLimiter(20, 5 * 60_000, enabled),
    failedLoginsPerAccount: new RateLimiter(10, 15 * 60_000, enabled),
    registrationsPerIp: new RateLimiter(10, 60 * 60_000, enabled),
    uploadsPerUser: new RateLimiter(60, 10 * 60_000, enabled),
    /** Communities created per user per hour (GROUP_LIMITS.createsPerHour). */
    groupCreatesPerUser: new RateLimiter(10, 60 * 60_000, enabled),
  };
}
export type Limiters = ReturnType<typeof createLimiters>;
