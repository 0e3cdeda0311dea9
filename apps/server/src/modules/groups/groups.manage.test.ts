// Over 400 lines: the owner's settings routes (rename, sections, pictures, privacy, delete) share one world of users and
// files; one file per route would repeat its setup.
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { GROUP_MESSAGES, type Role } from '@agora/contract';
import { describe, expect, it } from 'vitest';
import { createGroup, createUser, multipartForm, pngImage, type TestUser } from '../../test/factories';
import { client, useTestApp } from '../../test/test-app';
import { roleOf as roleIn } from './test-support';

const t = useTestApp({ rateLimit: false });
const { send } = client(t);

async function groupRow(id: number) {
  const [row] = await t.database.sql<
    {
      group_name: string;
      slug: string;
      is_private: boolean;
      owner_id: number;
      group_dp: string | null;
      group_banner: string | null;
      member_count: number;
    }[]
  >`SELECT group_name, slug, is_private, owner_id, group_dp, group_banner, member_count FROM groups WHERE id = ${id}`;
  return row;
}
const roleOf = (groupId: number, userId: number) => roleIn(t, groupId, userId);
const fileOf = (publicPath: string) => path.join(t.config.uploadsDir, publicPath.slice('/uploads/'.length));

/** A community with one person in every role, plus an outsider. */
async function staffed() {
  const owner = await createUser(t.database.db);
  const admin = await createUser(t.database.db);
  const admin2 = await createUser(t.database.db);
  const moderator = await createUser(t.database.db);
  const moderator2 = await createUser(t.database.db);
  const member = await createUser(t.database.db);
  const member2 = await createUser(t.database.db);
  const outsider = await createUser(t.database.db);
  const group = await createGroup(t.database.db, {
    owner,
    members: [
      { user: admin, role: 'admin' },
      { user: admin2, role: 'admin' },
      { user: moderator, role: 'moderator' },
      { user: moderator2, role: 'moderator' },
      { user: member },
      { user: member2 },
    ],
  });
  return { group, owner, admin, admin2, moderator, moderator2, member, member2, outsider };
}

describe('PUT /api/groups/{id} (JSON)', () => {
  it('renames: new slug, the old one keeps resolving; renaming back takes the old slug back', async () => {
    const owner = await createUser(t.database.db);
    const created = await send('POST', '/api/groups', owner, { group_name: 'Old Name' });
    const id = created.json().group_id;
    const res = await send('PUT', `/api/groups/old-name`, owner, { group_name: '  New   Name ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: GROUP_MESSAGES.updated, group: { id, group_name: 'New Name', slug: 'new-name' } });
    expect(res.json().overview).toHaveLength(3);
    for (const slug of ['old-name', 'new-name'])
      expect((await t.app.inject({ method: 'GET', url: `/groups/${slug}` })).json().group.slug).toBe('new-name');
    const back = await send('PUT', `/api/groups/${id}`, owner, { group_name: 'Old Name' });
    expect(back.json().group.slug).toBe('old-name');
    // Changing only the case keeps the slug; the name itself may change case.
    const cased = await send('PUT', `/api/groups/${id}`, owner, { group_name: 'OLD name' });
    expect(cased.statusCode).toBe(200);
    expect(cased.json().group).toMatchObject({ group_name: 'OLD name', slug: 'old-name' });
  });

  it('answers 409 "already exists" when renaming to another community’s name, and changes nothing', async () => {
    const owner = await createUser(t.database.db);
    await createGroup(t.database.db, { owner, name: 'Taken Name' });
    const mine = await createGroup(t.database.db, { owner, name: 'Mine To Rename' });
    const res = await send('PUT', `/api/groups/${mine.id}`, owner, { group_name: 'taken NAME' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'group_name_taken', message: expect.stringContaining('already exists') });
    expect((await groupRow(mine.id))!.group_name).toBe('Mine To Rename');
  });

  it('edits each section, cleaned and limited', async () => {
    const owner = await createUser(t.database.db);
    const group = await createGroup(t.database.db, { owner });
    const cases: [string, string][] = [
      ['about', 'About Us'],
      ['rules', 'Rules & Regulations'],
      ['social_media', 'Social Media'],
    ];
    for (const [key, header] of cases) {
      const res = await send('PUT', `/api/groups/${group.id}`, owner, { [key]: `Text for ${key}  \r\n\r\n\r\nline\u200b two` });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(GROUP_MESSAGES.sectionUpdated);
      const section = res.json().overview.find((s: { section_header: string }) => s.section_header === header);
      expect(section.section_desc).toBe(`Text for ${key}\n\nline two`);
    }
    const cleared = await send('PUT', `/api/groups/${group.id}`, owner, { rules: '' });
    expect(cleared.json().overview[1].section_desc).toBe('');
    const tooLong = await send('PUT', `/api/groups/${group.id}`, owner, { about: 'x'.repeat(5001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(GROUP_MESSAGES.sectionTooLong);
    const control = await send('PUT', `/api/groups/${group.id}`, owner, { about: 'bell\u0007' });
    expect(control.statusCode).toBe(400);
  });

  it('takes exactly one change', async () => {
    const owner = await createUser(t.database.db);
    const group = await createGroup(t.database.db, { owner });
    for (const body of [{}, { about: 'a', rules: 'b' }, { group_name: 'X', about: 'a' }, { unknown: 'x' }]) {
      const res = await send('PUT', `/api/groups/${group.id}`, owner, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(GROUP_MESSAGES.updateExactlyOne);
    }
    expect((await t.app.inject({ method: 'PUT', url: `/api/groups/${group.id}`, headers: owner.auth })).statusCode).toBe(400);
  });

  it('is the owner’s alone: admins, members, outsiders get 403 and nothing changes; visitors 401', async () => {
    const s = await staffed();
    for (const user of [s.admin, s.moderator, s.member, s.outsider]) {
      for (const body of [{ group_name: 'Hijacked' }, { about: 'Hijacked' }]) {
        const res = await send('PUT', `/api/groups/${s.group.id}`, user, body);
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(GROUP_MESSAGES.ownerOnly);
      }
      expect((await send('PUT', `/api/groups/${s.group.id}/privacy`, user, { is_private: 1 })).statusCode).toBe(403);
    }
    expect((await send('PUT', `/api/groups/${s.group.id}`, null, { about: 'x' })).statusCode).toBe(401);
    const after = (await t.app.inject({ method: 'GET', url: `/groups/${s.group.id}` })).json();
    expect(after.group).toMatchObject({ group_name: s.group.name, is_private: 0 });
    expect(after.overview[0].section_desc).toBe('');
  });
});

describe('PUT /api/groups/{id} (multipart)', () => {
  it('replaces the banner and picture, deleting the old files; a refused image changes nothing', async () => {
    const owner = await createUser(t.database.db);
    const first = multipartForm(
      { group_name: 'With Pictures' },
      { group_dp: { data: await pngImage() }, group_banner: { data: await pngImage(600, 200) } },
    );
    const created = (
      await t.app.inject({ method: 'POST', url: '/api/groups', headers: { ...owner.auth, ...first.headers }, payload: first.payload })
    ).json();
    const oldDp = created.group.group_dp as string;
    const oldBanner = created.group.group_banner as string;
    expect(existsSync(fileOf(oldDp))).toBe(true);

    const bannerOnly = multipartForm({}, { group_banner: { data: await pngImage(900, 300) } });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/groups/${created.group_id}`,
      headers: { ...owner.auth, ...bannerOnly.headers },
      payload: bannerOnly.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const newBanner = res.json().group.group_banner as string;
    expect(newBanner).not.toBe(oldBanner);
    expect(res.json().group.group_dp).toBe(oldDp);
    expect(existsSync(fileOf(oldBanner))).toBe(false);
    expect(existsSync(fileOf(newBanner))).toBe(true);

    const both = multipartForm({ group_name: 'Renamed With Pictures' }, { group_dp: { data: await pngImage(100, 100) } });
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/groups/${created.group_id}`,
      headers: { ...owner.auth, ...both.headers },
      payload: both.payload,
    });
    expect(renamed.json().group).toMatchObject({ group_name: 'Renamed With Pictures', slug: 'renamed-with-pictures' });
    expect(existsSync(fileOf(oldDp))).toBe(false);

    // The same name with a new banner: the banner still changes.
    const sameName = multipartForm({ group_name: 'Renamed With Pictures' }, { group_banner: { data: await pngImage(900, 300) } });
    const same = await t.app.inject({
      method: 'PUT',
      url: `/api/groups/${created.group_id}`,
      headers: { ...owner.auth, ...sameName.headers },
      payload: sameName.payload,
    });
    expect(same.json().group.group_banner).not.toBe(newBanner);
    expect(existsSync(fileOf(newBanner))).toBe(false);
    expect(existsSync(fileOf(same.json().group.group_banner))).toBe(true);

    const before = await groupRow(created.group_id);
    const bad = multipartForm({}, { group_dp: { data: Buffer.from('not an image at all, just text') } });
    const refused = await t.app.inject({
      method: 'PUT',
      url: `/api/groups/${created.group_id}`,
      headers: { ...owner.auth, ...bad.headers },
      payload: bad.payload,
    });
    expect(refused.statusCode).toBe(415);
    expect(await groupRow(created.group_id)).toEqual(before);
    const huge = multipartForm({}, { group_banner: { data: Buffer.alloc(15 * 1024 * 1024 + 1) } });
    const tooBig = await t.app.inject({
      method: 'PUT',
      url: `/api/groups/${created.group_id}`,
      headers: { ...owner.auth, ...huge.headers },
      payload: huge.payload,
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe(GROUP_MESSAGES.bannerTooLarge);
    const empty = multipartForm({});
    const nothing = await t.app.inject({
      method: 'PUT',
      url: `/api/groups/${created.group_id}`,
      headers: { ...owner.auth, ...empty.headers },
      payload: empty.payload,
    });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toBe(GROUP_MESSAGES.updateNothing);
  });

  it('refuses a non-owner before storing any file', async () => {
    const s = await staffed();
    const dir = path.join(t.config.uploadsDir, 'groupdp');
    const count = () => (existsSync(dir) ? readdirSync(dir).length : 0);
    const before = count();
    const form = multipartForm({}, { group_dp: { data: await pngImage() } });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/groups/${s.group.id}`,
      headers: { ...s.admin.auth, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(403);
    expect(count()).toBe(before);
    expect((await groupRow(s.group.id))!.group_dp).toBeNull();
  });
});

describe('PUT /api/groups/{id}/privacy', () => {
  it('flips privacy with 0/1 and answers the stored value', async () => {
    const owner = await createUser(t.database.db);
    const group = await createGroup(t.database.db, { owner });
    const res = await send('PUT', `/api/groups/${group.id}/privacy`, owner, { is_private: 1 });
    expect(res.json()).toEqual({ message: GROUP_MESSAGES.privacyUpdated, is_private: 1 });
    expect((await groupRow(group.id))!.is_private).toBe(true);
    for (const value of [2, -1, 'yes', null])
      expect((await send('PUT', `/api/groups/${group.id}/privacy`, owner, { is_private: value })).statusCode).toBe(400);
    expect((await send('PUT', `/api/groups/${group.id}/privacy`, owner, { is_private: false })).json().is_private).toBe(0);
  });
});

describe('member actions through the API: actor × target × action', () => {
  type Who = 'owner' | 'admin' | 'moderator' | 'member' | 'outsider';
  // The status each actor gets acting on a target of each role (self excluded; "2" = a second person of that role).
  const kick: Record<Who, Record<string, number>> = {
    owner: { owner: 403, admin: 200, moderator: 200, member: 200 },
    admin: { owner: 403, admin2: 403, moderator: 200, member: 200 },
    moderator: { owner: 403, admin: 403, moderator2: 403, member: 200 },
    member: { owner: 403, admin: 403, moderator: 403, member2: 403 },
    outsider: { owner: 403, admin: 403, moderator: 403, member: 403 },
  };
  for (const [actor, targets] of Object.entries(kick) as [Who, Record<string, number>][]) {
    for (const [target, status] of Object.entries(targets)) {
      it(`kick: ${actor} → ${target}: ${status}`, async () => {
        const s = await staffed();
        const before = (await groupRow(s.group.id))!.member_count;
        const targetUser = s[target as keyof typeof s] as TestUser;
        const res = await send('POST', `/api/groups/${s.group.id}/kick`, s[actor], { memberId: targetUser.id });
        expect(res.statusCode).toBe(status);
        if (status === 200) {
          expect(res.json()).toEqual({ message: GROUP_MESSAGES.kicked(targetUser.username), member_count: before - 1 });
          expect(await roleOf(s.group.id, targetUser.id)).toBeNull();
        } else {
          expect(await roleOf(s.group.id, targetUser.id)).not.toBeNull();
          expect((await groupRow(s.group.id))!.member_count).toBe(before);
          const expected = actor === 'member' || actor === 'outsider' ? GROUP_MESSAGES.staffOnly : GROUP_MESSAGES.noPermission;
          expect(res.json().message).toBe(expected);
        }
      });
    }
  }

  const assign: [Who, string, Role, number][] = [
    ['owner', 'member', 'admin', 200],
    ['owner', 'member', 'moderator', 200],
    ['owner', 'admin', 'member', 200],
    ['owner', 'admin', 'moderator', 200],
    ['owner', 'moderator', 'admin', 200],
    ['owner', 'member', 'member', 400],
    ['admin', 'member', 'moderator', 200],
    ['admin', 'moderator', 'member', 200],
    ['admin', 'member', 'admin', 403],
    ['admin', 'admin2', 'member', 403],
    ['admin', 'owner', 'member', 403],
    ['moderator', 'member', 'moderator', 403],
    ['moderator', 'member', 'member', 400],
    ['member', 'member2', 'moderator', 403],
    ['outsider', 'member', 'moderator', 403],
  ];
  for (const [actor, target, newRole, status] of assign) {
    it(`assign-role: ${actor} makes ${target} ${newRole}: ${status}`, async () => {
      const s = await staffed();
      const targetUser = s[target as keyof typeof s] as TestUser;
      const before = await roleOf(s.group.id, targetUser.id);
      const res = await send('POST', `/api/groups/${s.group.id}/assign-role`, s[actor], { memberId: targetUser.id, newRole });
      expect(res.statusCode).toBe(status);
      if (status === 200) {
        expect(res.json()).toMatchObject({
          message: GROUP_MESSAGES.roleUpdated(newRole),
          member: { id: targetUser.id, role_name: newRole },
        });
        expect(await roleOf(s.group.id, targetUser.id)).toBe(newRole);
      } else {
        expect(await roleOf(s.group.id, targetUser.id)).toBe(before);
      }
    });
  }

  it('never makes anyone owner through assign-role, and never demotes the owner', async () => {
    const s = await staffed();
    expect(
      (await send('POST', `/api/groups/${s.group.id}/assign-role`, s.owner, { memberId: s.admin.id, newRole: 'owner' })).statusCode,
    ).toBe(400);
    for (const actor of [s.owner, s.admin]) {
      const res = await send('POST', `/api/groups/${s.group.id}/assign-role`, actor, { memberId: s.owner.id, newRole: 'member' });
      expect(res.statusCode).toBe(403);
    }
    expect(await roleOf(s.group.id, s.owner.id)).toBe('owner');
  });

  it('hostile memberIds: another community’s member, the owner, unknown, junk — always 4xx and no change', async () => {
    const s = await staffed();
    const elsewhere = await createUser(t.database.db);
    await createGroup(t.database.db, { owner: elsewhere, members: [{ user: s.outsider }] });
    const url = `/api/groups/${s.group.id}`;
    const other = await send('POST', `${url}/kick`, s.owner, { memberId: elsewhere.id });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: GROUP_MESSAGES.memberNotFound, code: 'member_not_found', requestId: expect.any(String) });
    expect((await send('POST', `${url}/kick`, s.owner, { memberId: s.outsider.id })).statusCode).toBe(404);
    expect((await send('POST', `${url}/kick`, s.owner, { memberId: 99999999 })).statusCode).toBe(404);
    expect((await send('POST', `${url}/kick`, s.owner, { memberId: s.owner.id })).statusCode).toBe(403);
    expect((await send('POST', `${url}/kick`, s.admin, { memberId: s.admin.id })).statusCode).toBe(403);
    for (const memberId of ['abc', -1, 0, 3.5, 2 ** 31, Number.MAX_SAFE_INTEGER, '1; DROP TABLE users', null, [], {}, true]) {
      for (const action of ['kick', 'assign-role', 'transfer']) {
        const res = await send('POST', `${url}/${action}`, s.owner, { memberId, newRole: 'member' });
        expect(res.statusCode, `${action} ${JSON.stringify(memberId)}`).toBe(400);
        expect(res.json().message).toBe(GROUP_MESSAGES.invalidMemberId);
      }
    }
    expect((await send('POST', `${url}/kick`, s.owner, {})).statusCode).toBe(400);
    for (const newRole of ['owner', 'ADMIN', 'superuser', '', 7]) {
      expect((await send('POST', `${url}/assign-role`, s.owner, { memberId: s.member.id, newRole })).statusCode).toBe(400);
    }
    expect((await send('POST', `${url}/kick`, null, { memberId: s.member.id })).statusCode).toBe(401);
    expect((await groupRow(s.group.id))!.member_count).toBe(7);
  });
});

describe('POST /api/groups/{id}/transfer', () => {
  it('hands the community to an admin; the old owner becomes admin; one owner row, owner_id moved', async () => {
    const s = await staffed();
    const res = await send('POST', `/api/groups/${s.group.id}/transfer`, s.owner, { memberId: s.admin.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: GROUP_MESSAGES.transferred(s.admin.username), owner_id: s.admin.id });
    expect((await groupRow(s.group.id))!.owner_id).toBe(s.admin.id);
    expect(await roleOf(s.group.id, s.admin.id)).toBe('owner');
    expect(await roleOf(s.group.id, s.owner.id)).toBe('admin');
    const owners = await t.database.sql`SELECT user_id FROM group_members WHERE group_id = ${s.group.id} AND role = 'owner'`;
    expect(owners).toHaveLength(1);
    // The new owner rules now; the old one may leave.
    expect((await send('POST', `/api/groups/${s.group.id}/kick`, s.admin, { memberId: s.owner.id })).statusCode).toBe(200);
  });

  it('only the owner, only to an admin of this community', async () => {
    const s = await staffed();
    const url = `/api/groups/${s.group.id}/transfer`;
    for (const target of [s.moderator, s.member]) {
      const res = await send('POST', url, s.owner, { memberId: target.id });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(GROUP_MESSAGES.transferToAdminOnly);
    }
    expect((await send('POST', url, s.owner, { memberId: s.outsider.id })).statusCode).toBe(404);
    expect((await send('POST', url, s.owner, { memberId: s.owner.id })).statusCode).toBe(400);
    for (const actor of [s.admin, s.moderator, s.member, s.outsider]) {
      expect((await send('POST', url, actor, { memberId: s.admin2.id })).statusCode).toBe(403);
    }
    expect((await groupRow(s.group.id))!.owner_id).toBe(s.owner.id);
  });
});

describe('DELETE /api/groups/{id}', () => {
  it('needs the exact name, removes the community, its rows and its files', async () => {
    const owner = await createUser(t.database.db);
    const member = await createUser(t.database.db);
    const form = multipartForm(
      { group_name: 'Doomed Club' },
      { group_dp: { data: await pngImage() }, group_banner: { data: await pngImage(600, 200) } },
    );
    const created = (
      await t.app.inject({ method: 'POST', url: '/api/groups', headers: { ...owner.auth, ...form.headers }, payload: form.payload })
    ).json();
    const id = created.group_id as number;
    await send('POST', `/api/groups/${id}/join`, member);
    await send('POST', `/api/groups/${id}/invite`, owner, { userId: (await createUser(t.database.db)).id });
    await send('PUT', `/api/groups/${id}`, owner, { group_name: 'Doomed Club Renamed' });
    // A discussion with an image and a blog with a header image: their files go too.
    const postImage = '/uploads/post/deletedwithgroup.webp';
    const blogImage = '/uploads/post/blogheader.webp';
    mkdirSync(path.join(t.config.uploadsDir, 'post'), { recursive: true });
    writeFileSync(fileOf(postImage), 'x');
    writeFileSync(fileOf(blogImage), 'x');
    const [discussion] = await t.database.sql<{ id: number }[]>`
      INSERT INTO discussions (group_id, user_id, content) VALUES (${id}, ${member.id}, 'hello') RETURNING id`;
    await t.database.sql`INSERT INTO discussion_media (discussion_id, media_url, position) VALUES (${discussion!.id}, ${postImage}, 0)`;
    await t.database
      .sql`INSERT INTO blogs (group_id, author_id, title, content, blog_img) VALUES (${id}, ${owner.id}, 'T', 'C', ${blogImage})`;

    for (const confirmName of ['doomed club renamed', 'Doomed Club', '', 'x'.repeat(300)]) {
      const res = await send('DELETE', `/api/groups/${id}`, owner, { confirmName });
      expect(res.statusCode, confirmName).toBe(400);
    }
    expect((await send('DELETE', `/api/groups/${id}`, owner, {})).statusCode).toBe(400);
    expect((await send('DELETE', `/api/groups/${id}`, member, { confirmName: 'Doomed Club Renamed' })).statusCode).toBe(403);
    expect((await send('DELETE', `/api/groups/${id}`, null, { confirmName: 'Doomed Club Renamed' })).statusCode).toBe(401);

    const res = await send('DELETE', `/api/groups/${id}`, owner, { confirmName: '  Doomed Club Renamed ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: GROUP_MESSAGES.deleted });
    for (const table of ['groups', 'group_members', 'group_sections', 'group_slugs', 'notifications', 'discussions', 'blogs']) {
      const column = table === 'groups' ? 'id' : 'group_id';
      const [row] = await t.database.sql.unsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM ${table} WHERE ${column} = $1`, [id]);
      expect(row!.n, table).toBe(0);
    }
    for (const file of [created.group.group_dp, created.group.group_banner, postImage, blogImage])
      expect(existsSync(fileOf(file)), file).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/groups/doomed-club' })).statusCode).toBe(404);
  });
});
