import { AUTH_MESSAGES } from '@agora/contract';
import { describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '../../test/factories';
import { useTestApp } from '../../test/test-app';

const t = useTestApp();

const valid = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  username: 'ada_l',
  password: 'analytical-engine',
  confirmPassword: 'analytical-engine',
};

async function register(body: Record<string, unknown>, ip = '10.0.0.1') {
  return t.app.inject({ method: 'POST', url: '/api/auth/register', payload: body, remoteAddress: ip });
}
async function login(emailOrUsername: string, password: string, ip = '10.0.1.1') {
  return t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { emailOrUsername, password }, remoteAddress: ip });
}

describe('POST /api/auth/register', () => {
  it('creates an account and answers the success message', async () => {
    const res = await register(valid);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ message: 'Registration successful!', user: { username: 'ada_l' } });
    const signIn = await login('ada@example.com', 'analytical-engine');
    expect(signIn.statusCode).toBe(200);
  });

  it.each([
    ['firstName', { firstName: '  ' }, AUTH_MESSAGES.firstNameRequired],
    ['lastName', { lastName: '' }, AUTH_MESSAGES.lastNameRequired],
    ['email', { email: '' }, AUTH_MESSAGES.emailRequired],
    ['email', { email: 'not-an-email' }, AUTH_MESSAGES.emailInvalid],
    ['username', { username: 'ab' }, AUTH_MESSAGES.usernameInvalid],
    ['username', { username: 'has space' }, AUTH_MESSAGES.usernameInvalid],
    ['username', { username: 'a'.repeat(31) }, AUTH_MESSAGES.usernameInvalid],
    ['password', { password: 'short', confirmPassword: 'short' }, AUTH_MESSAGES.passwordTooShort],
    ['confirmPassword', { confirmPassword: 'different-password' }, AUTH_MESSAGES.passwordsDoNotMatch],
  ])('rejects a bad %s with its message', async (field, change, message) => {
    const res = await register({ ...valid, username: 'someone_new', email: 'new@example.com', ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, code: 'validation_error', fields: { [field]: message } });
  });

  it('requires every field', async () => {
    const res = await register({});
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(expect.arrayContaining(['firstName', 'lastName', 'email', 'username', 'password']));
  });

  it('refuses a username or email taken in another case', async () => {
    await register({ ...valid, username: 'grace_h', email: 'grace@example.com' });
    const sameName = await register({ ...valid, username: 'GRACE_H', email: 'other@example.com' });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toMatchObject({ code: 'username_taken', message: AUTH_MESSAGES.usernameTaken });
    const sameEmail = await register({ ...valid, username: 'grace_2', email: 'Grace@Example.com' });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toMatchObject({ code: 'email_taken', message: AUTH_MESSAGES.emailTaken });
  });

  it('never stores the password in plain text', async () => {
    await register({ ...valid, username: 'plain_check', email: 'plain@example.com' });
    const [row] = await t.database.sql`SELECT password_hash FROM users WHERE username = 'plain_check'`;
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
    expect(row!.password_hash).not.toContain('analytical-engine');
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with username or email, in any case, and returns token and user', async () => {
    const user = await createUser(t.database.db, { username: 'login_user' });
    for (const id of ['login_user', 'LOGIN_USER', user.email.toUpperCase()]) {
      const res = await login(id, TEST_PASSWORD);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ token: expect.any(String), user: { id: user.id, username: 'login_user' } });
    }
  });

  it('says the same thing for a wrong password and an unknown user', async () => {
    await createUser(t.database.db, { username: 'known_user' });
    const wrong = await login('known_user', 'wrong-password');
    const unknown = await login('nobody_here', 'wrong-password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    // The same answer but for the request's own id (X-Request-Id, in every error body).
    expect({ ...wrong.json(), requestId: null }).toEqual({ ...unknown.json(), requestId: null });
    expect(wrong.json().message).toBe(AUTH_MESSAGES.invalidCredentials);
  });

  it('requires both fields', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { emailOrUsername: '', password: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      emailOrUsername: AUTH_MESSAGES.identifierRequired,
      password: AUTH_MESSAGES.passwordRequired,
    });
  });

  it('stores only a hash of the session token', async () => {
    const user = await createUser(t.database.db, { username: 'hash_check' });
    const { token } = (await login('hash_check', TEST_PASSWORD)).json();
    const rows = await t.database.sql`SELECT token_hash FROM sessions WHERE user_id = ${user.id}`;
    expect(rows.every((r) => !Buffer.from(r.token_hash).toString('utf8').includes(token))).toBe(true);
  });
});

describe('rate limits', () => {
  it('answers 429 with Retry-After after too many failed logins for one account', async () => {
    await createUser(t.database.db, { username: 'target_user' });
    // Spread over addresses so only the per-account limit applies.
    for (let i = 0; i < 10; i += 1) expect((await login('target_user', 'nope', `10.9.0.${i}`)).statusCode).toBe(401);
    const blocked = await login('target_user', TEST_PASSWORD, '10.9.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json()).toMatchObject({ code: 'rate_limited', message: AUTH_MESSAGES.tooManyLogins });
  });

  it('limits failed logins per IP across accounts', async () => {
    for (let i = 0; i < 20; i += 1) expect((await login(`ghost_${i}`, 'nope', '10.8.0.1')).statusCode).toBe(401);
    expect((await login('ghost_x', 'nope', '10.8.0.1')).statusCode).toBe(429);
    expect((await login('ghost_x', 'nope', '10.8.0.2')).statusCode).toBe(401);
  });

  it('limits registrations per IP', async () => {
    for (let i = 0; i < 10; i += 1) await register({ ...valid, username: `burst_${i}`, email: `burst${i}@example.com` }, '10.7.0.1');
    const res = await register({ ...valid, username: 'burst_x', email: 'burstx@example.com' }, '10.7.0.1');
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });
});

describe('POST /auth/logout', () => {
  it('revokes the token: it stops working at once', async () => {
    const user = await createUser(t.database.db);
    expect((await t.app.inject({ method: 'GET', url: '/users/profile', headers: user.auth })).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/auth/logout', headers: user.auth });
    expect(out.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/users/profile', headers: user.auth })).statusCode).toBe(401);
  });

  it('also answers under /api and needs a token', async () => {
    const user = await createUser(t.database.db);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: user.auth })).statusCode).toBe(200);
  });

  it('leaves the user’s other sessions alone', async () => {
    const user = await createUser(t.database.db, { username: 'two_devices' });
    const { token } = (await login('two_devices', TEST_PASSWORD)).json();
    await t.app.inject({ method: 'POST', url: '/auth/logout', headers: user.auth });
    expect((await t.app.inject({ method: 'GET', url: '/users/profile', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(
      200,
    );
  });

  it('rejects an expired session', async () => {
    const user = await createUser(t.database.db);
    await t.database.sql`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = ${user.id}`;
    expect((await t.app.inject({ method: 'GET', url: '/users/profile', headers: user.auth })).statusCode).toBe(401);
  });
});

describe('login limits under parallel load (consume first)', () => {
  it('checks at most 10 of 200 parallel wrong passwords for one account, 2 at a time; the rest get 429 or 503', async () => {
    await createUser(t.database.db, { username: 'parallel_target' });
    // 200 addresses, so only the per-account limit can stop them.
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => login('parallel_target', 'wrong-password', `10.20.${i >> 8}.${i & 255}`)),
    );
    const counts = { 401: 0, 429: 0, 503: 0, other: 0 };
    for (const r of results) {
      if (r.statusCode === 401 || r.statusCode === 429 || r.statusCode === 503) counts[r.statusCode] += 1;
      else counts.other += 1;
    }
    // The account's password is checked at most twice at once (the queue's per-account share): attempts beyond
    // that are refused as busy without spending a point, so at most 10 are ever checked.
    expect(counts.other).toBe(0);
    expect(counts[401]).toBeGreaterThanOrEqual(2);
    expect(counts[401]).toBeLessThanOrEqual(10);
    expect(counts[401] + counts[429] + counts[503]).toBe(200);
  });

  it('counts 200 parallel wrong passwords from one address against its 20', async () => {
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => login(`nobody_${i}`, 'wrong-password', '10.21.0.1')));
    // Two at a time from one address (the queue's per-address share); a refused one spends no point.
    const checked = results.filter((r) => r.statusCode === 401).length;
    expect(checked).toBeGreaterThanOrEqual(2);
    expect(checked).toBeLessThanOrEqual(20);
    expect(results.filter((r) => ![401, 429, 503].includes(r.statusCode))).toEqual([]);
  });

  it('shares one counter between the username and the email of an account', async () => {
    const user = await createUser(t.database.db, { username: 'sofia_pair' });
    for (let i = 0; i < 10; i += 1) expect((await login('sofia_pair', 'nope', `10.22.0.${i}`)).statusCode).toBe(401);
    const byEmail = await login(user.email.toUpperCase(), TEST_PASSWORD, '10.22.1.1');
    expect(byEmail.statusCode).toBe(429);
    expect(byEmail.json()).toMatchObject({ code: 'rate_limited', message: AUTH_MESSAGES.tooManyLogins });
  });

  it('limits unknown names by their text, in any case', async () => {
    for (let i = 0; i < 10; i += 1) expect((await login('Ghost_Name', 'nope', `10.23.0.${i}`)).statusCode).toBe(401);
    expect((await login('GHOST_NAME', 'nope', '10.23.1.1')).statusCode).toBe(429);
  });

  it('resets the account counter on a successful sign-in', async () => {
    await createUser(t.database.db, { username: 'forgetful' });
    for (let i = 0; i < 9; i += 1) expect((await login('forgetful', 'nope', `10.24.0.${i}`)).statusCode).toBe(401);
    expect((await login('forgetful', TEST_PASSWORD, '10.24.1.1')).statusCode).toBe(200);
    for (let i = 0; i < 10; i += 1) expect((await login('forgetful', 'nope', `10.24.2.${i}`)).statusCode).toBe(401);
    expect((await login('forgetful', 'nope', '10.24.3.1')).statusCode).toBe(429);
  });
});

describe('odd text never reaches the database', () => {
  const NUL = 'a\u0000b';
  it.each(['firstName', 'lastName', 'email', 'username', 'password', 'confirmPassword'])(
    'refuses NUL in register %s with a 4xx',
    async (field) => {
      const body = { ...valid, username: 'nul_user', email: 'nul@example.com', [field]: NUL };
      if (field === 'password') body.confirmPassword = NUL;
      const res = await register(body, '10.30.0.1');
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    },
  );

  it.each(['emailOrUsername', 'password'])('refuses NUL in login %s with a 4xx', async (field) => {
    const body = { emailOrUsername: 'someone', password: 'something', [field]: NUL };
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: body, remoteAddress: '10.30.1.1' });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe('registration rules', () => {
  it.each(['password', 'iloveyou', 'Password123', 'qwertyuiop'])('refuses the common password %s', async (password) => {
    const res = await register(
      { ...valid, username: 'common_pw', email: 'common@example.com', password, confirmPassword: password },
      '10.31.0.1',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: AUTH_MESSAGES.passwordTooCommon, fields: { password: AUTH_MESSAGES.passwordTooCommon } });
  });

  it.each([
    'admin',
    'Root',
    'SYSTEM',
    'agora',
    'support',
    'moderator',
    'administrator',
    'owner',
    'staff',
    'help',
    'api',
    'null',
    'undefined',
  ])('refuses the reserved username %s', async (username) => {
    const res = await register({ ...valid, username, email: `${username}@example.com` }, '10.31.1.1');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ fields: { username: AUTH_MESSAGES.usernameReserved } });
  });
});
