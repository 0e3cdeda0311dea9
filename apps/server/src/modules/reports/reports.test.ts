import { describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { createBlog, createCast, createComment, createGroup, createPost, createUser, type TestUser } from '../../test/factories';
import { useSocketClients } from '../../test/socket-clients';
import { useTestApp } from '../../test/test-app';

// Issue 15 §2: reports reach a community's staff, and nobody else.
const t = useTestApp({ rateLimit: false });
const sockets = useSocketClients(t);

const file = (user: TestUser, payload: object) => t.app.inject({ method: 'POST', url: '/api/reports', headers: user.auth, payload });
const queue = (user: TestUser, groupId: number, status = 'open') =>
  t.app.inject({ method: 'GET', url: `/api/groups/${groupId}/reports?status=${status}`, headers: user.auth });
const resolve = (user: TestUser, id: number, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/reports/${id}/resolve`, headers: user.auth, payload });

function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}

describe('filing a report', () => {
  it('a reader reports a discussion, a comment, a blog and a member; once per item; never their own', async () => {
    const { cast, group } = await createCast(t.database.db);
    const post = await createPost(t, group, cast.author, 'Buy cheap watches');
    const comment = await createComment(t, post, cast.author, 'Visit my shop');
    const blog = await createBlog(t, group, cast.admin, { title: 'A blog', content: 'Words' });
    for (const [type, id] of [
      ['discussion', post.id],
      ['comment', comment.id],
      ['blog', blog.id],
      ['user', cast.author.id],
    ] as const) {
      const res = await file(cast.member, { target_type: type, target_id: id, group_id: group.id, reason: 'spam', note: 'Again' });
      expect([type, res.statusCode, res.json().message]).toEqual([
        type,
        201,
        'Thank you. The community’s moderators will look at your report.',
      ]);
    }
    // A signed-in reader of a public community who is not a member may report too.
    expect(
      (await file(cast.outsider, { target_type: 'discussion', target_id: post.id, group_id: group.id, reason: 'spam' })).statusCode,
    ).toBe(201);
    const again = await file(cast.member, { target_type: 'discussion', target_id: post.id, group_id: group.id, reason: 'other' });
    expect([again.statusCode, again.json().code, again.json().message]).toEqual([
      409,
      'already_reported',
      'You have already reported this. The moderators will look at it.',
    ]);
    const own = await file(cast.author, { target_type: 'discussion', target_id: post.id, group_id: group.id, reason: 'spam' });
    expect([own.statusCode, own.json().message]).toEqual([400, 'You cannot report your own posts']);
    const self = await file(cast.author, { target_type: 'user', target_id: cast.author.id, group_id: group.id, reason: 'spam' });
    expect([self.statusCode, self.json().message]).toEqual([400, 'You cannot report yourself']);
  });

  it('what the reporter cannot read, or what is not in that community, is 404; bad input 400; visitors 401', async () => {
    const { cast, group } = await createCast(t.database.db, { isPrivate: true });
    const post = await createPost(t, group, cast.author, 'Private words');
    const elsewhere = await createGroup(t.database.db, { owner: cast.outsider });
    const other = await createPost(t, elsewhere, cast.outsider, 'Public words elsewhere');
    const notFound = [
      // A private community's post, to a non-member.
      await file(cast.outsider, { target_type: 'discussion', target_id: post.id, group_id: group.id, reason: 'spam' }),
      // Another community's post, under this community's id.
      await file(cast.member, { target_type: 'discussion', target_id: other.id, group_id: group.id, reason: 'spam' }),
      // Someone who is not a member of the community.
      await file(cast.member, { target_type: 'user', target_id: cast.outsider.id, group_id: group.id, reason: 'spam' }),
      await file(cast.member, { target_type: 'comment', target_id: 999_999, group_id: group.id, reason: 'spam' }),
      await file(cast.member, { target_type: 'discussion', target_id: post.id, group_id: 999_999, reason: 'spam' }),
    ];
    for (const res of notFound) expect([res.statusCode, res.json().message]).toEqual([404, 'We could not find what you are reporting']);
    const bad = [
      [{ target_type: 'post', target_id: post.id, group_id: group.id, reason: 'spam' }, 'Choose what to report'],
      [{ target_type: 'discussion', target_id: post.id, group_id: group.id, reason: 'rude' }, 'Choose a reason'],
      [
        { target_type: 'discussion', target_id: post.id, group_id: group.id, reason: 'spam', note: 'x'.repeat(1001) },
        'The note must be at most 1000 characters',
      ],
      [{ target_type: 'discussion', target_id: -1, group_id: group.id, reason: 'spam' }, 'We could not find what you are reporting'],
    ] as const;
    for (const [payload, message] of bad) {
      const res = await file(cast.member, payload);
      expect([res.statusCode, res.json().message]).toEqual([400, message]);
    }
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/reports',
          payload: { target_type: 'discussion', target_id: post.id, group_id: group.id, reason: 'spam' },
        })
      ).statusCode,
    ).toBe(401);
    expect(await t.database.sql`SELECT id FROM reports WHERE group_id = ${group.id}`).toEqual([]);
  });
});

describe('the staff queue', () => {
  it('groups reports per item with the item now, its author, reasons, count and reporters; only staff see it', async () => {
    const { cast, group } = await createCast(t.database.db);
    const post = await createPost(t, group, cast.author, 'Buy cheap watches today');
    await file(cast.member, { target_type: 'discussion', target_id: post.id, group_id: group.id, reason: 'spam' });
    await file(cast.outsider, {
      target_type: 'discussion',
      target_id: post.id,
      group_id: group.id,
      reason: 'harassment',
      note: 'Rude too',
    });
    for (const staff of [cast.owner, cast.admin, cast.moderator]) {
      const res = await queue(staff, group.id);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.openCount).toBe(1);
      expect(body.reports).toHaveLength(1);
      expect(body.reports[0]).toMatchObject({
        target_type: 'discussion',
        target_id: post.id,
        text: 'Buy cheap watches today',
        author: { id: cast.author.id, username: cast.author.username },
        count: 2,
        reasons: { spam: 1, harassment: 1 },
        status: 'open',
        resolution: null,
        link: `/groups/${group.id}/discussions/${post.id}`,
      });
      expect(body.reports[0].reports.map((r: { reporter: { username: string } }) => r.reporter.username).sort()).toEqual(
        [cast.member.username, cast.outsider.username].sort(),
      );
    }
    for (const other of [cast.member, cast.author, cast.outsider]) {
      const res = await queue(other, group.id);
      expect([res.statusCode, res.json().message]).toEqual([403, 'Only the owner, admins and moderators can do this']);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/groups/${group.id}/reports` })).statusCode).toBe(401);
  });
});

describe('resolving', () => {
  it('dismiss resolves every open report of the item at once; the resolved list shows who, how and why', async () => {
    const { cast, group } = await createCast(t.database.db);
    const post = await createPost(t, group, cast.author, 'Borderline joke');
    const first = (
      await file(cast.member, { target_type: 'discussion', target_id: post.id, group_id: group.id, reason: 'off_topic' })
    ).json().id;
    await file(cast.outsider, { target_type: 'discussion', target_id: post.id, group_id: group.id, reason: 'other' });
    const res = await resolve(cast.moderator, first, { action: 'dismiss', reason: 'Within the rules' });
    expect([res.statusCode, res.json()]).toEqual([200, { message: 'Report resolved', resolved: 2 }]);
    expect((await queue(cast.owner, group.id)).json()).toMatchObject({ reports: [], openCount: 0 });
    const resolved = (await queue(cast.owner, group.id, 'resolved')).json().reports;
    expect(resolved).toHaveLength(1);
    expect(resolved[0]).toMatchObject({
      count: 2,
      status: 'resolved',
      resolution: { action: 'dismiss', reason: 'Within the rules', by: cast.moderator.username },
    });
    const twice = await resolve(cast.owner, first, { action: 'dismiss', reason: 'Again' });
    expect([twice.statusCode, twice.json().message]).toEqual([409, 'This report was already resolved']);
    // The post itself is untouched.
    expect((await t.app.inject({ method: 'GET', url: `/groups/${group.id}/discussions/${post.id}` })).statusCode).toBe(200);
    // After a dismissal the same person may report it again.
    expect(
      (await file(cast.member, { target_type: 'discussion', target_id: post.id, group_id: group.id, reason: 'spam' })).statusCode,
    ).toBe(201);
  });

  it('a member, the reporter, a stranger, or the staff of another community get 404; bad input 400, changing nothing', async () => {
    const { cast, group } = await createCast(t.database.db);
    const elsewhere = await createCast(t.database.db);
    const id = (
      await file(cast.member, { target_type: 'user', target_id: cast.author.id, group_id: group.id, reason: 'harassment' })
    ).json().id;
    for (const who of [cast.member, cast.author, cast.outsider, elsewhere.cast.owner, elsewhere.cast.moderator]) {
      const res = await resolve(who, id, { action: 'dismiss', reason: 'x' });
      expect([res.statusCode, res.json().message]).toEqual([404, 'Report not found']);
    }
    expect((await resolve(cast.owner, 999_999, { action: 'dismiss', reason: 'x' })).statusCode).toBe(404);
    const bad = [
      [{ action: 'delete', reason: 'x' }, 'Choose an action'],
      [{ action: 'dismiss', reason: '  ' }, 'Give a reason'],
      [{ action: 'dismiss' }, 'Give a reason'],
      [{ action: 'remove', reason: 'Gone' }, 'A person cannot be removed: dismiss the report or ban them'],
    ] as const;
    for (const [payload, message] of bad) {
      const res = await resolve(cast.owner, id, payload);
      expect([res.statusCode, res.json().message]).toEqual([400, message]);
    }
    expect((await queue(cast.owner, group.id)).json().openCount).toBe(1);
  });
});

describe('site admins and live counts', () => {
  it('site admins see every community’s open reports and may resolve them; others get 404', async () => {
    const one = await createCast(t.database.db);
    const two = await createCast(t.database.db, { isPrivate: true });
    const a = await createPost(t, one.group, one.cast.author, 'Report me one');
    const b = await createPost(t, two.group, two.cast.author, 'Report me two');
    await file(one.cast.member, { target_type: 'discussion', target_id: a.id, group_id: one.group.id, reason: 'spam' });
    const id = (
      await file(two.cast.member, { target_type: 'discussion', target_id: b.id, group_id: two.group.id, reason: 'illegal' })
    ).json().id;
    const admin = await createUser(t.database.db);
    await t.database.sql`UPDATE users SET site_admin = true WHERE id = ${admin.id}`;
    const all = (await t.app.inject({ method: 'GET', url: '/api/admin/reports', headers: admin.auth })).json().reports;
    expect(all.map((r: { target_id: number }) => r.target_id)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(all.find((r: { target_id: number }) => r.target_id === b.id).group_id).toBe(two.group.id);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/reports', headers: one.cast.owner.auth })).statusCode).toBe(404);
    expect((await resolve(admin, id, { action: 'dismiss', reason: 'Fine' })).statusCode).toBe(200);
  });

  it('staff sockets hear the open count when a report arrives and when it is resolved; a member’s socket hears nothing', async () => {
    const { cast, group } = await createCast(t.database.db);
    const post = await createPost(t, group, cast.author, 'Live');
    const moderator = sockets.open(cast.moderator.token);
    const member = sockets.open(cast.member.token);
    await Promise.all([connected(moderator), connected(member)]);
    const heard: unknown[] = [];
    const memberHeard: unknown[] = [];
    member.on('report_count', (p) => memberHeard.push(p));
    const arrived = new Promise((resolve) => moderator.once('report_count', resolve));
    moderator.on('report_count', (p) => heard.push(p));
    const id = (await file(cast.member, { target_type: 'discussion', target_id: post.id, group_id: group.id, reason: 'spam' })).json().id;
    expect(await arrived).toEqual({ group_id: group.id, openCount: 1 });
    const cleared = new Promise((resolve) => moderator.once('report_count', resolve));
    await resolve(cast.owner, id, { action: 'dismiss', reason: 'Fine' });
    expect(await cleared).toEqual({ group_id: group.id, openCount: 0 });
    expect(memberHeard).toEqual([]);
    expect(heard).toHaveLength(2);
  });
});

describe('resolving with an action', () => {
  it('remove takes the item down with the reason, resolves its reports and logs both in one transaction', async () => {
    const { cast, group } = await createCast(t.database.db);
    const post = await createPost(t, group, cast.author, 'Spam spam spam');
    const comment = await createComment(t, post, cast.author, 'More spam');
    const id = (await file(cast.member, { target_type: 'comment', target_id: comment.id, group_id: group.id, reason: 'spam' })).json().id;
    const res = await resolve(cast.moderator, id, { action: 'remove', reason: 'Advertising' });
    expect([res.statusCode, res.json()]).toEqual([200, { message: 'Report resolved', resolved: 1 }]);
    const [row] = await t.database.sql<{ reason: string }[]>`SELECT removed_reason AS reason FROM comments WHERE id = ${comment.id}`;
    expect(row!.reason).toBe('Advertising');
    const log = await t.database.sql<{ action: string }[]>`SELECT action FROM moderation_log WHERE group_id = ${group.id} ORDER BY id`;
    expect(log.map((r) => r.action)).toEqual(['remove', 'report_resolved']);
    // A removal the policy refuses (a moderator on an admin's post) resolves nothing and logs nothing.
    const adminPost = await createPost(t, group, cast.admin, 'Admin words');
    const other = (
      await file(cast.member, { target_type: 'discussion', target_id: adminPost.id, group_id: group.id, reason: 'other' })
    ).json().id;
    expect((await resolve(cast.moderator, other, { action: 'remove', reason: 'No' })).statusCode).toBe(403);
    expect((await queue(cast.owner, group.id)).json().openCount).toBe(1);
    expect(await t.database.sql`SELECT 1 FROM moderation_log WHERE group_id = ${group.id}`).toHaveLength(2);
  });

  it('ban bans the author with the reason and days, resolves the reports; the banned person may not report there', async () => {
    const { cast, group } = await createCast(t.database.db);
    const post = await createPost(t, group, cast.author, 'Insults');
    const id = (await file(cast.member, { target_type: 'discussion', target_id: post.id, group_id: group.id, reason: 'harassment' })).json()
      .id;
    const res = await resolve(cast.owner, id, { action: 'ban', reason: 'Harassing members', days: 7 });
    expect([res.statusCode, res.json().resolved]).toEqual([200, 1]);
    const [ban] = await t.database.sql<
      { reason: string }[]
    >`SELECT reason FROM group_bans WHERE group_id = ${group.id} AND user_id = ${cast.author.id}`;
    expect(ban!.reason).toBe('Harassing members');
    const log = await t.database.sql<{ action: string }[]>`SELECT action FROM moderation_log WHERE group_id = ${group.id} ORDER BY id`;
    expect(log.map((r) => r.action)).toEqual(['ban', 'report_resolved']);
    const other = await createPost(t, group, cast.member, 'Something to report');
    const refused = await file(cast.author, { target_type: 'discussion', target_id: other.id, group_id: group.id, reason: 'spam' });
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'banned']);
  });
});
