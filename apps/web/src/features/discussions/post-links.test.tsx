import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Comment } from '@agora/contract';
import { json, mockFetch, renderApp, signIn } from '@/test/render-app';
import { feedPage, makeComment, makeDiscussion, makeGroupDetail } from './test-data';
import { parseCommentParam } from './use-post-panel';

/** SPEC issue 12 §2.15: a post and each comment have an address, and "Copy link" copies it. */

const BASE = '/groups/12/discussions/301';
const post = makeDiscussion();

function serve(pages: Comment[][], replies: Comment[] = []) {
  return mockFetch((url) => {
    if (url === BASE) return json(200, { discussion: post });
    const cursor = /[?&]cursor=([^&]+)/.exec(url)?.[1];
    if (url.startsWith(`${BASE}/comments/701/replies`)) return json(200, { replies, nextCursor: null });
    if (url.startsWith(`${BASE}/comments`)) {
      const index = cursor ? Number(cursor) : 0;
      return json(200, { comments: pages[index] ?? [], nextCursor: index + 1 < pages.length ? String(index + 1) : null });
    }
    if (url === '/groups/12' || url === '/groups/night-owls') return json(200, makeGroupDetail({ is_member: true }));
    if (url === '/api/groups/12/discussions' || url === '/groups/suggested/discussions') return json(200, feedPage([post]));
    if (url.startsWith('/groups/')) return json(200, { groups: [], nextCursor: null });
    if (url === '/users/profile') return json(200, { id: 7, username: 'ada', profileImage: null });
    return json(404, { message: `unexpected ${url}`, code: 'test' });
  });
}

function stubClipboard() {
  const writeText = vi.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return writeText;
}

const scrolled: Element[] = [];
Element.prototype.scrollIntoView = function (this: Element) {
  scrolled.push(this);
};
afterEach(() => {
  scrolled.length = 0;
});

describe('post and comment links', () => {
  it('reads a comment address: "34" is a comment, "12-34" a reply of comment 12, anything else nothing', () => {
    expect(parseCommentParam('34')).toEqual({ commentId: 34, parentId: null });
    expect(parseCommentParam('12-34')).toEqual({ commentId: 34, parentId: 12 });
    for (const bad of [null, '', '0', '-3', '1-0', '01', 'a', '1-2-3', '99999999999']) expect(parseCommentParam(bad)).toBeNull();
  });

  it('copies a post card’s address and toasts "Link copied to clipboard"', async () => {
    signIn();
    serve([[]]);
    const { user } = renderApp('/suggested');
    const card = await screen.findByRole('article', { name: 'Post by grace' });
    const writeText = stubClipboard();
    await user.click(within(card).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/group/12/discussions?post=12-301`);
    expect(await screen.findByText('Link copied to clipboard')).toBeInTheDocument();
  });

  it('copies the post’s and each comment’s address from the post panel; a failed copy says so', async () => {
    signIn();
    serve([[makeComment({ id: 701 })]], []);
    const { user } = renderApp('/suggested?post=12-301');
    const panel = await screen.findByRole('dialog', { name: 'Post' });
    await within(panel).findByText('Nice one');
    const writeText = stubClipboard();
    await user.click(within(panel).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenLastCalledWith(`${window.location.origin}/group/12/discussions?post=12-301`);
    await user.click(within(panel).getByRole('button', { name: "Copy link to mo's comment" }));
    expect(writeText).toHaveBeenLastCalledWith(`${window.location.origin}/group/12/discussions?post=12-301&comment=701`);
    writeText.mockRejectedValue(new Error('denied'));
    document.execCommand = vi.fn().mockReturnValue(false);
    await user.click(within(panel).getByRole('button', { name: "Copy link to mo's comment" }));
    expect(await screen.findByText('Could not copy the link.')).toBeInTheDocument();
  });

  it('opens a comment address on a later page: loads pages until the comment is there, scrolls to it and marks it', async () => {
    signIn();
    const first = Array.from({ length: 3 }, (_, i) => makeComment({ id: 800 + i, content: `early ${i}` }));
    const target = makeComment({ id: 905, content: 'the linked one', username: 'lin' });
    serve([first, [makeComment({ id: 900, content: 'second page' })], [target]]);
    renderApp('/group/12/discussions?post=12-301&comment=905');
    const panel = await screen.findByRole('dialog', { name: 'Post' });
    const linked = await within(panel).findByText('the linked one', {}, { timeout: 5_000 });
    const item = linked.closest('[data-testid="comment"]')!;
    expect(item).toHaveAttribute('data-highlighted', 'true');
    expect(within(item as HTMLElement).getByText('Linked comment')).toBeInTheDocument();
    await waitFor(() => expect(scrolled).toContain(item));
    expect(
      within(panel)
        .getAllByTestId('comment')
        .filter((c) => c.hasAttribute('data-highlighted')),
    ).toHaveLength(1);
  });

  it('opens a reply address with its comment’s replies shown and the reply marked', async () => {
    signIn();
    const parent = makeComment({ id: 701, replyCount: 2 });
    const reply = makeComment({ id: 702, parentCommentId: 701, content: 'the reply', username: 'rey' });
    serve([[parent]], [makeComment({ id: 703, parentCommentId: 701, content: 'other reply' }), reply]);
    renderApp('/group/12/discussions?post=12-301&comment=701-702');
    const panel = await screen.findByRole('dialog', { name: 'Post' });
    const text = await within(panel).findByText('the reply');
    const item = text.closest('[data-testid="reply"]')!;
    expect(item).toHaveAttribute('data-highlighted', 'true');
    expect(within(panel).getByText('other reply').closest('[data-testid="reply"]')).not.toHaveAttribute('data-highlighted');
    await waitFor(() => expect(scrolled).toContain(item));
    expect(within(panel).getByRole('button', { name: 'Hide replies' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('a search hit’s address (/groups/{g}/discussions/{d}?comment=) opens the panel at the reply: scrolled to, flashing and focused (issue 16)', async () => {
    signIn();
    const parent = makeComment({ id: 701, replyCount: 1 });
    const reply = makeComment({ id: 702, parentCommentId: 701, content: 'the found reply', username: 'rey' });
    serve([[parent]], [reply]);
    const { router } = renderApp('/groups/12/discussions/301?comment=701-702');
    const panel = await screen.findByRole('dialog', { name: 'Post' });
    expect(router.state.location.pathname).toBe('/group/12/discussions');
    expect(new URLSearchParams(router.state.location.search).get('comment')).toBe('701-702');
    const item = (await within(panel).findByText('the found reply')).closest('[data-testid="reply"]')!;
    expect(item).toHaveAttribute('data-highlighted', 'true');
    expect(item).toHaveClass('animate-flash');
    await waitFor(() => expect(scrolled).toContain(item));
    await waitFor(() => expect(item).toHaveFocus());
  });

  it('says so when the linked comment is gone', async () => {
    signIn();
    serve([[makeComment({ id: 701 })]]);
    renderApp('/group/12/discussions?post=12-301&comment=999');
    const panel = await screen.findByRole('dialog', { name: 'Post' });
    expect(await within(panel).findByText(/The comment this link points to is no longer here/)).toBeInTheDocument();
  });

  it('closing the panel drops the comment from the address too', async () => {
    signIn();
    serve([[makeComment({ id: 701 })]]);
    const { router, user } = renderApp('/group/12/discussions?post=12-301&comment=701');
    const panel = await screen.findByRole('dialog', { name: 'Post' });
    await within(panel).findByText('Nice one');
    await user.click(within(panel).getByRole('button', { name: 'Close post' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
