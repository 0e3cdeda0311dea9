// Over 400 lines: join, leave, requests, invitations and the members page share the counters and notification
// checks of groups/test-support.ts; one file keeps those flows side by side.
import { GROUP_MESSAGES } from '@agora/contract';
import { describe, expect, it } from 'vitest';
import { createGroup, createUser, type TestGroup, type TestUser } from '../../test/factories';
import { client, useTestApp } from '../../test/test-app';
import { memberCounts, notificationsOf as storedNotifications, roleOf as roleIn } from '../groups/test-support';

const t = useTestApp({ rateLimit: false });
const { post, get } = client(t);

const counts = (groupId: number) => memberCounts(t, groupId);
const roleOf = (groupId: number, userId: number) => roleIn(t, groupId, userId);
const notificationsOf = (userId: number) => storedNotifications(t, userId);

describe('join and leave a public community', () => {
  it('joins at once, counts, notifies the owner (new_follower), and leaves', async () => {
    const owner = await createUser(t.database.db);
    const user = await createUser(t.database.db);
    const group = await createGroup(t.database.db, { owner, name: 'Join Public' });
    const join = await post(`/api/groups/${group.slug}/join`, user);
    expect(join.statusCode).toBe(200);
    expect(join.json()).toEqual({ message: GROUP_MESSAGES.joined, isMember: true, status: 'member', member_count: 2 });
    expect(await counts(group.id)).toEqual({ cached: 2, rows: 2 });
    expect(await notificationsOf(owner.id)).toEqual([
      expect.objectContaining({ noti_type: 'new_follower', sender_id: user.id, group_id: group.id, noti_link: `/group/${group.slug}` }),
    ]);
    expect((await get(`/groups/${group.id}`, user)).json()).toMatchObject({ isMember: true, role: 'member' });
    const again = await post(`/api/groups/${group.id}/join`, user);
    expect(again.json()).toMatchObject({ isMember: true, member_count: 2 });
    expect(await notificationsOf(owner.id)).toHaveLength(1);
    const leave = await post(`/api/groups/${group.id}/leave`, user);
    expect(leave.statusCode).toBe(200);
    expect(leave.json()).toEqual({ message: GROUP_MESSAGES.left, isMember: false, status: 'none', member_count: 1 });
    expect(await counts(group.id)).toEqual({ cached: 1, rows: 1 });
    const leaveAgain = await post(`/api/groups/${group.id}/leave`, user);
    expect(leaveAgain.json()).toMatchObject({ isMember: false, member_count: 1 });
  });

  it('never duplicates or demotes the owner, who cannot leave', async () => {
    const owner = await createUser(t.database.db);
    const group = await createGroup(t.database.db, { owner });
    const join = await post(`/api/groups/${group.id}/join`, owner);
    expect(join.json()).toMatchObject({ isMember: true, status: 'member', member_count: 1 });
    expect(await roleOf(group.id, owner.id)).toBe('owner');
    const leave = await post(`/api/groups/${group.id}/leave`, owner);
    expect(leave.statusCode).toBe(400);
    expect(leave.json()).toEqual({ message: GROUP_MESSAGES.ownerCannotLeave, code: 'owner_cannot_leave', requestId: expect.any(String) });
    expect(await counts(group.id)).toEqual({ cached: 1, rows: 1 });
    expect(await notificationsOf(owner.id)).toEqual([]);
  });

  it('keeps a staff member’s role when they join again', async () => {
    const owner = await createUser(t.database.db);
    const admin = await createUser(t.database.db);
    const group = await createGroup(t.database.db, { owner, members: [{ user: admin, role: 'admin' }] });
    await post(`/api/groups/${group.id}/join`, admin);
    expect(await roleOf(group.id, admin.id)).toBe('admin');
  });

  it('answers visitors 401 with the SPEC texts', async () => {
    const owner = await createUser(t.database.db);
    const group = await createGroup(t.database.db, { owner });
    const join = await post(`/api/groups/${group.id}/join`);
    expect(join.statusCode).toBe(401);
    expect(join.json().message).toBe(GROUP_MESSAGES.loginToJoin);
    const leave = await post(`/api/groups/${group.id}/leave`, null);
    expect(leave.statusCode).toBe(401);
    expect(leave.json().message).toBe(GROUP_MESSAGES.loginToManage);
    expect((await post(`/api/groups/${group.id}/join`, { auth: { authorization: 'Bearer x' } } as TestUser)).statusCode).toBe(401);
  });

  it('answers 404 for a community that does not exist, whatever the id looks like', async () => {
    const user = await createUser(t.database.db);
    for (const id of ['99999999', 'missing-slug', '-5', '99999999999999', 'DROP%20TABLE']) {
      for (const action of ['join', 'leave']) {
        const res = await post(`/api/groups/${id}/${action}`, user);
        expect(res.statusCode, `${action} ${id}`).toBe(404);
        expect(res.json().code).toBe('group_not_found');
      }
    }
  });
});

describe('private communities: requests', () => {
  async function privateGroup() {
    const owner = await createUser(t.database.db);
    const admin = await createUser(t.database.db);
    const moderator = await createUser(t.database.db);
    const member = await createUser(t.database.db);
    const group = await createGroup(t.database.db, {
      owner,
      isPrivate: true,
      members: [
        { user: admin, role: 'admin' },
        { user: moderator, role: 'moderator' },
        { user: member, role: 'member' },
      ],
    });
    return { owner, admin, moderator, member, group };
  }

  it('join creates a pending request; staff list, approve (counted, owner notified) and decline', async () => {
    const { owner, admin, moderator, member, group } = await privateGroup();
    const alice = await createUser(t.database.db);
    const bob = await createUser(t.database.db);
    const res = await post(`/api/groups/${group.id}/join`, alice);
    expect(res.json()).toEqual({ message: GROUP_MESSAGES.requested, isMember: false, status: 'requested', member_count: 4 });
    await post(`/api/groups/${group.id}/join`, alice);
    await post(`/api/groups/${group.id}/join`, bob);
    expect((await get(`/groups/${group.id}`, alice)).json()).toMatchObject({ joinRequest: 'pending', isMember: false, role: null });
    expect(await counts(group.id)).toEqual({ cached: 4, rows: 4 });

    for (const staff of [owner, admin, moderator]) {
      const list = await get(`/api/groups/${group.id}/requests`, staff);
      expect(list.statusCode).toBe(200);
      expect(list.json().requests.map((r: { id: number }) => r.id)).toEqual([alice.id, bob.id]);
      expect(list.json().requests[0]).toMatchObject({ username: alice.username, profileImage: null, requested_at: expect.any(String) });
    }
    expect((await get(`/api/groups/${group.id}/requests`, member)).statusCode).toBe(403);
    expect((await get(`/api/groups/${group.id}/requests`, alice)).statusCode).toBe(403);
    expect((await get(`/api/groups/${group.id}/requests`)).statusCode).toBe(401);
    expect((await post(`/api/groups/${group.id}/requests/${alice.id}/approve`, member)).statusCode).toBe(403);

    const approve = await post(`/api/groups/${group.id}/requests/${alice.id}/approve`, moderator);
    expect(approve.statusCode).toBe(200);
    expect(approve.json()).toEqual({ message: GROUP_MESSAGES.requestApproved(alice.username), member_count: 5 });
    expect(await roleOf(group.id, alice.id)).toBe('member');
    expect(await counts(group.id)).toEqual({ cached: 5, rows: 5 });
    // Alice's join_request notice left the owner's panel with her request; Bob's waits (issue 12 §2.2).
    expect((await notificationsOf(owner.id)).map((n) => [n.noti_type, n.sender_id])).toEqual([
      ['join_request', bob.id],
      ['new_follower', alice.id],
    ]);
    expect((await post(`/api/groups/${group.id}/requests/${alice.id}/approve`, moderator)).statusCode).toBe(404);

    const decline = await post(`/api/groups/${group.id}/requests/${bob.id}/decline`, admin);
    expect(decline.json()).toEqual({ message: GROUP_MESSAGES.requestDeclined, member_count: 5 });
    expect(await roleOf(group.id, bob.id)).toBeNull();
    expect((await get(`/groups/${group.id}`, bob)).json().joinRequest).toBe('none');
    expect((await post(`/api/groups/${group.id}/requests/${bob.id}/decline`, admin)).json().code).toBe('request_not_found');
  });

  it('the owner approving sends no notification to themselves', async () => {
    const { owner, group } = await privateGroup();
    const carol = await createUser(t.database.db);
    await post(`/api/groups/${group.id}/join`, carol);
    expect((await post(`/api/groups/${group.id}/requests/${carol.id}/approve`, owner)).statusCode).toBe(200);
    expect(await notificationsOf(owner.id)).toEqual([]);
  });

  it('the requester cancels with DELETE /join, or by leaving', async () => {
    const { group, owner } = await privateGroup();
    const dave = await createUser(t.database.db);
    await post(`/api/groups/${group.id}/join`, dave);
    const cancel = await t.app.inject({ method: 'DELETE', url: `/api/groups/${group.id}/join`, headers: dave.auth });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toEqual({ message: GROUP_MESSAGES.requestCancelled, isMember: false, status: 'none', member_count: 4 });
    expect((await get(`/api/groups/${group.id}/requests`, owner)).json().requests).toEqual([]);
    await post(`/api/groups/${group.id}/join`, dave);
    await post(`/api/groups/${group.id}/leave`, dave);
    expect((await get(`/api/groups/${group.id}/requests`, owner)).json().requests).toEqual([]);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/groups/${group.id}/join` })).statusCode).toBe(401);
  });

  it('approve and decline refuse junk and unknown user ids', async () => {
    const { group, owner } = await privateGroup();
    for (const id of ['abc', '-1', '0', '1.5', '99999999999']) {
      expect((await post(`/api/groups/${group.id}/requests/${id}/approve`, owner)).statusCode, id).toBe(400);
    }
    expect((await post(`/api/groups/${group.id}/requests/99999999/approve`, owner)).statusCode).toBe(404);
    expect((await post(`/api/groups/${group.id}/requests/99999999/decline`, owner)).statusCode).toBe(404);
  });

  it('a request for one community cannot be approved through another', async () => {
    const a = await privateGroup();
    const b = await privateGroup();
    const erin = await createUser(t.database.db);
    await post(`/api/groups/${a.group.id}/join`, erin);
    expect((await post(`/api/groups/${b.group.id}/requests/${erin.id}/approve`, b.owner)).statusCode).toBe(404);
    expect((await post(`/api/groups/${a.group.id}/requests/${erin.id}/approve`, b.owner)).statusCode).toBe(403);
    expect(await roleOf(a.group.id, erin.id)).toBeNull();
  });

  it('making the community public approves every pending request in the same transaction', async () => {
    const { group, owner } = await privateGroup();
    const users = await Promise.all([createUser(t.database.db), createUser(t.database.db)]);
    for (const u of users) await post(`/api/groups/${group.id}/join`, u);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/groups/${group.id}/privacy`,
      headers: owner.auth,
      payload: { is_private: 0 },
    });
    expect(res.json()).toEqual({ message: GROUP_MESSAGES.privacyUpdated, is_private: 0 });
    for (const u of users) expect(await roleOf(group.id, u.id)).toBe('member');
    expect(await counts(group.id)).toEqual({ cached: 6, rows: 6 });
    expect((await get(`/api/groups/${group.id}/requests`, owner)).json().requests).toEqual([]);
  });
});

describe('invitations', () => {
  it('staff invite; one pending invitation per user; the invitee accepts into a private community', async () => {
    const owner = await createUser(t.database.db, { username: 'inv_owner' });
    const moderator = await createUser(t.database.db);
    const group = await createGroup(t.database.db, {
      owner,
      name: 'Invite Only',
      isPrivate: true,
      members: [{ user: moderator, role: 'moderator' }],
    });
    const guest = await createUser(t.database.db);
    const res = await post(`/api/groups/${group.slug}/invite`, owner, { userId: guest.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: GROUP_MESSAGES.inviteSent, notificationId: expect.any(Number) });
    const [invite] = await notificationsOf(guest.id);
    expect(invite).toMatchObject({
      id: res.json().notificationId,
      noti_type: 'group_invite',
      sender_id: owner.id,
      group_id: group.id,
      noti_link: `/group/${group.slug}`,
      noti_content: 'inv_owner invited you to join Invite Only',
    });
    const twice = await post(`/api/groups/${group.id}/invite`, moderator, { userId: guest.id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'already_invited', message: GROUP_MESSAGES.alreadyInvited });
    expect((await get(`/groups/${group.id}`, guest)).json().invite).toEqual({ notificationId: invite!.id, sender_username: 'inv_owner' });

    const accept = await post('/groups/respond-invite', guest, { notificationId: invite!.id, accept: true });
    expect(accept.statusCode).toBe(200);
    expect(accept.json()).toEqual({ message: GROUP_MESSAGES.inviteAccepted, isMember: true, group_id: group.id, slug: group.slug });
    expect(await roleOf(group.id, guest.id)).toBe('member');
    expect(await notificationsOf(guest.id)).toEqual([]);
    expect(await counts(group.id)).toEqual({ cached: 3, rows: 3 });
    expect((await notificationsOf(owner.id)).map((n) => [n.noti_type, n.sender_id])).toEqual([['new_follower', guest.id]]);
    const already = await post(`/api/groups/${group.id}/invite`, owner, { userId: guest.id });
    expect(already.statusCode).toBe(409);
    expect(already.json().code).toBe('already_member');
  });

  it('declining deletes the invitation and joins nothing; answering twice or someone else’s is 404', async () => {
    const owner = await createUser(t.database.db);
    const group = await createGroup(t.database.db, { owner });
    const guest = await createUser(t.database.db);
    const stranger = await createUser(t.database.db);
    const { notificationId } = (await post(`/api/groups/${group.id}/invite`, owner, { userId: guest.id })).json();
    const theft = await post('/api/groups/respond-invite', stranger, { notificationId, accept: true });
    expect(theft.statusCode).toBe(404);
    expect(theft.json().code).toBe('invite_not_found');
    expect(await roleOf(group.id, stranger.id)).toBeNull();
    const decline = await post('/groups/respond-invite', guest, { notificationId, accept: false });
    expect(decline.json()).toEqual({ message: GROUP_MESSAGES.inviteDeclined, isMember: false, group_id: group.id, slug: group.slug });
    expect(await roleOf(group.id, guest.id)).toBeNull();
    expect(await notificationsOf(guest.id)).toEqual([]);
    expect((await post('/groups/respond-invite', guest, { notificationId, accept: true })).statusCode).toBe(404);
    expect((await post('/groups/respond-invite', null, { notificationId, accept: true })).statusCode).toBe(401);
  });

  it('only answers group_invite notifications', async () => {
    const owner = await createUser(t.database.db);
    const guest = await createUser(t.database.db);
    const group = await createGroup(t.database.db, { owner });
    const [row] = await t.database.sql<{ id: number }[]>`
      INSERT INTO notifications (user_id, sender_id, noti_type, group_id) VALUES (${guest.id}, ${owner.id}, 'new_follower', ${group.id}) RETURNING id`;
    expect((await post('/groups/respond-invite', guest, { notificationId: row!.id, accept: true })).statusCode).toBe(404);
    expect(await roleOf(group.id, guest.id)).toBeNull();
  });

  it('joining a private community with a pending invitation lets the invitee in', async () => {
    const owner = await createUser(t.database.db);
    const group = await createGroup(t.database.db, { owner, isPrivate: true });
    const guest = await createUser(t.database.db);
    await post(`/api/groups/${group.id}/invite`, owner, { userId: guest.id });
    expect((await post(`/api/groups/${group.id}/join`, guest)).json()).toMatchObject({ status: 'member', member_count: 2 });
    expect(await notificationsOf(guest.id)).toEqual([]);
  });

  it('refuses ordinary members, visitors, unknown users and junk ids', async () => {
    const owner = await createUser(t.database.db);
    const member = await createUser(t.database.db);
    const group = await createGroup(t.database.db, { owner, members: [{ user: member }] });
    const guest = await createUser(t.database.db);
    const byMember = await post(`/api/groups/${group.id}/invite`, member, { userId: guest.id });
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().message).toBe(GROUP_MESSAGES.staffOnly);
    expect((await post(`/api/groups/${group.id}/invite`, guest, { userId: member.id })).statusCode).toBe(403);
    expect((await post(`/api/groups/${group.id}/invite`, null, { userId: guest.id })).statusCode).toBe(401);
    const unknown = await post(`/api/groups/${group.id}/invite`, owner, { userId: 99999999 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('user_not_found');
    for (const userId of ['abc', -1, 0, 1.5, 2 ** 31, 1e300, null, true, '']) {
      expect((await post(`/api/groups/${group.id}/invite`, owner, { userId })).statusCode, String(userId)).toBe(400);
    }
    expect((await post(`/api/groups/${group.id}/invite`, owner, { userId: owner.id })).json().code).toBe('already_member');
    for (const notificationId of ['x', -1, 0, 2 ** 40]) {
      expect((await post('/groups/respond-invite', guest, { notificationId, accept: true })).statusCode).toBe(400);
    }
    expect((await post('/groups/respond-invite', guest, { notificationId: 1, accept: 'maybe' })).statusCode).toBe(400);
    expect(await notificationsOf(guest.id)).toEqual([]);
  });

  it('stores one invitation when two staff invite the same person at once', async () => {
    const owner = await createUser(t.database.db);
    const admin = await createUser(t.database.db);
    const group = await createGroup(t.database.db, { owner, members: [{ user: admin, role: 'admin' }] });
    const guest = await createUser(t.database.db);
    const results = await Promise.all(
      [owner, admin, owner, admin].map((u) => post(`/api/groups/${group.id}/invite`, u, { userId: guest.id })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(await notificationsOf(guest.id)).toHaveLength(1);
  });
});

describe('GET /groups/{id}/members', () => {
  async function populated(): Promise<{ group: TestGroup; owner: TestUser; people: Record<string, TestUser> }> {
    const owner = await createUser(t.database.db, { username: `zed_owner_${Math.random().toString(36).slice(2, 8)}` });
    const people: Record<string, TestUser> = {};
    for (const name of ['m1', 'a1', 'mod1', 'm2', 'a2']) people[name] = await createUser(t.database.db);
    const group = await createGroup(t.database.db, { owner });
    // Join in this order; roles afterwards, so join order differs from role order.
    const roles: Record<string, string> = { m1: 'member', a1: 'admin', mod1: 'moderator', m2: 'member', a2: 'admin' };
    let minute = 0;
    for (const [name, role] of Object.entries(roles)) {
      minute += 1;
      await t.database.sql`INSERT INTO group_members (group_id, user_id, role, joined_at)
        VALUES (${group.id}, ${people[name]!.id}, ${role}, now() + make_interval(mins => ${minute}))`;
    }
    await t.database.sql`UPDATE groups SET member_count = 6 WHERE id = ${group.id}`;
    return { group, owner, people };
  }

  it('lists the owner first, then admins, moderators, members, each by join date, with §3 fields', async () => {
    const { group, owner, people } = await populated();
    const res = await get(`/groups/${group.slug}/members`);
    expect(res.statusCode).toBe(200);
    const { members, nextCursor } = res.json();
    expect(members.map((m: { id: number }) => m.id)).toEqual([
      owner.id,
      people.a1!.id,
      people.a2!.id,
      people.mod1!.id,
      people.m1!.id,
      people.m2!.id,
    ]);
    expect(members.map((m: { role_name: string }) => m.role_name)).toEqual(['owner', 'admin', 'admin', 'moderator', 'member', 'member']);
    expect(members[0]).toEqual({
      id: owner.id,
      username: owner.username,
      role_name: 'owner',
      profileImage: null,
      bannerImage: null,
      joined_at: expect.any(String),
    });
    expect(nextCursor).toBeNull();
  });

  it('pages with nextCursor and the same order, each member exactly once', async () => {
    const { group } = await populated();
    const all = (await get(`/groups/${group.id}/members`)).json().members.map((m: { id: number }) => m.id);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: { members: { id: number }[]; nextCursor: string | null } = (
        await get(`/api/groups/${group.id}/members?limit=2${cursor ? `&cursor=${cursor}` : ''}`)
      ).json();
      expect(page.members.length).toBeLessThanOrEqual(2);
      seen.push(...page.members.map((m: { id: number }) => m.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all);
  });

  it('searches usernames case-insensitively as a substring, wildcards literal', async () => {
    const owner = await createUser(t.database.db, { username: 'Search_Owner' });
    const ann = await createUser(t.database.db, { username: 'AnnaBelle' });
    const hann = await createUser(t.database.db, { username: 'hannah_k' });
    const bob = await createUser(t.database.db, { username: 'bob_builder' });
    const group = await createGroup(t.database.db, { owner, members: [{ user: ann }, { user: hann, role: 'moderator' }, { user: bob }] });
    const names = async (q: string) =>
      (await get(`/groups/${group.id}/members?search=${encodeURIComponent(q)}`))
        .json()
        .members.map((m: { username: string }) => m.username);
    expect(await names('ANN')).toEqual(['hannah_k', 'AnnaBelle']);
    expect(await names('_b')).toEqual(['bob_builder']);
    expect(await names('%')).toEqual([]);
    expect(await names('zzz')).toEqual([]);
    expect(await names('')).toHaveLength(4);
    const paged = (await get(`/groups/${group.id}/members?search=a&limit=1`)).json();
    expect(paged.members).toHaveLength(1);
    const next = (await get(`/groups/${group.id}/members?search=a&limit=10&cursor=${paged.nextCursor}`)).json();
    expect([...paged.members, ...next.members].map((m: { username: string }) => m.username)).toEqual(await names('a'));
  });

  it('private: members and the owner read the list; a visitor and a non-member get 403, never the rows', async () => {
    const owner = await createUser(t.database.db);
    const member = await createUser(t.database.db);
    const outsider = await createUser(t.database.db);
    const group = await createGroup(t.database.db, { owner, isPrivate: true, members: [{ user: member }] });
    for (const viewer of [owner, member]) {
      const res = await get(`/groups/${group.id}/members`, viewer);
      expect(res.statusCode).toBe(200);
      expect(res.json().members).toHaveLength(2);
    }
    for (const viewer of [null, outsider]) {
      const res = await get(`/groups/${group.id}/members?search=a`, viewer);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: GROUP_MESSAGES.privateContent, code: 'forbidden', requestId: expect.any(String) });
    }
    // A pending requester is still outside.
    await post(`/api/groups/${group.id}/join`, outsider);
    expect((await get(`/groups/${group.id}/members`, outsider)).statusCode).toBe(403);
  });

  it('answers 404 for an unknown community and 400 for a forged cursor', async () => {
    expect((await get('/groups/nope-nope/members')).statusCode).toBe(404);
    expect((await get('/groups/99999999/members')).statusCode).toBe(404);
    const owner = await createUser(t.database.db);
    const group = await createGroup(t.database.db, { owner });
    const forged = Buffer.from(JSON.stringify(['wizard', '2026-01-01 00:00:00+00', 1])).toString('base64url');
    for (const cursor of [forged, 'zzz', Buffer.from('[1,2,3]').toString('base64url')]) {
      expect((await get(`/groups/${group.id}/members?cursor=${cursor}`)).statusCode).toBe(400);
    }
  });
});

describe('member search strategies', () => {
  it('gives the same exact, ordered, paginated results whether the term is rare or common site-wide', async () => {
    const owner = await createUser(t.database.db, { username: 'strategy_owner' });
    const group = await createGroup(t.database.db, { owner });
    // 2,100 people named common_xyz_N: "common_xyz" has more site-wide matches than the trigram path collects.
    await t.database.sql`INSERT INTO users (username, email, first_name, last_name, password_hash)
      SELECT 'common_xyz_' || i, 'common_xyz_' || i || '@example.test', 'C', 'X', 'x' FROM generate_series(1, 2100) i`;
    await t.database.sql`INSERT INTO group_members (group_id, user_id, role, joined_at)
      SELECT ${group.id}, u.id, CASE WHEN u.id % 7 = 0 THEN 'moderator'::group_role ELSE 'member'::group_role END, now() - make_interval(mins => u.id)
      FROM users u WHERE u.username LIKE 'common\\_xyz\\_%' AND right(u.username, 2) IN ('17', '42', '99')`;
    const walk = async (q: string, limit: number) => {
      const ids: number[] = [];
      let cursor: string | null = null;
      do {
        const res = await get(`/groups/${group.slug}/members?search=${q}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
        expect(res.statusCode).toBe(200);
        const page: { members: { id: number; username: string }[]; nextCursor: string | null } = res.json();
        for (const m of page.members) expect(m.username.toLowerCase()).toContain(q.toLowerCase());
        ids.push(...page.members.map((m) => m.id));
        cursor = page.nextCursor;
      } while (cursor);
      return ids;
    };
    const [expected] = await t.database.sql<{ ids: number[] }[]>`
      SELECT coalesce(array_agg(m.user_id ORDER BY m.role, m.joined_at, m.user_id), '{}') AS ids FROM group_members m JOIN users u ON u.id = m.user_id
      WHERE m.group_id = ${group.id} AND lower(u.username) LIKE '%common_xyz%'`;
    expect(expected!.ids.length).toBeGreaterThan(40);
    expect(await walk('COMMON_xyz', 7)).toEqual(expected!.ids);
    const rare = await walk('xyz_17', 3);
    expect(rare.length).toBeGreaterThan(0);
    const [rareExpected] = await t.database.sql<{ ids: number[] }[]>`
      SELECT array_agg(m.user_id ORDER BY m.role, m.joined_at, m.user_id) AS ids FROM group_members m JOIN users u ON u.id = m.user_id
      WHERE m.group_id = ${group.id} AND lower(u.username) LIKE '%xyz\\_17%'`;
    expect(rare).toEqual(rareExpected!.ids);
    expect(await walk('nobody_has_this', 5)).toEqual([]);
  });

  it('refuses a private community’s search to outsiders on every strategy', async () => {
    const owner = await createUser(t.database.db, { username: 'priv_search_owner' });
    const outsider = await createUser(t.database.db);
    const group = await createGroup(t.database.db, { owner, isPrivate: true });
    for (const q of ['pr', 'priv_search', 'common_xyz']) {
      expect((await get(`/groups/${group.id}/members?search=${q}`, outsider)).statusCode).toBe(403);
      expect((await get(`/groups/${group.id}/members?search=${q}`, owner)).statusCode).toBe(200);
    }
    const { findMembersPage } = await import('./members.queries');
    const page = await findMembersPage(t.database.db, { id: group.id }, outsider.id, { cursor: null, search: 'priv_search', limit: 10 });
    expect(page).toMatchObject({ found: true, viewerRole: null, members: [] });
    const missing = await findMembersPage(t.database.db, { slug: 'no-such-slug' }, outsider.id, {
      cursor: null,
      search: 'priv_search',
      limit: 10,
    });
    expect(missing.found).toBe(false);
  });
});

describe('members query guard', () => {
  it('returns no member rows of a private community to an outsider, even before the service checks', async () => {
    const { findMembersPage } = await import('./members.queries');
    const owner = await createUser(t.database.db);
    const outsider = await createUser(t.database.db);
    const group = await createGroup(t.database.db, { owner, isPrivate: true, members: [{ user: await createUser(t.database.db) }] });
    const page = await findMembersPage(t.database.db, { id: group.id }, outsider.id, { cursor: null, search: null, limit: 10 });
    expect(page).toMatchObject({ found: true, isPrivate: true, viewerRole: null, members: [] });
    const visitor = await findMembersPage(t.database.db, { slug: group.slug }, 0, { cursor: null, search: null, limit: 10 });
    expect(visitor.members).toEqual([]);
    const own = await findMembersPage(t.database.db, { id: group.id }, owner.id, { cursor: null, search: null, limit: 10 });
    expect(own.members).toHaveLength(2);
  });
});
