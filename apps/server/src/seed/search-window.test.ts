// The search candidates past RECENT_WINDOW rows (search.queries.ts, docs/perf/search.md): a word common among the
// newest rows is ranked from them, a word rare there is found by the GIN index among all rows, old ones included.
import { describe, expect, it } from 'vitest';
import type { SearchResponse } from '@agora/contract';
import { RECENT_ENOUGH, RECENT_WINDOW } from '../modules/search/search.queries';
import { createGroup, createPost, createUser } from '../test/factories';
import { client, useTestApp } from '../test/test-app';

const t = useTestApp({ rateLimit: false });

describe('search candidates beyond the newest RECENT_WINDOW rows', () => {
  it('finds a word only old posts hold (the index) and ranks a word common among new posts from them (the walk)', async () => {
    const owner = await createUser(t.database.db);
    const group = await createGroup(t.database.db, { owner });
    await createPost(t, group, owner, 'An old note\nThe zephyrine kite flew over the hill');
    // RECENT_WINDOW newer posts, set-based (the triggers write their vectors); every 50th mentions marmalade.
    await t.database.sql`
      INSERT INTO discussions (group_id, user_id, content, created_at, updated_at)
      SELECT ${group.id}, ${owner.id}, 'Newer post ' || i || E'\n' || CASE WHEN i % 50 = 0 THEN 'Orange marmalade on toast' ELSE 'Tea and biscuits' END,
        now() + make_interval(secs => i), now() + make_interval(secs => i)
      FROM generate_series(1, ${RECENT_WINDOW}) i`;
    await t.database.sql`ANALYZE discussions`;
    const get = async (q: string) => {
      const res = await client(t).get(`/api/search?${new URLSearchParams({ q, type: 'discussions', limit: '50' })}`, owner);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as SearchResponse;
    };
    const old = await get('zephyrine');
    expect(old.discussions.map((d) => d.discussion_content)).toEqual(['An old note\nThe zephyrine kite flew over the hill']);
    const common = await get('marmalade');
    expect(RECENT_WINDOW / 50).toBeGreaterThanOrEqual(RECENT_ENOUGH);
    expect(common.discussions).toHaveLength(50);
    expect(common.discussions.every((d) => d.discussion_content.includes('marmalade'))).toBe(true);
  });
});
