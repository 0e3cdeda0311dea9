import { describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '../../test/factories';
import { useTestApp } from '../../test/test-app';

// Rate limits on, as in production; two argon2 slots, as on the 2-core machine the review ran on.
const t = useTestApp({ configure: (c) => ({ ...c, passwordWork: { ...c.passwordWork, concurrency: 2 } }) });

const count = (statuses: number[]) => statuses.reduce<Record<number, number>>((m, s) => ((m[s] = (m[s] ?? 0) + 1), m), {});

describe('the password queue under a flood', () => {
  it('lets a real login through a flood of 2,000 wrong passwords from many addresses', async () => {
    const user = await createUser(t.database.db, { username: 'real_user' });
    // 200 clients on 20 addresses (half of them IPv6, each in its own /64), each sending 10 wrong passwords one
    // after another: 2,000 attempts (each address gets 20 checked, the argon2 work of 400). A real person signs in
    // from another address in the middle of it.
    const address = (i: number) => (i % 2 ? `198.51.100.${i}` : `2001:db8:${i}::${(i * 7919) % 65_536}`);
    const results: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }[] = [];
    const client = async (c: number) => {
      for (let k = 0; k < 10; k += 1) {
        results.push(
          await t.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            remoteAddress: address(c % 20),
            payload: { emailOrUsername: `flood_${c}_${k}`, password: 'wrong-password' },
          }),
        );
      }
    };
    const flood = Promise.all(Array.from({ length: 200 }, (_, c) => client(c)));
    while (results.length < 500) await new Promise((r) => setTimeout(r, 5));
    const mine = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '203.0.113.50',
      payload: { emailOrUsername: user.username, password: TEST_PASSWORD },
    });
    const during = results.length;
    await flood;
    const statuses = count(results.map((r) => r.statusCode));
    const summary = JSON.stringify({ statuses, answeredBeforeMine: during, averageJobMs: t.app.ctx.passwordWork.averageJobMs });
    expect(mine.statusCode, `${mine.body} ${summary}`).toBe(200);
    expect(during, summary).toBeLessThan(2_000);
    // Every attempt is checked (401), over its address's limit (429) or refused as busy (503); none is a 500.
    expect(
      results.filter((r) => ![401, 429, 503].includes(r.statusCode)),
      summary,
    ).toEqual([]);
    expect(statuses[401], summary).toBeGreaterThan(0);
    const busy = results.find((r) => r.statusCode === 503);
    if (busy) {
      expect(busy.headers['retry-after']).toMatch(/^\d+$/);
      expect(busy.json()).toMatchObject({ code: 'server_busy', message: 'The server is busy. Please try again in a moment.' });
    }
    expect(t.app.ctx.passwordWork.load).toEqual({ running: 0, waiting: 0 });
  }, 90_000);

  it('registers 100 people signing up at once, each from their own address', async () => {
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          remoteAddress: `10.1.${Math.floor(i / 200)}.${i % 200}`,
          payload: {
            firstName: 'Burst',
            lastName: `Person ${i}`,
            email: `burst${i}@example.com`,
            username: `burst_${i}`,
            password: 'a-fine-long-password',
            confirmPassword: 'a-fine-long-password',
          },
        }),
      ),
    );
    expect(count(results.map((r) => r.statusCode))).toEqual({ 201: 100 });
  });

  it('counts IPv6 addresses by their /64 in the per-address limits', async () => {
    // 10 registrations per address per hour: the 11th from another address in the same /64 is over the limit.
    const register = (i: number, ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: ip,
        payload: {
          firstName: 'Six',
          lastName: 'Four',
          email: `v6_${i}@example.com`,
          username: `v6_user_${i}`,
          password: 'a-fine-long-password',
          confirmPassword: 'a-fine-long-password',
        },
      });
    for (let i = 0; i < 10; i += 1) expect((await register(i, `2001:db8:aaaa:1::${i + 1}`)).statusCode).toBe(201);
    expect((await register(10, '2001:db8:aaaa:1:ffff::99')).statusCode).toBe(429);
    expect((await register(11, '2001:db8:aaaa:2::1')).statusCode).toBe(201);
  });
});
