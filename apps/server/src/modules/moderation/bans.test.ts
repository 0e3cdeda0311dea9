// Over 400 lines is avoided by keeping the log's own tests in modlog.test.ts; this file is the ban rules.
import { MODERATION_MESSAGES } from '@agora/contract';
import { describe, expect, it } from 'vitest';
import { createBlog, createCast, createGroup, createPost, createComment, createUser, invite } from '../../test/factories';
import { client, useTestApp } from '../../test/test-app';
import { memberCounts, notificationsOf, roleOf } from '../groups/test-support';

/** Issue 15 §4: who may ban whom, what a ban does at once, every write it refuses, its end and unban. */

const t = useTestApp({ rateLimit: false });
const { post, get, del } = client(t);

const banCount = async (groupId: number, userId: number) =>
  (await t.database.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM group_bans WHERE group_id = ${groupId} AND user_id = ${userId}`)[0]!
    .n;
const logCount = async (groupId: number) =>
  (await t.database.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM moderation_log WHERE group_id = ${groupId}`)[0]!.n;

type Rank = 'owner' | 'admin' | 'moderator' | 'member' | 'outsider';
const RANKS: Rank[] = ['owner', 'admin', 'moderator', 'member', 'outsider'];
const LEVEL: Record<Rank, number> = { owner: 4, admin: 3, moderator: 2, member: 1, outsider: 1 };
const isStaffRank = (r: Rank) => LEVEL[r] >= 2;

describe('§4 the permission matrix: every rank bans every other rank', () => {
  for (const actorRank of RANKS) {
    for (const targetRank of RANKS) {
      // Staff may ban someone they strictly outrank; a non-member ranks as a member (a pre-emptive ban).
      const allowed = isStaffRank(actorRank) && LEVEL[actorRank] > LEVEL[targetRank];
      it(`${actorRank} bans ${targetRank}: ${allowed ? 'banned' : 'refused'}`, async () => {
        const { cast, group } = await createCast(t.database.db);
        // The target outsider is a second non-member, so "outsider bans outsider" is not a self-ban.
        const target = targetRank === 'outsider' && actorRank === 'outsider' ? await createUser(t.database.db) : cast[targetRank];
        const actor = cast[actorRank];
        const before = await memberCounts(t, group.id);
        const res = await post(`/api/groups/${group.id}/bans`, actor, { userId: target.id, reason: 'Spam links', days: 7 });
        if (!allowed) {
          expect(res.statusCode, res.body).toBe(403);
          expect(await banCount(group.id, target.id)).toBe(0);
          expect(await logCount(group.id)).toBe(0);
          expect(await memberCounts(t, group.id)).toEqual(before);
          return;
        }
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json();
        expect(body.ban.user).toEqual({ id: target.id, username: target.username });
        expect(body.ban.reason).toBe('Spam links');
        expect(Date.parse(body.ban.until) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
        expect(await roleOf(t, group.id, target.id)).toBeNull();
        const after = await memberCounts(t, group.id);
        expect(after.cached).toBe(after.rows);
        expect(after.rows).toBe(before.rows - (targetRank === 'outsider' ? 0 : 1));
        expect(body.member_count).toBe(after.cached);
        const noti = (await notificationsOf(t, target.id)).filter((n) => n.noti_type === 'banned');
        expect(noti).toHaveLength(1);
        expect(noti[0]!.noti_content).toContain('Reason: Spam links');
        expect(noti[0]!.noti_content).toMatch(/until \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
        expect(await logCount(group.id)).toBe(1);
      });
    }
  }
});

async function bannedCast(opts: { isPrivate?: boolean } = {}) {
  const { cast, group } = await createCast(t.database.db, opts);
  const res = await post(`/api/groups/${group.id}/bans`, cast.moderator, { userId: cast.member.id, reason: 'Abuse' });
  expect(res.statusCode, res.body).toBe(200);
  return { cast, group, banned: cast.member };
}

function expectBanned(res: { statusCode: number; json: () => { code: string; message: string } }, permanent = true) {
  expect(res.statusCode).toBe(403);
  expect(res.json().code).toBe('banned');
  expect(res.json().message).toEqual(
    permanent ? MODERATION_MESSAGES.banned('permanently') : expect.stringMatching(/^You are banned from this community until /),
  );
}

describe('§4 a banned person is refused on every write path, with the ban named', () => {
  it('join a public community, request to join a private one', async () => {
    const { group, banned } = await bannedCast();
    expectBanned(await post(`/api/groups/${group.id}/join`, banned));
    expect(await roleOf(t, group.id, banned.id)).toBeNull();
    const closed = await bannedCast({ isPrivate: true });
    expectBanned(await post(`/api/groups/${closed.group.id}/join`, closed.banned));
    const [row] = await t.database.sql`SELECT count(*)::int AS n FROM group_join_requests WHERE group_id = ${closed.group.id}`;
    expect(row!.n).toBe(0);
  });

  it('be invited (the inviter is told), and a pending invitation or request ends with the ban', async () => {
    const { cast, group } = await createCast(t.database.db, { isPrivate: true });
    const stranger = await createUser(t.database.db);
    const id = await invite(t, group, cast.owner, stranger);
    const requester = await createUser(t.database.db);
    expect((await post(`/api/groups/${group.id}/join`, requester)).json().status).toBe('requested');
    for (const who of [stranger, requester]) {
      expect((await post(`/api/groups/${group.id}/bans`, cast.admin, { userId: who.id, reason: 'Raid' })).statusCode).toBe(200);
    }
    expect((await post('/groups/respond-invite', stranger, { notificationId: id, accept: true })).statusCode).toBe(404);
    expect((await post(`/api/groups/${group.id}/requests/${requester.id}/approve`, cast.owner)).statusCode).toBe(404);
    const again = await post(`/api/groups/${group.id}/invite`, cast.owner, { userId: stranger.id });
    expect(again.statusCode).toBe(403);
    expect(again.json().code).toBe('banned');
    expect(again.json().message).toBe(MODERATION_MESSAGES.targetBanned(stranger.username, 'permanently'));
  });

  it('post, comment, like a post, a comment and a blog', async () => {
    const { cast, group } = await createCast(t.database.db);
    const discussion = await createPost(t, group, cast.author);
    const comment = await createComment(t, discussion, cast.author);
    const blog = await createBlog(t, group, cast.owner);
    expect((await post(`/api/groups/${group.id}/bans`, cast.admin, { userId: cast.member.id, reason: 'Abuse', days: 30 })).statusCode).toBe(
      200,
    );
    const banned = cast.member;
    expectBanned(await post(`/groups/${group.id}/discussions`, banned, { content: 'Still here', mediaUrls: [] }), false);
    expectBanned(
      await post(`/groups/${group.id}/discussions/${discussion.id}/comments`, banned, { content: 'Hi', parentCommentId: null }),
      false,
    );
    expectBanned(await post(`/groups/${group.id}/discussions/${discussion.id}/like`, banned, {}), false);
    expectBanned(await post(`/groups/${group.id}/discussions/${discussion.id}/comments/${comment.id}/like`, banned, {}), false);
    expectBanned(await post(`/groups/${group.id}/blogs/${blog.id}/like`, banned), false);
    // A non-member who is not banned still gets the community's own refusal.
    const outsider = await post(`/groups/${group.id}/discussions`, cast.outsider, { content: 'Hello', mediaUrls: [] });
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json().code).not.toBe('banned');
  });

  it('a banned admin cannot publish a blog', async () => {
    const { cast, group } = await createCast(t.database.db);
    expect((await post(`/api/groups/${group.id}/bans`, cast.owner, { userId: cast.admin.id, reason: 'Rogue admin' })).statusCode).toBe(200);
    const blog = await createBlog(t, group, cast.admin).catch((e: Error) => e.message);
    expect(blog).toContain('403');
    expect(blog).toContain('"code":"banned"');
  });
});

describe('§4 a ban ends; unban; a kick stays a kick', () => {
  it('a ban whose end has passed lets them back (the clock moved past the end)', async () => {
    const { cast, group } = await createCast(t.database.db);
    expect(
      (await post(`/api/groups/${group.id}/bans`, cast.moderator, { userId: cast.member.id, reason: 'Cool off', days: 1 })).statusCode,
    ).toBe(200);
    expectBanned(await post(`/api/groups/${group.id}/join`, cast.member), false);
    // The fixed clock: the ban's end set to a minute before the database's now(), which every check reads.
    await t.database.sql`UPDATE group_bans SET expires_at = now() - interval '1 minute' WHERE group_id = ${group.id}`;
    expect((await post(`/api/groups/${group.id}/join`, cast.member)).json().status).toBe('member');
    expect((await get(`/api/groups/${group.id}/bans`, cast.moderator)).json().bans).toEqual([]);
    // A finished ban is replaced by a new one.
    expect((await post(`/api/groups/${group.id}/bans`, cast.moderator, { userId: cast.member.id, reason: 'Again' })).statusCode).toBe(200);
  });

  it('unban lets them join again; unbanning someone not banned is 404', async () => {
    const { cast, group, banned } = await bannedCast();
    expect((await post(`/api/groups/${group.id}/bans`, cast.owner, { userId: banned.id, reason: 'Twice' })).statusCode).toBe(409);
    expect((await del(`/api/groups/${group.id}/bans/${banned.id}`, cast.member)).statusCode).toBe(403);
    const res = await del(`/api/groups/${group.id}/bans/${banned.id}`, cast.moderator);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MODERATION_MESSAGES.unbanned(banned.username));
    expect((await post(`/api/groups/${group.id}/join`, banned)).json().status).toBe('member');
    expect((await del(`/api/groups/${group.id}/bans/${banned.id}`, cast.moderator)).statusCode).toBe(404);
  });

  it('a kicked member may join again at once', async () => {
    const { cast, group } = await createCast(t.database.db);
    expect((await post(`/api/groups/${group.id}/kick`, cast.moderator, { memberId: cast.member.id })).statusCode).toBe(200);
    expect((await post(`/api/groups/${group.id}/join`, cast.member)).json().status).toBe('member');
  });
});

describe('§4 the bans list and forged ids', () => {
  it('lists bans in force for staff only: who, by whom, reason, until', async () => {
    const { cast, group, banned } = await bannedCast();
    const res = await get(`/api/groups/${group.id}/bans`, cast.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().bans).toEqual([
      {
        user: { id: banned.id, username: banned.username },
        banned_by: { id: cast.moderator.id, username: cast.moderator.username },
        reason: 'Abuse',
        created_at: expect.any(String),
        until: null,
      },
    ]);
    expect((await get(`/api/groups/${group.id}/bans`, cast.member)).statusCode).toBe(403);
    expect((await get(`/api/groups/${group.id}/bans`, cast.outsider)).statusCode).toBe(403);
    expect((await get(`/api/groups/${group.id}/bans`)).statusCode).toBe(401);
  });

  it('pages the bans list', async () => {
    const { cast, group } = await createCast(t.database.db);
    const people = await Promise.all([1, 2, 3].map(() => createUser(t.database.db)));
    for (const p of people)
      expect((await post(`/api/groups/${group.id}/bans`, cast.owner, { userId: p.id, reason: 'x' })).statusCode).toBe(200);
    const first = (await get(`/api/groups/${group.id}/bans?limit=2`, cast.owner)).json();
    const second = (await get(`/api/groups/${group.id}/bans?limit=2&cursor=${first.nextCursor}`, cast.owner)).json();
    expect([...first.bans, ...second.bans].map((b: { user: { id: number } }) => b.user.id).sort()).toEqual(people.map((p) => p.id).sort());
    expect(second.nextCursor).toBeNull();
  });

  it('an unknown person, another community’s ban, a missing community: 404; bad input: 400', async () => {
    const { cast, group, banned } = await bannedCast();
    const other = await createGroup(t.database.db, { owner: cast.moderator });
    expect((await post(`/api/groups/${group.id}/bans`, cast.owner, { userId: 999_999, reason: 'x' })).statusCode).toBe(404);
    // The moderator owns another community: its path does not reach this community's ban.
    expect((await del(`/api/groups/${other.id}/bans/${banned.id}`, cast.moderator)).statusCode).toBe(404);
    expect(await banCount(group.id, banned.id)).toBe(1);
    expect((await del(`/api/groups/${group.id}/bans/999999`, cast.owner)).statusCode).toBe(404);
    expect((await post('/api/groups/999999/bans', cast.owner, { userId: banned.id, reason: 'x' })).statusCode).toBe(404);
    expect((await get('/api/groups/999999/bans', cast.owner)).statusCode).toBe(404);
    for (const body of [
      { userId: cast.author.id, reason: '' },
      { userId: cast.author.id, reason: 'x', days: 0 },
      { userId: cast.author.id, reason: 'x', days: 3651 },
      { userId: cast.author.id, reason: 'x', days: 1.5 },
      { userId: 'abc', reason: 'x' },
    ]) {
      expect((await post(`/api/groups/${group.id}/bans`, cast.owner, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await post(`/api/groups/${group.id}/bans`, cast.owner, { userId: cast.author.id, reason: 'x', days: 3650 })).statusCode).toBe(
      200,
    );
  });
});
