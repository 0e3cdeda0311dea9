// Over 400 lines on purpose: one screen's tests share one mock server and its helpers; split by screen, not by size.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import type { GroupDetailResponse } from '@agora/contract';
import { json, makeProfile, mockFetch, renderApp, signIn } from '@/test/render-app';
import { list, makeDetail, makeMember, membership, ownedDetail } from './test-data';

// Typing through user-event is slow on a busy machine: generous per-test time, no assertion on speed.
vi.setConfig({ testTimeout: 30_000 });
// Waiting is not asserting speed: a busy machine may take longer than the default second to render.
configure({ asyncUtilTimeout: 5_000 });

// Toasts live in sonner's module state: clear them so one test's toast never shows in the next.
afterEach(() => toast.dismiss());

type Reply = Response | Promise<Response>;
type Routes = Record<string, (body: unknown) => Reply>;

/**
 * Answers "METHOD /path?query" from `routes` (exact match first, then without the query); the signed-in
 * shell's own calls get harmless answers; anything else is a test error.
 */
function serve(routes: Routes) {
  return mockFetch((url, init) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    const handler = routes[`${method} ${url}`] ?? routes[`${method} ${url.split('?')[0]}`];
    if (handler) return handler(body);
    if (url === '/users/profile') return json(200, makeProfile());
    if (url.startsWith('/groups/joined') || url.startsWith('/groups/mine')) return json(200, list([]));
    // The Discussion tab's posts (features/discussions tests the feed itself).
    if (/^\/api\/groups\/\d+\/discussions/.test(url)) return json(200, { discussions: [], nextCursor: null });
    return json(599, { message: `unexpected ${method} ${url}`, code: 'test' });
  });
}

function deferred() {
  let resolve: (r: Response) => void = () => {};
  const promise = new Promise<Response>((r) => (resolve = r));
  return { promise, resolve };
}

const header = () => screen.getByRole('region', { name: 'Night Owls' });
const tabs = () =>
  within(screen.getByRole('navigation', { name: 'Community sections' }))
    .queryAllByRole('link')
    .map((l) => l.textContent);

describe('community page', () => {
  it('shows a public community to a visitor: header, four tabs, the three empty sections, and JOIN sends to /login', async () => {
    const { calls } = serve({ 'GET /groups/night-owls': () => json(200, makeDetail({ group_verified: 1 })) });
    const { user, router } = renderApp('/group/night-owls');
    expect(await screen.findByRole('heading', { level: 1, name: 'Night Owls' })).toBeInTheDocument();
    expect(tabs()).toEqual(['Overview', 'Members', 'Blogs', 'Discussion']);
    expect(screen.getByRole('heading', { name: 'Welcome to Night Owls' })).toBeInTheDocument();
    expect(screen.getAllByText('Nothing to show here...')).toHaveLength(3);
    expect(within(header()).getByRole('img', { name: 'Verified' })).toBeInTheDocument();
    expect(within(header()).queryByRole('img', { name: 'Private community' })).not.toBeInTheDocument();
    expect(calls[0]?.headers).not.toHaveProperty('Authorization');

    await user.click(within(header()).getByRole('button', { name: 'JOIN' }));
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect=%2Fgroup%2Fnight-owls');
  });

  it('renders the sections: intro with bold and an embedded video, rules, social links', async () => {
    const detail = makeDetail();
    detail.overview = [
      {
        section_header: 'About Us',
        section_desc:
          'We read **at night**.\n[https://youtu.be/dQw4w9WgXcQ?t=90]\nSee https://owls.example/faq and https://owls.example/join [Join the club]',
      },
      { section_header: 'Rules & Regulations', section_desc: '1. **Be kind**\n2. Read https://owls.example/code [the code of conduct]' },
      { section_header: 'Social Media', section_desc: 'discord.gg/owls\nhttps://evil.example [facebook.com]\nJust text' },
    ];
    serve({ 'GET /groups/night-owls': () => json(200, detail) });
    renderApp('/group/night-owls');
    expect((await screen.findByText('at night')).tagName).toBe('STRONG');
    expect(screen.getByTitle('YouTube video')).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=90');
    expect(screen.getByText('Be kind').tagName).toBe('STRONG');
    // Sections follow the posts' link rules (issue 12 §2.7): a bare address is a link, "url [label]" a button link.
    expect(screen.getByRole('link', { name: 'https://owls.example/faq' })).toHaveAttribute('href', 'https://owls.example/faq');
    expect(screen.getByRole('link', { name: /Join the club/ })).toHaveAttribute('href', 'https://owls.example/join');
    expect(screen.getByRole('link', { name: /the code of conduct/ })).toHaveAttribute('target', '_blank');
    expect(screen.queryByText(/\[Join the club\]/)).not.toBeInTheDocument();
    const discord = screen.getByRole('link', { name: 'Discord discord.gg' });
    expect(discord).toHaveAttribute('href', 'https://discord.gg/owls');
    expect(discord).toHaveAttribute('target', '_blank');
    expect(discord).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: 'evil.example' })).toHaveAttribute('href', 'https://evil.example/');
    expect(screen.getByText('Just text').closest('a')).toBeNull();
    // Without a label a link is labelled by its host, shown once (issue 12 §2.7).
    expect(screen.getAllByText('evil.example')).toHaveLength(1);
  });

  it('shows "Community Not Found" with Go Back for a missing community', async () => {
    serve({ 'GET /groups/nope': () => json(404, { message: 'Group not found', code: 'group_not_found' }) });
    const { user, router } = renderApp(['/suggested', '/group/nope']);
    expect(await screen.findByRole('heading', { name: 'Community Not Found' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(router.state.location.pathname).toBe('/suggested');
  });

  it('hides Members, Blogs and Discussion of a private community from a non-member and sends sub-pages to the overview', async () => {
    signIn();
    const { calls } = serve({ 'GET /groups/night-owls': () => json(200, makeDetail({ is_private: 1 })) });
    const { router } = renderApp('/group/night-owls/members');
    expect(await screen.findByRole('heading', { level: 1, name: 'Night Owls' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/group/night-owls'));
    expect(tabs()).toEqual(['Overview']);
    expect(within(header()).getByRole('img', { name: 'Private community' })).toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('/members'))).toBe(false);
  });

  it('shows a private community’s tabs to a member', async () => {
    signIn();
    serve({ 'GET /groups/night-owls': () => json(200, makeDetail({ is_private: 1, is_member: true })) });
    renderApp('/group/night-owls');
    await screen.findByRole('heading', { level: 1, name: 'Night Owls' });
    expect(tabs()).toEqual(['Overview', 'Members', 'Blogs', 'Discussion']);
  });

  it('sends a sub-page to the overview when the check fails', async () => {
    serve({ 'GET /groups/night-owls': () => json(500, {}) });
    const { router } = renderApp('/group/night-owls/discussions');
    // The failed load is retried once (after a second) before it counts as failed.
    await waitFor(() => expect(router.state.location.pathname).toBe('/group/night-owls'), { timeout: 5_000 });
    expect(await screen.findByRole('heading', { name: 'Community Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('restores the last visited tab when the bare path is opened, and drops one that is no longer visible', async () => {
    localStorage.setItem('groupLastVisitedTabs', JSON.stringify({ 12: 'discussions', 13: 'members' }));
    serve({
      'GET /groups/night-owls': () => json(200, makeDetail()),
      'GET /groups/locked': () => json(200, makeDetail({ id: 13, slug: 'locked', is_private: 1 })),
    });
    const first = renderApp('/group/night-owls');
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/group/night-owls/discussions'));
    expect(await screen.findByText('No discussions yet')).toBeInTheDocument();
    first.unmount();

    const second = renderApp('/group/locked');
    await screen.findByRole('heading', { level: 1, name: 'Night Owls' });
    expect(second.router.state.location.pathname).toBe('/group/locked');
    expect(JSON.parse(localStorage.getItem('groupLastVisitedTabs')!)).toEqual({ 12: 'discussions' });
  });

  it('remembers the tab the viewer opens, and the Overview tab stays on the overview', async () => {
    serve({
      'GET /groups/night-owls': () => json(200, makeDetail()),
      'GET /groups/12/members': () => json(200, { members: [], nextCursor: null }),
    });
    const { user, router } = renderApp('/group/night-owls');
    await screen.findByRole('heading', { level: 1, name: 'Night Owls' });
    await user.click(screen.getByRole('link', { name: 'Members' }));
    expect(JSON.parse(localStorage.getItem('groupLastVisitedTabs')!)).toEqual({ 12: 'members' });
    await user.click(screen.getByRole('link', { name: 'Overview' }));
    expect(router.state.location.pathname).toBe('/group/night-owls');
    expect(JSON.parse(localStorage.getItem('groupLastVisitedTabs')!)).toEqual({ 12: 'overview' });
  });
});

describe('joining and leaving (SPEC §4)', () => {
  it('shows Leave at once, ignores repeat clicks, and rolls back with "Failed to join group" when the call fails', async () => {
    signIn();
    const answer = deferred();
    const { calls } = serve({
      'GET /groups/night-owls': () => json(200, makeDetail()),
      'POST /api/groups/12/join': () => answer.promise,
    });
    const { user } = renderApp('/group/night-owls');
    await user.click(await within(await screen.findByRole('region', { name: 'Night Owls' })).findByRole('button', { name: 'JOIN' }));
    const leave = await within(header()).findByRole('button', { name: 'Leave' });
    expect(within(header()).getByText(/^11 members/)).toBeInTheDocument();
    await user.click(leave);
    await user.click(leave);
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(1);

    answer.resolve(json(500, {}));
    expect(await screen.findByText('Failed to join group')).toBeInTheDocument();
    expect(await within(header()).findByRole('button', { name: 'JOIN' })).toBeInTheDocument();
    expect(within(header()).getByText(/^10 members/)).toBeInTheDocument();
  });

  it('shows the server’s message when it sent one', async () => {
    signIn();
    serve({
      'GET /groups/night-owls': () => json(200, makeDetail()),
      'POST /api/groups/12/join': () => json(409, { message: 'You are banned here', code: 'forbidden' }),
    });
    const { user } = renderApp('/group/night-owls');
    await user.click(await within(await screen.findByRole('region', { name: 'Night Owls' })).findByRole('button', { name: 'JOIN' }));
    expect(await screen.findByText('You are banned here')).toBeInTheDocument();
  });

  it('joins, confirms for 3 seconds, refreshes the joined lists, and leaves again', async () => {
    signIn();
    let detail: GroupDetailResponse = makeDetail();
    const { calls } = serve({
      'GET /groups/night-owls': () => json(200, detail),
      'POST /api/groups/12/join': () => {
        detail = makeDetail({ is_member: true, member_count: 11 });
        return json(200, membership({ member_count: 11 }));
      },
      'POST /api/groups/12/leave': () => {
        detail = makeDetail({ member_count: 10 });
        return json(200, membership({ isMember: false, status: 'none', member_count: 10 }));
      },
    });
    const { user } = renderApp('/group/night-owls');
    await user.click(await within(await screen.findByRole('region', { name: 'Night Owls' })).findByRole('button', { name: 'JOIN' }));
    expect(await screen.findByText('You have successfully joined the community!')).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.url.startsWith('/groups/joined')).length).toBeGreaterThan(0));
    // Leaving asks first (Kick does too); Cancel is where focus starts.
    await user.click(within(header()).getByRole('button', { name: 'Leave' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Leave Night Owls?' });
    expect(confirm).toHaveAccessibleDescription('You can join again at any time.');
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(calls.some((c) => c.url.endsWith('/leave'))).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('You have left the community')).toBeInTheDocument();
    expect(await within(header()).findByRole('button', { name: 'JOIN' })).toBeInTheDocument();
  });

  it('sends a request to join a private community and shows Requested; clicking it cancels', async () => {
    signIn();
    let joinRequest: 'none' | 'pending' = 'none';
    serve({
      'GET /groups/night-owls': () => json(200, makeDetail({ is_private: 1 }, { joinRequest })),
      'POST /api/groups/12/join': () => {
        joinRequest = 'pending';
        return json(200, membership({ isMember: false, status: 'requested', member_count: 10 }));
      },
      'DELETE /api/groups/12/join': () => {
        joinRequest = 'none';
        return json(200, membership({ isMember: false, status: 'none', member_count: 10 }));
      },
    });
    const { user } = renderApp('/group/night-owls');
    await user.click(await within(await screen.findByRole('region', { name: 'Night Owls' })).findByRole('button', { name: 'JOIN' }));
    expect(await screen.findByText('Your request to join has been sent')).toBeInTheDocument();
    await user.click(await within(header()).findByRole('button', { name: 'Requested' }));
    expect(await screen.findByText('Your request to join has been cancelled')).toBeInTheDocument();
    expect(await within(header()).findByRole('button', { name: 'JOIN' })).toBeInTheDocument();
  });

  it('shows the owner no JOIN or Leave', async () => {
    signIn();
    serve({ 'GET /groups/night-owls': () => json(200, ownedDetail()) });
    renderApp('/group/night-owls');
    await screen.findByRole('heading', { level: 1, name: 'Night Owls' });
    expect(within(header()).queryByRole('button', { name: /JOIN|Leave/ })).not.toBeInTheDocument();
  });
});

describe('owner controls', () => {
  it('flips privacy at once and reverts with "Failed to update privacy" on failure', async () => {
    signIn();
    const answer = deferred();
    serve({ 'GET /groups/night-owls': () => json(200, ownedDetail()), 'PUT /api/groups/12/privacy': () => answer.promise });
    const { user } = renderApp('/group/night-owls');
    const toggle = await screen.findByRole('switch', { name: 'Private community' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    answer.resolve(json(500, {}));
    expect(await screen.findByText('Failed to update privacy')).toBeInTheDocument();
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
  });

  it('takes the server’s privacy value', async () => {
    signIn();
    let isPrivate: 0 | 1 = 0;
    const { calls } = serve({
      'GET /groups/night-owls': () => json(200, ownedDetail({ is_private: isPrivate })),
      'PUT /api/groups/12/privacy': () => {
        isPrivate = 1;
        return json(200, { message: 'Privacy updated', is_private: 1 });
      },
    });
    const { user } = renderApp('/group/night-owls');
    await user.click(await screen.findByRole('switch', { name: 'Private community' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ is_private: 1 }));
    expect(screen.getByRole('switch', { name: 'Private community' })).toHaveAttribute('aria-checked', 'true');
  });

  it('renames inline, sends only a changed name, and moves the address to the new slug', async () => {
    signIn();
    const { calls } = serve({
      'GET /groups/night-owls': () => json(200, ownedDetail()),
      'PUT /api/groups/12': (body) => {
        const detail = ownedDetail({ group_name: (body as { group_name: string }).group_name, slug: 'day-owls' });
        return json(200, { message: 'Community updated', group: detail.group, overview: detail.overview });
      },
    });
    const { user, router } = renderApp('/group/night-owls');
    await user.click(await screen.findByRole('button', { name: 'Edit community name' }));
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Edit community name' }));
    const input = screen.getByRole('textbox', { name: 'Community name' });
    expect(input).toHaveAttribute('maxLength', '50');
    await user.clear(input);
    await user.type(input, '  Day   Owls {Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/group/day-owls'));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ group_name: 'Day Owls' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Day Owls' })).toBeInTheDocument();
  });

  it('restores the old name when the new one already exists, and keeps the draft on other failures', async () => {
    signIn();
    let status = 409;
    serve({
      'GET /groups/night-owls': () => json(200, ownedDetail()),
      'PUT /api/groups/12': () =>
        status === 409 ? json(409, { message: 'A community named "Taken" already exists', code: 'group_name_taken' }) : json(500, {}),
    });
    const { user } = renderApp('/group/night-owls');
    await user.click(await screen.findByRole('button', { name: 'Edit community name' }));
    await user.clear(screen.getByRole('textbox', { name: 'Community name' }));
    await user.type(screen.getByRole('textbox', { name: 'Community name' }), 'Taken{Enter}');
    expect(await screen.findByText('A community named "Taken" already exists')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Night Owls' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Community name' })).not.toBeInTheDocument();

    status = 500;
    await user.click(screen.getByRole('button', { name: 'Edit community name' }));
    await user.clear(screen.getByRole('textbox', { name: 'Community name' }));
    await user.type(screen.getByRole('textbox', { name: 'Community name' }), 'Other{Enter}');
    expect(await screen.findByText('Failed to update group name')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Community name' })).toHaveValue('Other');
  });

  it('edits a section with Save and Cancel, and reports "Failed to update section"', async () => {
    signIn();
    let fail = false;
    const { calls } = serve({
      'GET /groups/night-owls': () => json(200, ownedDetail()),
      'PUT /api/groups/12': (body) => {
        if (fail) return json(500, {});
        const detail = ownedDetail();
        detail.overview[1] = { section_header: 'Rules & Regulations', section_desc: (body as { rules: string }).rules };
        return json(200, { message: 'Section updated', group: detail.group, overview: detail.overview });
      },
    });
    const { user } = renderApp('/group/night-owls');
    await user.click(await screen.findByRole('button', { name: 'Edit Rules & Regulations' }));
    await user.type(screen.getByRole('textbox', { name: 'Rules & Regulations' }), 'Be **kind**');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Edit Rules & Regulations' }));
    await user.type(screen.getByRole('textbox', { name: 'Rules & Regulations' }), 'Be **kind**');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByText('kind')).tagName).toBe('STRONG');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ rules: 'Be **kind**' });

    fail = true;
    await user.click(screen.getByRole('button', { name: 'Edit About Us' }));
    await user.type(screen.getByRole('textbox', { name: 'About Us' }), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to update section')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'About Us' })).toHaveValue('Hello');
  });
});

describe('deleting and handing over', () => {
  it('deletes the community only after its name is typed, then goes home', async () => {
    signIn();
    const { calls } = serve({
      'GET /groups/night-owls': () => json(200, ownedDetail()),
      'DELETE /api/groups/12': () => json(200, { message: 'Community deleted' }),
    });
    const { user, router } = renderApp('/group/night-owls');
    await user.click(await screen.findByRole('button', { name: 'Community settings' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete community' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete community' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete community' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Type "Night Owls" to confirm'), 'night owls');
    expect(confirm).toBeDisabled();
    await user.clear(within(dialog).getByLabelText('Type "Night Owls" to confirm'));
    await user.type(within(dialog).getByLabelText('Type "Night Owls" to confirm'), 'Night Owls');
    await user.click(confirm);
    expect(await screen.findByText('Community deleted')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ confirmName: 'Night Owls' });
  });

  it('hands ownership to an admin after a confirmation', async () => {
    signIn();
    const { calls } = serve({
      'GET /groups/night-owls': () => json(200, ownedDetail()),
      'GET /groups/12/members': () =>
        json(200, {
          members: [makeMember({ id: 7, username: 'ada', role_name: 'owner' }), makeMember({ id: 60, username: 'bo', role_name: 'admin' })],
          nextCursor: null,
        }),
      'GET /api/groups/12/requests': () => json(200, { requests: [], nextCursor: null }),
      'POST /api/groups/12/transfer': () => json(200, { message: 'bo is now the owner of this community', owner_id: 60 }),
    });
    const { user } = renderApp('/group/night-owls/members');
    await user.click(await screen.findByRole('button', { name: 'Options for bo' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Make Owner' }));
    const dialog = await screen.findByRole('alertdialog', { name: /make bo the owner of this community/ });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('bo is now the owner of this community')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/groups/12/transfer')?.body).toEqual({ memberId: 60 });
  });
});

describe('copy link', () => {
  it('copies the community address and confirms', async () => {
    serve({ 'GET /groups/night-owls': () => json(200, makeDetail()) });
    const { user } = renderApp('/group/night-owls');
    // user-event installs its own clipboard on setup; watch that one.
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(await screen.findByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/group/night-owls`);
    expect(await screen.findByText('Link copied to clipboard')).toBeInTheDocument();
  });

  it('falls back to the legacy copy, and says "Could not copy the link." when that fails too', async () => {
    serve({ 'GET /groups/night-owls': () => json(200, makeDetail()) });
    const { user } = renderApp('/group/night-owls');
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    const exec = vi.fn(() => true);
    document.execCommand = exec;
    await user.click(await screen.findByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Link copied to clipboard')).toBeInTheDocument();
    expect(exec).toHaveBeenCalledWith('copy');

    exec.mockReturnValue(false);
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Could not copy the link.')).toBeInTheDocument();
  });
});

describe('Discussion tab frames', () => {
  it('shows the visitor the sign-in banner (closing it sets hideAuthBanner) and the empty feed with Sign In to Post', async () => {
    serve({ 'GET /groups/night-owls': () => json(200, makeDetail()) });
    const { user } = renderApp('/group/night-owls/discussions');
    expect(await screen.findByText('Want to participate in this community? Join now!')).toBeInTheDocument();
    // One banner at a time: the quieter "Sign in to join" line only once the banner is closed.
    expect(
      screen.queryByText('Want to participate in discussions? Sign in to join this community and start posting!'),
    ).not.toBeInTheDocument();
    expect(await screen.findByText('No discussions yet')).toBeInTheDocument();
    expect(screen.getByText("This group doesn't have any discussions yet.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In to Post' })).toHaveAttribute(
      'href',
      '/login?redirect=%2Fgroup%2Fnight-owls%2Fdiscussions',
    );
    await user.click(within(screen.getByRole('region', { name: 'Sign in' })).getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Want to participate in this community? Join now!')).not.toBeInTheDocument();
    expect(screen.getByText('Want to participate in discussions? Sign in to join this community and start posting!')).toBeInTheDocument();
    expect(localStorage.getItem('hideAuthBanner')).toBe('true');
  });

  it('keeps the banner closed once hidden', async () => {
    localStorage.setItem('hideAuthBanner', 'true');
    serve({ 'GET /groups/night-owls': () => json(200, makeDetail()) });
    renderApp('/group/night-owls/discussions');
    expect(await screen.findByText('No discussions yet')).toBeInTheDocument();
    expect(screen.queryByText('Want to participate in this community? Join now!')).not.toBeInTheDocument();
    expect(screen.getByText('Want to participate in discussions? Sign in to join this community and start posting!')).toBeInTheDocument();
  });

  it('asks a signed-in non-member to join, and tells a member to be the first', async () => {
    signIn();
    let detail = makeDetail();
    serve({
      'GET /groups/night-owls': () => json(200, detail),
      'POST /api/groups/12/join': () => {
        detail = makeDetail({ is_member: true });
        return json(200, membership());
      },
    });
    const { user } = renderApp('/group/night-owls/discussions');
    expect(await screen.findByRole('heading', { name: 'Join this community' })).toBeInTheDocument();
    expect(screen.getByText('Join the group to start posting!')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Join Group' }));
    expect(await screen.findByText('Be the first to start a discussion in this group!')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Join this community' })).not.toBeInTheDocument();
  });
});
