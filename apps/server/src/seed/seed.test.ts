import { describe, expect, it } from 'vitest';
import { verifyPassword } from '../modules/auth/passwords';
import { useTestApp } from '../test/test-app';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-data';
import { seedDemo } from './seed';

const t = useTestApp();

describe('demo seed', () => {
  it('hashes every demo account on its own: distinct salts and hashes, each verifying the demo password', async () => {
    const seeded = await seedDemo(t.database.db, t.config.uploadsDir);
    expect(seeded).toHaveLength(DEMO_USERS.length);
    const rows = await t.database.sql`SELECT password_hash FROM users ORDER BY id`;
    const hashes = rows.map((r) => r.password_hash as string);
    const salts = hashes.map((h) => h.split('$')[4]);
    expect(new Set(hashes).size).toBe(DEMO_USERS.length);
    expect(new Set(salts).size).toBe(DEMO_USERS.length);
    for (const hash of hashes) expect(await verifyPassword(hash, DEMO_PASSWORD)).toBe(true);
  });

  it('records the demo pictures as their owners’ attached uploads', async () => {
    const rows = await t.database.sql`
      SELECT count(*)::int AS n FROM users u
      JOIN uploads p ON p.user_id = u.id AND p.attached_at IS NOT NULL AND p.path IN (u.profile_image, u.banner_image)`;
    expect(rows[0]!.n).toBe(DEMO_USERS.length * 2);
  });
});
