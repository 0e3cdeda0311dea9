import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import type { Ban, ModlogEntry } from '@agora/contract';
import { json, renderApp, signIn } from '@/test/render-app';
import { serve } from '@/test/serve';
import { makeDetail, makeMember } from '@/features/groups/test-data';

// Issue 15 §4, §5: the ban dialog from the member menu, the banned list with Unban, the moderation log.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });
afterEach(() => toast.dismiss());

const members = [
  makeMember({ id: 99, username: 'olivia', role_name: 'owner' }),
  makeMember({ id: 52, username: 'grace', role_name: 'member' }),
];
const base = (role: 'moderator' | 'member') => ({
  'GET /groups/night-owls': () => json(200, makeDetail({ is_member: true }, { role })),
  'GET /groups/12/members': () => json(200, { members, nextCursor: null }),
  'GET /api/groups/12/requests': () => json(200, { requests: [], nextCursor: null }),
});

const ban: Ban = {
  user: { id: 52, username: 'grace' },
  banned_by: { id: 51, username: 'mo' },
  reason: 'Spam links',
  created_at: '2026-11-26T10:00:00.000Z',
  until: null,
};
const entry = (over: Partial<ModlogEntry>): ModlogEntry => ({
  id: 1,
  actor: { id: 51, username: 'mo' },
  action: 'ban',
  target_type: 'user',
  target_id: 52,
  target_user: { id: 52, username: 'grace' },
  reason: 'Spam links',
  detail: 'permanently',
  created_at: '2026-11-26T10:00:00.000Z',
  ...over,
});

describe('ban dialog', () => {
  it('needs a reason, sends the chosen duration, and shows the server’s message', async () => {
    signIn();
    const { calls } = serve({
      ...base('moderator'),
      'POST /api/groups/12/bans': () =>
        json(200, { message: 'grace has been banned from the community', ban: { ...ban, until: '2026-12-26T10:00:00Z' }, member_count: 1 }),
    });
    const { user } = renderApp('/group/night-owls/members');
    await user.click(await screen.findByRole('button', { name: 'Options for grace' }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Ban' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ban grace' });
    expect(within(dialog).getByRole('radio', { name: '7 days' })).toBeChecked();
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((r) => r.parentElement?.textContent),
    ).toEqual(['1 day', '7 days', '30 days', 'Permanent']);
    await user.click(within(dialog).getByRole('button', { name: 'Ban' }));
    expect(await within(dialog).findByText('Please give a reason for the ban')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/groups/12/bans' && c.method === 'POST')).toBe(false);
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Spam links');
    // Typing a reason clears the error.
    expect(within(dialog).queryByText('Please give a reason for the ban')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: '30 days' }));
    await user.click(within(dialog).getByRole('button', { name: 'Ban' }));
    expect(await screen.findByText('grace has been banned from the community')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/groups/12/bans' && c.method === 'POST')?.body).toEqual({
      userId: 52,
      reason: 'Spam links',
      days: 30,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a permanent ban sends no days; a refusal shows the server’s message', async () => {
    signIn();
    const { calls } = serve({
      ...base('moderator'),
      'POST /api/groups/12/bans': () => json(409, { message: 'This user is already banned from this community', code: 'already_banned' }),
    });
    const { user } = renderApp('/group/night-owls/members');
    await user.click(await screen.findByRole('button', { name: 'Options for grace' }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Ban' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ban grace' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Again');
    await user.click(within(dialog).getByRole('radio', { name: 'Permanent' }));
    await user.click(within(dialog).getByRole('button', { name: 'Ban' }));
    expect(await screen.findByText('This user is already banned from this community')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ userId: 52, reason: 'Again', days: null });
  });
});

describe('banned list and moderation log (staff)', () => {
  it('lists who is banned, by whom, why and until when, and unbans', async () => {
    signIn();
    let banned = [ban];
    const { calls } = serve({
      ...base('moderator'),
      'GET /api/groups/12/bans': () => json(200, { bans: banned, nextCursor: null }),
      'DELETE /api/groups/12/bans/52': () => {
        banned = [];
        return json(200, { message: 'grace has been unbanned' });
      },
    });
    const { user } = renderApp('/group/night-owls/members');
    const section = await screen.findByRole('region', { name: /Banned/ });
    expect(await within(section).findByText('grace')).toBeInTheDocument();
    expect(within(section).getByText(/permanently · by mo · Spam links/)).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Unban grace' }));
    expect(await screen.findByText('grace has been unbanned')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/groups/12/bans/52')).toBe(true);
    expect(await within(section).findByText('Nobody is banned')).toBeInTheDocument();
  });

  it('shows the log newest first as sentences, with reasons, and more on request', async () => {
    signIn();
    serve({
      ...base('moderator'),
      'GET /api/groups/12/modlog': () =>
        json(200, {
          entries: [
            entry({ id: 3 }),
            entry({ id: 2, action: 'rename', target_type: 'group', target_user: null, reason: null, detail: 'Old → New' }),
          ],
          nextCursor: 'next',
        }),
      'GET /api/groups/12/modlog?cursor=next': () =>
        json(200, { entries: [entry({ id: 1, action: 'kick', actor: null, reason: null, detail: null })], nextCursor: null }),
    });
    const { user } = renderApp('/group/night-owls/members');
    const log = await screen.findByRole('list', { name: 'Moderation log' });
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(2));
    const [first, second] = within(log).getAllByRole('listitem');
    expect(first).toHaveTextContent('mo banned grace · permanently');
    expect(first).toHaveTextContent('Reason: Spam links');
    expect(second).toHaveTextContent('mo renamed the community · Old → New');
    await user.click(screen.getAllByRole('button', { name: 'Show more' }).at(-1)!);
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(3));
    expect(within(log).getAllByRole('listitem')[2]).toHaveTextContent('a deleted account kicked grace');
  });

  it('are not shown to a member', async () => {
    signIn();
    const { calls } = serve(base('member'));
    renderApp('/group/night-owls/members');
    expect(await screen.findByRole('list', { name: 'Members' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Banned/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Moderation log' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('/bans') || c.url.includes('/modlog'))).toBe(false);
  });
});
