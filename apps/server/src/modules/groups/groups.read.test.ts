import { GROUP_MESSAGES } from '@agora/contract';
import { describe, expect, it } from 'vitest';
import { createGroup, createUser } from '../../test/factories';
import { client, useTestApp } from '../../test/test-app';

const t = useTestApp({ rateLimit: false });
const { get } = client(t);

describe('GET /groups/{id}', () => {
  it('returns every §3 field, the three sections in order, and the viewer’s relation', async () => {
    const owner = await createUser(t.database.db);
    const member = await createUser(t.database.db);
    const group = await createGroup(t.database.db, { owner, name: 'Field Check', members: [{ user: member, role: 'moderator' }] });
    const res = await get(`/groups/${group.slug}`, member);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      group: {
        id: group.id,
        slug: group.slug,
        group_name: 'Field Check',
        group_dp: null,
        group_banner: null,
        owner_id: owner.id,
        is_private: 0,
        group_verified: 0,
        category: null,
        post_count: 0,
        member_count: 2,
        is_member: true,
        isMember: true,
        is_owner: false,
      },
      overview: [
        { section_header: 'About Us', section_desc: '' },
        { section_header: 'Rules & Regulations', section_desc: '' },
        { section_header: 'Social Media', section_desc: '' },
      ],
      isMember: true,
      role: 'moderator',
      joinRequest: 'none',
      invite: null,
      // What a moderator may do (the community policy): read, post, moderate members; not manage content or settings.
      abilities: { read: true, contribute: true, moderate: true, manage: false, update: false },
    });
  });

  it('shows a private community’s header and overview to anyone, with the visitor’s relation empty', async () => {
    const owner = await createUser(t.database.db);
    const group = await createGroup(t.database.db, { owner, isPrivate: true });
    for (const viewer of [null, await createUser(t.database.db)]) {
      const res = await get(`/groups/${group.id}`, viewer);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ group: { is_private: 1, is_member: false }, isMember: false, role: null, joinRequest: 'none' });
    }
    expect((await get(`/groups/${group.id}`, owner)).json()).toMatchObject({ role: 'owner', isMember: true, group: { is_owner: true } });
  });

  it('marks a verified community with 1', async () => {
    const owner = await createUser(t.database.db);
    const group = await createGroup(t.database.db, { owner });
    await t.database.sql`UPDATE groups SET group_verified = true WHERE id = ${group.id}`;
    expect((await get(`/groups/${group.id}`)).json().group.group_verified).toBe(1);
  });

  it.each([
    '999999',
    '2147483647',
    '2147483648',
    '99999999999999999999',
    '-1',
    '0',
    '007',
    '1.5',
    '1e3',
    'no-such-group',
    'UPPER-but-missing',
    '%00',
    '..%2F..%2Fetc',
    'a'.repeat(90),
    "x' OR '1'='1",
    '😀',
  ])('answers 404 group_not_found for %j, never a 500', async (id) => {
    const res = await get(`/groups/${encodeURIComponent(id)}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: GROUP_MESSAGES.notFound, code: 'group_not_found', requestId: expect.any(String) });
  });

  it('answers 414 for a path parameter over 100 characters (Fastify’s limit)', async () => {
    expect((await get(`/groups/${'a'.repeat(250)}`)).statusCode).toBe(414);
  });

  it('treats a digit-only path as an id even when a slug starts with those digits', async () => {
    const owner = await createUser(t.database.db);
    const numbered = await createGroup(t.database.db, { owner, name: 'Numbered' });
    await t.database.sql`UPDATE groups SET slug = ${`${numbered.id}-lookalike`} WHERE id = ${numbered.id}`;
    await t.database.sql`INSERT INTO group_slugs (slug, group_id) VALUES (${`${numbered.id}-lookalike`}, ${numbered.id})`;
    expect((await get(`/groups/${numbered.id}`)).json().group.id).toBe(numbered.id);
    expect((await get(`/groups/${numbered.id}-lookalike`)).json().group.id).toBe(numbered.id);
  });
});

describe('GET /groups (Explore)', () => {
  it('lists public communities by size with is_member, the first 10 by default, paginated with nextCursor', async () => {
    const t2 = await createUser(t.database.db, { username: 'explorer_x' });
    const owner = await createUser(t.database.db);
    // A private one never appears.
    await createGroup(t.database.db, { owner, name: 'Explore Hidden', isPrivate: true });
    const created = [];
    for (let i = 0; i < 13; i++)
      created.push(await createGroup(t.database.db, { owner, name: `Explore Zeta ${String(i).padStart(2, '0')}` }));
    await t.database.sql`UPDATE groups SET member_count = 1000 + id WHERE group_name LIKE 'Explore Zeta%'`;
    await t.database.sql`INSERT INTO group_members (group_id, user_id) VALUES (${created[12]!.id}, ${t2.id})`;
    const first = await get('/groups', t2);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.groups).toHaveLength(10);
    expect(body.groups.every((g: { is_private: number }) => g.is_private === 0)).toBe(true);
    const counts = body.groups.map((g: { member_count: number }) => g.member_count);
    expect(counts).toEqual([...counts].sort((a: number, b: number) => b - a));
    expect(body.groups[0]).toMatchObject({ id: created[12]!.id, is_member: true, isMember: true });
    expect(body.groups[1]).toMatchObject({ is_member: false });
    expect(body.nextCursor).toEqual(expect.any(String));
    // Walk every page: each public community exactly once, never the private one.
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: { groups: { id: number }[]; nextCursor: string | null } = (
        await get(`/groups?limit=4${cursor ? `&cursor=${cursor}` : ''}`)
      ).json();
      seen.push(...page.groups.map((g: { id: number }) => g.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    for (const g of created) expect(seen).toContain(g.id);
  });

  it('searches names case-insensitively anywhere, wildcards taken literally', async () => {
    const owner = await createUser(t.database.db);
    await createGroup(t.database.db, { owner, name: 'Sourdough Bakers' });
    await createGroup(t.database.db, { owner, name: 'Weekend BAKERS club' });
    await createGroup(t.database.db, { owner, name: '100% Rye' });
    await createGroup(t.database.db, { owner, name: 'Secret bakers', isPrivate: true });
    const names = async (q: string) =>
      (await get(`/groups?search=${encodeURIComponent(q)}`))
        .json()
        .groups.map((g: { group_name: string }) => g.group_name)
        .sort();
    expect(await names('bakers')).toEqual(['Sourdough Bakers', 'Weekend BAKERS club']);
    expect(await names('  DOUGH ')).toEqual(['Sourdough Bakers']);
    expect(await names('100%')).toEqual(['100% Rye']);
    expect(await names('%')).toEqual(['100% Rye']);
    expect(await names('_')).toEqual([]);
    expect(await names('no match at all')).toEqual([]);
  });

  it('gives exact pages whether the term is rare or common site-wide (both search strategies)', async () => {
    const owner = await createUser(t.database.db);
    // 2,100 "Commonplace" communities: more site-wide matches than the trigram path collects.
    await t.database.sql`INSERT INTO groups (slug, group_name, owner_id, member_count, is_private)
      SELECT 'commonplace-' || i, 'Commonplace ' || i, ${owner.id}, i % 50, i % 9 = 0 FROM generate_series(1, 2100) i`;
    const walk = async (q: string) => {
      const ids: number[] = [];
      let cursor: string | null = null;
      do {
        const page: { groups: { id: number; group_name: string; is_private: number }[]; nextCursor: string | null } = (
          await get(`/groups?search=${encodeURIComponent(q)}&limit=50${cursor ? `&cursor=${cursor}` : ''}`)
        ).json();
        for (const g of page.groups) expect([g.group_name.toLowerCase().includes(q.toLowerCase()), g.is_private]).toEqual([true, 0]);
        ids.push(...page.groups.map((g) => g.id));
        cursor = page.nextCursor;
      } while (cursor);
      return ids;
    };
    const expected = async (like: string) =>
      (
        await t.database.sql<{ id: number }[]>`SELECT id FROM groups WHERE NOT is_private AND lower(group_name) LIKE ${like}
          ORDER BY member_count DESC, id DESC`
      ).map((r) => r.id);
    expect(await walk('COMMONPLACE')).toEqual(await expected('%commonplace%'));
    expect(await walk('place 20')).toEqual(await expected('%place 20%'));
  });

  it('refuses a malformed cursor or limit with 400, never a 500', async () => {
    for (const q of [
      'cursor=abc',
      'cursor=WzFd',
      'cursor=' + Buffer.from('["x",1]').toString('base64url'),
      'limit=0',
      'limit=51',
      'limit=abc',
      `search=${'x'.repeat(101)}`,
    ]) {
      const res = await get(`/groups?${q}`);
      expect(res.statusCode, q).toBe(400);
    }
  });
});

describe('GET /groups/suggested', () => {
  it('ranks public communities the viewer has not joined by size and recent activity', async () => {
    const owner = await createUser(t.database.db);
    const viewer = await createUser(t.database.db);
    const big = await createGroup(t.database.db, { owner, name: 'Suggest Big' });
    const fresh = await createGroup(t.database.db, { owner, name: 'Suggest Fresh' });
    const joined = await createGroup(t.database.db, { owner, name: 'Suggest Joined', members: [{ user: viewer }] });
    const hidden = await createGroup(t.database.db, { owner, name: 'Suggest Private', isPrivate: true });
    // Big: 10,000 members, active two weeks ago. Fresh: 10 members, active now (3 decades fewer members ≈ 3 weeks).
    await t.database
      .sql`UPDATE groups SET activity_score = log(10000) + extract(epoch from now() - interval '14 days') / 604800 + 100 WHERE id = ${big.id}`;
    await t.database.sql`UPDATE groups SET activity_score = log(10) + extract(epoch from now()) / 604800 + 100 WHERE id = ${fresh.id}`;
    await t.database.sql`UPDATE groups SET activity_score = 1e12 WHERE id IN (${joined.id}, ${hidden.id})`;
    const ids = (await get('/groups/suggested?limit=2', viewer)).json().groups.map((g: { id: number }) => g.id);
    expect(ids).toEqual([big.id, fresh.id]);
    const visitor = (await get('/groups/suggested?limit=3')).json().groups.map((g: { id: number }) => g.id);
    expect(visitor).toEqual([joined.id, big.id, fresh.id]);
  });

  it('keeps the score in step when members join', async () => {
    const owner = await createUser(t.database.db);
    const res = await t.app.inject({ method: 'POST', url: '/api/groups', headers: owner.auth, payload: { group_name: 'Score Keeper' } });
    const id = res.json().group_id;
    const score = async () => (await t.database.sql<{ s: number }[]>`SELECT activity_score AS s FROM groups WHERE id = ${id}`)[0]!.s;
    const before = await score();
    for (let i = 0; i < 9; i++) {
      const u = await createUser(t.database.db);
      await t.app.inject({ method: 'POST', url: `/api/groups/${id}/join`, headers: u.auth });
    }
    // 10 members: log10(10) = 1 more than at 1 member, plus the (tiny) time that passed.
    expect((await score()) - before).toBeGreaterThanOrEqual(1);
    expect((await score()) - before).toBeLessThan(1.01);
  });
});

describe('GET /groups/joined, /groups/mine', () => {
  it('lists the signed-in user’s communities, owned ones marked, newest first', async () => {
    const me = await createUser(t.database.db);
    const other = await createUser(t.database.db);
    const mine = await createGroup(t.database.db, { owner: me, name: 'Mine One' });
    const theirs = await createGroup(t.database.db, { owner: other, name: 'Theirs Private', isPrivate: true, members: [{ user: me }] });
    await createGroup(t.database.db, { owner: other, name: 'Not Mine' });
    const joined = (await get('/groups/joined', me)).json();
    expect(joined.groups.map((g: { id: number }) => g.id).sort()).toEqual([mine.id, theirs.id].sort());
    expect(joined.groups.find((g: { id: number }) => g.id === mine.id)).toMatchObject({ is_owner: true, is_member: true });
    expect(joined.groups.find((g: { id: number }) => g.id === theirs.id)).toMatchObject({
      is_owner: false,
      is_member: true,
      is_private: 1,
    });
    expect(joined.nextCursor).toBeNull();
    const owned = (await get('/groups/mine', me)).json();
    expect(owned.groups.map((g: { id: number }) => g.id)).toEqual([mine.id]);
  });

  it('lists another user’s communities with the viewer’s own is_member; 404 for an unknown user; 400 for junk', async () => {
    const viewer = await createUser(t.database.db);
    const person = await createUser(t.database.db);
    const a = await createGroup(t.database.db, { owner: person, name: 'Person A', members: [{ user: viewer }] });
    const b = await createGroup(t.database.db, { owner: viewer, name: 'Viewer B', members: [{ user: person, role: 'admin' }] });
    const joined = (await get(`/groups/joined/${person.id}`, viewer)).json().groups;
    expect(joined.map((g: { id: number }) => g.id).sort()).toEqual([a.id, b.id].sort());
    expect(joined.find((g: { id: number }) => g.id === a.id)).toMatchObject({ owner_id: person.id, is_member: true, is_owner: false });
    expect(joined.find((g: { id: number }) => g.id === b.id)).toMatchObject({ owner_id: viewer.id, is_owner: true });
    expect((await get(`/groups/mine/${person.id}`, viewer)).json().groups.map((g: { id: number }) => g.id)).toEqual([a.id]);
    const missing = await get('/groups/joined/99999999', viewer);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('user_not_found');
    expect((await get('/api/groups/mine/99999999', viewer)).statusCode).toBe(404);
    for (const junk of ['abc', '-1', '0', '1.5', '99999999999']) expect((await get(`/groups/joined/${junk}`, viewer)).statusCode).toBe(400);
    expect((await get(`/groups/mine/${person.id}`)).statusCode).toBe(401);
  });

  it('pages through many joined communities with the cursor', async () => {
    const me = await createUser(t.database.db);
    const owner = await createUser(t.database.db);
    const ids = [];
    for (let i = 0; i < 7; i++) ids.push((await createGroup(t.database.db, { owner, name: `Paged ${i}`, members: [{ user: me }] })).id);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: { groups: { id: number }[]; nextCursor: string | null } = (
        await get(`/groups/joined?limit=3${cursor ? `&cursor=${cursor}` : ''}`, me)
      ).json();
      expect(page.groups.length).toBeLessThanOrEqual(3);
      seen.push(...page.groups.map((g: { id: number }) => g.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.sort()).toEqual(ids.sort());
  });

  it('needs a signed-in user', async () => {
    expect((await get('/groups/joined')).statusCode).toBe(401);
    expect((await get('/api/groups/mine')).statusCode).toBe(401);
  });
});
