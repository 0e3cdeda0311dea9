import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { json, makeProfile, mockFetch, renderApp, signIn } from '@/test/render-app';
import { makeGroup } from './test-data';

vi.setConfig({ testTimeout: 30_000 });
// Waiting is not asserting speed: a busy machine may take longer than the default second to render.
configure({ asyncUtilTimeout: 5_000 });
afterEach(() => toast.dismiss());

function image(name: string, bytes: number, type = 'image/png'): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
}

function setup(answer: () => Response | Promise<Response>) {
  signIn();
  const created = makeGroup({ id: 31, slug: 'night-owls', group_name: 'Night Owls' });
  const handler = mockFetch((url, init) => {
    if (url === '/api/groups' && init.method === 'POST') return answer();
    if (url === '/groups/night-owls')
      return json(200, { group: created, overview: [], isMember: true, role: 'owner', joinRequest: 'none', invite: null });
    if (url.startsWith('/groups/')) return json(200, { groups: [], nextCursor: null });
    return json(200, makeProfile());
  });
  const app = renderApp('/create');
  return { ...handler, ...app, created };
}

const pick = async (user: ReturnType<typeof renderApp>['user'], label: string, file: File) => {
  const button = screen.getByRole('button', { name: new RegExp(`^${label}`) });
  const input = button.parentElement!.querySelector('input[type=file]') as HTMLInputElement;
  await user.upload(input, file);
};

describe('/create', () => {
  it('refuses a blank name (spaces or zero-width characters) with "Please enter a valid group name" and sends nothing', async () => {
    const { user, calls } = setup(() => json(201, {}));
    await user.type(screen.getByLabelText('Community name'), '   \u200b ');
    await user.click(screen.getByRole('button', { name: 'Create a community' }));
    expect(await screen.findByText('Please enter a valid group name')).toBeInTheDocument();
    expect(screen.getByLabelText('Community name')).toHaveFocus();
    expect(calls.filter((c) => c.url === '/api/groups')).toHaveLength(0);
  });

  it('names the empty banner tile with the hint it shows (WCAG 2.5.3 label in name)', () => {
    setup(() => json(201, {}));
    const banner = screen.getByRole('button', { name: /^Choose banner image/ });
    expect(banner).toHaveTextContent('Wide image, shown 3:1. At most 15 MB.');
    expect(banner).toHaveAccessibleName('Choose banner image. Wide image, shown 3:1. At most 15 MB.');
  });

  it('caps the name at 50 characters', () => {
    setup(() => json(201, {}));
    expect(screen.getByLabelText('Community name')).toHaveAttribute('maxLength', '50');
  });

  it('refuses a banner over 15 MB and a picture over 5 MB with the spec texts', async () => {
    const { user, calls } = setup(() => json(201, {}));
    await pick(user, 'Choose banner image', image('big.png', 15 * 1024 * 1024 + 1));
    expect(await screen.findByText('Banner image is too large (max 15MB)')).toBeInTheDocument();
    await pick(user, 'Choose picture image', image('big.png', 5 * 1024 * 1024 + 1));
    expect(await screen.findByText('Profile image is too large (max 5MB)')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Community name'), 'Night Owls');
    await user.click(screen.getByRole('button', { name: 'Create a community' }));
    expect(calls.filter((c) => c.url === '/api/groups')).toHaveLength(0);

    await pick(user, 'Choose banner image', image('ok.png', 15 * 1024 * 1024));
    expect(screen.queryByText('Banner image is too large (max 15MB)')).not.toBeInTheDocument();
  });

  it('sends every field and both images, then says "Group created successfully!" and opens the new community', async () => {
    const { user, calls, router, created } = setup(() =>
      json(201, { group_id: 31, message: 'Group created successfully!', slug: 'night-owls', group: created }),
    );
    await user.type(screen.getByLabelText('Community name'), '  Night Owls ');
    await user.type(screen.getByLabelText('About'), 'We read');
    await user.type(screen.getByLabelText('Rules'), 'Be kind');
    await user.type(screen.getByLabelText('Social media'), 'discord.gg/owls');
    await pick(user, 'Choose banner image', image('banner.png', 2000));
    await pick(user, 'Choose picture image', image('dp.png', 1000));
    expect(screen.getByRole('img', { name: 'Banner preview' })).toHaveAttribute('src', expect.stringMatching(/^blob:|^$/));
    await user.click(screen.getByRole('button', { name: 'Create a community' }));

    expect(await screen.findByText('Group created successfully!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/group/night-owls'));
    const form = calls.find((c) => c.url === '/api/groups')!.body as FormData;
    expect(form.get('group_name')).toBe('Night Owls');
    expect(form.get('aboutText')).toBe('We read');
    expect(form.get('rulesText')).toBe('Be kind');
    expect(form.get('socialMediaText')).toBe('discord.gg/owls');
    expect((form.get('group_banner') as File).name).toBe('banner.png');
    expect((form.get('group_dp') as File).name).toBe('dp.png');
    expect(form.has('owner_id')).toBe(false);
  });

  it('shows the server’s message, "Failed to create group" without one, and the network text when offline', async () => {
    let reply: () => Response | Promise<Response> = () =>
      json(409, { message: 'A community named "Night Owls" already exists', code: 'group_name_taken' });
    const { user } = setup(() => reply());
    await user.type(screen.getByLabelText('Community name'), 'Night Owls');
    await user.click(screen.getByRole('button', { name: 'Create a community' }));
    expect(await screen.findByText('A community named "Night Owls" already exists')).toBeInTheDocument();

    reply = () => json(500, {});
    await user.click(screen.getByRole('button', { name: 'Create a community' }));
    expect(await screen.findByText('Failed to create group')).toBeInTheDocument();

    reply = () => Promise.reject(new TypeError('offline'));
    await user.click(screen.getByRole('button', { name: 'Create a community' }));
    expect(await screen.findByText('Server error - please try again later.')).toBeInTheDocument();
  });
});
