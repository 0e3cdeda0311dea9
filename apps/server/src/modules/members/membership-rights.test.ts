// Over 400 lines: the rank table (who may kick, re-role or transfer whom) is one matrix; its rows belong together.
import { GROUP_MESSAGES } from '@agora/contract';
import { describe, expect, it } from 'vitest';
import { createGroup, createUser, invite, type TestUser } from '../../test/factories';
import { client, useTestApp } from '../../test/test-app';
import { memberCounts, notificationsOf as storedNotifications, roleOf as roleIn } from '../groups/test-support';

/**
 * Issue 12: who learns a private community's membership (§1.1), invitations that outlive their sender's rights
 * (§1.8), accept racing approve (§1.11), and the membership notifications (§2.2).
 */

const t = useTestApp({ rateLimit: false });
const { post, get, del } = client(t);

const counts = (groupId: number) => memberCounts(t, groupId);
const roleOf = (groupId: number, userId: number) => roleIn(t, groupId, userId);
const notificationsOf = (userId: number) => storedNotifications(t, userId);
const ids = (res: { json: () => { groups: { id: number }[] } }) => res.json().groups.map((g) => g.id);

describe('§1.1 another person’s communities never reveal a private community to an outsider', () => {
  it('lists a private community to the user, and to a viewer who is a member of it too, never to an outsider', async () => {
    const owner = await createUser(t.database.db);
    const user = await createUser(t.database.db);
    const coMember = await createUser(t.database.db);
    const outsider = await createUser(t.database.db);
    const secret = await createGroup(t.database.db, {
      owner,
      isPrivate: true,
      members: [{ user }, { user: coMember }],
    });
    const open = await createGroup(t.database.db, { owner, members: [{ user }] });
    for (const kind of ['joined', 'mine'] as const) {
      const subject = kind === 'joined' ? user : owner;
      expect(ids(await get(`/groups/${kind}/${subject.id}`, outsider)), `${kind} outsider`).toEqual([open.id]);
      expect(ids(await get(`/api/groups/${kind}/${subject.id}`, outsider)), `${kind} outsider /api`).toEqual([open.id]);
      expect(ids(await get(`/groups/${kind}/${subject.id}`, coMember)).sort(), `${kind} co-member`).toEqual([secret.id, open.id].sort());
      expect(ids(await get(`/groups/${kind}/${subject.id}`, subject)).sort(), `${kind} self`).toEqual([secret.id, open.id].sort());
      expect(ids(await get(`/groups/${kind}`, subject)).sort(), `${kind} own list`).toEqual([secret.id, open.id].sort());
    }
  });

  it('pages past hidden communities without losing visible ones', async () => {
    const owner = await createUser(t.database.db);
    const user = await createUser(t.database.db);
    const viewer = await createUser(t.database.db);
    const visible: number[] = [];
    for (let i = 0; i < 6; i++) {
      const g = await createGroup(t.database.db, { owner, isPrivate: i % 2 === 0, members: [{ user }] });
      if (i % 2 === 1) visible.push(g.id);
    }
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const res = await get(`/groups/joined/${user.id}?limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, viewer);
      expect(res.statusCode).toBe(200);
      seen.push(...ids(res));
      cursor = res.json().nextCursor;
    } while (cursor);
    expect(seen.sort()).toEqual(visible.sort());
  });
});

describe('§1.8 an invitation lives only as long as its sender’s rights', () => {
  async function setup() {
    const owner = await createUser(t.database.db);
    const moderator = await createUser(t.database.db);
    const invitee = await createUser(t.database.db);
    const group = await createGroup(t.database.db, { owner, isPrivate: true, members: [{ user: moderator, role: 'moderator' }] });
    return { owner, moderator, invitee, group };
  }

  it('kicking the moderator drops their pending invitations: accepting is 404 and admits nobody', async () => {
    const { owner, moderator, invitee, group } = await setup();
    const id = await invite(t, group, moderator, invitee);
    expect((await post(`/api/groups/${group.id}/kick`, owner, { memberId: moderator.id })).statusCode).toBe(200);
    expect((await notificationsOf(invitee.id)).filter((n) => n.noti_type === 'group_invite')).toEqual([]);
    const accept = await post('/groups/respond-invite', invitee, { notificationId: id, accept: true });
    expect(accept.statusCode).toBe(404);
    expect(await roleOf(group.id, invitee.id)).toBeNull();
    expect((await get(`/groups/${group.id}/discussions`, invitee)).statusCode).toBe(403);
  });

  it('demoting the sender to member, or the sender leaving, drops their invitations too', async () => {
    const { owner, moderator, invitee, group } = await setup();
    const other = await createUser(t.database.db);
    await invite(t, group, moderator, invitee);
    await invite(t, group, owner, other);
    const demote = await post(`/api/groups/${group.id}/assign-role`, owner, { memberId: moderator.id, newRole: 'member' });
    expect(demote.statusCode).toBe(200);
    expect((await notificationsOf(invitee.id)).filter((n) => n.noti_type === 'group_invite')).toEqual([]);
    // The owner's invitation stands.
    expect((await notificationsOf(other.id)).filter((n) => n.noti_type === 'group_invite')).toHaveLength(1);

    await post(`/api/groups/${group.id}/assign-role`, owner, { memberId: moderator.id, newRole: 'moderator' });
    const third = await createUser(t.database.db);
    await invite(t, group, moderator, third);
    expect((await post(`/api/groups/${group.id}/leave`, moderator)).statusCode).toBe(200);
    expect((await notificationsOf(third.id)).filter((n) => n.noti_type === 'group_invite')).toEqual([]);
  });

  it('accepting checks the sender is still staff (an invitation left behind by any other path)', async () => {
    const { moderator, invitee, group } = await setup();
    const id = await invite(t, group, moderator, invitee);
    // Demoted behind the service's back (e.g. an older server version): the accept itself must refuse.
    await t.database.sql`UPDATE group_members SET role = 'member' WHERE group_id = ${group.id} AND user_id = ${moderator.id}`;
    const accept = await post('/groups/respond-invite', invitee, { notificationId: id, accept: true });
    expect(accept.statusCode).toBe(404);
    expect(accept.json().code).toBe('invite_not_found');
    expect(await roleOf(group.id, invitee.id)).toBeNull();
    expect(await counts(group.id)).toEqual({ cached: 2, rows: 2 });
  });

  it('joining with an invitation from someone no longer staff only asks to join', async () => {
    const { moderator, invitee, group } = await setup();
    await invite(t, group, moderator, invitee);
    await t.database.sql`UPDATE group_members SET role = 'member' WHERE group_id = ${group.id} AND user_id = ${moderator.id}`;
    const join = await post(`/api/groups/${group.id}/join`, invitee);
    expect(join.json()).toMatchObject({ status: 'requested', isMember: false });
    expect(await roleOf(group.id, invitee.id)).toBeNull();
  });

  it('staff list pending invitations and revoke one; others get 401/403/404', async () => {
    const { owner, moderator, invitee, group } = await setup();
    const member = await createUser(t.database.db);
    await post(`/api/groups/${group.id}/invite`, owner, { userId: member.id });
    await post('/groups/respond-invite', member, { notificationId: (await notificationsOf(member.id))[0]!.id, accept: true });
    const second = await createUser(t.database.db);
    const first = await invite(t, group, moderator, invitee);
    const other = await invite(t, group, owner, second);

    for (const staff of [owner, moderator]) {
      const list = await get(`/api/groups/${group.id}/invitations`, staff);
      expect(list.statusCode).toBe(200);
      expect(list.json()).toEqual({
        invitations: [
          {
            id: first,
            user_id: invitee.id,
            username: invitee.username,
            profileImage: null,
            invited_by: moderator.username,
            invited_by_id: moderator.id,
            invited_at: expect.any(String),
          },
          expect.objectContaining({ id: other, user_id: second.id, invited_by: owner.username }),
        ],
        nextCursor: null,
      });
    }
    const paged = await get(`/api/groups/${group.id}/invitations?limit=1`, owner);
    expect(paged.json().invitations).toHaveLength(1);
    const next = await get(`/api/groups/${group.id}/invitations?limit=1&cursor=${encodeURIComponent(paged.json().nextCursor)}`, owner);
    expect(next.json().invitations.map((i: { id: number }) => i.id)).toEqual([other]);

    expect((await get(`/api/groups/${group.id}/invitations`, member)).statusCode).toBe(403);
    expect((await get(`/api/groups/${group.id}/invitations`)).statusCode).toBe(401);
    expect((await del(`/api/groups/${group.id}/invitations/${first}`, member)).statusCode).toBe(403);
    expect((await del(`/api/groups/${group.id}/invitations/${first}`)).statusCode).toBe(401);

    const revoke = await del(`/api/groups/${group.id}/invitations/${first}`, owner);
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json()).toEqual({ message: GROUP_MESSAGES.inviteRevoked });
    expect((await notificationsOf(invitee.id)).filter((n) => n.noti_type === 'group_invite')).toEqual([]);
    expect((await post('/groups/respond-invite', invitee, { notificationId: first, accept: true })).statusCode).toBe(404);
    expect((await del(`/api/groups/${group.id}/invitations/${first}`, owner)).statusCode).toBe(404);
    // Another community's staff cannot revoke it, nor can a notification of another type be revoked.
    const elsewhere = await createGroup(t.database.db, { owner: moderator });
    expect((await del(`/api/groups/${elsewhere.id}/invitations/${other}`, moderator)).statusCode).toBe(404);
    expect((await del(`/api/groups/${group.id}/invitations/abc`, owner)).statusCode).toBe(400);
    expect((await get(`/api/groups/${group.id}/invitations`, owner)).json().invitations.map((i: { id: number }) => i.id)).toEqual([other]);
  });
});

describe('§1.8 joining with an invitation races the sender losing their rights', () => {
  async function setup() {
    const owner = await createUser(t.database.db);
    const moderator = await createUser(t.database.db);
    const invitee = await createUser(t.database.db);
    const group = await createGroup(t.database.db, { owner, isPrivate: true, members: [{ user: moderator, role: 'moderator' }] });
    return { owner, moderator, invitee, group };
  }

  /**
   * Holds the invitee's membership lock, starts their join, waits until the join waits for that lock (it has read
   * whatever it reads before locking), runs `between` (which must not need that lock), then lets the join go on.
   */
  async function joinAround(group: { id: number }, invitee: TestUser, between: () => Promise<void>) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let lockHeld!: () => void;
    const held = new Promise<void>((resolve) => (lockHeld = resolve));
    const holder = t.database.sql.begin(async (sql) => {
      await sql`SELECT pg_advisory_xact_lock(hashtext(${`group-member:${group.id}:${invitee.id}`}))`;
      lockHeld();
      await released;
    });
    await held;
    const join = Promise.resolve(post(`/api/groups/${group.id}/join`, invitee));
    for (;;) {
      const [row] = await t.database.sql<
        { n: number }[]
      >`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`;
      if (row!.n > 0) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    await between();
    release();
    await holder;
    return join;
  }

  for (const [name, loseRights] of [
    [
      'kicked',
      (g: { id: number }, owner: TestUser, moderator: TestUser) => post(`/api/groups/${g.id}/kick`, owner, { memberId: moderator.id }),
    ],
    [
      'demoted',
      (g: { id: number }, owner: TestUser, moderator: TestUser) =>
        post(`/api/groups/${g.id}/assign-role`, owner, { memberId: moderator.id, newRole: 'member' }),
    ],
  ] as const) {
    it(`the sender ${name} after the join started but before it wrote: only a request`, async () => {
      const { owner, moderator, invitee, group } = await setup();
      await invite(t, group, moderator, invitee);
      const join = await joinAround(group, invitee, async () => {
        expect((await loseRights(group, owner, moderator)).statusCode).toBe(200);
      });
      expect(join.statusCode).toBe(200);
      expect(join.json()).toMatchObject({ status: 'requested', isMember: false });
      expect(await roleOf(group.id, invitee.id)).toBeNull();
      expect((await get(`/groups/${group.id}/discussions`, invitee)).statusCode).toBe(403);
    });
  }

  it('the invitation revoked after the join started but before it wrote: only a request', async () => {
    const { owner, moderator, invitee, group } = await setup();
    const id = await invite(t, group, moderator, invitee);
    const join = await joinAround(group, invitee, async () => {
      expect((await del(`/api/groups/${group.id}/invitations/${id}`, owner)).statusCode).toBe(200);
    });
    expect(join.json()).toMatchObject({ status: 'requested', isMember: false });
    expect(await roleOf(group.id, invitee.id)).toBeNull();
  });

  it('a valid invitation still lets the invitee in through join, and only once', async () => {
    const { moderator, invitee, group } = await setup();
    await invite(t, group, moderator, invitee);
    const join = await joinAround(group, invitee, async () => {});
    expect(join.json()).toMatchObject({ status: 'member', isMember: true, member_count: 3 });
    expect(await roleOf(group.id, invitee.id)).toBe('member');
    expect((await notificationsOf(invitee.id)).filter((n) => n.noti_type === 'group_invite')).toEqual([]);
    expect(await counts(group.id)).toEqual({ cached: 3, rows: 3 });
  });

  it('join against a kick of the inviter: never a 500; a member only with the inviter still staff before (20 rounds)', async () => {
    const owner = await createUser(t.database.db);
    const group = await createGroup(t.database.db, { owner, isPrivate: true });
    const statuses: number[] = [];
    let admitted = 0;
    for (let round = 0; round < 20; round++) {
      const moderator = await createUser(t.database.db);
      const invitee = await createUser(t.database.db);
      await post(`/api/groups/${group.id}/join`, moderator);
      await post(`/api/groups/${group.id}/requests/${moderator.id}/approve`, owner);
      await post(`/api/groups/${group.id}/assign-role`, owner, { memberId: moderator.id, newRole: 'moderator' });
      await invite(t, group, moderator, invitee);
      const join = post(`/api/groups/${group.id}/join`, invitee);
      const kick = post(`/api/groups/${group.id}/kick`, owner, { memberId: moderator.id });
      const [joined, kicked] = round % 2 === 0 ? await Promise.all([join, kick]) : (await Promise.all([kick, join])).reverse();
      statuses.push(joined!.statusCode, kicked!.statusCode);
      const role = await roleOf(group.id, invitee.id);
      expect(joined!.json().status).toBe(role === 'member' ? 'member' : 'requested');
      if (role === 'member') admitted += 1;
      expect(await roleOf(group.id, moderator.id)).toBeNull();
      expect((await notificationsOf(invitee.id)).filter((n) => n.noti_type === 'group_invite')).toEqual([]);
    }
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(await counts(group.id)).toEqual({ cached: 1 + admitted, rows: 1 + admitted });
  });
});

describe('§1.11 accepting an invitation while staff approve the same person’s request', () => {
  it('never answers 500 and leaves exactly one membership, counted once (10 rounds)', async () => {
    const owner = await createUser(t.database.db);
    const group = await createGroup(t.database.db, { owner, isPrivate: true });
    const statuses: number[] = [];
    for (let round = 0; round < 10; round++) {
      const user = await createUser(t.database.db);
      await post(`/api/groups/${group.id}/join`, user);
      const id = await invite(t, group, owner, user);
      const results = await Promise.all(
        round % 2 === 0
          ? [
              post('/groups/respond-invite', user, { notificationId: id, accept: true }),
              post(`/api/groups/${group.id}/requests/${user.id}/approve`, owner),
            ]
          : [
              post(`/api/groups/${group.id}/requests/${user.id}/approve`, owner),
              post('/groups/respond-invite', user, { notificationId: id, accept: true }),
            ],
      );
      statuses.push(...results.map((r) => r.statusCode));
      expect(await roleOf(group.id, user.id)).toBe('member');
    }
    expect(statuses.filter((s) => s !== 200 && s !== 404)).toEqual([]);
    expect(await counts(group.id)).toEqual({ cached: 11, rows: 11 });
  });
});

describe('§2.2 membership notifications', () => {
  let round = 0;
  async function setup() {
    round += 1;
    const name = `Quiet Readers ${round}`;
    const owner = await createUser(t.database.db);
    const admin = await createUser(t.database.db);
    const moderator = await createUser(t.database.db);
    const member = await createUser(t.database.db);
    const group = await createGroup(t.database.db, {
      owner,
      isPrivate: true,
      name,
      members: [
        { user: admin, role: 'admin' },
        { user: moderator, role: 'moderator' },
        { user: member, role: 'member' },
      ],
    });
    return { owner, admin, moderator, member, group, name };
  }

  it('a request notifies the owner and every staff member once; answering it removes those notifications', async () => {
    const { owner, admin, moderator, member, group, name } = await setup();
    const alice = await createUser(t.database.db);
    await post(`/api/groups/${group.id}/join`, alice);
    await post(`/api/groups/${group.id}/join`, alice);
    for (const staff of [owner, admin, moderator]) {
      expect(await notificationsOf(staff.id)).toEqual([
        expect.objectContaining({
          noti_type: 'join_request',
          sender_id: alice.id,
          group_id: group.id,
          noti_link: `/group/${group.slug}/members`,
          noti_content: `${alice.username} asked to join ${name}`,
        }),
      ]);
    }
    expect(await notificationsOf(member.id)).toEqual([]);
    const list = await get('/notifications', owner);
    expect(list.json().notifications[0]).toMatchObject({ noti_type: 'join_request', group_name: name });

    expect((await post(`/api/groups/${group.id}/requests/${alice.id}/approve`, moderator)).statusCode).toBe(200);
    for (const staff of [admin, moderator]) expect((await notificationsOf(staff.id)).map((n) => n.noti_type)).toEqual([]);
    expect((await notificationsOf(owner.id)).map((n) => n.noti_type)).toEqual(['new_follower']);
    expect(await notificationsOf(alice.id)).toEqual([
      expect.objectContaining({
        noti_type: 'join_request_approved',
        sender_id: moderator.id,
        group_id: group.id,
        noti_link: `/group/${group.slug}`,
        noti_content: `Your request to join ${name} was approved`,
      }),
    ]);
  });

  it('a cancelled request takes its notifications back; a declined one tells the requester', async () => {
    const { owner, admin, group, name } = await setup();
    const bob = await createUser(t.database.db);
    await post(`/api/groups/${group.id}/join`, bob);
    expect(await notificationsOf(admin.id)).toHaveLength(1);
    await del(`/api/groups/${group.id}/join`, bob);
    expect(await notificationsOf(admin.id)).toEqual([]);
    await post(`/api/groups/${group.id}/join`, bob);
    expect(await notificationsOf(admin.id)).toHaveLength(1);
    expect((await post(`/api/groups/${group.id}/requests/${bob.id}/decline`, admin)).statusCode).toBe(200);
    expect(await notificationsOf(admin.id)).toEqual([]);
    expect(await notificationsOf(owner.id)).toEqual([]);
    expect(await notificationsOf(bob.id)).toEqual([
      expect.objectContaining({
        noti_type: 'join_request_declined',
        sender_id: admin.id,
        group_id: group.id,
        noti_content: `Your request to join ${name} was declined`,
      }),
    ]);
  });

  it('an ownership transfer tells the new owner and the old one (now an admin), each from the other', async () => {
    const { owner, admin, group, name } = await setup();
    const res = await post(`/api/groups/${group.id}/transfer`, owner, { memberId: admin.id });
    expect(res.statusCode).toBe(200);
    expect(await notificationsOf(admin.id)).toEqual([
      expect.objectContaining({
        noti_type: 'role_changed',
        sender_id: owner.id,
        group_id: group.id,
        noti_link: `/group/${group.slug}`,
        noti_content: `You are now the owner of ${name}`,
      }),
    ]);
    expect(await notificationsOf(owner.id)).toEqual([
      expect.objectContaining({
        noti_type: 'role_changed',
        sender_id: admin.id,
        group_id: group.id,
        noti_content: `You are now an admin of ${name}`,
      }),
    ]);
    expect([await roleOf(group.id, admin.id), await roleOf(group.id, owner.id)]).toEqual(['owner', 'admin']);
  });

  it('a transfer racing the receiving admin leaving: never a 500, always exactly one owner, counts exact (10 rounds)', async () => {
    for (let round = 0; round < 10; round++) {
      const { owner, admin, group } = await setup();
      const results = await Promise.all([
        post(`/api/groups/${group.id}/transfer`, owner, { memberId: admin.id }),
        post(`/api/groups/${group.id}/leave`, admin),
      ]);
      expect(results.map((r) => r.statusCode).filter((c) => c >= 500)).toEqual([]);
      const [row] = await t.database.sql<{ owners: number; owner_id: number; owner_role: string | null }[]>`
        SELECT (SELECT count(*)::int FROM group_members WHERE group_id = g.id AND role = 'owner') AS owners, g.owner_id,
               (SELECT role FROM group_members WHERE group_id = g.id AND user_id = g.owner_id) AS owner_role
        FROM groups g WHERE g.id = ${group.id}`;
      expect(row).toMatchObject({ owners: 1, owner_role: 'owner' });
      expect(await counts(group.id)).toMatchObject({ cached: (await counts(group.id)).rows });
    }
  });

  it('a promoted, demoted or kicked member is told', async () => {
    const { owner, member, group, name } = await setup();
    await post(`/api/groups/${group.id}/assign-role`, owner, { memberId: member.id, newRole: 'moderator' });
    await post(`/api/groups/${group.id}/assign-role`, owner, { memberId: member.id, newRole: 'member' });
    await post(`/api/groups/${group.id}/kick`, owner, { memberId: member.id });
    expect(await notificationsOf(member.id)).toEqual([
      expect.objectContaining({
        noti_type: 'role_changed',
        sender_id: owner.id,
        group_id: group.id,
        noti_link: `/group/${group.slug}`,
        noti_content: `You are now a moderator of ${name}`,
      }),
      expect.objectContaining({ noti_type: 'role_changed', noti_content: `You are now a member of ${name}` }),
      expect.objectContaining({
        noti_type: 'member_removed',
        sender_id: owner.id,
        group_id: group.id,
        noti_content: `You were removed from ${name}`,
      }),
    ]);
    // The kicked person reads their notifications (the community's name comes with it), not the community.
    const list = await get('/notifications', member);
    expect(list.json().notifications[0]).toMatchObject({ noti_type: 'member_removed', group_name: name });
  });
});
