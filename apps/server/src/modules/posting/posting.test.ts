import { POSTING_LIMITS, POSTING_MESSAGES } from '@agora/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBlog, createGroup, createPost, createUser, multipartForm, type TestUser } from '../../test/factories';
import { client, useTestApp } from '../../test/test-app';

/**
 * Posting limits and filters (issue 15 §7) with a fixed clock: `Date` is faked (timers are not), every time the
 * rules compare is set from it, and the database's own clock is never asked.
 */
const t = useTestApp();
const api = client(t);
const NOW = new Date('2031-03-04T12:00:00.000Z');
const MIN = 60_000;
const HOUR = 60 * MIN;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

function at(ms: number): Date {
  return new Date(NOW.getTime() + ms);
}

async function world(rules?: { slowModeMinutes?: number; minAccountAgeHours?: number; blockedWords?: string[] }) {
  const owner = await createUser(t.database.db);
  const admin = await createUser(t.database.db);
  const moderator = await createUser(t.database.db);
  const member = await createUser(t.database.db);
  const group = await createGroup(t.database.db, {
    owner,
    members: [
      { user: admin, role: 'admin' },
      { user: moderator, role: 'moderator' },
      { user: member, role: 'member' },
    ],
  });
  if (rules) {
    const res = await api.put(`/api/groups/${group.id}/posting-rules`, owner, {
      slowModeMinutes: 0,
      minAccountAgeHours: 0,
      blockedWords: [],
      ...rules,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  return { owner, admin, moderator, member, group };
}

const post = (group: { id: number }, user: TestUser, content: string) =>
  api.post(`/groups/${group.id}/discussions`, user, { content, mediaUrls: [] });
const comment = (group: { id: number }, discussionId: number, user: TestUser, content: string) =>
  api.post(`/groups/${group.id}/discussions/${discussionId}/comments`, user, { content, parentCommentId: null });

async function setCreatedAt(table: 'discussions' | 'comments' | 'blogs', id: number, when: Date) {
  await t.database.sql.unsafe(`UPDATE ${table} SET created_at = $1 WHERE id = $2`, [when.toISOString(), id]);
}

function expectRefused(res: LightMyRequestResponse, status: number, code: string, message: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toEqual({ message, code, requestId: expect.any(String) });
}

async function discussionCount(groupId: number): Promise<number> {
  const [row] = await t.database.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM discussions WHERE group_id = ${groupId}`;
  return row!.n;
}

describe('posting rules: reading and writing', () => {
  it('the owner and admins set them; moderators read them; members and visitors may not', async () => {
    const w = await world();
    expect((await api.get(`/api/groups/${w.group.id}/posting-rules`, w.moderator)).json()).toEqual({
      slowModeMinutes: 0,
      minAccountAgeHours: 0,
      blockedWords: [],
    });
    const body = { slowModeMinutes: 5, minAccountAgeHours: 24, blockedWords: ['  spam   link ', 'Spam Link', '', 'casino'] };
    const res = await api.put(`/api/groups/${w.group.id}/posting-rules`, w.admin, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: POSTING_MESSAGES.rulesSaved,
      rules: { slowModeMinutes: 5, minAccountAgeHours: 24, blockedWords: ['spam link', 'casino'] },
    });
    expect((await api.put(`/api/groups/${w.group.id}/posting-rules`, w.moderator, body)).statusCode).toBe(403);
    expect((await api.put(`/api/groups/${w.group.id}/posting-rules`, w.member, body)).statusCode).toBe(403);
    expect((await api.get(`/api/groups/${w.group.id}/posting-rules`, w.member)).statusCode).toBe(403);
    expect((await api.get(`/api/groups/${w.group.id}/posting-rules`)).statusCode).toBe(401);
    expect((await api.get(`/api/groups/999999/posting-rules`, w.owner)).statusCode).toBe(404);
    expect((await api.get(`/api/groups/${w.group.id}/posting-rules`, w.owner)).json().slowModeMinutes).toBe(5);
  });

  it('refuses values outside the fixed options and lists over the limits', async () => {
    const w = await world();
    const put = (body: object) =>
      api.put(`/api/groups/${w.group.id}/posting-rules`, w.owner, { slowModeMinutes: 0, minAccountAgeHours: 0, blockedWords: [], ...body });
    expect((await put({ slowModeMinutes: 7 })).json().fields.slowModeMinutes).toBe(POSTING_MESSAGES.slowModeInvalid);
    expect((await put({ minAccountAgeHours: 2 })).json().fields.minAccountAgeHours).toBe(POSTING_MESSAGES.accountAgeInvalid);
    expect((await put({ blockedWords: ['x'.repeat(POSTING_LIMITS.blockedWordMax + 1)] })).statusCode).toBe(400);
    const many = Array.from({ length: POSTING_LIMITS.blockedWordsMax + 1 }, (_, i) => `word${i}`);
    expect((await put({ blockedWords: many })).json().message).toBe(POSTING_MESSAGES.tooManyBlockedWords);
    expect((await put({ blockedWords: many.slice(1) })).statusCode).toBe(200);
  });
});

describe('slow mode', () => {
  it('one discussion per member per N minutes: 429 with Retry-After and when they can post again', async () => {
    const w = await world({ slowModeMinutes: 5 });
    const first = await createPost(t, w.group, w.member, 'First thoughts');
    await setCreatedAt('discussions', first.id, at(-2 * MIN));
    const res = await post(w.group, w.member, 'Second thoughts');
    expectRefused(res, 429, 'slow_mode', POSTING_MESSAGES.slowMode('5 minutes', '3 minutes'));
    expect(res.headers['retry-after']).toBe('180');
    expect(await discussionCount(w.group.id)).toBe(1);
    // Comments are not slowed; another community is not either.
    expect((await comment(w.group, first.id, w.member, 'A comment')).statusCode).toBe(201);
    vi.setSystemTime(at(3 * MIN));
    expect((await post(w.group, w.member, 'Second thoughts')).statusCode).toBe(201);
  });

  it('the owner, admins and moderators are exempt', async () => {
    const w = await world({ slowModeMinutes: 60 });
    for (const who of [w.owner, w.admin, w.moderator]) {
      const first = await createPost(t, w.group, who, `One by ${who.username}`);
      await setCreatedAt('discussions', first.id, at(-1 * MIN));
      await createPost(t, w.group, who, `Two by ${who.username}`);
    }
    // A member in the same place is slowed.
    const mine = await createPost(t, w.group, w.member, 'One by a member');
    await setCreatedAt('discussions', mine.id, at(-1 * MIN));
    expect((await post(w.group, w.member, 'Two by a member')).statusCode).toBe(429);
  });
});

describe('minimum account age', () => {
  it('an account younger than the rule is refused with 403 and when it may post; staff are exempt', async () => {
    const w = await world({ minAccountAgeHours: 72 });
    const young = await createUser(t.database.db, { createdAt: at(-10 * HOUR) });
    await t.database.sql`INSERT INTO group_members (group_id, user_id, role) VALUES (${w.group.id}, ${young.id}, 'member')`;
    const existing = await createPost(t, w.group, w.member, 'Welcome');
    expectRefused(await post(w.group, young, 'Hello'), 403, 'account_too_new', POSTING_MESSAGES.accountTooNew('3 days', '3 days'));
    expectRefused(
      await comment(w.group, existing.id, young, 'Hi'),
      403,
      'account_too_new',
      POSTING_MESSAGES.accountTooNew('3 days', '3 days'),
    );
    const youngAdmin = await createUser(t.database.db, { createdAt: at(-1 * HOUR) });
    await t.database.sql`INSERT INTO group_members (group_id, user_id, role) VALUES (${w.group.id}, ${youngAdmin.id}, 'moderator')`;
    expect((await post(w.group, youngAdmin, 'From a new moderator')).statusCode).toBe(201);
    vi.setSystemTime(at(62 * HOUR));
    expect((await post(w.group, young, 'Hello at last')).statusCode).toBe(201);
  });
});

describe('blocked words', () => {
  it('a discussion, comment, edit or blog containing one is refused with 400 naming it; case, accents and look-alikes do not help', async () => {
    const w = await world({ blockedWords: ['casino', 'free money'] });
    const existing = await createPost(t, w.group, w.member, 'A fine post');
    const refusal = (word: string) => POSTING_MESSAGES.blockedWord(word);
    expectRefused(await post(w.group, w.member, 'Visit the CASÍNO today'), 400, 'blocked_word', refusal('casino'));
    expectRefused(await post(w.group, w.member, 'get FREE\n\n mоney now'), 400, 'blocked_word', refusal('free money'));
    expectRefused(await comment(w.group, existing.id, w.member, 'casino!'), 400, 'blocked_word', refusal('casino'));
    expectRefused(
      await api.put(`/groups/${w.group.id}/discussions/${existing.id}`, w.member, { content: 'now a casino' }),
      400,
      'blocked_word',
      refusal('casino'),
    );
    // Staff are not exempt from the words.
    expectRefused(await post(w.group, w.owner, 'casino'), 400, 'blocked_word', refusal('casino'));
    const form = multipartForm({ title: 'Casino night', content: 'Fun' });
    const blog = await t.app.inject({
      method: 'POST',
      url: `/groups/${w.group.id}/posts`,
      headers: { ...w.owner.auth, ...form.headers },
      payload: form.payload,
    });
    expectRefused(blog, 400, 'blocked_word', refusal('casino'));
    // Whole words only: "casinos" and "freemoney" are other words.
    expect((await post(w.group, w.member, 'casinos and freemoney')).statusCode).toBe(201);
    expect(await discussionCount(w.group.id)).toBe(2);
  });
});

describe('site-wide limits', () => {
  it('the same text by the same person within 5 minutes is refused (discussions, comments, blogs), whitespace and case aside', async () => {
    const w = await world();
    const first = await createPost(t, w.group, w.member, 'Buy my  thing');
    await setCreatedAt('discussions', first.id, at(-4 * MIN));
    const res = await post(w.group, w.member, '  buy MY thing ');
    expectRefused(res, 429, 'duplicate_post', POSTING_MESSAGES.duplicate);
    expect(res.headers['retry-after']).toBe('300');
    expectRefused(await comment(w.group, first.id, w.member, 'Buy my thing'), 429, 'duplicate_post', POSTING_MESSAGES.duplicate);
    // Someone else may say the same; after 5 minutes the writer may too.
    expect((await post(w.group, w.admin, 'Buy my thing')).statusCode).toBe(201);
    vi.setSystemTime(at(1 * MIN + 1));
    expect((await comment(w.group, first.id, w.member, 'Buy my thing')).statusCode).toBe(201);
    const blog = await createBlog(t, w.group, w.owner, { title: 'One', content: 'Same words' });
    await setCreatedAt('blogs', blog.id, at(0));
    expectRefused(await post(w.group, w.owner, 'same words'), 429, 'duplicate_post', POSTING_MESSAGES.duplicate);
  });

  it('an account in its first 24 hours starts at most 3 discussions and writes at most 20 comments; then the limit ends', async () => {
    const w = await world();
    const fresh = await createUser(t.database.db, { createdAt: at(-20 * HOUR) });
    await t.database.sql`INSERT INTO group_members (group_id, user_id, role) VALUES (${w.group.id}, ${fresh.id}, 'member')`;
    const posts = [];
    for (let i = 1; i <= POSTING_LIMITS.newAccountDiscussions; i++) posts.push(await createPost(t, w.group, fresh, `Post number ${i}`));
    const res = await post(w.group, fresh, 'Post number 4');
    expectRefused(res, 429, 'rate_limited', POSTING_MESSAGES.newAccountDiscussions);
    // Retry-After is when the first day ends (4 hours), not the limiter's 24-hour window.
    expect(res.headers['retry-after']).toBe(String(4 * 3600));
    for (let i = 1; i <= POSTING_LIMITS.newAccountComments; i++) {
      expect((await comment(w.group, posts[0]!.id, fresh, `Comment number ${i}`)).statusCode).toBe(201);
    }
    expectRefused(
      await comment(w.group, posts[0]!.id, fresh, 'Comment number 21'),
      429,
      'rate_limited',
      POSTING_MESSAGES.newAccountComments,
    );
    // A month-old account is not limited so.
    for (let i = 1; i <= 4; i++) await createPost(t, w.group, w.member, `Older post ${i}`);
    vi.setSystemTime(at(4 * HOUR));
    expect((await post(w.group, fresh, 'Post number 4')).statusCode).toBe(201);
  });
});
