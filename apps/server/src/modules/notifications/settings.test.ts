import { describe, expect, it } from 'vitest';
import { OPTIONAL_NOTIFICATION_TYPES } from '@agora/contract';
import { createGroup, createUser } from '../../test/factories';
import { useTestApp } from '../../test/test-app';

// Issue 14 §6: a type turned off creates no notification row (and so no push); friend requests and invitations
// cannot be turned off.
const t = useTestApp({ rateLimit: false });

/** The types of the person's notifications, newest first. */
const types = async (auth: { authorization: string }) =>
  ((await t.app.inject({ method: 'GET', url: '/notifications', headers: auth })).json().notifications as { noti_type: string }[]).map(
    (n) => n.noti_type,
  );

describe('notification settings', () => {
  it('starts with every type on and no digest; saves only what a PUT sends, at both paths', async () => {
    const ada = await createUser(t.database.db);
    const initial = await t.app.inject({ method: 'GET', url: '/api/notifications/settings', headers: ada.auth });
    expect(initial.statusCode).toBe(200);
    expect(initial.json().digest).toBe('off');
    expect(Object.keys(initial.json().types).sort()).toEqual([...OPTIONAL_NOTIFICATION_TYPES].sort());
    expect(Object.values(initial.json().types).every(Boolean)).toBe(true);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/notifications/settings',
      headers: ada.auth,
      payload: { types: { like: false } },
    });
    expect(saved.json().types.like).toBe(false);
    const again = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/settings',
      headers: ada.auth,
      payload: { digest: 'weekly' },
    });
    expect(again.json()).toMatchObject({ digest: 'weekly', types: { like: false, comment: true } });
  });

  it('refuses turning off friend requests or invitations, unknown types and values (400)', async () => {
    const ada = await createUser(t.database.db);
    for (const payload of [
      { types: { friend_request: false } },
      { types: { group_invite: false } },
      { types: { nope: false } },
      { digest: 'hourly' },
      { types: { like: 'no' } },
    ]) {
      const res = await t.app.inject({ method: 'PUT', url: '/api/notifications/settings', headers: ada.auth, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications/settings' })).statusCode).toBe(401);
  });

  it('writes no notification of a type turned off, and still writes the others', async () => {
    const owner = await createUser(t.database.db);
    const fan = await createUser(t.database.db);
    const group = await createGroup(t.database.db, { owner, members: [{ user: fan }] });
    const post = await t.app.inject({
      method: 'POST',
      url: `/groups/${group.id}/discussions`,
      headers: owner.auth,
      payload: { content: 'Hello' },
    });
    const discussionId = post.json().id ?? post.json().discussion?.id;
    expect(discussionId, post.body).toBeDefined();
    await t.app.inject({ method: 'PUT', url: '/api/notifications/settings', headers: owner.auth, payload: { types: { like: false } } });
    expect(await types(owner.auth)).toEqual([]);
    const liked = await t.app.inject({ method: 'POST', url: `/groups/${group.id}/discussions/${discussionId}/like`, headers: fan.auth });
    expect(liked.statusCode, liked.body).toBeLessThan(300);
    expect(await types(owner.auth)).toEqual([]);
    const commented = await t.app.inject({
      method: 'POST',
      url: `/groups/${group.id}/discussions/${discussionId}/comments`,
      headers: fan.auth,
      payload: { content: 'Nice' },
    });
    expect(commented.statusCode, commented.body).toBeLessThan(300);
    expect(await types(owner.auth)).toEqual(['comment']);
  });
});
