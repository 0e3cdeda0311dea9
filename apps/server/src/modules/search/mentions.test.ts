// @mention suggestions (issue 16 §4): GET /api/search/mentions orders friends, then members of the community written
// in, then everyone else; never the caller, a block either way, a deleted or suspended account; a private community
// the caller cannot read is treated as none (it is never confirmed); short or odd input is never a 500.
import { describe, expect, it } from 'vitest';
import { SEARCH_LIMITS, SEARCH_MESSAGES } from '@agora/contract';
import { befriend, createGroup, createUser, type TestUser } from '../../test/factories';
import { client, useTestApp } from '../../test/test-app';

const t = useTestApp();
const api = () => client(t);

let run = 0;
/** A fresh name stem per test, so tests do not see each other's people. */
const stem = () => `zq${(run += 1)}x`;

const user = (username: string, extra: Parameters<typeof createUser>[1] = {}) => createUser(t.database.db, { username, ...extra });

type Person = { username: string; is_friend: boolean; is_member: boolean };
async function suggest(who: TestUser | null, query: string): Promise<Person[]> {
  const res = await api().get(`/api/search/mentions?${query}`, who);
  expect(res.statusCode).toBe(200);
  return res.json().people;
}
const names = (people: Person[]) => people.map((p) => p.username);

describe('GET /api/search/mentions', () => {
  it('answers a visitor 401', async () => {
    const res = await api().get('/api/search/mentions?q=ab');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toHaveProperty('message');
  });

  it('lists friends, then members of the community, then everyone else; starts-with before contains', async () => {
    const s = stem();
    const me = await user(`${s}_self`);
    const other = await user(`${s}_other`);
    const member = await user(`${s}_member`);
    const friend = await user(`${s}_zfriend`);
    const inner = await user(`a${s}_inner`); // contains the stem, does not start with it
    await befriend(t.database.db, me, friend);
    const group = await createGroup(t.database.db, { owner: member, members: [{ user: me }] });

    const inGroup = await suggest(me, `q=${s}&group=${group.slug}`);
    expect(names(inGroup)).toEqual([friend.username, member.username, other.username, inner.username]);
    expect(inGroup[0]).toMatchObject({ is_friend: true, is_member: false, firstName: 'Test', lastName: 'User', profileImage: null });
    expect(inGroup[1]).toMatchObject({ is_friend: false, is_member: true });
    expect(inGroup[2]).toMatchObject({ is_friend: false, is_member: false });
    // By id too; without a community, members are just people.
    expect(names(await suggest(me, `q=${s}&group=${group.id}`))).toEqual(names(inGroup));
    expect(names(await suggest(me, `q=${s}`))).toEqual([friend.username, member.username, other.username, inner.username]);
    expect((await suggest(me, `q=${s}`))[1]!.is_member).toBe(false);
    // Case-insensitive, a leading @ is ignored, and limit is kept.
    expect(names(await suggest(me, `q=@${s.toUpperCase()}_M`))).toEqual([member.username]);
    expect(await suggest(me, `q=${s}&limit=2`)).toHaveLength(2);
    // The caller is never suggested.
    expect(names(await suggest(me, `q=${s}_self`))).toEqual([]);
    // LIKE wildcards are letters: `_` matches only an underscore.
    expect(names(await suggest(me, `q=${s.slice(0, -1)}_`))).toEqual([]);
  });

  it('finds friends by the start of their first or last name', async () => {
    const s = stem();
    const me = await user(`${s}_me`);
    const friend = await user(`${s}_pal`, { firstName: 'Quintessa', lastName: 'Marlowe' });
    const stranger = await user(`${s}_far`, { firstName: 'Quintessa', lastName: 'Marlowe' });
    await befriend(t.database.db, friend, me);
    expect(names(await suggest(me, 'q=quint'))).toContain(friend.username);
    expect(names(await suggest(me, 'q=marl'))).toContain(friend.username);
    expect(names(await suggest(me, 'q=quint'))).not.toContain(stranger.username);
  });

  it('never lists someone the caller blocked or who blocked the caller', async () => {
    const s = stem();
    const me = await user(`${s}_me`);
    const blockedByMe = await user(`${s}_one`);
    const blocksMe = await user(`${s}_two`);
    const fine = await user(`${s}_three`);
    await befriend(t.database.db, me, blocksMe);
    expect((await api().post(`/api/users/${blockedByMe.id}/block`, me)).statusCode).toBe(200);
    expect((await api().post(`/api/users/${me.id}/block`, blocksMe)).statusCode).toBe(200);
    expect(names(await suggest(me, `q=${s}`))).toEqual([fine.username]);
    // Neither side sees the other.
    expect(names(await suggest(blocksMe, `q=${s}`))).not.toContain(me.username);
  });

  it('never lists a deleted account or one suspended now (an ended suspension lists again)', async () => {
    const s = stem();
    const me = await user(`${s}_me`);
    const friend = await user(`${s}_friend`, { suspendedAt: new Date(), suspendedUntil: null });
    await befriend(t.database.db, me, friend);
    await user(`${s}_gone`, { deletedAt: new Date() });
    await user(`${s}_later`, { suspendedAt: new Date(), suspendedUntil: new Date(Date.now() + 86_400_000) });
    const back = await user(`${s}_back`, { suspendedAt: new Date(Date.now() - 2 * 86_400_000), suspendedUntil: new Date(Date.now() - 1000) });
    expect(names(await suggest(me, `q=${s}`))).toEqual([back.username]);
  });

  it('treats a private community the caller cannot read as no community (never confirming it)', async () => {
    const s = stem();
    const me = await user(`${s}_me`);
    const owner = await user(`${s}_owner`);
    const inside = await user(`${s}_inside`);
    const secret = await createGroup(t.database.db, { owner, isPrivate: true, members: [{ user: inside }] });
    const outside = await suggest(me, `q=${s}&group=${secret.slug}`);
    expect(outside.every((p) => !p.is_member)).toBe(true);
    // The same answer as for a community that does not exist, and as without one.
    expect(outside).toEqual(await suggest(me, `q=${s}&group=no-such-community-${s}`));
    expect(outside).toEqual(await suggest(me, `q=${s}`));
    expect(outside).toEqual(await suggest(me, `q=${s}&group=999999999`));
    // A member sees the members first.
    const member = await suggest(inside, `q=${s}&group=${secret.slug}`);
    expect(member[0]).toMatchObject({ username: owner.username, is_member: true });
  });

  it(`gives an empty list for fewer than ${SEARCH_LIMITS.mentionMinChars} letters, not an error`, async () => {
    const me = await user(`${stem()}_me`);
    expect(await suggest(me, 'q=')).toEqual([]);
    expect(await suggest(me, 'q=a')).toEqual([]);
    expect(await suggest(me, 'q=%40a')).toEqual([]);
    expect(await suggest(me, 'q=%20%20')).toEqual([]);
  });

  it.each([
    ['a 51-character query', `q=${'a'.repeat(51)}`, 400],
    ['no q', '', 400],
    ['limit 0', 'q=ab&limit=0', 400],
    ['limit above the most', `q=ab&limit=${SEARCH_LIMITS.mentionMax + 1}`, 400],
    ['limit not a number', 'q=ab&limit=many', 400],
    ['a NUL', 'q=ab%00cd', 200],
    ['LIKE wildcards', 'q=%25%25_%5C', 200],
    ['quotes and operators', `q=${encodeURIComponent(`"a' OR 1=1 --`)}`, 200],
    ['a malformed community', `q=ab&group=${encodeURIComponent('../../x y')}`, 200],
    ['a community id beyond int4', 'q=ab&group=99999999999999', 200],
    ['several q', 'q=ab&q=cd', 400],
  ])('never answers 500: %s', async (_label, query, status) => {
    const me = await user(`${stem()}_me`);
    const res = await api().get(`/api/search/mentions?${query}`, me);
    expect(res.statusCode).toBe(status);
    if (status === 400) expect(res.json()).toHaveProperty('message');
  });

  it('limits lookups per person (429 with the message)', async () => {
    const me = await user(`${stem()}_me`);
    for (let i = 0; i < SEARCH_LIMITS.mentionLookupsPerWindow; i += 1) t.app.ctx.limiters.mentionLookupsPerUser.consume(`user:${me.id}`);
    const res = await api().get('/api/search/mentions?q=abc', me);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(SEARCH_MESSAGES.tooManyMentionLookups);
    // Short input costs nothing (no query runs).
    expect((await api().get('/api/search/mentions?q=a', me)).statusCode).toBe(200);
  });
});
