import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { createQueryClient } from '@/lib/query-client';
import { json, mockFetch } from '@/test/render-app';
import { ExploreDiscussions } from './explore-discussions';

/** An IntersectionObserver the test drives: `show()` reports the observed element on screen. */
let observed: { callback: IntersectionObserverCallback } | null = null;
class TestObserver {
  constructor(public callback: IntersectionObserverCallback) {
    observed = { callback };
  }
  observe() {}
  disconnect() {}
}
const show = () => act(() => observed?.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));

function renderFeed() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <ExploreDiscussions
          source={{ kind: 'explore' }}
          skeletons={10}
          empty={<p>Nothing here</p>}
          label="Discussions from suggested communities"
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("Explore's discussions (below the fold)", () => {
  beforeEach(() => vi.stubGlobal('IntersectionObserver', TestObserver));
  afterEach(() => {
    observed = null;
    vi.unstubAllGlobals();
  });

  it('shows the 10 placeholders and asks for nothing until the feed comes on screen, then loads it', async () => {
    const { calls } = mockFetch(() => json(200, { discussions: [], nextCursor: null }));
    renderFeed();
    expect(screen.getByLabelText('Loading discussions from suggested communities').children).toHaveLength(10);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(calls).toHaveLength(0);
    show();
    expect(await screen.findByText('Nothing here')).toBeInTheDocument();
    expect(calls.map((c) => c.url)).toEqual(['/groups/suggested/discussions']);
  });

  it('loads on a real scroll down, not on the scroll event the browser sends at 0', async () => {
    const { calls } = mockFetch(() => json(200, { discussions: [], nextCursor: null }));
    renderFeed();
    act(() => window.dispatchEvent(new Event('scroll')));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(calls).toHaveLength(0);
    vi.spyOn(window, 'scrollY', 'get').mockReturnValue(120);
    act(() => window.dispatchEvent(new Event('scroll')));
    expect(await screen.findByText('Nothing here')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });
});
