import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { GROUP_MESSAGES } from '@agora/contract';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createUser, multipartForm, pngImage, type TestUser } from '../../test/factories';
import { useTestApp } from '../../test/test-app';

const t = useTestApp({ rateLimit: false });

function create(user: TestUser | null, fields: Record<string, string>, files: Parameters<typeof multipartForm>[1] = {}) {
  const form = multipartForm(fields, files);
  return t.app.inject({ method: 'POST', url: '/api/groups', headers: { ...(user?.auth ?? {}), ...form.headers }, payload: form.payload });
}

function uploadedFiles(): string[] {
  return ['groupdp', 'groupbanner'].flatMap((kind) => {
    const dir = path.join(t.config.uploadsDir, kind);
    return existsSync(dir) ? readdirSync(dir).map((f) => `${kind}/${f}`) : [];
  });
}

async function groupCount(): Promise<number> {
  const [row] = await t.database.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM groups`;
  return row!.n;
}

describe('POST /api/groups', () => {
  it('creates a community owned by the signed-in user, whatever owner_id says', async () => {
    const user = await createUser(t.database.db);
    const other = await createUser(t.database.db);
    const res = await create(user, {
      group_name: '  Night   Owls Book Club ',
      owner_id: String(other.id),
      aboutText: 'We read **at night**.\r\n\r\n\r\n\r\nJoin us.',
      rulesText: 'Be kind',
      socialMediaText: 'https://discord.gg/owls [Discord]',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      message: GROUP_MESSAGES.created,
      slug: 'night-owls-book-club',
      group: {
        group_name: 'Night Owls Book Club',
        owner_id: user.id,
        is_private: 0,
        group_verified: 0,
        member_count: 1,
        post_count: 0,
        is_member: true,
        isMember: true,
        is_owner: true,
        group_dp: null,
        group_banner: null,
      },
    });
    expect(body.group_id).toBe(body.group.id);
    const detail = (await t.app.inject({ method: 'GET', url: `/groups/${body.slug}`, headers: user.auth })).json();
    expect(detail.role).toBe('owner');
    expect(detail.overview).toEqual([
      { section_header: 'About Us', section_desc: 'We read **at night**.\n\nJoin us.' },
      { section_header: 'Rules & Regulations', section_desc: 'Be kind' },
      { section_header: 'Social Media', section_desc: 'https://discord.gg/owls [Discord]' },
    ]);
    const members = await t.database.sql`SELECT user_id, role FROM group_members WHERE group_id = ${body.group_id}`;
    expect(members).toEqual([{ user_id: user.id, role: 'owner' }]);
  });

  it('stores both pictures through the image pipeline: a 512×512 square and a 1600×533 banner', async () => {
    const user = await createUser(t.database.db);
    const res = await create(
      user,
      { group_name: 'Pictures' },
      { group_dp: { data: await pngImage(300, 200) }, group_banner: { data: await pngImage(900, 300), filename: 'b.png' } },
    );
    expect(res.statusCode).toBe(201);
    const { group_dp, group_banner } = res.json().group;
    expect(group_dp).toMatch(/^\/uploads\/groupdp\/[\w-]+\.jpg$/);
    expect(group_banner).toMatch(/^\/uploads\/groupbanner\/[\w-]+\.jpg$/);
    const dp = await sharp(path.join(t.config.uploadsDir, group_dp.slice('/uploads/'.length))).metadata();
    const banner = await sharp(path.join(t.config.uploadsDir, group_banner.slice('/uploads/'.length))).metadata();
    expect([dp.width, dp.height, dp.format]).toEqual([512, 512, 'jpeg']);
    expect([banner.width, banner.height, banner.format]).toEqual([1600, 533, 'jpeg']);
    const served = await t.app.inject({ method: 'GET', url: group_dp });
    expect(served.statusCode).toBe(200);
  });

  it('also takes JSON without files', async () => {
    const user = await createUser(t.database.db);
    const res = await t.app.inject({ method: 'POST', url: '/api/groups', headers: user.auth, payload: { group_name: 'Json Made' } });
    expect(res.statusCode).toBe(201);
    expect(res.json().slug).toBe('json-made');
  });

  it('answers 401 with the SPEC text to a visitor and stores nothing', async () => {
    const before = await groupCount();
    const res = await create(null, { group_name: 'Visitors' }, { group_dp: { data: await pngImage() } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: GROUP_MESSAGES.loginToCreate, code: 'unauthorized' });
    expect(await groupCount()).toBe(before);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/groups',
      headers: { authorization: 'Bearer nope' },
      payload: { group_name: 'X' },
    });
    expect(bad.statusCode).toBe(401);
  });

  it.each([
    ['', GROUP_MESSAGES.nameInvalid],
    ['     ', GROUP_MESSAGES.nameInvalid],
    ['\u200b\u200c\u200d\ufeff', GROUP_MESSAGES.nameInvalid],
    [' \u2060 \u200b ', GROUP_MESSAGES.nameInvalid],
    ['x'.repeat(51), GROUP_MESSAGES.nameTooLong],
    ['bad\u0007name', 'Text contains characters that are not allowed'],
  ])('refuses the name %j with "%s"', async (name, message) => {
    const user = await createUser(t.database.db);
    const res = await create(user, { group_name: name });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, fields: { group_name: message } });
  });

  it('refuses a missing name and over-long sections', async () => {
    const user = await createUser(t.database.db);
    const missing = await create(user, { aboutText: 'hi' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(GROUP_MESSAGES.nameInvalid);
    const long = await create(user, { group_name: 'Long About', aboutText: 'a'.repeat(5001) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ message: GROUP_MESSAGES.sectionTooLong, fields: { aboutText: GROUP_MESSAGES.sectionTooLong } });
    expect((await create(user, { group_name: 'Exact About', aboutText: 'a'.repeat(5000) })).statusCode).toBe(201);
  });

  it('allows 50 characters and trims zero-width characters from a real name', async () => {
    const user = await createUser(t.database.db);
    const fifty = 'N'.repeat(50);
    expect((await create(user, { group_name: fifty })).json().group.group_name).toBe(fifty);
    expect((await create(user, { group_name: '\u200bZero\u200b Width' })).json().group.group_name).toBe('Zero Width');
  });

  it('answers 409 "already exists" for a taken name in any case, and stores no second row or file', async () => {
    const user = await createUser(t.database.db);
    expect((await create(user, { group_name: 'Garden Friends' })).statusCode).toBe(201);
    const filesBefore = uploadedFiles();
    const before = await groupCount();
    const res = await create(
      await createUser(t.database.db),
      { group_name: 'GARDEN friends' },
      { group_banner: { data: await pngImage(600, 200) } },
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'group_name_taken', message: expect.stringContaining('already exists') });
    expect(await groupCount()).toBe(before);
    expect(uploadedFiles()).toEqual(filesBefore);
  });

  it('gives a new slug with a suffix when the slug is taken, and never one that looks like an id or a route', async () => {
    const user = await createUser(t.database.db);
    expect((await create(user, { group_name: 'Chess' })).json().slug).toBe('chess');
    expect((await create(user, { group_name: 'Chess!' })).json().slug).toBe('chess-2');
    expect((await create(user, { group_name: 'Chess?' })).json().slug).toBe('chess-3');
    expect((await create(user, { group_name: '1984' })).json().slug).toBe('1984-community');
    expect((await create(user, { group_name: 'Joined' })).json().slug).toBe('joined-2');
    expect((await create(user, { group_name: '🌱🌱' })).json().slug).toBe('community');
    expect((await create(user, { group_name: 'Ελληνικά Νέα' })).json().slug).toBe('ellinika-nea');
  });

  it('refuses a picture over 5 MB and a banner over 15 MB with the SPEC texts (413), storing nothing', async () => {
    const user = await createUser(t.database.db);
    const before = await groupCount();
    const filesBefore = uploadedFiles();
    const dp = await create(user, { group_name: 'Big Picture' }, { group_dp: { data: Buffer.alloc(5 * 1024 * 1024 + 1, 1) } });
    expect(dp.statusCode).toBe(413);
    expect(dp.json().message).toBe(GROUP_MESSAGES.pictureTooLarge);
    const banner = await create(
      user,
      { group_name: 'Big Banner' },
      { group_dp: { data: await pngImage() }, group_banner: { data: Buffer.alloc(15 * 1024 * 1024 + 1, 1) } },
    );
    expect(banner.statusCode).toBe(413);
    expect(banner.json().message).toBe(GROUP_MESSAGES.bannerTooLarge);
    expect(await groupCount()).toBe(before);
    expect(uploadedFiles()).toEqual(filesBefore);
  });

  it('refuses a file that is not an image (415) and a broken image (400) with no row and no file', async () => {
    const user = await createUser(t.database.db);
    const before = await groupCount();
    const filesBefore = uploadedFiles();
    const svg = await create(
      user,
      { group_name: 'Svg' },
      {
        group_banner: { data: await pngImage(600, 200) },
        group_dp: {
          data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
          contentType: 'image/svg+xml',
        },
      },
    );
    expect(svg.statusCode).toBe(415);
    const png = await pngImage();
    const broken = await create(
      user,
      { group_name: 'Broken' },
      { group_dp: { data: Buffer.concat([png.subarray(0, 40), Buffer.alloc(40)]) } },
    );
    expect(broken.statusCode).toBe(400);
    expect(await groupCount()).toBe(before);
    expect(uploadedFiles()).toEqual(filesBefore);
  });

  it('deletes the written files when the transaction fails after them', async () => {
    const user = await createUser(t.database.db);
    // A trigger that fails the insert after validation passed: the files were already written and must go.
    await t.database.sql.unsafe(`CREATE FUNCTION fail_group() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
      IF NEW.group_name = 'Doomed' THEN RAISE EXCEPTION 'doomed'; END IF; RETURN NEW; END $$`);
    await t.database.sql.unsafe(`CREATE TRIGGER fail_group BEFORE INSERT ON groups FOR EACH ROW EXECUTE FUNCTION fail_group()`);
    try {
      const filesBefore = uploadedFiles();
      const before = await groupCount();
      const res = await create(
        user,
        { group_name: 'Doomed' },
        { group_dp: { data: await pngImage() }, group_banner: { data: await pngImage(600, 200) } },
      );
      expect(res.statusCode).toBe(500);
      expect(await groupCount()).toBe(before);
      expect(uploadedFiles()).toEqual(filesBefore);
    } finally {
      await t.database.sql.unsafe('DROP TRIGGER fail_group ON groups; DROP FUNCTION fail_group()');
    }
  });

  it('is readable at once by id, by slug in any case, and under /api', async () => {
    const user = await createUser(t.database.db);
    const { group_id, slug } = (await create(user, { group_name: 'Readable' })).json();
    for (const url of [`/groups/${group_id}`, `/groups/${slug}`, `/groups/${slug.toUpperCase()}`, `/api/groups/${slug}`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.json().group.id).toBe(group_id);
    }
  });

  it('keeps the slugs of many parallel creations of one name distinct', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => createUser(t.database.db)));
    const results = await Promise.all(users.map((u, i) => create(u, { group_name: `Parallel ${'!'.repeat(i + 1)}` })));
    expect(results.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    const slugs = results.map((r) => r.json().slug);
    expect(new Set(slugs).size).toBe(6);
    expect(slugs.sort()).toEqual(['parallel', 'parallel-2', 'parallel-3', 'parallel-4', 'parallel-5', 'parallel-6']);
  });

  it('answers exactly one 201 and 409s when the same name is created in parallel', async () => {
    const users = await Promise.all(Array.from({ length: 5 }, () => createUser(t.database.db)));
    const results = await Promise.all(users.map((u) => create(u, { group_name: 'Race Name' })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    const [row] = await t.database.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM groups WHERE lower(group_name) = 'race name'`;
    expect(row!.n).toBe(1);
  });

  it('counts each slug in the history table', async () => {
    const user = await createUser(t.database.db);
    const { group_id } = (await create(user, { group_name: 'History One' })).json();
    const rows = await t.database.db.execute(sql`SELECT slug FROM group_slugs WHERE group_id = ${group_id}`);
    expect([...rows]).toEqual([{ slug: 'history-one' }]);
  });
});

describe('POST /api/groups rate limit', () => {
  const limited = useTestApp({ rateLimit: true });
  it('refuses the 11th creation within an hour with 429 and Retry-After', async () => {
    const user = await createUser(limited.database.db);
    for (let i = 0; i < 10; i++) {
      const res = await limited.app.inject({
        method: 'POST',
        url: '/api/groups',
        headers: user.auth,
        payload: { group_name: `Limit ${i}` },
      });
      expect(res.statusCode).toBe(201);
    }
    const res = await limited.app.inject({ method: 'POST', url: '/api/groups', headers: user.auth, payload: { group_name: 'Limit 10' } });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(GROUP_MESSAGES.tooManyCreations);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    const other = await createUser(limited.database.db);
    expect(
      (await limited.app.inject({ method: 'POST', url: '/api/groups', headers: other.auth, payload: { group_name: 'Other user' } }))
        .statusCode,
    ).toBe(201);
  });
});
