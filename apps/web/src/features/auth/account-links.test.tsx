import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { ACCOUNT_MESSAGES } from '@agora/contract';
import { json, mockFetch, renderApp, signIn } from '@/test/render-app';
import { deferred, serve } from '@/test/serve';

/** Issue 14 §2, §3, §5: the pages mail links open, and the way to them from /login. */

describe('/login', () => {
  it('links "Forgot your password?" to /forgot-password', async () => {
    const { user, router } = renderApp('/login');
    await user.click(screen.getByRole('link', { name: 'Forgot your password?' }));
    expect(router.state.location.pathname).toBe('/forgot-password');
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeInTheDocument();
  });
});

describe('ForgotPasswordPage', () => {
  it("requires the address, sends it trimmed without a token and shows the server's answer", async () => {
    const { calls } = mockFetch(() => json(200, { message: ACCOUNT_MESSAGES.resetRequested }));
    const { user } = renderApp('/forgot-password');
    await waitFor(() => expect(document.title).toBe('Forgot your password? · Agora'));
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is required');
    expect(calls).toHaveLength(0);

    await user.type(screen.getByLabelText('Email'), '  grace@example.com ');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(ACCOUNT_MESSAGES.resetRequested);
    expect(screen.getByRole('heading', { name: 'Check your inbox' })).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ url: '/api/auth/password/forgot', method: 'POST', body: { email: 'grace@example.com' } });
    expect(calls[0]!.headers.Authorization).toBeUndefined();
  });

  it("puts the server's field error under the input and shows any other failure as the form's alert", async () => {
    let answer = json(400, {
      message: 'Please enter a valid email address',
      code: 'validation_error',
      fields: { email: 'Please enter a valid email address' },
    });
    mockFetch(() => answer);
    const { user } = renderApp('/forgot-password');
    await user.type(screen.getByLabelText('Email'), 'grace@');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Please enter a valid email address'));

    answer = json(429, { message: ACCOUNT_MESSAGES.tooManyMails, code: 'rate_limited' });
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.tooManyMails);
  });
});

describe('ResetPasswordPage', () => {
  it('judges the new password by the registration rules before sending anything', async () => {
    const { calls } = mockFetch(() => json(200, { message: ACCOUNT_MESSAGES.passwordReset }));
    const { user } = renderApp('/reset-password?token=abc_DEF-123');
    await waitFor(() => expect(screen.getByLabelText('New password')).toHaveFocus());
    expect(screen.getByText('Minimum 8 characters')).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Confirm new password'), 'other');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      'Password must be at least 8 characters Minimum 8 characters',
    );
    expect(screen.getByLabelText('Confirm new password')).toHaveAccessibleDescription('Passwords do not match');
    expect(screen.getByLabelText('New password')).toHaveFocus();
    expect(calls).toHaveLength(0);
  });

  it('has the show-password control', async () => {
    const { user } = renderApp('/reset-password?token=abc');
    const input = screen.getByLabelText('New password');
    expect(input).toHaveAttribute('type', 'password');
    await user.click(screen.getAllByRole('button', { name: 'Show password' })[0]!);
    expect(input).toHaveAttribute('type', 'text');
  });

  it('sends token and passwords, ends the local session and goes to /login with the message', async () => {
    signIn();
    const { calls } = mockFetch(() => json(200, { message: ACCOUNT_MESSAGES.passwordReset }));
    const { user, router } = renderApp('/reset-password?token=abc_DEF-123');
    await user.type(screen.getByLabelText('New password'), 'a-new-password');
    await user.type(screen.getByLabelText('Confirm new password'), 'a-new-password');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.passwordReset)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
    expect(calls[0]).toMatchObject({
      url: '/api/auth/password/reset',
      method: 'POST',
      body: { token: 'abc_DEF-123', password: 'a-new-password', confirmPassword: 'a-new-password' },
    });
  });

  it("shows an expired link's message and a way to ask for a new one; a common password goes under its field", async () => {
    let answer = json(400, { message: ACCOUNT_MESSAGES.tokenInvalid, code: 'token_invalid' });
    mockFetch(() => answer);
    const { user, router } = renderApp('/reset-password?token=old');
    await user.type(screen.getByLabelText('New password'), 'a-new-password');
    await user.type(screen.getByLabelText('Confirm new password'), 'a-new-password');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.tokenInvalid);
    expect(router.state.location.pathname).toBe('/reset-password');

    answer = json(400, {
      message: 'Please choose a less common password',
      code: 'validation_error',
      fields: { password: 'Please choose a less common password' },
    });
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() =>
      expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
        'Please choose a less common password Minimum 8 characters',
      ),
    );
    await user.click(screen.getByRole('link', { name: 'Ask for a new link' }));
    expect(router.state.location.pathname).toBe('/forgot-password');
  });

  it('says so when the link has no token, and sends nothing', async () => {
    const { calls } = mockFetch(() => json(200, {}));
    renderApp('/reset-password');
    expect(screen.getByRole('alert')).toHaveTextContent('This link is incomplete. Please use the link from the email.');
    expect(calls).toHaveLength(0);
  });
});

describe('VerifyEmailPage and ConfirmEmailPage', () => {
  it('confirms the address once on load and shows the answer with a way on', async () => {
    const answer = deferred();
    const { calls } = mockFetch(() => answer.promise);
    renderApp('/verify-email?token=tok_1');
    expect(screen.getByRole('status')).toHaveTextContent('Checking your link...');
    answer.resolve(json(200, { message: ACCOUNT_MESSAGES.emailVerified }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.emailVerified)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(calls.filter((c) => c.url === '/api/auth/verify-email')).toEqual([
      expect.objectContaining({ method: 'POST', body: { token: 'tok_1' } }),
    ]);
    await waitFor(() => expect(document.title).toBe('Confirm your email address · Agora'));
  });

  it('a signed-in person with a used link gets the error and "Send a new link", which toasts the server\'s answer', async () => {
    signIn();
    const { calls } = serve({
      'POST /api/auth/verify-email': () => json(400, { message: ACCOUNT_MESSAGES.tokenInvalid, code: 'token_invalid' }),
      'POST /api/auth/verify-email/resend': () => json(200, { message: ACCOUNT_MESSAGES.verificationSent }),
    });
    const { user } = renderApp('/verify-email?token=used');
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.tokenInvalid);
    expect(screen.getByRole('link', { name: 'Continue to Agora' })).toHaveAttribute('href', '/');
    await user.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.verificationSent)).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/auth/verify-email/resend' && c.headers.Authorization === 'Bearer test-token')).toBe(true);
  });

  it('/confirm-email confirms a new address and leads a signed-in person to the settings', async () => {
    signIn();
    const { calls } = serve({ 'POST /api/auth/email/confirm': () => json(200, { message: ACCOUNT_MESSAGES.emailChanged }) });
    renderApp('/confirm-email?token=tok_2');
    expect(await screen.findByText(ACCOUNT_MESSAGES.emailChanged)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to settings' })).toHaveAttribute('href', '/settings');
    expect(calls.filter((c) => c.url === '/api/auth/email/confirm')).toHaveLength(1);
    expect(calls[0]).toMatchObject({ body: { token: 'tok_2' } });
    await waitFor(() => expect(document.title).toBe('Confirm your new email address · Agora'));
  });

  it('/unsubscribe turns the digest off once on load, signed out, and says so', async () => {
    const { calls } = serve({ 'POST /api/notifications/digest/unsubscribe': () => json(200, { message: ACCOUNT_MESSAGES.digestOff }) });
    renderApp('/unsubscribe?token=tok_3');
    expect(await screen.findByText(ACCOUNT_MESSAGES.digestOff)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    const posts = calls.filter((c) => c.url === '/api/notifications/digest/unsubscribe');
    expect(posts).toEqual([expect.objectContaining({ method: 'POST', body: { token: 'tok_3' } })]);
    expect(posts[0]!.headers.Authorization).toBeUndefined();
    await waitFor(() => expect(document.title).toBe('Turn off the email digest · Agora'));
  });

  it('/unsubscribe with a used link shows the server’s message and, signed in, the way to the settings', async () => {
    signIn();
    serve({
      'POST /api/notifications/digest/unsubscribe': () => json(400, { message: ACCOUNT_MESSAGES.tokenInvalid, code: 'token_invalid' }),
    });
    renderApp('/unsubscribe?token=used');
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.tokenInvalid);
    expect(screen.getByRole('link', { name: 'Go to settings' })).toHaveAttribute('href', '/settings');
    expect(screen.queryByRole('button', { name: 'Send a new link' })).not.toBeInTheDocument();
  });

  it('without a token: the error, and no call', async () => {
    const { calls } = mockFetch(() => json(200, {}));
    renderApp('/confirm-email');
    expect(screen.getByRole('alert')).toHaveTextContent('This link is incomplete. Please use the link from the email.');
    expect(calls).toHaveLength(0);
  });
});
