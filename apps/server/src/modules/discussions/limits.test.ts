import { DISCUSSION_LIMITS, DISCUSSION_MESSAGES } from '@agora/contract';
import { describe, expect, it } from 'vitest';
import { createCast, createComment, createPost } from '../../test/factories';
import { client, useTestApp } from '../../test/test-app';
import { postCount } from './test-support';

/** Rate limits per user (RATE_LIMIT on): posts, comments and likes; the refused request changes nothing. */
const t = useTestApp();
const api = client(t);

describe('rate limits', () => {
  it('allows 30 posts per person per 10 minutes, then answers 429 with Retry-After', async () => {
    const { cast, group } = await createCast(t.database.db);
    for (let i = 0; i < DISCUSSION_LIMITS.postsPerWindow; i++) {
      expect((await api.post(`/groups/${group.id}/discussions`, cast.member, { content: `Post ${i}` })).statusCode).toBe(201);
    }
    const refused = await api.post(`/groups/${group.id}/discussions`, cast.member, { content: 'One too many' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: DISCUSSION_MESSAGES.tooManyPosts, code: 'rate_limited', requestId: expect.any(String) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await postCount(t, group.id)).toEqual({ cached: 30, rows: 30 });
    // Someone else still may.
    expect((await api.post(`/groups/${group.id}/discussions`, cast.admin, { content: 'Mine' })).statusCode).toBe(201);
  });

  it('limits comments (120) and likes (600) per person', async () => {
    const { cast, group } = await createCast(t.database.db);
    const post = await createPost(t, group, cast.author);
    await createComment(t, post, cast.member, 'Counts against the limit too');
    // Spend the rest of the member's points directly (the same limiter the routes use), then ask once more.
    const limiters = t.app.ctx.limiters;
    for (let i = 1; i < DISCUSSION_LIMITS.commentsPerWindow; i++) await limiters.commentsPerUser.consume(String(cast.member.id));
    const comment = await api.post(`/groups/${group.id}/discussions/${post.id}/comments`, cast.member, { content: 'Again' });
    expect(comment.statusCode).toBe(429);
    expect(comment.json().message).toBe(DISCUSSION_MESSAGES.tooManyComments);
    for (let i = 0; i < DISCUSSION_LIMITS.likesPerWindow; i++) await limiters.likesPerUser.consume(String(cast.member.id));
    const like = await api.post(`/groups/${group.id}/discussions/${post.id}/like`, cast.member);
    expect(like.statusCode).toBe(429);
    expect(like.json().message).toBe(DISCUSSION_MESSAGES.tooManyLikes);
    expect((await api.get(`/groups/${group.id}/discussions/${post.id}`)).json().discussion).toMatchObject({
      likeCount: 0,
      commentCount: 1,
    });
  });

  it('counts comment edits against the edits limit (30, with posts and blogs); the refused edit changes nothing', async () => {
    const { cast, group } = await createCast(t.database.db);
    const post = await createPost(t, group, cast.author);
    const comment = await createComment(t, post, cast.member, 'Before');
    const limiters = t.app.ctx.limiters;
    for (let i = 0; i < DISCUSSION_LIMITS.editsPerWindow; i++) await limiters.editsPerUser.consume(String(cast.member.id));
    const refused = await api.put(`/groups/${group.id}/discussions/${post.id}/comments/${comment.id}`, cast.member, { content: 'After' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(DISCUSSION_MESSAGES.tooManyEdits);
    const [stored] = (await api.get(`/groups/${group.id}/discussions/${post.id}/comments`)).json().comments;
    expect(stored).toMatchObject({ content: 'Before', edited_at: null });
  });
});
