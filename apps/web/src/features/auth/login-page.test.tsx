import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { json, mockFetch, renderApp } from '@/test/render-app';
import { fullPageRedirect } from '@/lib/navigation';

vi.mock('@/lib/navigation', () => ({ fullPageRedirect: vi.fn() }));

const ok = { message: 'Login successful', token: 'jwt-123', user: { id: 42, username: 'grace', profileImage: null } };

async function fillAndSubmit(user: ReturnType<typeof renderApp>['user'], identifier = 'grace', password = 'correct horse') {
  await user.type(screen.getByLabelText('Email or username'), identifier);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('LoginPage', () => {
  it('hides the navigation bar and is titled "Sign in"', async () => {
    renderApp('/login');
    expect(screen.getByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Sign in · Agora'));
  });

  it('puts focus in its first field on opening', async () => {
    renderApp('/login');
    await waitFor(() => expect(screen.getByLabelText('Email or username')).toHaveFocus());
  });

  it('requires both fields, sends nothing without them and focuses the first empty one', async () => {
    const { calls } = mockFetch(() => json(200, ok));
    const { user } = renderApp('/login');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByLabelText('Email or username')).toHaveAccessibleDescription('Email or username is required');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is required');
    expect(screen.getByLabelText('Email or username')).toHaveFocus();
    expect(calls).toHaveLength(0);

    await user.type(screen.getByLabelText('Email or username'), 'grace');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByLabelText('Password')).toHaveFocus();
  });

  it('shows "Logging in..." on a disabled button, stores the session and redirects to the page the user came from', async () => {
    let answer: (r: Response) => void = () => {};
    const { calls } = mockFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { user } = renderApp('/login?redirect=%2Fcreate');
    await fillAndSubmit(user, '  grace  ');

    const busy = await screen.findByRole('button', { name: 'Logging in...' });
    expect(busy).toBeDisabled();
    expect(calls[0]).toMatchObject({
      url: '/api/auth/login',
      method: 'POST',
      body: { emailOrUsername: 'grace', password: 'correct horse' },
    });
    expect(calls[0]!.headers.Authorization).toBeUndefined();

    answer(json(200, ok));
    await waitFor(() => expect(fullPageRedirect).toHaveBeenCalledWith('/create'));
    expect(localStorage.getItem('token')).toBe('jwt-123');
    expect(localStorage.getItem('authToken')).toBe('jwt-123');
    expect(localStorage.getItem('userId')).toBe('42');
    expect(localStorage.getItem('username')).toBe('grace');
  });

  it('never redirects off-site', async () => {
    mockFetch(() => json(200, ok));
    const { user } = renderApp('/login?redirect=%2F%2Fevil.com');
    await fillAndSubmit(user);
    await waitFor(() => expect(fullPageRedirect).toHaveBeenCalledWith('/'));
  });

  it("shows the server's message once (no toast beside it) and puts focus back on the password", async () => {
    mockFetch(() => json(401, { message: 'Invalid email/username or password', code: 'invalid_credentials' }));
    const { user } = renderApp('/login');
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email/username or password');
    expect(screen.getAllByText('Invalid email/username or password')).toHaveLength(1);
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(localStorage.getItem('token')).toBeNull();
    expect(fullPageRedirect).not.toHaveBeenCalled();
  });

  it('falls back to "Login failed." without a server message', async () => {
    mockFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const { user } = renderApp('/login');
    await fillAndSubmit(user);
    expect(await screen.findByText('Login failed.')).toBeInTheDocument();
  });

  it('explains a network failure', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const { user } = renderApp('/login');
    await fillAndSubmit(user);
    expect(await screen.findByText('Server error. Please try again later.')).toBeInTheDocument();
  });
});
