import { BLOG_LIMITS, BLOG_MESSAGES } from '@agora/contract';
import { describe, expect, it } from 'vitest';
import { createBlog, createGroup, createUser } from '../../test/factories';
import { client, useTestApp } from '../../test/test-app';

// Rate limits on, as in production.
const t = useTestApp();
const api = client(t);

describe('share rate limit', () => {
  it(`counts ${BLOG_LIMITS.sharesPerWindow} shares per person per window, then answers 429 without counting`, async () => {
    const owner = await createUser(t.database.db);
    const sharer = await createUser(t.database.db);
    const other = await createUser(t.database.db);
    const group = await createGroup(t.database.db, { owner });
    const blog = await createBlog(t, group, owner);
    const url = `/groups/${group.id}/blogs/${blog.id}/share`;
    for (let i = 1; i <= BLOG_LIMITS.sharesPerWindow; i += 1) expect((await api.post(url, sharer)).json()).toEqual({ share_count: i });
    const refused = await api.post(url, sharer);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: BLOG_MESSAGES.tooManyShares, code: 'rate_limited', requestId: expect.any(String) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Someone else still shares; the refused share was not counted.
    expect((await api.post(url, other)).json()).toEqual({ share_count: BLOG_LIMITS.sharesPerWindow + 1 });
  });
});
