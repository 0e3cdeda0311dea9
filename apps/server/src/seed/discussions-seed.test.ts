import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Discussion } from '@agora/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app';
import { DEMO_DISCUSSIONS } from './demo-discussions';
import { DEMO_PASSWORD } from './demo-data';
import { seedDemo } from './seed';

const t = useTestApp({ rateLimit: false });

beforeAll(async () => {
  await seedDemo(t.database.db, t.config.uploadsDir);
});

const expectedPosts = Object.values(DEMO_DISCUSSIONS).flat();

describe('demo discussions', () => {
  it('seeds every demo post with counters equal to their rows', async () => {
    const [counts] = await t.database.sql<{ posts: number; badPosts: number; badComments: number; badGroups: number; replies: number }[]>`
      SELECT (SELECT count(*)::int FROM discussions) AS posts,
        (SELECT count(*)::int FROM discussions d WHERE d.like_count <> (SELECT count(*) FROM discussion_likes l WHERE l.discussion_id = d.id)
          OR d.comment_count <> (SELECT count(*) FROM comments c WHERE c.discussion_id = d.id)) AS "badPosts",
        (SELECT count(*)::int FROM comments c WHERE c.like_count <> (SELECT count(*) FROM comment_likes l WHERE l.comment_id = c.id)
          OR c.reply_count <> (SELECT count(*) FROM comments r WHERE r.parent_id = c.id)) AS "badComments",
        (SELECT count(*)::int FROM groups g WHERE g.post_count <> (SELECT count(*) FROM discussions d WHERE d.group_id = g.id)) AS "badGroups",
        (SELECT count(*)::int FROM comments WHERE parent_id IS NOT NULL) AS replies`;
    expect(counts).toMatchObject({ posts: expectedPosts.length, badPosts: 0, badComments: 0, badGroups: 0 });
    expect(counts!.replies).toBeGreaterThan(5);
  });

  it('keeps the rules of the API: authors, likers and commenters are members; replies one level; privacy copied', async () => {
    const [row] = await t.database.sql<{ outsiders: number; deep: number; wrongCopy: number; pinned: number }[]>`
      SELECT
        (SELECT count(*)::int FROM (
          SELECT d.group_id, d.user_id FROM discussions d
          UNION ALL SELECT d.group_id, c.user_id FROM comments c JOIN discussions d ON d.id = c.discussion_id
          UNION ALL SELECT d.group_id, l.user_id FROM discussion_likes l JOIN discussions d ON d.id = l.discussion_id
          UNION ALL SELECT d.group_id, l.user_id FROM comment_likes l JOIN comments c ON c.id = l.comment_id JOIN discussions d ON d.id = c.discussion_id
        ) x WHERE NOT EXISTS (SELECT 1 FROM group_members m WHERE m.group_id = x.group_id AND m.user_id = x.user_id)) AS outsiders,
        (SELECT count(*)::int FROM comments c JOIN comments p ON p.id = c.parent_id WHERE p.parent_id IS NOT NULL) AS deep,
        (SELECT count(*)::int FROM discussions d JOIN groups g ON g.id = d.group_id WHERE d.group_is_public = g.is_private) AS "wrongCopy",
        (SELECT count(*)::int FROM discussions WHERE is_pinned) AS pinned`;
    expect(row).toEqual({ outsiders: 0, deep: 0, wrongCopy: 0, pinned: expectedPosts.filter((p) => p.pinned).length });
  });

  it('stores every picture as its author’s attached upload, galleries of 1 to 6', async () => {
    const media = await t.database.sql<{ media_url: string; attached: boolean; owner_is_author: boolean }[]>`
      SELECT m.media_url, u.attached_at IS NOT NULL AS attached, u.user_id = d.user_id AS owner_is_author
      FROM discussion_media m JOIN discussions d ON d.id = m.discussion_id LEFT JOIN uploads u ON u.path = m.media_url`;
    expect(media).toHaveLength(expectedPosts.reduce((n, p) => n + (p.images?.length ?? 0), 0));
    for (const m of media) {
      expect(m).toMatchObject({ attached: true, owner_is_author: true });
      expect(existsSync(path.join(t.config.uploadsDir, m.media_url.slice('/uploads/'.length)))).toBe(true);
    }
    const sizes = new Set(expectedPosts.map((p) => p.images?.length ?? 0));
    for (const n of [1, 2, 3, 4, 5, 6]) expect(sizes.has(n)).toBe(true);
  });

  it('shows a living product through the API: home feed, pinned first, comments, notifications', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { emailOrUsername: 'maya_chen', password: DEMO_PASSWORD } });
    const auth = { authorization: `Bearer ${login.json().token as string}` };
    const home = (await t.app.inject({ method: 'GET', url: '/groups/joined/discussions', headers: auth })).json();
    expect(home.discussions).toHaveLength(10);
    expect(home.nextCursor).not.toBeNull();
    const dates = home.discussions.map((d: Discussion) => d.date_posted);
    expect([...dates].sort().reverse()).toEqual(dates);
    const feed = (await t.app.inject({ method: 'GET', url: '/groups/trail-runners-pdx/discussions' })).json().discussions as Discussion[];
    expect(feed[0]).toMatchObject({ is_pinned: 1, username: 'maya_chen', role: 'owner' });
    expect(feed.some((d) => d.media.length === 4)).toBe(true);
    const comments = (await t.app.inject({ method: 'GET', url: `/groups/${feed[0]!.group_id}/discussions/${feed[0]!.id}/comments` })).json();
    expect(comments.comments.length).toBeGreaterThan(0);
    const explore = (await t.app.inject({ method: 'GET', url: '/groups/suggested/discussions?limit=50' })).json().discussions as Discussion[];
    expect(explore.some((d) => d.group_name === 'Quiet Writers Room')).toBe(false);
    const [notes] = await t.database.sql<{ n: number; unread: number }[]>`
      SELECT count(*)::int AS n, count(*) FILTER (WHERE NOT is_read)::int AS unread FROM notifications n JOIN users u ON u.id = n.user_id
      WHERE u.username = 'maya_chen' AND n.discussion_id IS NOT NULL`;
    expect(notes!.n).toBeGreaterThan(3);
    expect(notes!.unread).toBeGreaterThan(0);
  });
});
