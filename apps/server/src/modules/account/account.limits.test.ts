import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@agora/contract';
import { LIMIT_VALUES } from '../../lib/rate-limiter';
import { createUser } from '../../test/factories';
import { useTestApp } from '../../test/test-app';

// Every mail-sending endpoint is limited per recipient address and per sending address; mailed links per address.
const t = useTestApp();

describe('account mail limits (issue 14 §9)', () => {
  it('limits reset requests per recipient address (429 with Retry-After), counting known and unknown alike', async () => {
    const payload = { email: 'limit-me@example.com' };
    for (let i = 0; i < LIMIT_VALUES.accountMailsPerAddress.points; i += 1) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/password/forgot', remoteAddress: `10.1.0.${i + 1}`, payload });
      expect(res.statusCode).toBe(200);
    }
    const over = await t.app.inject({ method: 'POST', url: '/api/auth/password/forgot', remoteAddress: '10.1.0.99', payload });
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(ACCOUNT_MESSAGES.tooManyMails);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits reset requests per sending address across recipients', async () => {
    for (let i = 0; i < LIMIT_VALUES.accountMailsPerIp.points; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/password/forgot',
        remoteAddress: '10.2.0.1',
        payload: { email: `r${i}@example.com` },
      });
      expect(res.statusCode).toBe(200);
    }
    const over = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/forgot',
      remoteAddress: '10.2.0.1',
      payload: { email: 'another@example.com' },
    });
    expect(over.statusCode).toBe(429);
  });

  it('limits uses of mailed links per address (guessing tokens)', async () => {
    const token = 'B'.repeat(43);
    for (let i = 0; i < LIMIT_VALUES.tokenAttemptsPerIp.points; i += 1) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', remoteAddress: '10.3.0.1', payload: { token } });
      expect(res.statusCode).toBe(400);
    }
    const over = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', remoteAddress: '10.3.0.1', payload: { token } });
    expect(over.statusCode).toBe(429);
  });

  it('limits confirmation resends of one account', async () => {
    const user = await createUser(t.database.db, { emailVerifiedAt: null });
    const codes: number[] = [];
    for (let i = 0; i <= LIMIT_VALUES.accountMailsPerAddress.points; i += 1) {
      codes.push(
        (await t.app.inject({ method: 'POST', url: '/api/auth/verify-email/resend', headers: user.auth, remoteAddress: `10.4.0.${i + 1}` }))
          .statusCode,
      );
    }
    expect(codes).toEqual([...Array(LIMIT_VALUES.accountMailsPerAddress.points).fill(200), 429]);
  });
});
