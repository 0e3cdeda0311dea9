import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app';
import { DEMO_PASSWORD } from './demo-data';
import { seedDemo } from './seed';

const t = useTestApp({ rateLimit: false });

describe('demo friendships', () => {
  it('seeds friends and pending requests the API reads like any others', async () => {
    await seedDemo(t.database.db, t.config.uploadsDir);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { emailOrUsername: 'maya_chen', password: DEMO_PASSWORD },
    });
    const { token, user } = login.json() as { token: string; user: { id: number } };
    const auth = { authorization: `Bearer ${token}` };
    const friends = (await t.app.inject({ method: 'GET', url: `/friends/${user.id}/friends`, headers: auth })).json();
    expect(friends.friends.map((f: { username: string }) => f.username)).toEqual([
      'arjun_patel',
      'leo_okafor',
      'priya_nair',
      'sofia_ramos',
    ]);
    expect(friends.total).toBe(4);
    const items = (await t.app.inject({ method: 'GET', url: '/notifications', headers: auth })).json().notifications;
    const request = items.find((n: { noti_type: string }) => n.noti_type === 'friend_request');
    expect(request).toMatchObject({ sender_username: 'sam_taylor', noti_link: `/?profile=${request.sender_id}` });
    const status = await t.app.inject({
      method: 'GET',
      url: `/friends/status/check?user1=${user.id}&user2=${request.sender_id}`,
      headers: auth,
    });
    expect(status.json()).toEqual({ status: 'pending_received' });
    const suggestions = (await t.app.inject({ method: 'GET', url: '/friends/suggestions', headers: auth })).json().suggestions;
    const names = suggestions.map((s: { username: string }) => s.username);
    // Friends of friends first (noah_kim: leo; amara_diallo: sofia; tom_walsh: arjun and priya).
    expect(names[0]).toBe('tom_walsh');
    expect(names).not.toContain('maya_chen');
    expect(names).not.toContain('sam_taylor');
    expect(names).not.toContain('lucas_moreau');
  });
});
