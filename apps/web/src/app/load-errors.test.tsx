import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { ReactNode } from 'react';
import { createQueryClient } from '@/lib/query-client';
import { json, mockFetch, signIn } from '@/test/render-app';
import { BlogStrip } from '@/features/blogs/blog-strip';
import { DiscussionFeed } from '@/features/discussions/discussion-feed';
import { SuggestedCommunities } from '@/features/groups/suggested-row';

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
    renderWith(<DiscussionFeed source={{ kind: 'group', groupId: 4 }} skeletons={1} empty={<p>No discussions yet</p>} label="Discussions" />);
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
    renderWith(<SuggestedCommunities />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("Communities couldn't be loaded.");
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No suggested communities available..')).toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });
});
