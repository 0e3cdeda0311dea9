import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { ACCOUNT_MESSAGES } from '@agora/contract';
import { json, renderApp, signIn } from '@/test/render-app';
import { serve } from '@/test/serve';

const BANNER = { name: 'Please confirm your email address' };

beforeEach(() => sessionStorage.clear());

describe('EmailBanner (issue 14 §2)', () => {
  it('tells an unconfirmed account, and "Resend email" toasts the server\'s message', async () => {
    signIn();
    const { calls } = serve({
      'GET /api/account': () => json(200, { email: 'ada@example.com', emailVerified: false, pendingEmail: null, siteAdmin: false }),
      'POST /api/auth/verify-email/resend': () => json(200, { message: ACCOUNT_MESSAGES.verificationSent }),
    });
    const { user } = renderApp('/');
    const banner = await screen.findByRole('region', BANNER);
    expect(banner).toHaveTextContent('Please confirm your email address We sent a link to ada@example.com.');
    await user.click(screen.getByRole('button', { name: 'Resend email' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.verificationSent)).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/auth/verify-email/resend')).toMatchObject({ method: 'POST' });
  });

  it("toasts the server's refusal (too many mails)", async () => {
    signIn();
    serve({
      'GET /api/account': () => json(200, { email: 'ada@example.com', emailVerified: false, pendingEmail: null, siteAdmin: false }),
      'POST /api/auth/verify-email/resend': () => json(429, { message: ACCOUNT_MESSAGES.tooManyMails, code: 'rate_limited' }),
    });
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Resend email' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.tooManyMails)).toBeInTheDocument();
  });

  it('is dismissed for the browser session: gone on the next page and after a remount, back in a new session', async () => {
    signIn();
    serve({ 'GET /api/account': () => json(200, { email: 'ada@example.com', emailVerified: false, pendingEmail: null, siteAdmin: false }) });
    const first = renderApp('/');
    await first.user.click(await screen.findByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('region', BANNER)).not.toBeInTheDocument();
    first.unmount();

    const second = renderApp('/suggested');
    await waitFor(() => expect(second.queryClient.getQueryData(['account', 'state'])).toBeDefined());
    expect(screen.queryByRole('region', BANNER)).not.toBeInTheDocument();
    second.unmount();

    sessionStorage.clear();
    renderApp('/');
    expect(await screen.findByRole('region', BANNER)).toBeInTheDocument();
  });

  it('is not shown to a confirmed account', async () => {
    signIn();
    const { calls } = serve({ 'GET /api/account': () => json(200, { email: 'ada@example.com', emailVerified: true, pendingEmail: null, siteAdmin: false }) });
    renderApp('/');
    await waitFor(() => expect(calls.some((c) => c.url === '/api/account')).toBe(true));
    await screen.findByRole('heading', { name: 'Your feed' });
    expect(screen.queryByRole('region', BANNER)).not.toBeInTheDocument();
  });

  it('is not shown to a visitor, who never asks', async () => {
    const { calls } = serve({});
    renderApp('/suggested');
    await screen.findByRole('navigation', { name: 'Main' });
    expect(screen.queryByRole('region', BANNER)).not.toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/account')).toBe(false);
  });
});
