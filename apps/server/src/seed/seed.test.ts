import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-data';
import { DEMO_GROUPS } from './demo-groups';
import { seedDemo } from './seed';

const t = useTestApp({ rateLimit: false });

describe('seedDemo', () => {
  it('seeds demo people with their own password salts, and communities consistent with the API’s rules', async () => {
    const accounts = await seedDemo(t.database.db, t.config.uploadsDir);
    expect(accounts?.map((a) => a.username)).toEqual(DEMO_USERS.map((u) => u.username));
    const hashes = await t.database.sql<{ password_hash: string }[]>`SELECT password_hash FROM users`;
    expect(new Set(hashes.map((h) => h.password_hash)).size).toBe(DEMO_USERS.length);

    const groups = await t.database.sql<
      {
        id: number;
        slug: string;
        member_count: number;
        rows: number;
        owners: number;
        group_verified: boolean;
        is_private: boolean;
        group_dp: string;
        group_banner: string;
      }[]
    >`SELECT g.id, g.slug, g.member_count, g.group_verified, g.is_private, g.group_dp, g.group_banner,
        (SELECT count(*)::int FROM group_members m WHERE m.group_id = g.id) AS rows,
        (SELECT count(*)::int FROM group_members m WHERE m.group_id = g.id AND m.role = 'owner' AND m.user_id = g.owner_id) AS owners
      FROM groups g ORDER BY g.id`;
    expect(groups).toHaveLength(DEMO_GROUPS.length);
    for (const g of groups) {
      expect(g.member_count).toBe(g.rows);
      expect(g.owners).toBe(1);
      for (const file of [g.group_dp, g.group_banner])
        expect(existsSync(path.join(t.config.uploadsDir, file.slice('/uploads/'.length)))).toBe(true);
    }
    expect(groups.filter((g) => g.group_verified)).toHaveLength(2);
    expect(groups.filter((g) => g.is_private)).toHaveLength(1);
    const roles = await t.database.sql<{ role: string }[]>`SELECT DISTINCT role FROM group_members ORDER BY role`;
    expect(roles.map((r) => r.role)).toEqual(['owner', 'admin', 'moderator', 'member']);

    // Through the API: the private community shows maya_chen her invitation; its staff see pending requests.
    const login = async (username: string) =>
      (
        await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { emailOrUsername: username, password: DEMO_PASSWORD } })
      ).json().token as string;
    const hidden = groups.find((g) => g.is_private)!;
    const maya = await login('maya_chen');
    const detail = (
      await t.app.inject({ method: 'GET', url: `/groups/${hidden.slug}`, headers: { authorization: `Bearer ${maya}` } })
    ).json();
    expect(detail.invite).toMatchObject({ notificationId: expect.any(Number), sender_username: 'hannah_berg' });
    const hannah = await login('hannah_berg');
    const requests = (
      await t.app.inject({ method: 'GET', url: `/api/groups/${hidden.slug}/requests`, headers: { authorization: `Bearer ${hannah}` } })
    ).json();
    expect(requests.requests.map((r: { username: string }) => r.username).sort()).toEqual(['sam_taylor', 'tom_walsh']);
    const explore = (await t.app.inject({ method: 'GET', url: '/groups' })).json();
    expect(explore.groups).toHaveLength(DEMO_GROUPS.length - 1);

    // Seeding again finds the people and changes nothing.
    expect((await seedDemo(t.database.db, t.config.uploadsDir))?.length).toBe(DEMO_USERS.length);
    const [again] = await t.database.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM groups`;
    expect(again!.n).toBe(DEMO_GROUPS.length);
  });
});
