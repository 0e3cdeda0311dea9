import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { json, renderApp, signIn } from '@/test/render-app';
import { serve } from '@/test/serve';
import { makeDetail } from '@/features/groups/test-data';
import { emptyResponse } from './test-data';

beforeEach(() => signIn());

describe('"Search this community" (issue 16 §4)', () => {
  it('opens /search?q=&group=<slug>, where the results say "In {community}"', async () => {
    const { calls } = serve({
      'GET /groups/night-owls': () => json(200, makeDetail({ is_member: true })),
      'GET /api/search': () => json(200, emptyResponse()),
    });
    const { user, router } = renderApp('/group/night-owls');
    const field = await screen.findByRole('searchbox', { name: 'Search Night Owls' }, { timeout: 5000 });
    expect(field).toHaveAttribute('placeholder', 'Search this community');
    await user.type(field, 'moths{Enter}');
    expect(router.state.location.pathname).toBe('/search');
    expect(router.state.location.search).toBe('?q=moths&group=night-owls');
    expect(await screen.findByText('In Night Owls', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/search?q=moths&type=all&group=night-owls')).toBe(true);
    expect(await screen.findByText('Try removing a word, or search everywhere instead of this community.')).toBeInTheDocument();
  });

  it('is not offered where the community’s content is hidden (a private one the viewer is not in)', async () => {
    serve({ 'GET /groups/night-owls': () => json(200, makeDetail({ is_private: 1, is_member: false })) });
    renderApp('/group/night-owls');
    expect(await screen.findByRole('heading', { name: 'Night Owls' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('searchbox', { name: 'Search Night Owls' })).toBeNull();
  });
});
