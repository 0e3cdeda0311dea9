import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { ReactNode } from 'react';
import { createQueryClient } from '@/lib/query-client';
import { json, mockFetch, renderApp, signIn } from '@/test/render-app';
import { serve } from '@/test/serve';
import { makeDetail } from '@/features/groups/test-data';
import { BlogStrip } from '@/features/blogs/blog-strip';
import { DiscussionFeed } from '@/features/discussions/discussion-feed';
import { SuggestedGroups } from '@/features/groups/suggested-row';

/**
 * Issue 12 §2.4: a list whose request failed says so, with "Try again" that asks again, instead of the empty
 * state ("No discussion to show right now..", "No blogs to show at the moment..").
 */
function renderWith(ui: ReactNode) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The first `failures` answers are a 400 (no automatic retry), then `ok`. */
function failThen(failures: number, ok: () => Response) {
  let n = 0;
  return mockFetch(() => (n++ < failures ? json(400, { message: 'Bad', code: 'x' }) : ok()));
}

describe('a failed list load (shared LoadError)', () => {
  it('the community feed shows the error, not its empty state, and Try again refetches', async () => {
    const { calls } = failThen(1, () => json(200, { discussions: [], nextCursor: null }));
    renderWith(
      <DiscussionFeed source={{ kind: 'group', groupId: 4 }} skeletons={1} empty={<p>No discussions yet</p>} label="Discussions" />,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("Discussions couldn't be loaded.");
    expect(screen.queryByText('No discussions yet')).not.toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No discussions yet')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls.map((c) => c.url)).toEqual(['/api/groups/4/discussions', '/api/groups/4/discussions']);
  });

  it('the home blog strip shows the error instead of "No blogs to show at the moment.."', async () => {
    signIn();
    const { calls } = failThen(1, () => json(200, { blogs: [], nextCursor: null }));
    renderWith(<BlogStrip />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("Blog posts couldn't be loaded.");
    expect(screen.queryByText('No blogs to show at the moment..')).not.toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No blogs to show at the moment..')).toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });

  it("Explore's suggested communities show the error and retry", async () => {
    const { calls } = failThen(1, () => json(200, { groups: [], nextCursor: null }));
    renderWith(<SuggestedGroups />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("Communities couldn't be loaded.");
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No suggested communities available..')).toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });

  /** A handler that fails (400: no automatic retry) `times` times, then answers `ok`. */
  function failing(times: number, ok: () => Response) {
    let n = 0;
    return () => (n++ < times ? json(400, { message: 'Bad', code: 'x' }) : ok());
  }

  it('the members page shows the error and retries', async () => {
    signIn();
    serve({
      'GET /groups/night-owls': () => json(200, makeDetail({ is_member: true })),
      'GET /groups/12/members': failing(1, () => json(200, { members: [], nextCursor: null })),
    });
    const { user } = renderApp('/group/night-owls/members');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The member list could not be loaded.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No members yet')).toBeInTheDocument();
  });

  it('the notifications panel shows the error and retries', async () => {
    signIn();
    serve({ 'GET /notifications': failing(2, () => json(200, { notifications: [], unreadCount: 0, nextCursor: null })) });
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: /^Notifications/ }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const alert = await within(panel).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load notifications');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByText('No notifications yet')).toBeInTheDocument();
  });

  it('the friends panel shows the error instead of "No friends yet", and retries', async () => {
    signIn();
    serve({ 'GET /friends/7/friends': failing(1, () => json(200, { friends: [], total: 0, nextCursor: null })) });
    const { user } = renderApp('/');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This list could not be loaded.');
    expect(screen.queryByText('No friends yet')).not.toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No friends yet')).toBeInTheDocument();
  });
});
