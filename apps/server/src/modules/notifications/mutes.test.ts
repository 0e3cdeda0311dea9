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
