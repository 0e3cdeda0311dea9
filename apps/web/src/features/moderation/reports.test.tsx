import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { SOCKET_EVENTS, type ReportGroup, type ReportQueue } from '@agora/contract';
import { currentSocket, fakeSockets } from '@/test/fake-socket';
import { json, renderApp, signIn } from '@/test/render-app';
import { serve } from '@/test/serve';
import { makeDetail, makeMember, ownedDetail } from '@/features/groups/test-data';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });
afterEach(() => toast.dismiss());

const ITEM: ReportGroup = {
  id: 5,
  group_id: 12,
  group_name: 'Night Owls',
  target_type: 'comment',
  target_id: 40,
  link: '/group/night-owls/discussions?post=3&comment=40',
  title: null,
  text: 'Buy cheap watches at example.com',
  author: { id: 52, username: 'grace', profile_image: null },
  count: 2,
  reasons: { spam: 1, harassment: 1 },
  reports: [
    { id: 5, reporter: { id: 51, username: 'mo', profile_image: null }, reason: 'spam', note: 'Third time today', created: '2026-11-20T10:00:00.000Z' },
    { id: 4, reporter: { id: 53, username: 'lin', profile_image: null }, reason: 'harassment', note: null, created: '2026-11-20T09:00:00.000Z' },
  ],
  status: 'open',
  resolution: null,
  last_reported: '2026-11-20T10:00:00.000Z',
};
/**
 * The toggle's name: "Reports (n)" in a browser (the journey checks it so); jsdom's name computation drops the
 * space before the screen-reader-only "(n)", hence the optional space here.
 */
const reportsName = (n: number) => new RegExp(`^Reports ?\\(${n}\\)$`);
const queue = (reports: ReportGroup[], openCount = reports.length): ReportQueue => ({ reports, openCount, nextCursor: null });

describe('the Report dialog', () => {
  const members = [makeMember({ id: 7, username: 'ada', role_name: 'member' }), makeMember({ id: 52, username: 'grace', role_name: 'member' })];

  it('is offered on other people only, asks for a reason, sends reason and note, and shows the server’s thanks', async () => {
    signIn();
    const bodies: unknown[] = [];
    serve({
      'GET /groups/night-owls': () => json(200, makeDetail({ is_member: true, member_count: 2 })),
      'GET /groups/12/members': () => json(200, { members, nextCursor: null }),
      'POST /api/reports': (body) => {
        bodies.push(body);
        return json(201, { message: 'Thank you. The community’s moderators will look at your report.', id: 1 });
      },
    });
    const { user } = renderApp('/group/night-owls/members');
    const opener = await screen.findByRole('button', { name: 'Report grace' });
    expect(screen.queryByRole('button', { name: 'Report ada' })).toBeNull();
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Report this member' });
    expect(within(dialog).getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual([
      'Spam',
      'Harassment',
      'Off topic',
      'Illegal',
      'Other',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose a reason');
    expect(within(dialog).getByRole('radio', { name: 'Spam' })).toHaveFocus();
    expect(bodies).toEqual([]);
    await user.click(within(dialog).getByRole('radio', { name: 'Harassment' }));
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'Insults in every thread');
    expect(within(dialog).getByText('23/1000')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Note (optional)')).toHaveAttribute('maxLength', '1000');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Thank you. The community’s moderators will look at your report.')).toBeInTheDocument();
    expect(bodies).toEqual([{ target_type: 'user', target_id: 52, group_id: 12, reason: 'harassment', note: 'Insults in every thread' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('shows a refusal as the server words it and keeps the dialog open; Cancel gives focus back to the opener', async () => {
    signIn();
    serve({
      'GET /groups/night-owls': () => json(200, makeDetail({ is_member: true, member_count: 2 })),
      'GET /groups/12/members': () => json(200, { members, nextCursor: null }),
      'POST /api/reports': () => json(409, { message: 'You have already reported this. The moderators will look at it.', code: 'already_reported' }),
    });
    const { user } = renderApp('/group/night-owls/members');
    const opener = await screen.findByRole('button', { name: 'Report grace' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Report this member' });
    await user.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You have already reported this. The moderators will look at it.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('is not offered to a visitor', async () => {
    serve({
      'GET /groups/night-owls': () => json(200, makeDetail({ member_count: 2 })),
      'GET /groups/12/members': () => json(200, { members, nextCursor: null }),
    });
    renderApp('/group/night-owls/members');
    expect(await screen.findByText('grace')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Report / })).toBeNull();
  });
});

describe('the staff’s Reports section', () => {
  it('shows the open count, follows report_count pushes live, and resolves with the right bodies', async () => {
    signIn();
    const bodies: unknown[] = [];
    let open = queue([]);
    serve({
      'GET /groups/night-owls': () => json(200, ownedDetail()),
      'GET /api/groups/12/reports': (_body, url) =>
        json(200, url.includes('status=resolved') ? queue([{ ...ITEM, id: 2, status: 'resolved', resolution: { action: 'dismiss', reason: 'Fine', by: 'ada', at: '2026-11-21T10:00:00.000Z' } }], 1) : open),
      'POST /api/reports/5/resolve': (body) => {
        bodies.push(body);
        return (body as { action: string }).action === 'dismiss'
          ? json(200, { message: 'Report resolved', resolved: 2 })
          : json(400, { message: 'Banning is not available yet', code: 'validation' });
      },
    });
    const { user } = renderApp('/group/night-owls');
    const toggle = await screen.findByRole('button', { name: reportsName(0) });
    await waitFor(() => expect(fakeSockets.length).toBeGreaterThan(0));
    open = queue([ITEM]);
    act(() => currentSocket().serverEmit(SOCKET_EVENTS.reportCount, { group_id: 12, openCount: 1 }));
    expect(await screen.findByRole('button', { name: reportsName(1) })).toBe(toggle);
    act(() => currentSocket().serverEmit(SOCKET_EVENTS.reportCount, { group_id: 99, openCount: 4 }));
    act(() => currentSocket().serverEmit(SOCKET_EVENTS.reportCount, { group_id: 12, openCount: 'many' }));
    expect(toggle).toHaveAccessibleName(reportsName(1));

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const item = await screen.findByRole('article', { name: /Comment/ });
    expect(within(item).getByText('Buy cheap watches at example.com')).toBeInTheDocument();
    expect(within(item).getByText('Reported by 2 people')).toBeInTheDocument();
    expect(within(item).getByText('Spam: 1')).toBeInTheDocument();
    expect(within(item).getByText('Harassment: 1')).toBeInTheDocument();
    expect(within(item).getByText('Third time today')).toBeInTheDocument();
    expect(within(item).getByRole('link', { name: /Open it/ })).toHaveAttribute('href', ITEM.link);

    // Ban asks for a duration; the server's refusal is shown as it comes.
    await user.click(within(item).getByRole('button', { name: 'Ban: Comment by @grace' }));
    let dialog = await screen.findByRole('dialog', { name: 'Ban the author' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Spam bot');
    await user.selectOptions(within(dialog).getByLabelText('Duration'), '30');
    await user.click(within(dialog).getByRole('button', { name: 'Ban' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Banning is not available yet');
    expect(bodies[0]).toEqual({ action: 'ban', reason: 'Spam bot', days: 30 });
    await user.selectOptions(within(dialog).getByLabelText('Duration'), 'forever');
    await user.click(within(dialog).getByRole('button', { name: 'Ban' }));
    await waitFor(() => expect(bodies[1]).toEqual({ action: 'ban', reason: 'Spam bot' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Dismiss, by keyboard: a reason is required.
    const dismiss = within(item).getByRole('button', { name: 'Dismiss: Comment by @grace' });
    dismiss.focus();
    await user.keyboard('{Enter}');
    dialog = await screen.findByRole('dialog', { name: 'Dismiss the report' });
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    expect(within(dialog).getByText('Give a reason')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Reason')).toHaveFocus();
    await user.keyboard('Not spam, a real shop{Enter}');
    open = queue([]);
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByText('Report resolved')).toBeInTheDocument();
    expect(bodies[2]).toEqual({ action: 'dismiss', reason: 'Not spam, a real shop' });
    expect(await screen.findByText('No open reports.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: reportsName(0) })).toBe(toggle);

    await user.click(screen.getByRole('button', { name: 'Resolved' }));
    expect(await screen.findByText('Dismissed by @ada')).toBeInTheDocument();
    expect(screen.getByText('Fine')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Dismiss:/ })).toBeNull();
  });

  it('is not there for a member who is not staff', async () => {
    signIn();
    const { calls } = serve({ 'GET /groups/night-owls': () => json(200, makeDetail({ is_member: true })) });
    renderApp('/group/night-owls');
    expect(await screen.findByRole('heading', { level: 1, name: 'Night Owls' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Reports/ })).toBeNull();
    expect(calls.some((c) => c.url.includes('/reports'))).toBe(false);
  });
});
