import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { LIVE_EVENTS, SOCKET_EVENTS } from '@agora/contract';
import { currentSocket, fakeSockets, type FakeSocket } from '@/test/fake-socket';
import { json, mockFetch, renderApp, signIn, TEST_SESSION } from '@/test/render-app';
import { clearSession } from '@/lib/storage';
import { resetLivePosts } from '@/features/discussions/public';
import { resetFreshDiscussions } from '@/features/discussions/public';
import { feedPage, makeComment, makeDiscussion, makeGroupDetail } from '@/features/discussions/test-data';

const BASE = '/groups/12/discussions/301';

/** Night Owls (id 12) with one post (301) and one comment (701). */
function serve() {
  const post = makeDiscussion();
  return mockFetch((url, init) => {
    const method = init.method ?? 'GET';
    if (url === BASE) return json(200, { discussion: post });
    if (url === `${BASE}/comments?order=oldest`) return json(200, { comments: [makeComment()], nextCursor: null });
    if (url === '/groups/12' || url === '/groups/night-owls') return json(200, makeGroupDetail({ is_member: true }));
    if (url === '/api/groups/12/discussions' || url === '/groups/joined/discussions') return json(200, feedPage([post]));
    if (url.startsWith('/groups/joined') || url.startsWith('/groups/mine')) return json(200, { groups: [], nextCursor: null });
    if (url === '/users/profile') return json(200, { id: 7, username: 'ada', profileImage: null });
    return json(404, { message: `unexpected ${method} ${url}`, code: 'test' });
  });
}

/** Waits for the page's subscribe to `room` on the app's socket and accepts it, as the server does. */
async function joined(room: string): Promise<FakeSocket> {
  await waitFor(() => expect(fakeSockets.length).toBeGreaterThan(0));
  const socket = currentSocket();
  let ackFn: ((answer: unknown) => void) | undefined;
  await waitFor(() => {
    const sent = socket.emitted.find(([event, payload]) => event === LIVE_EVENTS.subscribe && (payload as { room: string }).room === room);
    expect(sent).toBeDefined();
    ackFn = sent![2] as (answer: unknown) => void;
  });
  act(() => ackFn!({ ok: true }));
  return socket;
}

const newPost = (id: number, text: string) => makeDiscussion({ id, user_id: 50, username: 'grace', discussion_content: text });

afterEach(() => {
  resetLivePosts();
  resetFreshDiscussions();
  vi.restoreAllMocks();
});

describe('live updates on screen (issue 17 §1)', () => {
  it('a community feed shows "N new posts" instead of inserting; a click shows them on top, with no request', async () => {
    signIn();
    const api = serve();
    renderApp('/group/night-owls/discussions');
    const list = await screen.findByRole('list', { name: 'Posts' }, { timeout: 5000 });
    const socket = await joined('group:12');
    const status = screen.getByRole('status', { name: '' });
    const before = api.calls.length;

    act(() =>
      socket.serverEmit(LIVE_EVENTS.discussionCreated, { group_id: 12, discussion_id: 302, discussion: newPost(302, 'First live') }),
    );
    const pill = await screen.findByRole('button', { name: '1 new post' });
    expect(status).toHaveTextContent('1 new post');
    // Not inserted: the reader's feed does not move.
    expect(within(list).getAllByRole('article')).toHaveLength(1);
    act(() =>
      socket.serverEmit(LIVE_EVENTS.discussionCreated, { group_id: 12, discussion_id: 303, discussion: newPost(303, 'Second live') }),
    );
    expect(pill).toHaveTextContent('2 new posts');
    expect(status).toHaveTextContent('2 new posts');

    act(() => pill.click());
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(3));
    const texts = within(list)
      .getAllByRole('article')
      .map((a) => a.textContent ?? '');
    expect(texts[0]).toContain('Second live');
    expect(texts[1]).toContain('First live');
    expect(screen.queryByRole('button', { name: /new post/ })).toBeNull();
    expect(status).toHaveTextContent('');
    await waitFor(() => expect(document.activeElement).toBe(document.querySelector('[data-post-id="303"]')));
    expect(api.calls.slice(before).map((c) => c.url)).not.toContain('/api/groups/12/discussions');
  });

  it('an open post panel appends a comment and changes the counts in place, then says when the post is deleted', async () => {
    signIn();
    const api = serve();
    renderApp('/group/night-owls/discussions?post=12-301');
    const panel = await screen.findByTestId('post-panel');
    await within(panel).findByText('Nice one');
    const socket = await joined('discussion:301');
    const before = api.calls.length;

    act(() =>
      socket.serverEmit(LIVE_EVENTS.commentCreated, {
        group_id: 12,
        discussion_id: 301,
        comment_id: 702,
        comment: makeComment({ id: 702, content: 'Arrived live', username: 'grace' }),
        commentCount: 3,
      }),
    );
    await within(panel).findByText('Arrived live');
    expect(within(panel).getByText('3 comments')).toBeInTheDocument();
    act(() => socket.serverEmit(LIVE_EVENTS.likeCount, { target: 'discussion', id: 301, group_id: 12, discussion_id: 301, count: 8 }));
    await waitFor(() => expect(within(panel).getByRole('button', { name: /^8 likes, Like post$/ })).toBeInTheDocument());
    expect(api.calls.length).toBe(before);

    act(() => socket.serverEmit(LIVE_EVENTS.discussionDeleted, { group_id: 12, discussion_id: 301 }));
    expect(await within(panel).findByRole('heading', { name: 'This post was deleted' })).toBeInTheDocument();
    expect(within(panel).queryByText('Arrived live')).toBeNull();
  });

  it('leaving the community page unsubscribes its room', async () => {
    signIn();
    serve();
    const { router } = renderApp('/group/night-owls/discussions');
    await screen.findByRole('list', { name: 'Posts' }, { timeout: 5000 });
    const socket = await joined('group:12');
    await act(() => router.navigate('/settings'));
    await waitFor(() =>
      expect(socket.emitted.some(([event, p]) => event === LIVE_EVENTS.unsubscribe && (p as { room: string }).room === 'group:12')).toBe(
        true,
      ),
    );
  });
});

describe('a visitor follows public pages live (issue 17 §1, decision 0134)', () => {
  /** A public Night Owls, read by a visitor: no session, not a member. */
  function serveVisitor() {
    const post = makeDiscussion({ isLiked: false, canEdit: false, canDelete: false });
    return mockFetch((url, init) => {
      const method = init.method ?? 'GET';
      if (url === BASE) return json(200, { discussion: post });
      if (url === `${BASE}/comments?order=oldest`) return json(200, { comments: [makeComment()], nextCursor: null });
      if (url === '/groups/12' || url === '/groups/night-owls') return json(200, makeGroupDetail({ is_member: false }));
      if (url === '/api/groups/12/discussions') return json(200, feedPage([post]));
      // After a sign-in (the swap test): the signed-in layout's own requests.
      if (url.startsWith('/groups/joined') || url.startsWith('/groups/mine')) return json(200, { groups: [], nextCursor: null });
      if (url === '/users/profile') return json(200, { id: 7, username: 'ada', profileImage: null });
      return json(404, { message: `unexpected ${method} ${url}`, code: 'test' });
    });
  }

  it('a community feed opens a connection without a token, never announces presence, and shows the new posts pill', async () => {
    const api = serveVisitor();
    renderApp('/group/night-owls/discussions');
    const list = await screen.findByRole('list', { name: 'Posts' }, { timeout: 5000 });
    const socket = await joined('group:12');
    expect(socket.options.auth).toEqual({});
    expect(socket.emitted.map(([event]) => event)).not.toContain(SOCKET_EVENTS.userOnline);
    const before = api.calls.length;
    act(() =>
      socket.serverEmit(LIVE_EVENTS.discussionCreated, { group_id: 12, discussion_id: 302, discussion: newPost(302, 'Seen by a visitor') }),
    );
    const pill = await screen.findByRole('button', { name: '1 new post' });
    act(() => pill.click());
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(2));
    expect(within(list).getAllByRole('article')[0]).toHaveTextContent('Seen by a visitor');
    expect(api.calls.length).toBe(before);
  });

  it('an open post panel appends comments, changes like counts and says when the post is deleted', async () => {
    serveVisitor();
    renderApp('/group/night-owls/discussions?post=12-301');
    const panel = await screen.findByTestId('post-panel');
    await within(panel).findByText('Nice one');
    const socket = await joined('discussion:301');
    expect(socket.options.auth).toEqual({});
    act(() =>
      socket.serverEmit(LIVE_EVENTS.commentCreated, {
        group_id: 12,
        discussion_id: 301,
        comment_id: 702,
        comment: makeComment({ id: 702, content: 'Arrived for a visitor', username: 'grace', isLiked: false, canDelete: false }),
        commentCount: 3,
      }),
    );
    await within(panel).findByText('Arrived for a visitor');
    act(() => socket.serverEmit(LIVE_EVENTS.likeCount, { target: 'discussion', id: 301, group_id: 12, discussion_id: 301, count: 8 }));
    await waitFor(() => expect(within(panel).getByText(/^8$/)).toBeInTheDocument());
    act(() => socket.serverEmit(LIVE_EVENTS.discussionDeleted, { group_id: 12, discussion_id: 301 }));
    expect(await within(panel).findByRole('heading', { name: 'This post was deleted' })).toBeInTheDocument();
  });

  it('a page with no live room opens no connection; leaving the last room closes it', async () => {
    serveVisitor();
    const { router } = renderApp('/group/night-owls/discussions');
    await screen.findByRole('list', { name: 'Posts' }, { timeout: 5000 });
    const socket = await joined('group:12');
    await act(() => router.navigate('/login'));
    await waitFor(() => expect(socket.connected).toBe(false));
    expect(fakeSockets).toHaveLength(1);
  });

  it('signing in swaps the visitor’s connection for the session’s and follows the rooms again; signing out swaps back', async () => {
    serveVisitor();
    const { router } = renderApp('/group/night-owls/discussions');
    await screen.findByRole('list', { name: 'Posts' }, { timeout: 5000 });
    const visitor = await joined('group:12');
    act(() => void signIn());
    await waitFor(() => expect(fakeSockets.length).toBe(2));
    const session = await joined('group:12');
    expect(visitor.connected).toBe(false);
    expect(session.options.auth).toEqual({ token: TEST_SESSION.token });
    act(() => clearSession());
    await waitFor(() => expect(session.connected).toBe(false));
    // Signed out, back on a public community: a visitor's connection again.
    await act(() => router.navigate('/group/night-owls/members'));
    await act(() => router.navigate('/group/night-owls/discussions'));
    await waitFor(() => expect(fakeSockets.length).toBe(3));
    const again = await joined('group:12');
    expect(again.options.auth).toEqual({});
  });
});
