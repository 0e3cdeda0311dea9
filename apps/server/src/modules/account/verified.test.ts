import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@agora/contract';
import { createGroup, createUser, multipartForm, type TestUser } from '../../test/factories';
import { useTestApp } from '../../test/test-app';

// Issue 14 §2: an unconfirmed account can do everything SPEC.md describes, within tighter daily limits; with
// REQUIRE_EMAIL_VERIFICATION it must confirm before creating communities, posting or sending friend requests.
const open = useTestApp();
const strict = useTestApp({ configure: (c) => ({ ...c, requireEmailVerification: true }) });

let n = 0;
function createCommunity(t: typeof open, user: TestUser) {
  const form = multipartForm({ group_name: `Verify Club ${(n += 1)}`, category: 'Other', privacy: 'public' });
  return t.app.inject({ method: 'POST', url: '/api/groups', headers: { ...user.auth, ...form.headers }, payload: form.payload });
}
const befriend = (t: typeof open, from: TestUser, to: TestUser) =>
  t.app.inject({ method: 'POST', url: '/friends/request', headers: from.auth, payload: { addressee_id: to.id } });

describe('an unconfirmed account (the default)', () => {
  it('registers, signs in and creates a community at once, as a client written against the spec does', async () => {
    const password = 'spec-client-42';
    const reg = await open.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        firstName: 'Spec',
        lastName: 'Client',
        email: 'spec.client@example.com',
        username: 'spec_client',
        password,
        confirmPassword: password,
      },
    });
    expect(reg.statusCode).toBe(201);
    const login = await open.app.inject({ method: 'POST', url: '/api/auth/login', payload: { emailOrUsername: 'spec_client', password } });
    const user = { id: reg.json().user.id, auth: { authorization: `Bearer ${login.json().token}` } } as TestUser;
    const created = await createCommunity(open, user);
    expect(created.statusCode, created.body).toBe(201);
  });

  it('creates 1 community a day and sends 10 friend requests a day until it confirms; a confirmed one is not held back', async () => {
    const unconfirmed = await createUser(open.database.db, { emailVerifiedAt: null });
    const confirmed = await createUser(open.database.db);
    expect((await createCommunity(open, unconfirmed)).statusCode).toBe(201);
    const second = await createCommunity(open, unconfirmed);
    expect(second.statusCode).toBe(429);
    expect(second.json().message).toBe(ACCOUNT_MESSAGES.confirmForMore);
    expect((await createCommunity(open, confirmed)).statusCode).toBe(201);
    expect((await createCommunity(open, confirmed)).statusCode).toBe(201);
    const people = await Promise.all(Array.from({ length: 11 }, () => createUser(open.database.db)));
    const codes: number[] = [];
    for (const person of people) codes.push((await befriend(open, unconfirmed, person)).statusCode);
    expect(codes.slice(0, 10).every((c) => c < 300)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});

describe('with REQUIRE_EMAIL_VERIFICATION=true', () => {
  it('refuses an unconfirmed account creating a community, posting, commenting and friend requests (403), and lets it read', async () => {
    const unconfirmed = await createUser(strict.database.db, { emailVerifiedAt: null });
    const owner = await createUser(strict.database.db);
    const group = await createGroup(strict.database.db, { owner, members: [{ user: unconfirmed }] });
    const refused = [
      await createCommunity(strict, unconfirmed),
      await strict.app.inject({
        method: 'POST',
        url: `/groups/${group.id}/discussions`,
        headers: unconfirmed.auth,
        payload: { content: 'Hi' },
      }),
      await befriend(strict, unconfirmed, owner),
    ];
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ code: 'verification_required', message: ACCOUNT_MESSAGES.verificationRequired });
    }
    const post = await strict.app.inject({
      method: 'POST',
      url: `/groups/${group.id}/discussions`,
      headers: owner.auth,
      payload: { content: 'Hello' },
    });
    const id = post.json().id ?? post.json().discussion?.id;
    const comment = await strict.app.inject({
      method: 'POST',
      url: `/groups/${group.id}/discussions/${id}/comments`,
      headers: unconfirmed.auth,
      payload: { content: 'Me too' },
    });
    expect(comment.statusCode).toBe(403);
    expect((await strict.app.inject({ method: 'GET', url: `/groups/${group.id}/discussions`, headers: unconfirmed.auth })).statusCode).toBe(
      200,
    );
  });
});
