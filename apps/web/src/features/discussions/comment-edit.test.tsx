import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { Comment, Discussion, EditHistoryResponse } from '@agora/contract';
import { json, mockFetch, renderApp, signIn } from '@/test/render-app';
import { deferred, feedPage, makeComment, makeDiscussion, makeGroupDetail } from './test-data';

/** Issue 15 §1 in the post panel: the author edits and deletes a comment; "edited" opens the history. */

type Handler = (body: unknown) => Response | Promise<Response>;
const BASE = '/groups/12/discussions/301';

function serve(post: Discussion, comments: Comment[], routes: Record<string, Handler> = {}) {
  return mockFetch((url, init) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    const handler = routes[`${method} ${url}`];
    if (handler) return handler(body);
    if (url === BASE) return json(200, { discussion: post });
    if (url === `${BASE}/comments?order=oldest`) return json(200, { comments, nextCursor: null });
    if (url === '/groups/12' || url === '/groups/night-owls') return json(200, makeGroupDetail({ is_member: true }));
    if (url === '/groups/suggested/discussions') return json(200, feedPage([post]));
    if (url.startsWith('/groups/suggested')) return json(200, { groups: [], nextCursor: null });
    if (url.startsWith('/groups/joined') || url.startsWith('/groups/mine')) return json(200, { groups: [], nextCursor: null });
    if (url === '/users/profile') return json(200, { id: 7, username: 'ada', profileImage: null });
    return json(404, { message: `unexpected ${method} ${url}`, code: 'test' });
  });
}

const mine = (overrides: Partial<Comment> = {}) =>
  makeComment({ user_id: 7, username: 'ada', content: 'My words', canDelete: true, abilities: { edit: true, delete: true }, ...overrides });

async function openPanel(
  comments: Comment[],
  routes: Record<string, Handler> = {},
  post = makeDiscussion({ commentCount: comments.length }),
) {
  signIn();
  const api = serve(post, comments, routes);
  const app = renderApp('/suggested?post=12-301');
  const panel = await screen.findByRole('dialog', { name: 'Post' });
  await within(panel).findAllByTestId('comment');
  return { ...app, api, panel };
}

describe('editing a comment', () => {
  it('offers Edit and Delete only where the server allows: Edit for the author, Delete for those who may', async () => {
    const { panel } = await openPanel([
      mine({ id: 701 }),
      makeComment({ id: 702, username: 'mo', canDelete: true, abilities: { edit: false, delete: true } }),
      makeComment({ id: 703, username: 'zed' }),
    ]);
    const [own, staff, other] = within(panel).getAllByTestId('comment');
    expect(within(own!).getByRole('button', { name: 'Edit your comment' })).toBeInTheDocument();
    expect(within(own!).getByRole('button', { name: "Delete ada's comment" })).toBeInTheDocument();
    expect(within(staff!).queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(within(staff!).getByRole('button', { name: "Delete mo's comment" })).toBeInTheDocument();
    expect(within(other!).queryByRole('button', { name: /^(Edit|Delete)/ })).not.toBeInTheDocument();
  });

  it('edits in place: the text in a box, Save sends it, "Comment updated", the stored text shown and focus back on Edit', async () => {
    const answer = deferred<Response>();
    const { panel, api, user } = await openPanel([mine()], { [`PUT ${BASE}/comments/701`]: () => answer.promise });
    await user.click(within(panel).getByRole('button', { name: 'Edit your comment' }));
    const box = within(panel).getByRole('textbox', { name: 'Comment text' });
    expect(box).toHaveValue('My words');
    expect(box).toHaveFocus();
    await user.clear(box);
    await user.type(box, 'Better words');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ content: 'Better words' });
    const edited = mine({ content: 'Better words', edited_at: new Date().toISOString() });
    await act(async () => answer.resolve(json(200, { message: 'Comment updated', comment: edited })));
    expect(await screen.findByText('Comment updated')).toBeInTheDocument();
    expect(within(panel).queryByRole('textbox', { name: 'Comment text' })).not.toBeInTheDocument();
    expect(within(panel).getByText('Better words')).toBeInTheDocument();
    expect(within(panel).getByTestId('edited-mark')).toHaveTextContent(/^edited /);
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Edit your comment' })).toHaveFocus());
  });

  it('Escape and Cancel leave the text as it was and send nothing; an empty text is refused with the spec’s message', async () => {
    const { panel, api, user } = await openPanel([mine()]);
    await user.click(within(panel).getByRole('button', { name: 'Edit your comment' }));
    await user.type(within(panel).getByRole('textbox', { name: 'Comment text' }), ' more{Escape}');
    expect(within(panel).queryByRole('textbox', { name: 'Comment text' })).not.toBeInTheDocument();
    // Escape closed the editor, not the post panel.
    expect(screen.getByRole('dialog', { name: 'Post' })).toBeInTheDocument();
    expect(within(panel).getByText('My words')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Edit your comment' }));
    await user.clear(within(panel).getByRole('textbox', { name: 'Comment text' }));
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(within(panel).getByRole('alert')).toHaveTextContent('Comment cannot be empty');
    await user.click(within(panel).getByRole('button', { name: 'Cancel' }));
    expect(within(panel).getByText('My words')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});

describe('deleting a comment', () => {
  it('asks first; Cancel keeps it; Delete removes a comment without replies and takes the server’s count', async () => {
    const comments = [mine(), makeComment({ id: 702, content: 'Stays' })];
    const { panel, api, user } = await openPanel(comments, {
      [`DELETE ${BASE}/comments/701`]: () => {
        comments.shift();
        return json(200, { message: 'Comment deleted', commentCount: 1, kept: false });
      },
    });
    await user.click(within(panel).getByRole('button', { name: "Delete ada's comment" }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this comment?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(panel).getByRole('button', { name: "Delete ada's comment" }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Comment deleted')).toBeInTheDocument();
    await waitFor(() => expect(within(panel).queryByText('My words')).not.toBeInTheDocument());
    expect(within(panel).getByText('Stays')).toBeInTheDocument();
    expect(within(panel).getByRole('heading', { name: 'Comments (1)' })).toBeInTheDocument();
  });

  it('shows a comment kept for its replies as "This comment was deleted." with no name, buttons or like', async () => {
    const { panel } = await openPanel([
      makeComment({ deleted: true, username: '[deleted]', user_id: 0, content: '[deleted]', replyCount: 2 }),
    ]);
    const [kept] = within(panel).getAllByTestId('comment');
    expect(kept).toHaveTextContent('This comment was deleted.');
    expect(kept).not.toHaveTextContent('[deleted]');
    expect(within(kept!).queryByRole('button', { name: /Like|Reply|Edit|Delete|Copy/ })).not.toBeInTheDocument();
    expect(within(kept!).getByRole('button', { name: 'View 2 replies' })).toBeInTheDocument();
  });

  it('shows a removed comment kept for its replies as "This comment was removed by a moderator." (decision 0117)', async () => {
    const { panel } = await openPanel([
      makeComment({ deleted: true, username: '[removed]', user_id: 0, content: '[removed]', replyCount: 1 }),
    ]);
    const [kept] = within(panel).getAllByTestId('comment');
    expect(kept).toHaveTextContent('This comment was removed by a moderator.');
    expect(kept).not.toHaveTextContent('[removed]');
    expect(within(kept!).queryByRole('button', { name: /Like|Reply|Edit|Delete|Copy|Report/ })).not.toBeInTheDocument();
    expect(within(kept!).getByRole('button', { name: 'View 1 reply' })).toBeInTheDocument();
  });
});

describe('edit history', () => {
  it('"edited" opens a dialog with every version, newest first, its author and text', async () => {
    const history: EditHistoryResponse = {
      versions: [
        {
          version: 2,
          title: null,
          content: 'Second **take**',
          user_id: 7,
          username: 'ada',
          profileImage: null,
          date: '2026-01-02T10:00:00.000Z',
          current: true,
        },
        {
          version: 1,
          title: null,
          content: 'First take',
          user_id: 7,
          username: 'ada',
          profileImage: null,
          date: '2026-01-01T10:00:00.000Z',
          current: false,
        },
      ],
    };
    const { panel, user } = await openPanel(
      [mine({ content: 'Second **take**', edited_at: new Date(Date.now() - 5 * 60_000).toISOString() })],
      {
        [`GET ${BASE}/comments/701/history`]: () => json(200, history),
      },
    );
    const mark = within(panel).getByRole('button', { name: /^Edited .*Show the edit history$/ });
    await user.click(mark);
    const dialog = await screen.findByRole('dialog', { name: 'Edit history' });
    const items = await within(dialog).findAllByTestId('edit-version');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringMatching(/Version 2.*Current.*by ada/),
      expect.stringMatching(/Version 1.*Original/),
    ]);
    expect(within(items[0]!).getByText('take').tagName).toBe('STRONG');
    expect(items[1]).toHaveTextContent('First take');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit history' })).not.toBeInTheDocument());
    expect(mark).toHaveFocus();
  });

  it('a post edited shows "edited" as a button to its history; one never edited shows nothing', async () => {
    const post = makeDiscussion({ date_edited: new Date().toISOString(), edited_at: new Date().toISOString() });
    const { panel } = await openPanel([mine()], {}, post);
    expect(within(panel).getAllByTestId('edited-mark')).toHaveLength(1);
    expect(within(panel).getByRole('button', { name: /Show the edit history/ })).toBeInTheDocument();
  });
});
