import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { ActivityItem, ActivityResponse } from '@agora/contract';
import { groupKeys } from '@/features/groups/api';
import { json, makeProfile, mockFetch, renderApp, signIn } from '@/test/render-app';
import { makeComment, makeDiscussion, makeGroupDetail } from './test-data';

/** The profile's Activity tab (issue 12 §2.16): what a person wrote, paged; empty and error states. */

const grace = makeProfile({ id: 12, username: 'grace', firstName: 'Grace', lastName: 'Hopper' });
const post = makeDiscussion({ id: 301, user_id: 12, username: 'grace', discussion_content: 'Compilers are **fun**' });
const other = makeDiscussion({ id: 302, user_id: 50, username: 'mo', discussion_content: 'Who likes COBOL?' });
const postItem: ActivityItem = { type: 'discussion', date_posted: post.date_posted, discussion: post };
const graceComment = makeComment({ id: 710, discussion_id: 302, user_id: 12, username: 'grace', content: 'I do, **quietly**' });
const commentItem: ActivityItem = {
  type: 'comment',
  date_posted: new Date(Date.now() - 90 * 60_000).toISOString(),
  comment: graceComment,
  discussion: other,
};

function serve(activity: (cursor: string | null) => Response) {
  return mockFetch((url) => {
    if (url === '/users/12') return json(200, grace);
    if (url === '/users/profile') return json(200, makeProfile());
    if (url.startsWith('/users/12/activity')) return activity(/[?&]cursor=([^&]+)/.exec(url)?.[1] ?? null);
    if (url === '/groups/12' || url === '/groups/night-owls') return json(200, makeGroupDetail({ is_member: true }));
    if (url === '/groups/12/discussions/302') return json(200, { discussion: other });
    if (url.startsWith('/groups/12/discussions/302/comments')) return json(200, { comments: [graceComment], nextCursor: null });
    if (url.startsWith('/groups/')) return json(200, { groups: [], nextCursor: null });
    return json(404, { message: `unexpected ${url}`, code: 'test' });
  });
}

async function openActivity() {
  signIn();
  const app = renderApp('/suggested?profile=12');
  const panel = await screen.findByRole('dialog', { name: 'Profile' });
  await app.user.click(await within(panel).findByRole('tab', { name: 'Activity' }));
  return { ...app, panel };
}

describe('profile Activity tab', () => {
  it('lists the person’s posts as post cards and comments with the post they answer, newest first, then the next page', async () => {
    const page = (items: ActivityItem[], nextCursor: string | null): ActivityResponse => ({ items, nextCursor });
    const later = makeDiscussion({ id: 303, user_id: 12, username: 'grace', discussion_content: 'An older post' });
    const { calls } = serve((cursor) =>
      json(
        200,
        cursor
          ? page([{ type: 'discussion', date_posted: later.date_posted, discussion: later }], null)
          : page([postItem, commentItem], 'c2'),
      ),
    );
    const { panel, user } = await openActivity();
    const list = await within(panel).findByRole('list', { name: 'Activity' });
    const entries = within(list).getAllByRole('article');
    expect(entries[0]).toHaveAccessibleName('Post by grace');
    expect(within(entries[0]!).getByText('fun').tagName).toBe('STRONG');
    expect(entries[1]).toHaveAccessibleName('Comment by grace');
    expect(within(entries[1]!).getByText('Commented on a post')).toBeInTheDocument();
    expect(within(entries[1]!).getByRole('link', { name: 'Night Owls' })).toHaveAttribute('href', '/group/night-owls');
    expect(within(entries[1]!).getByText('quietly').tagName).toBe('STRONG');
    await user.click(within(panel).getByRole('button', { name: 'Show more activity' }));
    expect(await within(panel).findByText('An older post')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith('/users/12/activity')).map((c) => c.url)).toEqual([
      '/users/12/activity',
      '/users/12/activity?cursor=c2',
    ]);
  });

  it('opens a comment in its post, at that comment', async () => {
    serve(() => json(200, { items: [commentItem], nextCursor: null }));
    const { panel, user, router } = await openActivity();
    const entry = await within(panel).findByRole('article', { name: 'Comment by grace' });
    await user.click(within(entry).getByRole('button', { name: /Open in the post/ }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('post')).toBe('12-302'));
    expect(new URLSearchParams(router.state.location.search).get('comment')).toBe('710');
    const post = await screen.findByRole('dialog', { name: 'Post' });
    const marked = await within(post).findByText('Linked comment');
    expect(marked.closest('[data-testid="comment"]')).toHaveAttribute('data-highlighted', 'true');
  });

  it('says when there is nothing to show', async () => {
    serve(() => json(200, { items: [], nextCursor: null }));
    const { panel } = await openActivity();
    expect(await within(panel).findByText('No activity yet')).toBeInTheDocument();
    expect(within(panel).getByText('grace has not posted or commented anywhere you can see yet.')).toBeInTheDocument();
  });

  it('shows an error state, not an empty one, when the list failed, and Try again loads it', async () => {
    let fail = true;
    serve(() =>
      fail ? json(500, { message: 'Something went wrong', code: 'internal' }) : json(200, { items: [postItem], nextCursor: null }),
    );
    const { panel, user } = await openActivity();
    expect(await within(panel).findByText('Activity could not be loaded.', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(within(panel).queryByText('No activity yet')).not.toBeInTheDocument();
    fail = false;
    await user.click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByRole('article', { name: 'Post by grace' })).toBeInTheDocument();
  });

  it('shows the own profile’s empty text', async () => {
    signIn();
    mockFetch((url) => {
      if (url === '/users/profile') return json(200, makeProfile());
      if (url.startsWith('/users/7/activity')) return json(200, { items: [], nextCursor: null });
      if (url.startsWith('/groups/')) return json(200, { groups: [], nextCursor: null });
      return json(404, { message: `unexpected ${url}`, code: 'test' });
    });
    const { user } = renderApp('/?profile=me');
    const panel = await screen.findByRole('dialog', { name: 'Profile' });
    await user.click(await within(panel).findByRole('tab', { name: 'Activity' }));
    expect(await within(panel).findByText("You haven't posted or commented yet.")).toBeInTheDocument();
  });

  // Off the community's page, the viewer's joined communities say who may like (decision 0012 (a)).
  it.each([
    { joined: false, says: 'Join the group to like its posts' },
    { joined: true, says: 'Liked post' },
  ])('Like in a community the viewer joined: $joined → "$says"', async ({ joined, says }) => {
    const likeable = makeDiscussion({ id: 304, user_id: 12, username: 'grace', discussion_content: 'Like me' });
    const { calls } = mockFetch((url, init) => {
      if (url === '/users/12') return json(200, grace);
      if (url === '/users/profile') return json(200, makeProfile());
      if (url.startsWith('/users/12/activity'))
        return json(200, { items: [{ type: 'discussion', date_posted: likeable.date_posted, discussion: likeable }], nextCursor: null });
      if (url.startsWith('/groups/joined?'))
        return json(200, { groups: joined ? [makeGroupDetail({ is_member: true }).group] : [], nextCursor: null });
      if (init.method === 'POST' && url === '/groups/12/discussions/304/like') return json(200, { liked: true, likeCount: 4 });
      if (url.startsWith('/groups/')) return json(200, { groups: [], nextCursor: null });
      return json(404, { message: `unexpected ${url}`, code: 'test' });
    });
    const { panel, user, queryClient } = await openActivity();
    const card = await within(panel).findByRole('article', { name: 'Post by grace' });
    await waitFor(() => expect(queryClient.getQueryData(groupKeys.joined('me'))).toBeDefined());
    const like = within(card).getByRole('button', { name: '3 likes, Like post' });
    await user.click(like);
    expect(await screen.findByText(says)).toBeInTheDocument();
    expect(calls.filter((c) => c.url.endsWith('/like'))).toHaveLength(joined ? 1 : 0);
    expect(like).toHaveAttribute('aria-pressed', String(joined));
  });
});
