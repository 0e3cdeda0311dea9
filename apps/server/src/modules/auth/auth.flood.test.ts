import { describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '../../test/factories';
import { useTestApp } from '../../test/test-app';

// Rate limits off: only the argon2 work queue stands between a flood and the CPU.
// A small queue (1 running, 4 waiting) so the test does not depend on the machine's core count.
const t = useTestApp({ rateLimit: false, configure: (c) => ({ ...c, passwordWork: { concurrency: 1, maxWaiting: 4 } }) });

describe('a flood of logins', () => {
  it('refuses work beyond the argon2 queue at once with 503, and a real user still signs in', async () => {
    const user = await createUser(t.database.db, { username: 'real_user' });
    const flood = Array.from({ length: 300 }, (_, i) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { emailOrUsername: `flood_${i}`, password: 'wrong-password' } }),
    );
    const results = await Promise.all(flood);
    const checked = results.filter((r) => r.statusCode === 401).length;
    const busy = results.filter((r) => r.statusCode === 503);
    // Every attempt is either checked (401) or refused as busy (503); none waits for ever, none is a 500.
    expect(checked + busy.length).toBe(300);
    expect(busy.length).toBeGreaterThan(0);
    expect(t.app.ctx.passwordWork.load).toEqual({ running: 0, waiting: 0 });
    expect(busy[0]!.headers['retry-after']).toBe('1');
    expect(busy[0]!.json()).toMatchObject({ code: 'server_busy' });
    const real = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { emailOrUsername: user.username, password: TEST_PASSWORD },
    });
    expect(real.statusCode).toBe(200);
  });
});
