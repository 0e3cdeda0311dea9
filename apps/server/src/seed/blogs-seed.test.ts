import { canCreateBlog } from '@agora/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app';
import { fileExists } from '../modules/blogs/test-support';
import { DEMO_BLOGS } from './demo-blogs';
import { seedDemo } from './seed';

const t = useTestApp({ rateLimit: false });

describe('demo blogs', () => {
  it('are written by owners and admins, with header files on disk and counters equal to their rows', async () => {
    await seedDemo(t.database.db, t.config.uploadsDir);
    const rows = await t.database.sql<
      {
        id: number;
        blog_img: string | null;
        like_count: number;
        share_count: number;
        likes: number;
        shares: number;
        role: string | null;
        is_owner: boolean;
        attached: number;
      }[]
    >`SELECT b.id, b.blog_img, b.like_count, b.share_count,
        (SELECT count(*)::int FROM blog_likes l WHERE l.blog_id = b.id) AS likes,
        (SELECT count(*)::int FROM blog_shares s WHERE s.blog_id = b.id) AS shares,
        (SELECT m.role FROM group_members m WHERE m.group_id = b.group_id AND m.user_id = b.author_id) AS role,
        g.owner_id = b.author_id AS is_owner,
        (SELECT count(*)::int FROM uploads u WHERE u.path = b.blog_img AND u.user_id = b.author_id AND u.kind = 'blog' AND u.attached_at IS NOT NULL) AS attached
      FROM blogs b JOIN groups g ON g.id = b.group_id ORDER BY b.id`;
    expect(rows).toHaveLength(DEMO_BLOGS.length);
    for (const row of rows) {
      expect(canCreateBlog({ role: row.role, isOwner: row.is_owner })).toBe(true);
      expect([row.like_count, row.share_count]).toEqual([row.likes, row.shares]);
      if (row.blog_img) {
        expect(fileExists(t, row.blog_img)).toBe(true);
        expect(row.attached).toBe(1);
      }
    }
    expect(rows.filter((r) => r.blog_img).length).toBeGreaterThanOrEqual(4);

    // maya_chen (the first demo account) sees a home strip of her communities' blogs, newest first.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { emailOrUsername: 'maya_chen', password: 'agora-demo' },
    });
    const strip = await t.app.inject({
      method: 'GET',
      url: '/groups/joined/blogs',
      headers: { authorization: `Bearer ${login.json().token}` },
    });
    const dates = strip.json().blogs.map((b: { date_published: string }) => b.date_published);
    expect(dates.length).toBeGreaterThanOrEqual(5);
    expect([...dates].sort().reverse()).toEqual(dates);
  });
});
