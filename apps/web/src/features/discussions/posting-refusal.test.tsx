import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, within } from '@testing-library/react';
import { toast } from 'sonner';
import { POSTING_MESSAGES } from '@agora/contract';
import { json, mockFetch, renderApp, signIn } from '@/test/render-app';
import { feedPage, makeDiscussion, makeGroupDetail } from './test-data';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });
afterEach(() => toast.dismiss());

const SLOW = POSTING_MESSAGES.slowMode('5 minutes', '3 minutes');
const BLOCKED = POSTING_MESSAGES.blockedWord('casino');
const BASE = '/groups/12/discussions/301';

function serve(refusal: { status: number; code: string; message: string }) {
  return mockFetch((url, init) => {
    const method = init.method ?? 'GET';
    if (method === 'POST' && (url === '/groups/12/discussions' || url === `${BASE}/comments`)) return json(refusal.status, refusal);
    if (url === '/groups/night-owls' || url === '/groups/12') return json(200, makeGroupDetail({ is_member: true }));
    if (url === BASE) return json(200, { discussion: makeDiscussion() });
    if (url === `${BASE}/comments?order=oldest`) return json(200, { comments: [], nextCursor: null });
    if (url === '/api/groups/12/discussions' || url === '/groups/suggested/discussions') return json(200, feedPage([makeDiscussion()]));
    if (url.startsWith('/groups/suggested')) return json(200, { groups: [], nextCursor: null });
    if (url.startsWith('/groups/joined') || url.startsWith('/groups/mine')) return json(200, { groups: [], nextCursor: null });
    if (url === '/users/profile') return json(200, { id: 7, username: 'ada', profileImage: null });
    return json(404, { message: `unexpected ${method} ${url}`, code: 'test' });
  });
}

describe('posting refusals in the composers', () => {
  it("the post editor shows the server's slow mode message as is, beside the text, and keeps the text (no toast)", async () => {
    signIn();
    serve({ status: 429, code: 'slow_mode', message: SLOW });
    const { user } = renderApp('/group/night-owls/discussions');
    await user.click(await screen.findByRole('button', { name: 'Anything on your mind?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a post' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Post text' }), 'Second thoughts');
    await user.click(within(dialog).getByRole('button', { name: 'Post' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(SLOW);
    expect(within(dialog).getByRole('textbox', { name: 'Post text' })).toHaveValue('Second thoughts');
    // One place for the message: the dialog, not a toast as well.
    expect(screen.getAllByText(SLOW)).toHaveLength(1);
  });

  it('the comment box shows a blocked-word refusal under the box and keeps the text', async () => {
    signIn();
    serve({ status: 400, code: 'blocked_word', message: BLOCKED });
    const { user } = renderApp('/suggested?post=12-301');
    const panel = await screen.findByRole('dialog', { name: 'Post' });
    await user.type(await within(panel).findByRole('textbox'), 'casino night{Enter}');
    expect(await within(panel).findByRole('alert')).toHaveTextContent(BLOCKED);
    expect(within(panel).getByRole('textbox')).toHaveValue('casino night');
    expect(screen.getAllByText(BLOCKED)).toHaveLength(1);
  });
});
