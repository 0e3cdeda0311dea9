import { describe, expect, it } from 'vitest';
import { createLimiters } from './rate-limiter';

describe('limiters', () => {
  it('consume first: the 11th failed sign-in on one account is refused with 429 and a Retry-After', async () => {
    const { failedLoginsPerAccount } = createLimiters(true);
    for (let i = 0; i < 10; i += 1) await failedLoginsPerAccount.consume('id:1');
    const refused = await failedLoginsPerAccount.consume('id:1').catch((e: unknown) => e);
    expect(refused).toMatchObject({ statusCode: 429, code: 'rate_limited' });
    expect(Number((refused as { headers: Record<string, string> }).headers['retry-after'])).toBeGreaterThan(800);
    await expect(failedLoginsPerAccount.consume('id:2')).resolves.toBeUndefined();
  });

  it('gives a point back on reward and forgets a key on reset', async () => {
    const { failedLoginsPerIp } = createLimiters(true);
    for (let i = 0; i < 20; i += 1) {
      await failedLoginsPerIp.consume('10.0.0.1');
      await failedLoginsPerIp.reward('10.0.0.1');
    }
    await expect(failedLoginsPerIp.consume('10.0.0.1')).resolves.toBeUndefined();
    for (let i = 0; i < 19; i += 1) await failedLoginsPerIp.consume('10.0.0.1');
    await expect(failedLoginsPerIp.consume('10.0.0.1')).rejects.toMatchObject({ statusCode: 429 });
    await failedLoginsPerIp.reset('10.0.0.1');
    await expect(failedLoginsPerIp.consume('10.0.0.1')).resolves.toBeUndefined();
  });

  it('does nothing with RATE_LIMIT=off', async () => {
    const limiters = createLimiters(false);
    for (let i = 0; i < 1000; i += 1) await limiters.failedLoginsPerAccount.consume('id:1');
    await expect(limiters.registrationsPerIp.consume('10.0.0.1')).resolves.toBeUndefined();
  });
});
