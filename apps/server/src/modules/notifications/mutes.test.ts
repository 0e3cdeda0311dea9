import { describe, expect, it } from 'vitest';
import { createGroup, createPost, createUser } from '../../test/factories';
import { useTestApp } from '../../test/test-app';

// Issue 14 §6: nothing from a muted community or discussion notifies the person who muted it.
const t = useTestApp({ rateLimit: false });

const types = async (auth: { authorization: string }) =>
  ((await t.app.inject({ method: 'GET', url: '/notifications', headers: auth })).json().notifications as { noti_type: string }[]).map(
    (n) => n.noti_type,
  );

describe('mutes', () => {
  it('a muted discussion notifies nothing; unmuted, it notifies again; other discussions still notify', async () => {
    const owner = await createUser(t.database.db);
    const fan = await createUser(t.database.db);
    const group = await createGroup(t.database.db, { owner, members: [{ user: fan }] });
    const quiet = await createPost(t, group, owner, 'Quiet one');
    const loud = await createPost(t, group, owner, 'Loud one');
    const mute = (muted: boolean) =>
      t.app.inject({ method: 'PUT', url: `/groups/${group.id}/discussions/${quiet.id}/mute`, headers: owner.auth, payload: { muted } });
    expect((await mute(true)).json()).toEqual({ muted: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications/mutes', headers: owner.auth })).json()).toEqual({
      groups: [],
      discussions: [quiet.id],
      mutedGroups: [],
      mutedDiscussions: [{ id: quiet.id, groupId: group.id, groupName: group.name, excerpt: 'Quiet one' }],
    });
    await t.app.inject({
      method: 'POST',
      url: `/groups/${group.id}/discussions/${quiet.id}/comments`,
      headers: fan.auth,
      payload: { content: 'Hi' },
    });
    expect(await types(owner.auth)).toEqual([]);
    await t.app.inject({
      method: 'POST',
      url: `/groups/${group.id}/discussions/${loud.id}/comments`,
      headers: fan.auth,
      payload: { content: 'Hi' },
    });
    expect(await types(owner.auth)).toEqual(['comment']);
    await mute(false);
    await t.app.inject({ method: 'POST', url: `/groups/${group.id}/discussions/${quiet.id}/like`, headers: fan.auth });
    expect(await types(owner.auth)).toEqual(['like', 'comment']);
  });

  it('a muted community notifies nothing of its posts; the mute answers at /api/groups/{id}/mute', async () => {
    const owner = await createUser(t.database.db);
    const fan = await createUser(t.database.db);
    const group = await createGroup(t.database.db, { owner, members: [{ user: fan }] });
    const post = await createPost(t, group, owner, 'Anything');
    const res = await t.app.inject({ method: 'PUT', url: `/api/groups/${group.id}/mute`, headers: owner.auth, payload: { muted: true } });
    expect(res.json()).toEqual({ muted: true });
    await t.app.inject({ method: 'POST', url: `/groups/${group.id}/discussions/${post.id}/like`, headers: fan.auth });
    await t.app.inject({
      method: 'POST',
      url: `/groups/${group.id}/discussions/${post.id}/comments`,
      headers: fan.auth,
      payload: { content: 'Yo' },
    });
    expect(await types(owner.auth)).toEqual([]);
  });

  it('lists the mutes by name, newest first, with a one-line excerpt; a post of a private community left is no longer named', async () => {
    const owner = await createUser(t.database.db);
    const fan = await createUser(t.database.db);
    const first = await createGroup(t.database.db, { owner, members: [{ user: fan }] });
    const second = await createGroup(t.database.db, { owner, members: [{ user: fan }] });
    const secret = await createGroup(t.database.db, { owner, isPrivate: true, members: [{ user: fan }] });
    const long = await createPost(t, first, owner, `Line one\n\n  ${'word '.repeat(40)}end`);
    const hidden = await createPost(t, secret, owner, 'Members only');
    const put = (url: string, muted: boolean) => t.app.inject({ method: 'PUT', url, headers: fan.auth, payload: { muted } });
    await put(`/api/groups/${first.id}/mute`, true);
    await put(`/api/groups/${second.slug}/mute`, true);
    await put(`/groups/${first.id}/discussions/${long.id}/mute`, true);
    await put(`/groups/${secret.id}/discussions/${hidden.id}/mute`, true);
    const list = async () => (await t.app.inject({ method: 'GET', url: '/api/notifications/mutes', headers: fan.auth })).json();
    const body = await list();
    expect(body.groups).toEqual([first.id, second.id]);
    expect(body.mutedGroups).toEqual([
      { id: second.id, name: second.name, slug: second.slug },
      { id: first.id, name: first.name, slug: first.slug },
    ]);
    expect(body.mutedDiscussions.map((d: { id: number }) => d.id)).toEqual([hidden.id, long.id]);
    const excerpt = body.mutedDiscussions[1].excerpt as string;
    expect(excerpt.startsWith('Line one word word')).toBe(true);
    expect(excerpt.endsWith('word…')).toBe(true);
    expect(excerpt.length).toBeLessThanOrEqual(121);

    // Leaving the private community: the mute stays (its id), its text is no longer shown.
    expect((await t.app.inject({ method: 'POST', url: `/api/groups/${secret.id}/leave`, headers: fan.auth })).statusCode).toBe(200);
    const after = await list();
    expect(after.discussions).toContain(hidden.id);
    expect(after.mutedDiscussions.map((d: { id: number }) => d.id)).toEqual([long.id]);

    await put(`/api/groups/${second.id}/mute`, false);
    expect((await list()).mutedGroups.map((g: { id: number }) => g.id)).toEqual([first.id]);
  });

  it('refuses a visitor (401), a private community one is not in (403), a discussion of another community (404), bad input (400)', async () => {
    const owner = await createUser(t.database.db);
    const outsider = await createUser(t.database.db);
    const secret = await createGroup(t.database.db, { owner, isPrivate: true });
    const open = await createGroup(t.database.db, { owner });
    const post = await createPost(t, secret, owner, 'Secret');
    expect((await t.app.inject({ method: 'PUT', url: `/api/groups/${open.id}/mute`, payload: { muted: true } })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/groups/${secret.id}/mute`, headers: outsider.auth, payload: { muted: true } }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/groups/${open.id}/discussions/${post.id}/mute`,
          headers: owner.auth,
          payload: { muted: true },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/groups/${open.id}/mute`, headers: owner.auth, payload: { muted: 'yes' } }))
        .statusCode,
    ).toBe(400);
  });
});
