import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { AUTH_MESSAGES } from '@agora/contract';
import { json, mockFetch, renderApp } from '@/test/render-app';
import { validateRegistration } from './register-page';

type User = ReturnType<typeof renderApp>['user'];

async function fill(user: User, overrides: Partial<Record<string, string>> = {}) {
  const values = {
    'First name': 'Grace',
    'Last name': 'Hopper',
    Email: 'grace@example.com',
    Username: 'grace',
    Password: 'longenough',
    'Confirm password': 'longenough',
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) {
    if (value) await user.type(screen.getByLabelText(label), value);
  }
}

async function acceptAndSubmit(user: User) {
  await user.click(screen.getByRole('checkbox'));
  await user.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('RegisterPage', () => {
  it('shows the password hint, hides the navigation bar and is titled', async () => {
    renderApp('/register');
    expect(screen.getByText('Minimum 8 characters')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Create your account · Agora'));
  });

  it('on a failed submit: one alert, focus on the first invalid field, each error tied to its field', async () => {
    const { user } = renderApp('/register');
    await fill(user, { 'First name': '', Email: 'not-an-email', Password: '', 'Confirm password': '' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the highlighted fields.');
    expect(screen.getByLabelText('First name')).toHaveFocus();
    expect(screen.getByLabelText('First name')).toBeInvalid();
    expect(screen.getByLabelText('Last name')).toBeValid();

    await user.type(screen.getByLabelText('First name'), 'Grace');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByLabelText('Email')).toHaveFocus();
  });

  it('keeps "Minimum 8 characters" visible beside a password error', async () => {
    const { user } = renderApp('/register');
    await fill(user, { Password: 'short', 'Confirm password': 'short' });
    await acceptAndSubmit(user);
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAccessibleDescription('Password must be at least 8 characters Minimum 8 characters');
    expect(screen.getByText('Minimum 8 characters')).toBeVisible();
    expect(password).toHaveFocus();
  });

  it('says "Passwords do not match" under the confirmation only (no blocking alert()), focuses it and sends nothing', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { calls } = mockFetch(() => json(201, {}));
    const { user } = renderApp('/register');
    await fill(user, { 'Confirm password': 'different1' });
    await acceptAndSubmit(user);
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription('Passwords do not match');
    expect(screen.getByLabelText('Confirm password')).toHaveFocus();
    expect(alert).not.toHaveBeenCalled();
    expect(calls).toHaveLength(0);
  });

  it('requires every field, a valid email and the terms', async () => {
    const { calls } = mockFetch(() => json(201, {}));
    const { user } = renderApp('/register');
    await fill(user, { 'First name': '', Email: 'not-an-email' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByLabelText('First name')).toHaveAccessibleDescription('First name is required');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Please enter a valid email address');
    expect(screen.getByText('Please accept the terms to continue')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("puts the server's field errors under their inputs and focuses the first", async () => {
    // Rules only the server knows (reserved names, common passwords) come back as `fields`.
    mockFetch(() =>
      json(400, {
        message: 'Please choose a less common password',
        code: 'validation_error',
        fields: { password: 'Please choose a less common password', username: 'This username is reserved' },
      }),
    );
    const { user } = renderApp('/register');
    await fill(user);
    await acceptAndSubmit(user);
    expect(await screen.findByLabelText('Password')).toHaveAccessibleDescription(
      'Please choose a less common password Minimum 8 characters',
    );
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription('This username is reserved');
    await waitFor(() => expect(screen.getByLabelText('Username')).toHaveFocus());
  });

  it('maps a taken username to its input', async () => {
    mockFetch(() => json(409, { message: 'Username is already taken', code: 'username_taken' }));
    const { user } = renderApp('/register');
    await fill(user);
    await acceptAndSubmit(user);
    expect(await screen.findByLabelText('Username')).toHaveAccessibleDescription('Username is already taken');
  });

  it('falls back to "Registration failed" and explains a network failure', async () => {
    let network = false;
    mockFetch(() => (network ? Promise.reject(new TypeError('offline')) : new Response('', { status: 500 })));
    const { user } = renderApp('/register');
    await fill(user);
    await acceptAndSubmit(user);
    expect(await screen.findByText('Registration failed')).toBeInTheDocument();
    network = true;
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeInTheDocument();
  });

  it('sends the fields, toasts "Registration successful!" and goes to /login', async () => {
    const { calls } = mockFetch(() => json(201, { message: 'Registration successful!', user: { id: 3, username: 'grace' } }));
    const { user, router } = renderApp('/register');
    await fill(user);
    await acceptAndSubmit(user);
    expect(await screen.findByText('Registration successful!')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(await screen.findByLabelText('Email or username')).toHaveValue('grace');
    // A brand-new account is welcomed, not welcomed back.
    expect(screen.getByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Welcome back' })).not.toBeInTheDocument();
    // …and so is its first feed (features/feed/signed-in-home.tsx reads the mark).
    expect(localStorage.getItem('newAccount')).toBe('grace');
    expect(calls[0]).toMatchObject({
      url: '/api/auth/register',
      method: 'POST',
      body: {
        firstName: 'Grace',
        lastName: 'Hopper',
        email: 'grace@example.com',
        username: 'grace',
        password: 'longenough',
        confirmPassword: 'longenough',
      },
    });
  });
});

describe('validateRegistration', () => {
  it("judges with the contract's registerRequestSchema, so its messages are the contract's", () => {
    const values = { firstName: ' ', lastName: 'Hopper', email: 'grace@', username: 'gr ace', password: 'short', confirmPassword: 'other' };
    expect(validateRegistration(values, false)).toEqual({
      firstName: AUTH_MESSAGES.firstNameRequired,
      email: AUTH_MESSAGES.emailInvalid,
      username: AUTH_MESSAGES.usernameInvalid,
      password: AUTH_MESSAGES.passwordTooShort,
      confirmPassword: AUTH_MESSAGES.passwordsDoNotMatch,
      terms: 'Please accept the terms to continue',
    });
    const valid = {
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.com',
      username: 'grace',
      password: 'longenough',
      confirmPassword: 'longenough',
    };
    expect(validateRegistration(valid, true)).toEqual({});
  });
});
