import { BLOG_LIMITS, BLOG_MESSAGES, DISCUSSION_LIMITS, DISCUSSION_MESSAGES, GROUP_LIMITS, GROUP_MESSAGES } from '@agora/contract';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createBlog, createGroup, createPost, createUser, multipartForm } from '../test/factories';
import { client, useTestApp } from '../test/test-app';
import { blogWorld, postBlog, putBlog } from './blogs/test-support';

/**
 * The write limits of issue 12 §1.6 with RATE_LIMIT on: each write is counted through its route, the rest of the
 * person's points are spent on the same limiter directly (fast), and the next request through the route is a 429
 * with Retry-After and the limit's message that changes nothing. Someone else is not affected.
 */
const t = useTestApp();
const api = client(t);

function expectLimited(res: LightMyRequestResponse, message: string) {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json()).toEqual({ message, code: 'rate_limited', requestId: expect.any(String) });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

async function spend(name: keyof typeof t.app.ctx.limiters, key: number, points: number) {
  for (let i = 0; i < points; i++) await t.app.ctx.limiters[name].consume(String(key));
}

describe('write limits', () => {
  it('blogs: 10 published per person per 10 minutes', async () => {
    const w = await blogWorld(t);
    await createBlog(t, w.open, w.author);
    await spend('blogPostsPerUser', w.author.id, BLOG_LIMITS.postsPerWindow - 1);
    expectLimited(await postBlog(t, w.author, w.open.id, { title: 'One more', content: 'Hi @someone' }), BLOG_MESSAGES.tooManyPosts);
    const [row] = await t.database.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM blogs WHERE group_id = ${w.open.id}`;
    expect(row!.n).toBe(1);
    expect((await postBlog(t, w.otherAdmin, w.open.id, { title: 'Mine', content: 'Text' })).statusCode).toBe(201);
  });

  it('blog like toggles: 300 per person per 10 minutes', async () => {
    const w = await blogWorld(t);
    const blog = await createBlog(t, w.open, w.author);
    expect((await api.post(`/groups/${w.open.id}/blogs/${blog.id}/like`, w.member)).json()).toMatchObject({ liked: true });
    await spend('blogLikesPerUser', w.member.id, BLOG_LIMITS.likesPerWindow - 1);
    expectLimited(await api.post(`/groups/${w.open.id}/blogs/${blog.id}/like`, w.member), BLOG_MESSAGES.tooManyLikes);
    expect((await api.get(`/groups/${w.open.id}/blogs/${blog.id}/like-status`, w.member)).json()).toEqual({ liked: true });
    expect((await api.post(`/groups/${w.open.id}/blogs/${blog.id}/like`, w.moderator)).statusCode).toBe(200);
  });

  it('edits of posts and blogs: 30 per person per 10 minutes, together', async () => {
    const owner = await createUser(t.database.db);
    const member = await createUser(t.database.db);
    const group = await createGroup(t.database.db, { owner, members: [{ user: member, role: 'admin' }] });
    const post = await createPost(t, group, member, 'First text');
    const edit = (content: string) => api.put(`/groups/${group.id}/discussions/${post.id}`, member, { content });
    expect((await edit('Second text')).statusCode).toBe(200);
    const blog = await createBlog(t, group, member);
    expect((await putBlog(t, member, group.id, blog.id, { title: 'Edited', content: 'Edited' })).statusCode).toBe(200);
    await spend('editsPerUser', member.id, DISCUSSION_LIMITS.editsPerWindow - 2);
    expectLimited(await edit('Third text @someone'), DISCUSSION_MESSAGES.tooManyEdits);
    expectLimited(await putBlog(t, member, group.id, blog.id, { title: 'Again', content: 'Again' }), DISCUSSION_MESSAGES.tooManyEdits);
    expect((await api.get(`/groups/${group.id}/discussions/${post.id}`, member)).json().discussion.discussion_content).toBe('Second text');
  });

  it('section edits: 30 per person per 10 minutes', async () => {
    const owner = await createUser(t.database.db);
    const group = await createGroup(t.database.db, { owner });
    expect((await api.put(`/api/groups/${group.id}`, owner, { about: 'About one' })).statusCode).toBe(200);
    await spend('sectionEditsPerUser', owner.id, GROUP_LIMITS.sectionEditsPerWindow - 1);
    expectLimited(await api.put(`/api/groups/${group.id}`, owner, { rules: 'Rules two' }), GROUP_MESSAGES.tooManySectionEdits);
    const rows = await t.database.sql<{ desc: string }[]>`
      SELECT section_desc AS desc FROM group_sections WHERE group_id = ${group.id} AND section_header = 'Rules & Regulations'`;
    expect(rows[0]!.desc).toBe('');
  });

  it('join, leave and cancelled requests: 20 per person per 10 minutes', async () => {
    const owner = await createUser(t.database.db);
    const hopper = await createUser(t.database.db);
    const group = await createGroup(t.database.db, { owner });
    const closed = await createGroup(t.database.db, { owner, isPrivate: true });
    expect((await api.post(`/api/groups/${closed.id}/join`, hopper)).json().status).toBe('requested');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/groups/${closed.id}/join`, headers: hopper.auth })).statusCode).toBe(200);
    for (let i = 2; i < GROUP_LIMITS.membershipChangesPerWindow; i += 2) {
      expect((await api.post(`/api/groups/${group.id}/join`, hopper)).statusCode).toBe(200);
      expect((await api.post(`/api/groups/${group.id}/leave`, hopper)).statusCode).toBe(200);
    }
    expectLimited(await api.post(`/api/groups/${group.id}/join`, hopper), GROUP_MESSAGES.tooManyMembershipChanges);
    const [row] = await t.database.sql<{ n: number }[]>`SELECT member_count AS n FROM groups WHERE id = ${group.id}`;
    expect(row!.n).toBe(1);
    const other = await createUser(t.database.db);
    expect((await api.post(`/api/groups/${group.id}/join`, other)).statusCode).toBe(200);
  });

  it('invitations: 50 per sender per hour', async () => {
    const owner = await createUser(t.database.db);
    const group = await createGroup(t.database.db, { owner, isPrivate: true });
    const [first, second] = [await createUser(t.database.db), await createUser(t.database.db)];
    expect((await api.post(`/api/groups/${group.id}/invite`, owner, { userId: first!.id })).statusCode).toBe(200);
    await spend('invitesPerUser', owner.id, GROUP_LIMITS.invitesPerHour - 1);
    expectLimited(await api.post(`/api/groups/${group.id}/invite`, owner, { userId: second!.id }), GROUP_MESSAGES.tooManyInvites);
    const [row] = await t.database.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM notifications WHERE user_id = ${second!.id} AND noti_type = 'group_invite'`;
    expect(row!.n).toBe(0);
  });
});

describe('renames', () => {
  it('5 renames per community per day, whoever asks; the refused one changes nothing', async () => {
    const owner = await createUser(t.database.db);
    const group = await createGroup(t.database.db, { owner });
    // A refused rename (a taken name) costs nothing: trying names is free.
    const taken = await createGroup(t.database.db, { owner, name: 'Already Taken' });
    for (let i = 0; i < GROUP_LIMITS.renamesPerDay + 1; i++) {
      expect((await api.put(`/api/groups/${group.id}`, owner, { group_name: taken.name })).statusCode).toBe(409);
    }
    for (let i = 1; i <= GROUP_LIMITS.renamesPerDay; i++) {
      expect((await api.put(`/api/groups/${group.id}`, owner, { group_name: `Renamed ${i}` })).statusCode).toBe(200);
    }
    expectLimited(await api.put(`/api/groups/${group.id}`, owner, { group_name: 'One too many' }), GROUP_MESSAGES.tooManyRenames);
    const [row] = await t.database.sql<{ name: string }[]>`SELECT group_name AS name FROM groups WHERE id = ${group.id}`;
    expect(row!.name).toBe(`Renamed ${GROUP_LIMITS.renamesPerDay}`);
    // Sections still change (their own limit), and another community can be renamed.
    expect((await api.put(`/api/groups/${group.id}`, owner, { about: 'Still editable' })).statusCode).toBe(200);
    const other = await createGroup(t.database.db, { owner });
    expect((await api.put(`/api/groups/${other.id}`, owner, { group_name: 'Other renamed' })).statusCode).toBe(200);
  });
  it('a form rename refused inside its transaction (the name taken meanwhile) gives its point back', async () => {
    const owner = await createUser(t.database.db);
    const group = await createGroup(t.database.db, { owner });
    await spend('renamesPerGroup', group.id, GROUP_LIMITS.renamesPerDay - 1);
    const form = (name: string) => {
      const { payload, headers } = multipartForm({ group_name: name });
      return t.app.inject({ method: 'PUT', url: `/api/groups/${group.id}`, headers: { ...headers, ...owner.auth }, payload });
    };
    // The group row held: the rename passes its check of the name, then waits in its transaction for the row.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let lockHeld!: () => void;
    const held = new Promise<void>((resolve) => (lockHeld = resolve));
    const holder = t.database.sql.begin(async (sql) => {
      await sql`SELECT id FROM groups WHERE id = ${group.id} FOR UPDATE`;
      lockHeld();
      await released;
    });
    await held;
    const raced = Promise.resolve(form('Raced Name'));
    for (;;) {
      const [row] = await t.database.sql<{ n: number }[]>`
        SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted AND locktype IN ('transactionid', 'tuple')`;
      if (row!.n > 0) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    await createGroup(t.database.db, { owner, name: 'Raced Name' });
    release();
    await holder;
    expect((await raced).statusCode).toBe(409);
    // The last point is still there: a rename through the form goes through, the next one is refused.
    expect((await form('Renamed at last')).statusCode).toBe(200);
    expectLimited(await form('One too many'), GROUP_MESSAGES.tooManyRenames);
  });
});
