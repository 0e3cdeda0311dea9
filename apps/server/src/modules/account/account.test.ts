import { sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, AUTH_MESSAGES } from '@agora/contract';
import { jobHandlers } from '../../jobs/handlers';
import { JobQueue } from '../../jobs/queue';
import { createMailer } from '../../mail/transport';
import { startSmtpServer } from '../../test/smtp';
import { useTestApp } from '../../test/test-app';

// Issue 14 §2–§5 against a real SMTP server: the mail arrives, its link works once, a second use and an expired
// link fail. Rate limits are off here; account.limits.test.ts runs them on.
const t = useTestApp({ rateLimit: false });
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let worker: JobQueue;
const PASSWORD = 'first-secret-42';
const NEW_PASSWORD = 'second-secret-42';

beforeAll(async () => {
  smtp = await startSmtpServer();
  const mailer = createMailer({ smtpUrl: smtp.url, from: 'Agora <no-reply@agora.test>', dir: '' }, { info: () => {} });
  worker = await JobQueue.start(t.databaseUrl, {
    work: true,
    handlers: jobHandlers(t.app.ctx, mailer),
    log: { info: () => {}, warn: () => {} },
    pollingIntervalSeconds: 0.5,
  });
});
afterAll(async () => {
  await worker?.stop();
  await smtp?.close();
});

let counter = 0;
async function register(name = `acct_${(counter += 1)}`) {
  const email = `${name}@example.com`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { firstName: 'Ada', lastName: 'Lovelace', email, username: name, password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().user.id as number, email, username: name };
}

async function login(
  identifier: string,
  password = PASSWORD,
  userAgent = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/140.0 Safari/537.36',
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'user-agent': userAgent },
    payload: { emailOrUsername: identifier, password },
  });
  return res.statusCode === 200 ? { authorization: `Bearer ${res.json().token as string}` } : null;
}

/** The mail to `to` whose subject starts with `subject`, once it has arrived. */
async function mailTo(to: string, subject: string): Promise<ParsedMail> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const found = smtp.received.find((m) => m.to && 'text' in m.to && m.to.text === to && m.subject?.startsWith(subject));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail "${subject}" to ${to}; got ${smtp.received.map((m) => m.subject).join(', ')}`);
    await smtp.waitFor(smtp.received.length + 1, 1000).catch(() => {});
  }
}

/** Waits until every queued account job and mail has been handled, then empties the mailbox. */
async function drainMail() {
  while ((await worker.pending('account')) + (await worker.pending('mail')) > 0) await new Promise((r) => setTimeout(r, 50));
  smtp.received.length = 0;
}

const tokenIn = (mail: ParsedMail, path: string) => new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text ?? '')?.[1] ?? '';

describe('email verification (§2)', () => {
  it('mails a confirmation link on registration; the link confirms the address once, a second use fails', async () => {
    const user = await register();
    const auth = (await login(user.username))!;
    expect((await t.app.inject({ method: 'GET', url: '/api/account', headers: auth })).json()).toEqual({
      email: user.email,
      emailVerified: false,
      pendingEmail: null,
      siteAdmin: false,
    });
    const mail = await mailTo(user.email, 'Confirm your email address');
    expect(mail.html).toContain('/verify-email?token=');
    const token = tokenIn(mail, '/verify-email');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const first = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe(ACCOUNT_MESSAGES.emailVerified);
    expect((await t.app.inject({ method: 'GET', url: '/api/account', headers: auth })).json().emailVerified).toBe(true);
    const second = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({ code: 'token_invalid', message: ACCOUNT_MESSAGES.tokenInvalid });
  });

  it('refuses an expired link (its expiry set in the past) and an unknown one, and stores only the token’s hash', async () => {
    const user = await register();
    const token = tokenIn(await mailTo(user.email, 'Confirm your email address'), '/verify-email');
    const stored = await t.database.db.execute<{ hex: string }>(
      sql`SELECT encode(token_hash, 'hex') AS hex FROM account_tokens WHERE user_id = ${user.id}`,
    );
    expect([...stored].map((r) => r.hex).join()).not.toContain(Buffer.from(token).toString('hex'));
    await t.database.db.execute(sql`UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE user_id = ${user.id}`);
    const expired = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    expect(expired.statusCode).toBe(400);
    const unknown = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token: 'A'.repeat(43) } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('token_invalid');
  });

  it('resends a new link to a signed-in unconfirmed account (the older link stops working); a confirmed one is told so', async () => {
    const user = await register();
    const auth = (await login(user.username))!;
    const oldToken = tokenIn(await mailTo(user.email, 'Confirm your email address'), '/verify-email');
    await drainMail();
    const resent = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email/resend', headers: auth });
    expect(resent.json().message).toBe(ACCOUNT_MESSAGES.verificationSent);
    const newToken = tokenIn(await mailTo(user.email, 'Confirm your email address'), '/verify-email');
    expect(newToken).not.toBe(oldToken);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token: oldToken } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token: newToken } })).statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email/resend', headers: auth });
    expect(again.json().message).toBe(ACCOUNT_MESSAGES.alreadyVerified);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/verify-email/resend' })).statusCode).toBe(401);
  });
});

describe('password reset (§3)', () => {
  it('answers the same for a known and an unknown address, and mails a link only to the known one', async () => {
    const user = await register();
    await drainMail();
    const known = await t.app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email: user.email.toUpperCase() } });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email: 'nobody-here@example.com' } });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json().message).toBe(ACCOUNT_MESSAGES.resetRequested);
    await mailTo(user.email, 'Reset your password');
    while ((await worker.pending('account')) + (await worker.pending('mail')) > 0) await new Promise((r) => setTimeout(r, 50));
    expect(smtp.received.map((m) => (m.to && 'text' in m.to ? m.to.text : ''))).toEqual([user.email]);
  });

  it('takes the same time for a known and an unknown address (medians within 20%)', async () => {
    const user = await register();
    const time = async (email: string) => {
      const started = process.hrtime.bigint();
      await t.app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email } });
      return Number(process.hrtime.bigint() - started) / 1e6;
    };
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    /** The medians of 40 known and 40 unknown requests, and how far apart they are (a share of the larger). */
    const sample = async () => {
      const known: number[] = [];
      const unknown: number[] = [];
      // Alternating which goes first, so the worker's handling of a known address's job (it runs between requests)
      // falls as often into a known request as into an unknown one.
      for (let i = 0; i < 40; i += 1) {
        if (i % 2) {
          known.push(await time(user.email));
          unknown.push(await time(`ghost${i}@example.com`));
        } else {
          unknown.push(await time(`ghost${i}@example.com`));
          known.push(await time(user.email));
        }
      }
      await drainMail();
      const [a, b] = [median(known), median(unknown)];
      return { gap: Math.abs(a - b) / Math.max(a, b), text: `known ${a.toFixed(2)} ms, unknown ${b.toFixed(2)} ms` };
    };
    // A difference the code makes shows in every sample; a busy machine's noise (CI shares two cores with the other
    // test files) rarely in three running: so up to three samples, and the closest must be within 20%.
    const samples = [];
    for (let round = 0; round < 3; round += 1) {
      samples.push(await sample());
      if (samples.at(-1)!.gap < 0.2) break;
    }
    const best = samples.reduce((x, y) => (y.gap < x.gap ? y : x));
    expect(best.gap, samples.map((x) => x.text).join('; ')).toBeLessThan(0.2);
  });

  it('sets the new password with the link, ends every session, mails a notice; the link works once', async () => {
    const user = await register();
    const before = (await login(user.username))!;
    await drainMail();
    await t.app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email: user.email } });
    const token = tokenIn(await mailTo(user.email, 'Reset your password'), '/reset-password');
    const mismatch = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/reset',
      payload: { token, password: NEW_PASSWORD, confirmPassword: 'something-else' },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe(AUTH_MESSAGES.passwordsDoNotMatch);
    const common = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/reset',
      payload: { token, password: 'password123', confirmPassword: 'password123' },
    });
    expect(common.json().message).toBe(AUTH_MESSAGES.passwordTooCommon);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/reset',
      payload: { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/users/profile', headers: before })).statusCode).toBe(401);
    expect(await login(user.username, PASSWORD)).toBeNull();
    expect(await login(user.username, NEW_PASSWORD)).not.toBeNull();
    await mailTo(user.email, 'Your password was changed');
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/reset',
      payload: { token, password: 'third-secret-42', confirmPassword: 'third-secret-42' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('token_invalid');
    expect(await login(user.username, NEW_PASSWORD)).not.toBeNull();
  });

  it('refuses an expired reset link and changes nothing', async () => {
    const user = await register();
    await drainMail();
    await t.app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email: user.email } });
    const token = tokenIn(await mailTo(user.email, 'Reset your password'), '/reset-password');
    await t.database.db.execute(
      sql`UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE user_id = ${user.id} AND purpose = 'reset_password'`,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/reset',
      payload: { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(400);
    expect(await login(user.username, PASSWORD)).not.toBeNull();
  });
});

describe('password change (§3) and sessions (§4)', () => {
  it('refuses a wrong current password (400); with the right one ends every other session and keeps this one', async () => {
    const user = await register();
    const phone = (await login(
      user.username,
      PASSWORD,
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Version/18.0 Mobile Safari/604.1',
    ))!;
    const laptop = (await login(user.username))!;
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/change',
      headers: laptop,
      payload: { currentPassword: 'not-my-password', newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'wrong_password', message: ACCOUNT_MESSAGES.currentPasswordWrong });
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/change',
      headers: laptop,
      payload: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/users/profile', headers: phone })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/users/profile', headers: laptop })).statusCode).toBe(200);
    expect(await login(user.username, NEW_PASSWORD)).not.toBeNull();
  });

  it('lists the caller’s sessions with a device description and the current one; ends one, or all others', async () => {
    const user = await register();
    const other = await register();
    const otherAuth = (await login(other.username))!;
    const phone = (await login(
      user.username,
      PASSWORD,
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1',
    ))!;
    const tablet = (await login(user.username, PASSWORD, 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0'))!;
    const laptop = (await login(user.username))!;
    const list = await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: laptop });
    const sessions = list.json().sessions as { id: number; device: string; current: boolean; created: string; lastSeen: string }[];
    expect(sessions.map((s) => s.device).sort()).toEqual(['Chrome on Windows', 'Firefox on Linux', 'Safari on iPhone']);
    expect(sessions.filter((s) => s.current).map((s) => s.device)).toEqual(['Chrome on Windows']);
    const phoneSession = sessions.find((s) => s.device === 'Safari on iPhone')!;
    // Another person's session id: 404, and it keeps working.
    const theirs = (await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: otherAuth })).json().sessions[0].id;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${theirs}`, headers: laptop })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/users/profile', headers: otherAuth })).statusCode).toBe(200);
    const ended = await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${phoneSession.id}`, headers: laptop });
    expect(ended.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/users/profile', headers: phone })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/auth/sessions', headers: laptop })).statusCode).toBe(400);
    const others = await t.app.inject({ method: 'DELETE', url: '/api/auth/sessions?others=1', headers: laptop });
    expect(others.json().message).toBe(ACCOUNT_MESSAGES.otherSessionsEnded);
    expect((await t.app.inject({ method: 'GET', url: '/users/profile', headers: tablet })).statusCode).toBe(401);
    const left = (await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: laptop })).json().sessions;
    expect(left).toHaveLength(1);
    expect(left[0].current).toBe(true);
  });
});

describe('email change (§5)', () => {
  it('mails a link to the new address and a notice to the old; the address changes only when the link is opened', async () => {
    const user = await register();
    const taken = await register();
    const auth = (await login(user.username))!;
    const conflict = await t.app.inject({
      method: 'POST',
      url: '/api/auth/email/change',
      headers: auth,
      payload: { newEmail: taken.email, password: PASSWORD },
    });
    expect(conflict.statusCode).toBe(409);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/email/change',
      headers: auth,
      payload: { newEmail: 'new@example.com', password: 'nope-nope-1' },
    });
    expect(wrong.statusCode).toBe(400);
    const newEmail = `${user.username}.new@example.com`;
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/email/change',
      headers: auth,
      payload: { newEmail, password: PASSWORD },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/account', headers: auth })).json()).toMatchObject({
      email: user.email,
      pendingEmail: newEmail,
    });
    const notice = await mailTo(user.email, 'Your email address is about to change');
    expect(notice.text).toContain(newEmail);
    const token = tokenIn(await mailTo(newEmail, 'Confirm your new email address'), '/confirm-email');
    const confirmed = await t.app.inject({ method: 'POST', url: '/api/auth/email/confirm', payload: { token } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/account', headers: auth })).json()).toEqual({
      email: newEmail,
      emailVerified: true,
      pendingEmail: null,
      siteAdmin: false,
    });
    expect(await login(newEmail)).not.toBeNull();
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/email/confirm', payload: { token } })).statusCode).toBe(400);
  });
});

describe('bad input (§9)', () => {
  it('refuses a header injection, NUL, a 10,000-character address and a huge body with a 4xx, never 500', async () => {
    const cases = [
      { email: 'a@example.com\r\nBcc: everyone@example.com' },
      { email: 'a\u0000@example.com' },
      { email: `${'a'.repeat(10_000)}@example.com` },
      { email: 42 },
      {},
    ];
    for (const payload of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ token: 'a'.repeat(1024 * 1024) }),
    });
    expect(huge.statusCode).toBeGreaterThanOrEqual(400);
    expect(huge.statusCode).toBeLessThan(500);
    for (const token of ['', 'has spaces', '<script>', 'a'.repeat(101)]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/password/reset',
        payload: { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      });
      expect(res.statusCode, token).toBe(400);
    }
  });
});
