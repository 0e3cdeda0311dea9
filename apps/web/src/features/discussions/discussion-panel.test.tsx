import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { Comment, Discussion } from '@agora/contract';
import { json, mockFetch, renderApp, signIn } from '@/test/render-app';
import { deferred, feedPage, makeComment, makeDiscussion, makeGroupDetail } from './test-data';

type Handler = (body: unknown) => Response | Promise<Response>;

interface World {
  post?: Discussion;
  comments?: Comment[];
  replies?: Comment[];
  member?: boolean;
  routes?: Record<string, Handler>;
}

const BASE = '/groups/12/discussions/301';

function serve({ post = makeDiscussion(), comments = [], replies = [], member = true, routes = {} }: World) {
  return mockFetch((url, init) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    const handler = routes[`${method} ${url}`] ?? routes[`${method} ${url.split('?')[0]}`];
    if (handler) return handler(body);
    if (url === BASE) return json(200, { discussion: post });
    // The panel reads a conversation oldest first (decision 0014).
    if (url === `${BASE}/comments?order=oldest`) return json(200, { comments, nextCursor: null });
    if (url === `${BASE}/comments/701/replies`) return json(200, { replies, nextCursor: null });
    if (url === '/groups/12' || url === '/groups/night-owls') return json(200, makeGroupDetail({ is_member: member }));
    if (url === '/api/groups/12/discussions' || url === '/groups/suggested/discussions') return json(200, feedPage([post]));
    if (url.startsWith('/groups/suggested')) return json(200, { groups: [], nextCursor: null });
    if (url.startsWith('/groups/joined') || url.startsWith('/groups/mine')) return json(200, { groups: [], nextCursor: null });
    if (url === '/users/profile') return json(200, { id: 7, username: 'ada', profileImage: null });
    return json(404, { message: `unexpected ${method} ${url}`, code: 'test' });
  });
}

async function openPanel(world: World = {}, path = '/suggested?post=12-301', signedIn = true) {
  if (signedIn) signIn();
  const api = serve(world);
  const app = renderApp(path);
  const panel = await screen.findByRole('dialog', { name: 'Post' });
  return { ...app, api, panel };
}

const input = (panel: HTMLElement) => within(panel).getByRole('textbox');
/** A failed read is retried once (5xx) before it is reported. */
const AFTER_RETRY = { timeout: 5_000 };

describe('post panel', () => {
  it('shows the community, the author with role badge, the post, likes and "Comments (n)"', async () => {
    const { panel } = await openPanel({
      post: makeDiscussion({ group_verified: 1, role: 'moderator', username: 'mo', commentCount: 1 }),
      comments: [makeComment({ username: 'grace', content: 'First **one**' })],
    });
    expect(await within(panel).findByRole('link', { name: 'Night Owls' })).toHaveAttribute('href', '/group/night-owls');
    expect(within(panel).getByRole('img', { name: 'Verified' })).toBeInTheDocument();
    expect(within(panel).getByText('Moderator')).toBeInTheDocument();
    expect(within(panel).getByText('owls').tagName).toBe('STRONG');
    expect(within(panel).getByRole('button', { name: /, Like post$/ })).toBeInTheDocument();
    expect(within(panel).getByRole('heading', { name: 'Comments (1)' })).toBeInTheDocument();
    expect(await within(panel).findByText('one')).toBeInTheDocument();
    expect(input(panel)).toHaveAttribute('placeholder', 'Add a comment...');
    expect(within(panel).getByRole('button', { name: 'Post' })).toBeInTheDocument();
  });

  it('says "Post Not Available" for a missing post, and Close closes the panel', async () => {
    const { panel, router, user } = await openPanel({
      routes: { [`GET ${BASE}`]: () => json(404, { message: 'Post not found', code: 'discussion_not_found' }) },
    });
    expect(await within(panel).findByRole('heading', { name: 'Post Not Available' })).toBeInTheDocument();
    expect(within(panel).getByText("The post you're trying to view may have been deleted or does not exist.")).toBeInTheDocument();
    expect(screen.queryByText('Failed to load post')).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Post' })).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('');
  });

  it('toasts "Failed to load post" for other failures, or the server message', async () => {
    const { panel } = await openPanel({
      routes: { [`GET ${BASE}`]: () => json(403, { message: 'This community is private', code: 'forbidden' }) },
    });
    expect(await within(panel).findByText('This community is private')).toBeInTheDocument();
    expect(await screen.findByText('This community is private', { selector: '[data-sonner-toast] *' })).toBeInTheDocument();
  });

  it('opens from the notification address /groups/{groupId}/discussions/{discussionId}', async () => {
    const { router } = await openPanel({}, '/groups/12/discussions/301');
    expect(router.state.location.pathname).toBe('/group/12/discussions');
    expect(router.state.location.search).toBe('?post=12-301');
  });

  it('posts a comment with Enter: input disabled while sending, "Comment added!", the comment last and scrolled to, focus back', async () => {
    const answer = deferred<Response>();
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    const { panel, api, user } = await openPanel({
      comments: [makeComment({ id: 700, content: 'Older one' }), makeComment()],
      routes: { [`POST ${BASE}/comments`]: () => answer.promise },
    });
    await within(panel).findByText('Nice one');
    await user.type(input(panel), 'Great post{Enter}');
    expect(input(panel)).toBeDisabled();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ content: 'Great post', parentCommentId: null });
    const mine = makeComment({ id: 702, username: 'ada', content: 'Great post' });
    await act(async () => answer.resolve(json(201, { message: 'Comment added!', comment: mine, commentCount: 3, parentReplyCount: null })));
    expect(await screen.findByText('Comment added!')).toBeInTheDocument();
    const comments = within(panel).getAllByTestId('comment');
    expect(comments.map((c) => c.textContent)).toEqual([
      expect.stringContaining('Older one'),
      expect.stringContaining('Nice one'),
      expect.stringContaining('Great post'),
    ]);
    await waitFor(() => expect(scrolled).toContain(comments[2]));
    expect(within(panel).getByRole('heading', { name: 'Comments (3)' })).toBeInTheDocument();
    expect(input(panel)).toHaveValue('');
    await waitFor(() => expect(input(panel)).toHaveFocus());
  });

  it('a comment sent before the later pages are loaded ends up last, once, when they load', async () => {
    const mine = makeComment({ id: 790, username: 'ada', content: 'Great post' });
    const { panel, user } = await openPanel({
      routes: {
        [`GET ${BASE}/comments?order=oldest`]: () =>
          json(200, { comments: [makeComment({ id: 700, content: 'First one' })], nextCursor: 'c2' }),
        [`GET ${BASE}/comments?order=oldest&cursor=c2`]: () =>
          json(200, { comments: [makeComment({ id: 701, content: 'Second one' }), mine], nextCursor: null }),
        [`POST ${BASE}/comments`]: () => json(201, { message: 'Comment added!', comment: mine, commentCount: 3, parentReplyCount: null }),
      },
    });
    await within(panel).findByText('First one');
    await user.type(input(panel), 'Great post{Enter}');
    expect(await screen.findByText('Comment added!')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Show more comments' }));
    await within(panel).findByText('Second one');
    expect(
      within(panel)
        .getAllByTestId('comment')
        .map((c) => c.textContent),
    ).toEqual([expect.stringContaining('First one'), expect.stringContaining('Second one'), expect.stringContaining('Great post')]);
  });

  it("a signed-in non-member's comment Like sends nothing and says why", async () => {
    const { panel, api, user } = await openPanel({ comments: [makeComment({ likeCount: 1 })], member: false });
    const like = await within(panel).findByRole('button', { name: '1 like, Like comment' });
    await waitFor(() => expect(within(panel).getByRole('link', { name: /Join/ })).toBeInTheDocument());
    await user.click(like);
    expect(await screen.findByText('Join the group to like its posts')).toBeInTheDocument();
    expect(like).toHaveAttribute('aria-pressed', 'false');
    expect(api.calls.some((c) => c.url.endsWith('/like'))).toBe(false);
  });

  it('refuses an empty comment: "Comment cannot be empty", nothing sent; Shift+Enter is a new line', async () => {
    const { panel, api, user } = await openPanel();
    await user.type(await within(panel).findByRole('textbox'), '   {Enter}');
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Comment cannot be empty');
    await user.type(input(panel), 'a{Shift>}{Enter}{/Shift}b');
    expect(input(panel)).toHaveValue('   a\nb');
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('says "Failed to add comment" and keeps the text when posting fails', async () => {
    const { panel, user } = await openPanel({ routes: { [`POST ${BASE}/comments`]: () => json(500, {}) } });
    await user.type(await within(panel).findByRole('textbox'), 'Keep me{Enter}');
    expect(await screen.findByText('Failed to add comment')).toBeInTheDocument();
    expect(input(panel)).toHaveValue('Keep me');
  });

  it('replies: "Replying to {username}" with cancel, "Write your reply...", Reply, "Reply added!", replies shown', async () => {
    const reply = makeComment({ id: 801, parentCommentId: 701, username: 'ada', content: 'Thanks!' });
    const { panel, api, user } = await openPanel({
      comments: [makeComment({ replyCount: 0 })],
      routes: {
        [`POST ${BASE}/comments`]: () => json(201, { message: 'Reply added!', comment: reply, commentCount: 3, parentReplyCount: 1 }),
        [`GET ${BASE}/comments/701/replies`]: () => json(200, { replies: [reply], nextCursor: null }),
      },
    });
    await user.click(await within(panel).findByRole('button', { name: 'Reply to mo' }));
    expect(within(panel).getByText('Replying to mo')).toBeInTheDocument();
    expect(input(panel)).toHaveAttribute('placeholder', 'Write your reply...');
    expect(input(panel)).toHaveFocus();
    await user.click(within(panel).getByRole('button', { name: 'Cancel reply' }));
    expect(within(panel).queryByText('Replying to mo')).not.toBeInTheDocument();
    expect(input(panel)).toHaveAttribute('placeholder', 'Add a comment...');

    await user.click(within(panel).getByRole('button', { name: 'Reply to mo' }));
    await user.type(input(panel), 'Thanks!');
    await user.click(within(panel).getByRole('button', { name: 'Reply' }));
    expect(await screen.findByText('Reply added!')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ content: 'Thanks!', parentCommentId: 701 });
    expect(await within(panel).findByTestId('reply')).toHaveTextContent('Thanks!');
    expect(within(panel).getByRole('button', { name: 'Hide replies' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(panel).queryByText('Replying to mo')).not.toBeInTheDocument();
  });

  it('loads replies on "View {n} replies" with a spinner, and says "Failed to load replies" when that fails', async () => {
    const answer = deferred<Response>();
    const { panel, user } = await openPanel({
      comments: [makeComment({ replyCount: 2 }), makeComment({ id: 702, username: 'sam', replyCount: 1 })],
      routes: {
        [`GET ${BASE}/comments/701/replies`]: () => answer.promise,
        [`GET ${BASE}/comments/702/replies`]: () => json(500, {}),
      },
    });
    await user.click(await within(panel).findByRole('button', { name: 'View 2 replies' }));
    expect(within(panel).getByRole('status', { name: '' })).toHaveTextContent('Loading replies');
    await act(async () =>
      answer.resolve(
        json(200, {
          replies: [
            makeComment({ id: 801, parentCommentId: 701, content: 'r1' }),
            makeComment({ id: 802, parentCommentId: 701, content: 'r2' }),
          ],
          nextCursor: null,
        }),
      ),
    );
    expect(await within(panel).findByText('r2')).toBeInTheDocument();
    expect(within(panel).getAllByTestId('reply')).toHaveLength(2);
    await user.click(within(panel).getByRole('button', { name: 'View 1 reply' }));
    expect(await screen.findByText('Failed to load replies', {}, AFTER_RETRY)).toBeInTheDocument();
  });

  it('says "Failed to load comments" when the comments cannot be read', async () => {
    const { panel, api, user } = await openPanel({ routes: { [`GET ${BASE}/comments`]: () => json(500, {}) } });
    const alert = await within(panel).findByRole('alert', {}, AFTER_RETRY);
    expect(alert).toHaveTextContent('Failed to load comments');
    const reads = api.calls.filter((c) => c.url.startsWith(`${BASE}/comments`)).length;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(api.calls.filter((c) => c.url.startsWith(`${BASE}/comments`)).length).toBeGreaterThan(reads));
  });

  it('likes a comment at once and reverts it with "Failed to like comment"', async () => {
    const answer = deferred<Response>();
    const { panel, api, user } = await openPanel({
      comments: [makeComment({ likeCount: 1 })],
      routes: { [`POST ${BASE}/comments/701/like`]: () => answer.promise },
    });
    const like = await within(panel).findByRole('button', { name: /, Like comment$/ });
    await user.click(like);
    expect(like).toHaveAttribute('aria-pressed', 'true');
    expect(like).toHaveTextContent('2');
    expect(api.calls.find((c) => c.url.endsWith('/like'))?.body).toEqual({ liked: true });
    await act(async () => answer.resolve(json(500, {})));
    await waitFor(() => expect(like).toHaveAttribute('aria-pressed', 'false'));
    expect(like).toHaveTextContent('1');
    expect(await screen.findByText('Failed to like comment')).toBeInTheDocument();
  });

  it("likes a comment with the community's posts loaded behind the panel (they share a cache prefix)", async () => {
    const { panel, api, user } = await openPanel(
      {
        comments: [makeComment({ likeCount: 1 })],
        routes: { [`POST ${BASE}/comments/701/like`]: () => json(200, { liked: true, likeCount: 2 }) },
      },
      '/group/night-owls/discussions?post=12-301',
    );
    expect(await screen.findByTestId('post-card')).toBeInTheDocument();
    const like = await within(panel).findByRole('button', { name: /, Like comment$/ });
    await user.click(like);
    await waitFor(() => expect(api.calls.some((c) => c.url === `${BASE}/comments/701/like`)).toBe(true));
    expect(like).toHaveAttribute('aria-pressed', 'true');
    expect(like).toHaveTextContent('2');
  });

  it('opens the profile from names', async () => {
    const { panel, router, user } = await openPanel({ post: makeDiscussion({ username: 'grace', user_id: 50 }) });
    await user.click(await within(panel).findByRole('button', { name: 'grace' }));
    expect(new URLSearchParams(router.state.location.search).get('profile')).toBe('50');
  });

  it('offers a visitor to sign in instead of the comment box, and a non-member to join', async () => {
    const visitor = await openPanel({}, '/suggested?post=12-301', false);
    expect(await within(visitor.panel).findByRole('link', { name: 'Sign in to comment' })).toHaveAttribute(
      'href',
      '/login?redirect=%2Fsuggested%3Fpost%3D12-301',
    );
    visitor.unmount();
    const outsider = await openPanel({ member: false });
    expect(await within(outsider.panel).findByRole('link', { name: 'Join the community to comment.' })).toHaveAttribute(
      'href',
      '/group/night-owls',
    );
    expect(within(outsider.panel).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('keeps an unsent comment as a draft of this post through a reload, and drops it once sent (issue 12 §2.3)', async () => {
    const mine = makeComment({ id: 950, username: 'ada', content: 'Kept for later' });
    const first = await openPanel();
    await first.user.type(await waitFor(() => input(first.panel)), 'Kept for later');
    first.unmount();

    const again = await openPanel({
      routes: {
        [`POST ${BASE}/comments`]: () => json(201, { message: 'Comment added!', comment: mine, commentCount: 1, parentReplyCount: null }),
      },
    });
    const box = await waitFor(() => input(again.panel));
    expect(box).toHaveValue('Kept for later');
    await again.user.type(box, '{Enter}');
    await waitFor(() => expect(input(again.panel)).toHaveValue(''));
    expect(Object.keys(localStorage).filter((k) => k.startsWith('draft:'))).toEqual([]);
  });
});
