import { describe, expect, it } from 'vitest';
import { createGroup, createUser } from '../../test/factories';
import { client, useTestApp } from '../../test/test-app';
import { memberCounts } from './test-support';

const t = useTestApp({ rateLimit: false });
const { post } = client(t);

const counts = (groupId: number) => memberCounts(t, groupId);

describe('member_count under concurrency', () => {
  it('40 people joining at once: every join counted once', async () => {
    const owner = await createUser(t.database.db);
    const group = await createGroup(t.database.db, { owner });
    const users = await Promise.all(Array.from({ length: 40 }, () => createUser(t.database.db)));
    const results = await Promise.all(users.map((u) => post(`/api/groups/${group.id}/join`, u)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(await counts(group.id)).toEqual({ cached: 41, rows: 41 });
    const [row] = await t.database.sql<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM notifications WHERE user_id = ${owner.id} AND noti_type = 'new_follower'`;
    expect(row!.n).toBe(40);
  });

  it('200 parallel join/leave calls by one user: only 2xx, one membership or none, the count equal to a recount', async () => {
    const owner = await createUser(t.database.db);
    const user = await createUser(t.database.db);
    const group = await createGroup(t.database.db, { owner });
    const calls = Array.from({ length: 200 }, (_, i) => post(`/api/groups/${group.id}/${i % 2 === 0 ? 'join' : 'leave'}`, user));
    const results = await Promise.all(calls);
    expect(results.filter((r) => r.statusCode !== 200).map((r) => r.body)).toEqual([]);
    const rows = await t.database.sql`SELECT 1 FROM group_members WHERE group_id = ${group.id} AND user_id = ${user.id}`;
    expect(rows.length).toBeLessThanOrEqual(1);
    const { cached, rows: recount } = await counts(group.id);
    expect(cached).toBe(recount);
    expect(recount).toBe(1 + rows.length);
  });

  it('many people joining and leaving at once keep the count exact', async () => {
    const owner = await createUser(t.database.db);
    const group = await createGroup(t.database.db, { owner });
    const users = await Promise.all(Array.from({ length: 20 }, () => createUser(t.database.db)));
    const calls = users.flatMap((u) => [
      post(`/api/groups/${group.id}/join`, u),
      post(`/api/groups/${group.id}/leave`, u),
      post(`/api/groups/${group.id}/join`, u),
    ]);
    const results = await Promise.all(calls);
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const { cached, rows } = await counts(group.id);
    expect(cached).toBe(rows);
  });

  it('a kick racing a leave removes the member once', async () => {
    const owner = await createUser(t.database.db);
    const members = await Promise.all(Array.from({ length: 10 }, () => createUser(t.database.db)));
    const group = await createGroup(t.database.db, { owner, members: members.map((user) => ({ user })) });
    const results = await Promise.all(
      members.flatMap((m) => [post(`/api/groups/${group.id}/kick`, owner, { memberId: m.id }), post(`/api/groups/${group.id}/leave`, m)]),
    );
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 404)).toBe(true);
    expect(await counts(group.id)).toEqual({ cached: 1, rows: 1 });
  });

  it('200 parallel joins of a private community by one user store one request, no membership', async () => {
    const owner = await createUser(t.database.db);
    const user = await createUser(t.database.db);
    const group = await createGroup(t.database.db, { owner, isPrivate: true });
    const results = await Promise.all(Array.from({ length: 200 }, () => post(`/api/groups/${group.id}/join`, user)));
    expect(results.every((r) => r.statusCode === 200 && r.json().status === 'requested')).toBe(true);
    const [row] = await t.database.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM group_join_requests WHERE group_id = ${group.id}`;
    expect(row!.n).toBe(1);
    expect(await counts(group.id)).toEqual({ cached: 1, rows: 1 });
  });

  it('approvals racing the switch to public count each new member once', async () => {
    const owner = await createUser(t.database.db);
    const group = await createGroup(t.database.db, { owner, isPrivate: true });
    const users = await Promise.all(Array.from({ length: 10 }, () => createUser(t.database.db)));
    for (const u of users) await post(`/api/groups/${group.id}/join`, u);
    const results = await Promise.all([
      t.app.inject({ method: 'PUT', url: `/api/groups/${group.id}/privacy`, headers: owner.auth, payload: { is_private: 0 } }),
      ...users.map((u) => post(`/api/groups/${group.id}/requests/${u.id}/approve`, owner)),
    ]);
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 404)).toBe(true);
    expect(await counts(group.id)).toEqual({ cached: 11, rows: 11 });
  });
});
