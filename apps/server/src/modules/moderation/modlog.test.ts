import { describe, expect, it } from 'vitest';
import { createCast, createUser } from '../../test/factories';
import { client, useTestApp } from '../../test/test-app';
import { recordModAction } from './modlog';

/** Issue 15 §5: every staff action writes one log row in its own transaction; staff read the log, newest first. */

const t = useTestApp({ rateLimit: false });
const { post, get, put, del, send } = client(t);

const rowsOf = (groupId: number) =>
  t.database.sql<{ action: string; actor_id: number; target_user_id: number | null; reason: string | null; detail: string | null }[]>`
    SELECT action, actor_id, target_user_id, reason, detail FROM moderation_log WHERE group_id = ${groupId} ORDER BY id`;

describe('§5 each staff action writes its row', () => {
  it('role change, kick, ban, unban, join request answered, privacy change, rename, transfer', async () => {
    const { cast, group } = await createCast(t.database.db, { isPrivate: true });
    const [asker, other, stranger] = await Promise.all([1, 2, 3].map(() => createUser(t.database.db)));
    const ok = (res: { statusCode: number; body: string }) => expect(res.statusCode, res.body).toBe(200);
    ok(await post(`/api/groups/${group.id}/assign-role`, cast.admin, { memberId: cast.member.id, newRole: 'moderator' }));
    ok(await post(`/api/groups/${group.id}/kick`, cast.moderator, { memberId: cast.author.id }));
    ok(await post(`/api/groups/${group.id}/bans`, cast.admin, { userId: stranger!.id, reason: 'Spam', days: 30 }));
    ok(await del(`/api/groups/${group.id}/bans/${stranger!.id}`, cast.moderator));
    await post(`/api/groups/${group.id}/join`, asker);
    await post(`/api/groups/${group.id}/join`, other);
    ok(await post(`/api/groups/${group.id}/requests/${asker!.id}/approve`, cast.moderator));
    ok(await post(`/api/groups/${group.id}/requests/${other!.id}/decline`, cast.moderator));
    ok(await put(`/api/groups/${group.id}/privacy`, cast.owner, { is_private: 0 }));
    ok(await put(`/api/groups/${group.id}`, cast.owner, { group_name: `Renamed ${group.id}` }));
    ok(await post(`/api/groups/${group.id}/transfer`, cast.owner, { memberId: cast.admin.id }));
    expect(await rowsOf(group.id)).toEqual([
      { action: 'role_change', actor_id: cast.admin.id, target_user_id: cast.member.id, reason: null, detail: 'member → moderator' },
      { action: 'kick', actor_id: cast.moderator.id, target_user_id: cast.author.id, reason: null, detail: null },
      { action: 'ban', actor_id: cast.admin.id, target_user_id: stranger!.id, reason: 'Spam', detail: expect.stringMatching(/^until /) },
      { action: 'unban', actor_id: cast.moderator.id, target_user_id: stranger!.id, reason: null, detail: null },
      { action: 'join_request_approved', actor_id: cast.moderator.id, target_user_id: asker!.id, reason: null, detail: null },
      { action: 'join_request_declined', actor_id: cast.moderator.id, target_user_id: other!.id, reason: null, detail: null },
      { action: 'privacy_change', actor_id: cast.owner.id, target_user_id: null, reason: null, detail: 'public' },
      { action: 'rename', actor_id: cast.owner.id, target_user_id: null, reason: null, detail: `${group.name} → Renamed ${group.id}` },
      { action: 'role_change', actor_id: cast.owner.id, target_user_id: cast.admin.id, reason: null, detail: 'admin → owner' },
    ]);
    // Setting the privacy it already has changes nothing and logs nothing.
    ok(await put(`/api/groups/${group.id}/privacy`, cast.admin, { is_private: 0 }));
    expect(await rowsOf(group.id)).toHaveLength(9);
  });
});

describe('§5 a failed action leaves no row', () => {
  it('refused kicks, role changes, bans and answers write nothing', async () => {
    const { cast, group } = await createCast(t.database.db);
    expect((await post(`/api/groups/${group.id}/kick`, cast.moderator, { memberId: cast.admin.id })).statusCode).toBe(403);
    expect((await post(`/api/groups/${group.id}/kick`, cast.member, { memberId: cast.author.id })).statusCode).toBe(403);
    expect(
      (await post(`/api/groups/${group.id}/assign-role`, cast.moderator, { memberId: cast.member.id, newRole: 'admin' })).statusCode,
    ).toBe(403);
    expect((await post(`/api/groups/${group.id}/bans`, cast.moderator, { userId: cast.admin.id, reason: 'x' })).statusCode).toBe(403);
    expect((await post(`/api/groups/${group.id}/requests/${cast.outsider.id}/approve`, cast.owner)).statusCode).toBe(404);
    expect((await del(`/api/groups/${group.id}/bans/${cast.outsider.id}`, cast.owner)).statusCode).toBe(404);
    expect(await rowsOf(group.id)).toEqual([]);
  });

  it('a transaction that throws after writing its row takes the row with it', async () => {
    const { cast, group } = await createCast(t.database.db);
    await expect(
      t.database.db.transaction(async (tx) => {
        await recordModAction(tx, {
          groupId: group.id,
          actorId: cast.owner.id,
          action: 'kick',
          targetType: 'user',
          targetUserId: cast.member.id,
        });
        throw new Error('the action failed after its log row');
      }),
    ).rejects.toThrow('the action failed');
    expect(await rowsOf(group.id)).toEqual([]);
  });
});

describe('§5 GET /api/groups/{id}/modlog', () => {
  it('staff read it newest first, a page at a time; everyone else is refused', async () => {
    const { cast, group } = await createCast(t.database.db);
    const people = await Promise.all([1, 2, 3].map(() => createUser(t.database.db)));
    for (const p of people) await post(`/api/groups/${group.id}/bans`, cast.owner, { userId: p.id, reason: `Reason ${p.id}` });
    const first = await get(`/api/groups/${group.id}/modlog?limit=2`, cast.moderator);
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.entries).toHaveLength(2);
    expect(page1.entries[0]).toEqual({
      id: expect.any(Number),
      actor: { id: cast.owner.id, username: cast.owner.username },
      action: 'ban',
      target_type: 'user',
      target_id: people[2]!.id,
      target_user: { id: people[2]!.id, username: people[2]!.username },
      reason: `Reason ${people[2]!.id}`,
      detail: 'permanently',
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    const page2 = (await get(`/api/groups/${group.id}/modlog?limit=2&cursor=${page1.nextCursor}`, cast.admin)).json();
    expect(page2.nextCursor).toBeNull();
    const order = [...page1.entries, ...page2.entries].map((e: { target_user: { id: number } }) => e.target_user.id);
    expect(order).toEqual(people.map((p) => p.id).reverse());
    expect((await get(`/api/groups/${group.id}/modlog`, cast.member)).statusCode).toBe(403);
    expect((await get(`/api/groups/${group.id}/modlog`, cast.outsider)).statusCode).toBe(403);
    expect((await get(`/api/groups/${group.id}/modlog`)).statusCode).toBe(401);
    expect((await get('/api/groups/999999/modlog', cast.owner)).statusCode).toBe(404);
    expect((await get(`/api/groups/${group.id}/modlog?cursor=garbage`, cast.owner)).statusCode).toBe(400);
  });

  it('has no route that edits or deletes a row', async () => {
    const { cast, group } = await createCast(t.database.db);
    for (const method of ['PUT', 'DELETE', 'PATCH'] as const) {
      const res = await send(method as 'PUT', `/api/groups/${group.id}/modlog`, cast.owner, {});
      expect(res.statusCode, method).toBe(404);
    }
  });
});
