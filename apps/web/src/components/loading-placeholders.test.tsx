import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { mockFetch, renderApp, signIn } from '@/test/render-app';
import { ariaViolations } from '@/test/axe';

/**
 * What a screen shows while its content is slow to arrive. A name (aria-label) on a plain div is prohibited
 * (axe aria-prohibited-attr, serious): the journeys only saw it when the feed came late, so every placeholder is
 * checked here with the answers held back for good.
 */
describe('loading placeholders', () => {
  afterEach(() => vi.unstubAllGlobals());
  const never = () => new Promise<Response>(() => {});

  it("a visitor's Explore: the suggested row and the discussion placeholders are named status regions", async () => {
    mockFetch(never);
    renderApp('/suggested');
    await screen.findByLabelText('Loading discussions from suggested communities');
    expect(await ariaViolations()).toEqual([]);
    expect(screen.getByRole('status', { name: 'Loading discussions from suggested communities' }).children).toHaveLength(10);
    expect(screen.getByRole('list', { name: 'Loading suggested communities' })).toBeInTheDocument();
  });

  it('the signed-in feed', async () => {
    signIn();
    mockFetch(never);
    renderApp('/');
    await screen.findByLabelText('Loading discussions from your communities');
    expect(await ariaViolations()).toEqual([]);
    expect(screen.getByRole('status', { name: 'Loading discussions from your communities' })).toBeInTheDocument();
  });

  it('a community page', async () => {
    mockFetch(never);
    renderApp('/group/night-owls');
    await screen.findByLabelText('Loading community');
    expect(await ariaViolations()).toEqual([]);
    expect(screen.getByRole('status', { name: 'Loading community' })).toBeInTheDocument();
  });

  it('a blog page', async () => {
    mockFetch(never);
    renderApp('/group/night-owls/blogs/blogpage/3');
    await screen.findByLabelText('Loading blog post');
    expect(await ariaViolations()).toEqual([]);
    expect(screen.getByRole('status', { name: 'Loading blog post' })).toBeInTheDocument();
  });

  it('a post panel', async () => {
    mockFetch(never);
    renderApp('/suggested?post=2-4');
    await screen.findByLabelText('Loading post');
    expect(await ariaViolations()).toEqual([]);
    expect(screen.getByRole('status', { name: 'Loading post' })).toBeInTheDocument();
  });
});
