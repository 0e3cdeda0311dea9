import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';

/** sonner's toaster region (its aria-label starts with "Notifications"). */
const region = () => document.querySelector('section[aria-label^="Notifications"]');

/** A fresh copy of the toaster and lib/toast (their "already loaded" state is per module instance). */
async function freshToaster() {
  vi.resetModules();
  const [{ AppToaster }, toast] = await Promise.all([import('./toaster'), import('@/lib/toast')]);
  return { AppToaster, toast };
}

describe('the toaster loads on demand', () => {
  beforeEach(() => document.body.replaceChildren());

  it('is not mounted while the page is only looked at, and mounts on the first key press', async () => {
    const { AppToaster } = await freshToaster();
    render(<AppToaster theme="light" />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(region()).toBeNull();
    fireEvent.keyDown(window, { key: 'Tab' });
    await vi.waitFor(() => expect(region()).not.toBeNull(), { timeout: 10_000 });
  });

  it('mounts and shows a toast requested before any interaction', async () => {
    const { AppToaster, toast } = await freshToaster();
    render(<AppToaster theme="dark" />);
    expect(region()).toBeNull();
    await act(() => toast.toastError('Failed to join group. Please try again.'));
    expect(await screen.findByText('Failed to join group. Please try again.')).toBeInTheDocument();
  });
});
