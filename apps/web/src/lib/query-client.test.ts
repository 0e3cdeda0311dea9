import { describe, expect, it, vi } from 'vitest';
import { MutationObserver, type MutationMeta } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ApiError, NETWORK_ERROR } from './api-client';
import { createQueryClient } from './query-client';

/** Runs one failing mutation through a real QueryClient and its MutationCache. */
async function fail(error: unknown, meta?: MutationMeta) {
  const client = createQueryClient();
  const observer = new MutationObserver(client, { mutationFn: () => Promise.reject(error), meta });
  await observer.mutate().catch(() => undefined);
}

const serverSaid = new ApiError(409, 'group_name_taken', 'A community with this name already exists');
const noMessage = new ApiError(500, 'internal_error', '');

describe('the one mutation error path (MutationCache onError)', () => {
  it("shows the server's message when it sent one", async () => {
    const shown = vi.spyOn(toast, 'error');
    await fail(serverSaid, { errorMessage: 'Failed to update community' });
    expect(shown).toHaveBeenCalledExactlyOnceWith('A community with this name already exists');
  });

  it("falls back to the mutation's SPEC §8 default", async () => {
    const shown = vi.spyOn(toast, 'error');
    await fail(noMessage, { errorMessage: 'Failed to join group. Please try again.' });
    expect(shown).toHaveBeenCalledExactlyOnceWith('Failed to join group. Please try again.');
  });

  it("names the request under a server fault's message (5xx), never under a refusal (4xx)", async () => {
    const shown = vi.spyOn(toast, 'error');
    await fail(new ApiError(500, 'internal_error', '', {}, 'req-7f3a'), { errorMessage: 'Failed to like post' });
    await fail(new ApiError(409, 'group_name_taken', 'A community with this name already exists', {}, 'req-7f3b'));
    expect(shown.mock.calls).toEqual([
      ['Failed to like post', { description: 'Reference: req-7f3a' }],
      ['A community with this name already exists'],
    ]);
  });

  it('uses the separate network text where the mutation names one, else the default', async () => {
    const shown = vi.spyOn(toast, 'error');
    const offline = new ApiError(0, NETWORK_ERROR, '');
    await fail(offline, { errorMessage: 'Failed to create group', networkErrorMessage: 'Server error - please try again later.' });
    await fail(offline, { errorMessage: 'Failed to like post' });
    expect(shown.mock.calls).toEqual([['Server error - please try again later.'], ['Failed to like post']]);
  });

  it('stays quiet for silent mutations (the form shows the error) and for aborted ones', async () => {
    const shown = vi.spyOn(toast, 'error');
    await fail(serverSaid, { errorMessage: 'Login failed.', silent: true });
    await fail(new DOMException('Upload aborted', 'AbortError'), { errorMessage: 'Upload failed' });
    expect(shown).not.toHaveBeenCalled();
  });

  it('leaves field errors to the form but still reports an error without fields', async () => {
    const shown = vi.spyOn(toast, 'error');
    const withFields = new ApiError(400, 'validation_error', 'Invalid input', { bio: 'Too long' });
    await fail(withFields, { errorMessage: 'Failed to update profile', inlineFields: true });
    expect(shown).not.toHaveBeenCalled();
    await fail(noMessage, { errorMessage: 'Failed to update profile', inlineFields: true });
    expect(shown).toHaveBeenCalledExactlyOnceWith('Failed to update profile');
  });

  it('only logs a failure that has neither a server message nor a default (SPEC §8 "only logged")', async () => {
    const shown = vi.spyOn(toast, 'error');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await fail(noMessage);
    expect(shown).not.toHaveBeenCalled();
    expect(logged).toHaveBeenCalledWith(noMessage);
  });
});
