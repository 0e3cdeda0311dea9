import { existsSync } from 'node:fs';
import path from 'node:path';
import { BIRTHDAY_MESSAGES, PROFILE_MESSAGES } from '@agora/contract';
import { describe, expect, it } from 'vitest';
import { createUser, multipart, pngImage } from '../../test/factories';
import { useTestApp } from '../../test/test-app';

const t = useTestApp({ rateLimit: false });

function put(auth: Record<string, string> | undefined, payload: Record<string, unknown>, url = '/users/profile') {
  return t.app.inject({ method: 'PUT', url, headers: auth, payload });
}

/** Uploads a real photo for the user and returns its stored path. */
async function uploadPhoto(auth: Record<string, string>): Promise<string> {
  const upload = multipart('profileImage', 'me.png', 'image/png', await pngImage());
  const res = await t.app.inject({
    method: 'POST',
    url: '/profile/upload-picture',
    headers: { ...auth, ...upload.headers },
    payload: upload.payload,
  });
  expect(res.statusCode).toBe(200);
  return res.json().imagePath as string;
}

function yearsAgo(years: number, dayShift = 0): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + dayShift);
  return d.toISOString().slice(0, 10);
}

describe('GET /users/profile', () => {
  it('returns the signed-in user’s profile with the spec’s field names', async () => {
    const user = await createUser(t.database.db, { bio: 'Hi', birthday: '1990-03-05', userLink: 'https://github.com/x' });
    const res = await t.app.inject({ method: 'GET', url: '/users/profile', headers: user.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: user.id,
      username: user.username,
      bio: 'Hi',
      about: '',
      birthday: '1990-03-05',
      userLink: 'https://github.com/x',
      profileImage: null,
      bannerImage: null,
    });
    expect(res.json()).not.toHaveProperty('passwordHash');
    expect(res.json()).not.toHaveProperty('email');
  });

  it('answers 401 without a token or with a made-up one, also under /api', async () => {
    for (const url of ['/users/profile', '/api/users/profile']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      const res = await t.app.inject({ method: 'GET', url, headers: { authorization: 'Bearer made-up' } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'unauthorized', message: expect.any(String) });
    }
  });
});

describe('GET /users/{id}', () => {
  it('returns another user’s profile', async () => {
    const viewer = await createUser(t.database.db);
    const other = await createUser(t.database.db, { bio: 'Other' });
    const res = await t.app.inject({ method: 'GET', url: `/users/${other.id}`, headers: viewer.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: other.id, username: other.username, bio: 'Other' });
  });

  it('gives the birth year only to the user and their friends; others see month and day (decision 0012 b)', async () => {
    const person = await createUser(t.database.db, { birthday: '1990-03-05', firstName: 'Ada', lastName: 'Lovelace' });
    const [stranger, pending, friend] = await Promise.all([createUser(t.database.db), createUser(t.database.db), createUser(t.database.db)]);
    await t.database.sql`INSERT INTO friendships (requester_id, addressee_id, status) VALUES
      (${pending.id}, ${person.id}, 'pending'), (${person.id}, ${friend.id}, 'accepted')`;
    const view = async (viewer: { auth: Record<string, string> }) =>
      (await t.app.inject({ method: 'GET', url: `/users/${person.id}`, headers: viewer.auth })).json();
    expect(await view(stranger)).toMatchObject({ birthday: '--03-05', firstName: 'Ada', lastName: 'Lovelace' });
    expect((await view(pending)).birthday).toBe('--03-05');
    expect((await view(friend)).birthday).toBe('1990-03-05');
    expect((await view(person)).birthday).toBe('1990-03-05');
    expect((await t.app.inject({ method: 'GET', url: '/users/profile', headers: person.auth })).json().birthday).toBe('1990-03-05');
    const none = await createUser(t.database.db);
    expect((await t.app.inject({ method: 'GET', url: `/users/${none.id}`, headers: stranger.auth })).json().birthday).toBeNull();
  });

  it('is 404 for an unknown id, 400 for a malformed one, 401 for a visitor', async () => {
    const viewer = await createUser(t.database.db);
    const missing = await t.app.inject({ method: 'GET', url: '/api/users/999999', headers: viewer.auth });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'user_not_found', message: PROFILE_MESSAGES.userNotFound });
    expect((await t.app.inject({ method: 'GET', url: '/users/abc', headers: viewer.auth })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/users/1' })).statusCode).toBe(401);
  });
});

describe('PUT /users/profile', () => {
  it('updates only the fields sent and returns the profile', async () => {
    const user = await createUser(t.database.db, { about: 'keep me' });
    const res = await put(user.auth, { bio: 'New bio', birthday: '1990-03-05', userLink: 'https://a.example\r\nhttps://b.example [B]' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      bio: 'New bio',
      about: 'keep me',
      birthday: '1990-03-05',
      userLink: 'https://a.example\nhttps://b.example [B]',
    });
  });

  it('keeps every field that is not sent, birthday and images included', async () => {
    const user = await createUser(t.database.db, { birthday: '1990-03-05', about: 'a', userLink: 'https://x.example', bio: 'b' });
    const imagePath = await uploadPhoto(user.auth);
    expect((await put(user.auth, { profileImage: imagePath })).json()).toMatchObject({
      birthday: '1990-03-05',
      about: 'a',
      userLink: 'https://x.example',
      bio: 'b',
    });
    expect((await put(user.auth, { bio: 'changed' })).json()).toMatchObject({
      birthday: '1990-03-05',
      profileImage: imagePath,
      about: 'a',
    });
  });

  it('ignores unknown fields: never the id, username or password', async () => {
    const user = await createUser(t.database.db);
    const other = await createUser(t.database.db, { bio: 'untouched' });
    const res = await put(user.auth, { id: other.id, username: 'hijack', password: 'x', passwordHash: 'x', bio: 'mine' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, username: user.username, bio: 'mine' });
    const again = await t.app.inject({ method: 'GET', url: `/users/${other.id}`, headers: user.auth });
    expect(again.json().bio).toBe('untouched');
    const [row] = await t.database.sql`SELECT password_hash FROM users WHERE id = ${user.id}`;
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('limits the bio to 25 characters', async () => {
    const user = await createUser(t.database.db);
    expect((await put(user.auth, { bio: 'x'.repeat(25) })).statusCode).toBe(200);
    const res = await put(user.auth, { bio: 'x'.repeat(26) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: PROFILE_MESSAGES.bioTooLong, fields: { bio: PROFILE_MESSAGES.bioTooLong } });
  });

  it.each([
    ['an unparseable date', 'not-a-date', BIRTHDAY_MESSAGES.invalid],
    ['an impossible date', '1990-02-30', BIRTHDAY_MESSAGES.invalid],
    ['a future date', yearsAgo(-1), BIRTHDAY_MESSAGES.future],
    ['someone under 18', yearsAgo(17), BIRTHDAY_MESSAGES.tooYoung],
    ['a date before 1900', '1899-12-31', BIRTHDAY_MESSAGES.tooOld],
  ])('rejects %s', async (_label, birthday, message) => {
    const user = await createUser(t.database.db);
    const res = await put(user.auth, { birthday });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, fields: { birthday: message } });
  });

  it('accepts exactly 18 years ago, 1900-01-01, and an empty birthday (clears it)', async () => {
    const user = await createUser(t.database.db, { birthday: '1980-01-01' });
    expect((await put(user.auth, { birthday: yearsAgo(18, -2) })).statusCode).toBe(200);
    expect((await put(user.auth, { birthday: '1900-01-01' })).json().birthday).toBe('1900-01-01');
    expect((await put(user.auth, { birthday: '' })).json().birthday).toBeNull();
  });

  it('stores image paths without their query string, and only Agora uploads of the right kind', async () => {
    const user = await createUser(t.database.db);
    const imagePath = await uploadPhoto(user.auth);
    const saved = await put(user.auth, { profileImage: `${imagePath}?v=123` });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().profileImage).toBe(imagePath);
    for (const bad of ['https://evil.example/x.jpg', '/uploads/profile/missing.jpg', '/uploads/../secrets.json', imagePath]) {
      const res = await put(user.auth, { bannerImage: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toBe(PROFILE_MESSAGES.invalidImagePath);
    }
    expect((await put(user.auth, { profileImage: null })).json().profileImage).toBeNull();
  });

  it('answers 401 to a visitor and changes nothing', async () => {
    expect((await put(undefined, { bio: 'x' })).statusCode).toBe(401);
    expect((await put(undefined, { bio: 'x' }, '/api/users/profile')).statusCode).toBe(401);
  });

  it('rejects a body that is not JSON with a JSON error', async () => {
    const user = await createUser(t.database.db);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/users/profile',
      headers: { ...user.auth, 'content-type': 'application/json' },
      payload: '{bad',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'bad_request', message: expect.any(String) });
  });
});

describe('upload ownership', () => {
  const fileOf = (publicPath: string) => path.join(t.config.uploadsDir, publicPath.slice('/uploads/'.length));

  it('refuses another user’s upload with 403 and leaves both profiles unchanged', async () => {
    const alice = await createUser(t.database.db);
    const bob = await createUser(t.database.db);
    const alicePhoto = await uploadPhoto(alice.auth);
    const res = await put(bob.auth, { profileImage: alicePhoto });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'forbidden_upload', fields: { profileImage: expect.any(String) } });
    expect((await t.app.inject({ method: 'GET', url: '/users/profile', headers: bob.auth })).json().profileImage).toBeNull();
    // Alice can still use her own.
    expect((await put(alice.auth, { profileImage: alicePhoto })).json().profileImage).toBe(alicePhoto);
    // Once attached to Alice it is still not Bob’s.
    expect((await put(bob.auth, { profileImage: alicePhoto })).statusCode).toBe(403);
  });

  it('refuses a photo upload as a banner: an upload serves the kind it was made for', async () => {
    const user = await createUser(t.database.db);
    const photo = await uploadPhoto(user.auth);
    const res = await put(user.auth, { bannerImage: photo });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PROFILE_MESSAGES.invalidImagePath);
  });

  it('deletes the file a profile stops using, and keeps the one it uses', async () => {
    const user = await createUser(t.database.db);
    const first = await uploadPhoto(user.auth);
    const second = await uploadPhoto(user.auth);
    expect((await put(user.auth, { profileImage: first })).statusCode).toBe(200);
    expect((await put(user.auth, { profileImage: first, bio: 'same photo' })).statusCode).toBe(200);
    expect(existsSync(fileOf(first))).toBe(true);
    expect((await put(user.auth, { profileImage: second })).statusCode).toBe(200);
    expect(existsSync(fileOf(first))).toBe(false);
    expect(existsSync(fileOf(second))).toBe(true);
    const rows = await t.database.sql`SELECT path, attached_at FROM uploads WHERE user_id = ${user.id}`;
    expect(rows.map((r) => r.path)).toEqual([second]);
    expect(rows[0]!.attached_at).not.toBeNull();
    expect((await put(user.auth, { profileImage: null })).json().profileImage).toBeNull();
    expect(existsSync(fileOf(second))).toBe(false);
  });
});

describe('odd text never reaches the database', () => {
  it.each(['bio', 'about', 'userLink', 'birthday', 'profileImage', 'bannerImage'])('refuses NUL in %s with a 400', async (field) => {
    const user = await createUser(t.database.db);
    const res = await put(user.auth, { [field]: 'a\u0000b' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty(field);
  });

  it('cleans pasted text on the server too: line endings, zero-width characters, trailing spaces', async () => {
    const user = await createUser(t.database.db);
    const res = await put(user.auth, { about: 'Hello\u200b  \r\n\r\n\r\n\r\nworld  ' });
    expect(res.json().about).toBe('Hello\n\nworld');
  });
});

describe('GET /users/lookup', () => {
  it('finds one user by exact username in any case, with only id, username and picture', async () => {
    const me = await createUser(t.database.db);
    const other = await createUser(t.database.db, { username: 'Lookup_Target' });
    for (const url of ['/users/lookup?username=lookup_target', '/api/users/lookup?username=LOOKUP_TARGET']) {
      const res = await t.app.inject({ method: 'GET', url, headers: me.auth });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ id: other.id, username: 'Lookup_Target', profileImage: null });
    }
  });

  it('matches exactly, never by prefix or pattern', async () => {
    const me = await createUser(t.database.db);
    await createUser(t.database.db, { username: 'prefix_person' });
    for (const username of ['prefix', 'prefix_%', 'prefix_pers_n', '%']) {
      const res = await t.app.inject({ method: 'GET', url: `/users/lookup?username=${encodeURIComponent(username)}`, headers: me.auth });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'user_not_found', message: PROFILE_MESSAGES.userNotFound });
    }
  });

  it('needs sign-in and a sensible username', async () => {
    const me = await createUser(t.database.db);
    expect((await t.app.inject({ method: 'GET', url: '/users/lookup?username=x' })).statusCode).toBe(401);
    for (const url of ['/users/lookup', '/users/lookup?username=', `/users/lookup?username=${'a'.repeat(31)}`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: me.auth });
      expect(res.statusCode, url).toBe(400);
    }
  });
});
