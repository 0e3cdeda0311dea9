import { describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { createGroup, createPost, createUser, TEST_PASSWORD, type TestUser } from '../../test/factories';
import { useSocketClients } from '../../test/socket-clients';
import { useTestApp } from '../../test/test-app';

// Issue 15 §8: site staff suspend accounts; to everyone else the admin calls do not exist.
const t = useTestApp({ rateLimit: false });
const sockets = useSocketClients(t);

async function siteAdmin(): Promise<TestUser> {
  const user = await createUser(t.database.db);
  await t.database.sql`UPDATE users SET site_admin = true WHERE id = ${user.id}`;
  return user;
}

const suspend = (by: TestUser, target: number, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/admin/users/${target}/suspend`, headers: by.auth, payload });
const unsuspend = (by: TestUser, target: number) =>
  t.app.inject({ method: 'POST', url: `/api/admin/users/${target}/unsuspend`, headers: by.auth });
const login = (user: TestUser) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { emailOrUsername: user.username, password: TEST_PASSWORD } });

function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}

describe('site staff', () => {
  it('every admin call answers 404 to a visitor, a member and a former site admin; a suspended one is signed out; 200 to a site admin', async () => {
    const member = await createUser(t.database.db);
    const admin = await siteAdmin();
    const target = await createUser(t.database.db);
    const calls = (auth: Record<string, string>) => [
      t.app.inject({ method: 'GET', url: '/api/admin/users/suspended', headers: auth }),
      t.app.inject({ method: 'GET', url: '/api/admin/log', headers: auth }),
      t.app.inject({ method: 'POST', url: `/api/admin/users/${target.id}/suspend`, headers: auth, payload: { reason: 'Spam' } }),
      t.app.inject({ method: 'POST', url: `/api/admin/users/${target.id}/unsuspend`, headers: auth }),
    ];
    for (const res of await Promise.all(calls(member.auth))) expect([res.statusCode, res.json().message]).toEqual([404, 'Not found']);
    for (const res of await Promise.all(calls({}))) expect(res.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users/suspended', headers: admin.auth })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/log', headers: admin.auth })).statusCode).toBe(200);
    // Suspended by the operator: gone at once.
    await t.database.sql`UPDATE users SET suspended_at = now() WHERE id = ${admin.id}`;
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/log', headers: admin.auth })).statusCode).toBe(401);
    await t.database.sql`UPDATE users SET suspended_at = NULL WHERE id = ${admin.id}`;
    // The role taken away: gone at once.
    await t.database.sql`UPDATE users SET site_admin = false WHERE id = ${admin.id}`;
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/log', headers: admin.auth })).statusCode).toBe(404);
    expect(await t.database.sql`SELECT 1 FROM users WHERE id = ${target.id} AND suspended_at IS NOT NULL`).toHaveLength(0);
  });

  it('a suspension ends the sessions and sockets at once, refuses sign-in with the reason and the end, keeps the content', async () => {
    const admin = await siteAdmin();
    const target = await createUser(t.database.db);
    const group = await createGroup(t.database.db, { owner: target });
    const post = await createPost(t, group, target, 'Still here after the suspension');
    const socket = sockets.open(target.token);
    await connected(socket);
    const gone = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));

    const res = await suspend(admin, target.id, { reason: 'Spam links in every community', days: 7 });
    expect([res.statusCode, res.json()]).toEqual([200, { message: 'The account is suspended' }]);
    await gone;
    expect((await t.app.inject({ method: 'GET', url: '/users/profile', headers: target.auth })).statusCode).toBe(401);
    const [row] = await t.database.sql<{ until: string }[]>`SELECT suspended_until::text AS until FROM users WHERE id = ${target.id}`;
    const until = new Date(row!.until.replace(' ', 'T').replace(/\+00$/, 'Z'));
    const end = `${until.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
    const refused = await login(target);
    expect([refused.statusCode, refused.json().code, refused.json().message]).toEqual([
      403,
      'account_suspended',
      `Your account is suspended until ${end}. Reason: Spam links in every community`,
    ]);
    expect(until.getTime() - Date.now()).toBeGreaterThan(7 * 86_400_000 - 60_000);
    // Their post stays readable.
    const read = await t.app.inject({ method: 'GET', url: `/groups/${group.id}/discussions/${post.id}` });
    expect(read.statusCode).toBe(200);
    // Listed for staff, with who did it.
    const list = (await t.app.inject({ method: 'GET', url: '/api/admin/users/suspended', headers: admin.auth })).json();
    expect(list.users).toEqual([
      expect.objectContaining({
        id: target.id,
        username: target.username,
        reason: 'Spam links in every community',
        suspended_by: admin.username,
      }),
    ]);
  });

  it('a wrong password is told nothing of the suspension; a suspension with no end says so; lifting it lets them in', async () => {
    const admin = await siteAdmin();
    const target = await createUser(t.database.db);
    expect((await suspend(admin, target.id, { reason: 'Harassment' })).statusCode).toBe(200);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { emailOrUsername: target.username, password: 'not-it-at-all' },
    });
    expect([wrong.statusCode, wrong.json().code]).toEqual([401, 'invalid_credentials']);
    expect((await login(target)).json().message).toBe('Your account is suspended. Reason: Harassment');
    const lifted = await unsuspend(admin, target.id);
    expect([lifted.statusCode, lifted.json().message]).toEqual([200, 'The account is no longer suspended']);
    expect((await login(target)).statusCode).toBe(200);
    const again = await unsuspend(admin, target.id);
    expect([again.statusCode, again.json().message]).toEqual([400, 'The account is not suspended']);
  });

  it('a suspension that has ended lets the account sign in again, and its sessions authenticate', async () => {
    const admin = await siteAdmin();
    const target = await createUser(t.database.db);
    expect((await suspend(admin, target.id, { reason: 'Cool down', days: 1 })).statusCode).toBe(200);
    expect((await login(target)).statusCode).toBe(403);
    await t.database.sql`UPDATE users SET suspended_until = now() - interval '1 second' WHERE id = ${target.id}`;
    const res = await login(target);
    expect(res.statusCode).toBe(200);
    const token = res.json().token as string;
    expect((await t.app.inject({ method: 'GET', url: '/users/profile', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(
      200,
    );
    const listed = (await t.app.inject({ method: 'GET', url: '/api/admin/users/suspended', headers: admin.auth })).json().users;
    expect(listed.map((u: { id: number }) => u.id)).not.toContain(target.id);
  });

  it('refuses oneself, another site admin, an unknown or deleted account and bad input, changing nothing', async () => {
    const admin = await siteAdmin();
    const other = await siteAdmin();
    const target = await createUser(t.database.db);
    const deleted = await createUser(t.database.db);
    await t.database.sql`UPDATE users SET deleted_at = now() WHERE id = ${deleted.id}`;
    const cases: [number, object, number, string][] = [
      [admin.id, { reason: 'x' }, 403, 'You cannot suspend your own account'],
      [other.id, { reason: 'x' }, 403, 'Site admins cannot be suspended: the operator removes the role first'],
      [999_999, { reason: 'x' }, 404, 'User not found'],
      [deleted.id, { reason: 'x' }, 404, 'User not found'],
      [target.id, { reason: '   ' }, 400, 'Give a reason'],
      [target.id, {}, 400, 'Give a reason'],
      [target.id, { reason: 'x'.repeat(501) }, 400, 'The reason must be at most 500 characters'],
      [target.id, { reason: 'x', days: 0 }, 400, 'Days must be a whole number from 1 to 3650'],
      [target.id, { reason: 'x', days: 1.5 }, 400, 'Days must be a whole number from 1 to 3650'],
      [target.id, { reason: 'x\u0000' }, 400, 'Text contains characters that are not allowed'],
    ];
    for (const [id, payload, status, message] of cases) {
      const res = await suspend(admin, id, payload);
      expect([id, res.statusCode, res.json().message]).toEqual([id, status, message]);
    }
    expect(await t.database.sql`SELECT id FROM users WHERE suspended_at IS NOT NULL AND id = ${target.id}`).toEqual([]);
    expect(
      await t.database.sql`SELECT id FROM site_log WHERE target_user_id IN (${admin.id}, ${other.id}, ${target.id}, ${deleted.id})`,
    ).toEqual([]);
  });

  it('the site log lists every action, newest first, with actor, target, reason and end, in pages', async () => {
    const admin = await siteAdmin();
    const target = await createUser(t.database.db);
    await suspend(admin, target.id, { reason: 'First', days: 2 });
    await unsuspend(admin, target.id);
    for (let i = 0; i < 50; i += 1)
      await t.database.sql`INSERT INTO site_log (actor_id, action, target_user_id) VALUES (${admin.id}, 'unsuspend', ${target.id})`;
    const first = (await t.app.inject({ method: 'GET', url: '/api/admin/log', headers: admin.auth })).json();
    expect(first.entries).toHaveLength(50);
    const second = (await t.app.inject({ method: 'GET', url: `/api/admin/log?cursor=${first.nextCursor}`, headers: admin.auth })).json();
    expect(
      second.entries
        .filter((e: { target_user: { id: number } }) => e.target_user.id === target.id)
        .map((e: { action: string; reason: string | null }) => [e.action, e.reason]),
    ).toEqual([
      ['unsuspend', null],
      ['suspend', 'First'],
    ]);
    expect(second.entries.find((e: { reason: string | null }) => e.reason === 'First')).toMatchObject({
      actor: admin.username,
      target_user: { id: target.id, username: target.username },
    });
    expect(second.entries.find((e: { reason: string | null }) => e.reason === 'First').until).not.toBeNull();
    expect([...first.entries, ...second.entries].map((e: { id: number }) => e.id)).toEqual(
      [...first.entries, ...second.entries].map((e: { id: number }) => e.id).sort((a: number, b: number) => b - a),
    );
    const bad = await t.app.inject({ method: 'GET', url: '/api/admin/log?cursor=nope', headers: admin.auth });
    expect(bad.statusCode).toBe(400);
  });
});
