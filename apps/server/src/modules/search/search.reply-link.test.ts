// Search (issue 16 §4): a reply's hit links to its thread (`?comment=<parentId>-<replyId>`), so the post panel opens
// the top-level comment's replies at once and marks the reply; a top-level comment keeps `?comment=<id>`.
import { describe, expect, it } from 'vitest';
import type { SearchResponse } from '@agora/contract';
import { createComment, createGroup, createPost, createUser } from '../../test/factories';
import { client, useTestApp } from '../../test/test-app';

const t = useTestApp({ rateLimit: false });

describe('comment hits link to their place in the post panel', () => {
  it('a reply names its top-level comment; a comment only itself', async () => {
    const owner = await createUser(t.database.db);
    const group = await createGroup(t.database.db, { owner });
    const post = (await createPost(t, group, owner, 'Where to watch the eclipse'))!;
    const top = await createComment(t, post, owner, 'The hill above the harbour');
    const reply = await createComment(t, post, owner, 'The harbour wall is closer', top.id);
    const res = await client(t).get('/api/search?q=harbour&type=comments', owner);
    expect(res.statusCode, res.body).toBe(200);
    const links = Object.fromEntries((res.json() as SearchResponse).comments.map((c) => [c.id, c.link]));
    expect(links).toEqual({
      [top.id]: `/groups/${group.id}/discussions/${post.id}?comment=${top.id}`,
      [reply.id]: `/groups/${group.id}/discussions/${post.id}?comment=${top.id}-${reply.id}`,
    });
  });
});
