import { type Blog, type Discussion, type EditHistoryResponse } from '@agora/contract';
import { describe, expect, it } from 'vitest';
import { createBlog, createCast, createComment, createPost } from '../../test/factories';
import { client, useTestApp } from '../../test/test-app';
import { blogWorld, putBlog } from '../blogs/test-support';
import { discussionCounts } from '../discussions/test-support';

/** Issue 15 §1: every edit of a post or a blog keeps the text before it; GET …/history lists the versions. */

const t = useTestApp({ rateLimit: false });
const api = client(t);

describe('post history', () => {
  it('keeps each earlier text; edited_at is null until an edit; likes and comments survive edits', async () => {
    const { cast, group } = await createCast(t.database.db);
    const post = await createPost(t, group, cast.author, 'First text');
    expect(post.edited_at).toBeNull();
    expect(post.date_edited).toBeNull();
    await api.post(`/groups/${group.id}/discussions/${post.id}/like`, cast.member);
    await createComment(t, post, cast.member, 'A comment');
    const url = `/groups/${group.id}/discussions/${post.id}`;
    expect((await api.put(url, cast.author, { content: 'Second text' })).statusCode).toBe(200);
    // The same text again is no edit.
    await api.put(url, cast.author, { content: 'Second text' });
    const third = (await api.put(url, cast.author, { content: 'Third text' })).json().discussion as Discussion;
    expect(third.edited_at).not.toBeNull();
    expect(third.edited_at).toBe(third.date_edited);
    expect(third).toMatchObject({ likeCount: 1, commentCount: 1 });
    expect(await discussionCounts(t, post.id)).toMatchObject({ likes: 1, likeRows: 1, comments: 1, commentRows: 1 });

    const { versions } = (await api.get(`${url}/history`)).json() as EditHistoryResponse;
    expect(versions.map((v) => [v.version, v.content, v.title, v.current, v.username])).toEqual([
      [3, 'Third text', null, true, cast.author.username],
      [2, 'Second text', null, false, cast.author.username],
      [1, 'First text', null, false, cast.author.username],
    ]);
    expect(versions[0]!.date).toBe(third.edited_at);
    expect(versions[2]!.date).toBe(post.date_posted);
    expect((await api.get(`/api${url}/history`, cast.outsider)).json()).toEqual({ versions });
  });

  it('answers a post never edited with its one version, and 404 for a post of another community', async () => {
    const { cast, group } = await createCast(t.database.db);
    const post = await createPost(t, group, cast.author, 'Only text');
    const { versions } = (await api.get(`/groups/${group.slug}/discussions/${post.id}/history`)).json() as EditHistoryResponse;
    expect(versions).toEqual([
      expect.objectContaining({ version: 1, content: 'Only text', current: true, user_id: cast.author.id, date: post.date_posted }),
    ]);
    const other = await createCast(t.database.db);
    expect((await api.get(`/groups/${other.group.id}/discussions/${post.id}/history`)).statusCode).toBe(404);
  });

  it('is read as the post is: a private community’s outsider and visitor get what reading the post gets', async () => {
    const { cast, group } = await createCast(t.database.db, { isPrivate: true });
    const post = await createPost(t, group, cast.author, 'Hidden words');
    await api.put(`/groups/${group.id}/discussions/${post.id}`, cast.author, { content: 'Hidden words, edited' });
    for (const who of [cast.outsider, undefined]) {
      const read = await api.get(`/groups/${group.id}/discussions/${post.id}`, who);
      const history = await api.get(`/groups/${group.id}/discussions/${post.id}/history`, who);
      expect(read.statusCode).not.toBe(200);
      expect(history.statusCode).toBe(read.statusCode);
      expect(history.body).not.toContain('Hidden');
    }
    expect((await api.get(`/groups/${group.id}/discussions/${post.id}/history`, cast.member)).json().versions).toHaveLength(2);
  });
});

describe('blog history', () => {
  it('keeps each earlier title and text with the person who wrote it; edited_at set by an edit of the words only', async () => {
    const world = await blogWorld(t);
    const blog = await createBlog(t, world.open, world.author, { title: 'Title one', content: 'Text one' });
    expect(blog.edited_at).toBeNull();
    await api.post(`/groups/${world.open.id}/blogs/${blog.id}/like`, world.member);
    // The owner edits the admin's blog (SPEC §6): that version is the owner's.
    const res = await putBlog(t, world.owner, world.open.id, blog.id, { title: 'Title two', content: 'Text one' });
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json().blog as Blog;
    expect(edited.edited_at).not.toBeNull();
    expect(edited.likes_count).toBe(1);
    await putBlog(t, world.author, world.open.id, blog.id, { title: 'Title two', content: 'Text three' });
    const { versions } = (await api.get(`/groups/${world.open.id}/blogs/${blog.id}/history`)).json() as EditHistoryResponse;
    expect(versions.map((v) => [v.version, v.title, v.content, v.user_id])).toEqual([
      [3, 'Title two', 'Text three', world.author.id],
      [2, 'Title two', 'Text one', world.owner.id],
      [1, 'Title one', 'Text one', world.author.id],
    ]);
    expect(versions[2]!.date).toBe(blog.date_published);
    const detail = (await api.get(`/groups/blog/${blog.id}`, world.member)).json().blog as Blog;
    expect(detail).toMatchObject({ likes_count: 1, is_liked: true });
    expect(detail.edited_at).toBe(versions[0]!.date);
  });

  it('an unchanged title and text (a new header image, or nothing) is no edit', async () => {
    const world = await blogWorld(t);
    const blog = await createBlog(t, world.open, world.author, { title: 'Same', content: 'Same text' });
    await putBlog(t, world.author, world.open.id, blog.id, { title: 'Same', content: 'Same text' });
    const { versions } = (await api.get(`/groups/${world.open.id}/blogs/${blog.id}/history`)).json() as EditHistoryResponse;
    expect(versions).toHaveLength(1);
    expect((await api.get(`/groups/blog/${blog.id}`)).json().blog.edited_at).toBeNull();
  });

  it('is read as the blog is: a private community’s outsider gets what reading gets; another community’s path 404', async () => {
    const world = await blogWorld(t);
    const blog = await createBlog(t, world.closed, world.author, { title: 'Secret title', content: 'Secret text' });
    await putBlog(t, world.author, world.closed.id, blog.id, { title: 'Secret title 2', content: 'Secret text' });
    for (const who of [world.outsider, undefined]) {
      const read = await api.get(`/groups/blog/${blog.id}`, who);
      const history = await api.get(`/groups/${world.closed.id}/blogs/${blog.id}/history`, who);
      expect(read.statusCode).not.toBe(200);
      expect(history.statusCode).toBe(read.statusCode);
      expect(history.body).not.toContain('Secret');
    }
    expect((await api.get(`/groups/${world.closed.id}/blogs/${blog.id}/history`, world.member)).json().versions).toHaveLength(2);
    expect((await api.get(`/groups/${world.open.id}/blogs/${blog.id}/history`, world.member)).statusCode).toBe(404);
  });
});
