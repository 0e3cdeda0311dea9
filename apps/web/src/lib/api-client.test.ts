import { describe, expect, it, vi } from 'vitest';
import { api, ApiError, errorMessage, isNetworkError, withQuery } from './api-client';
import { getSession, saveSession } from './storage';

function stubFetch(response: Response | Promise<Response>) {
  const fn = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => response);
  vi.stubGlobal('fetch', fn);
  return fn;
}

const session = { token: 'abc', userId: 1, username: 'ada' };

describe('api client', () => {
  it('sends the bearer token and JSON', async () => {
    saveSession(session);
    const fetchMock = stubFetch(new Response(JSON.stringify({ ok: true }), { status: 200 }));
    await expect(api.put('/users/profile', { bio: 'hi' })).resolves.toEqual({ ok: true });
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.headers).toMatchObject({ Authorization: 'Bearer abc', 'Content-Type': 'application/json' });
    expect(init.body).toBe('{"bio":"hi"}');
  });

  it('sends no token when asked not to', async () => {
    saveSession(session);
    const fetchMock = stubFetch(new Response('{}', { status: 200 }));
    await api.post('/api/auth/login', {}, { auth: false });
    expect((fetchMock.mock.calls[0]![1]!.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('turns an error body into ApiError(status, code, message, fields)', async () => {
    stubFetch(new Response(JSON.stringify({ message: 'Bad', code: 'validation_error', fields: { bio: 'Too long' } }), { status: 400 }));
    const error = await api.get('/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'validation_error', message: 'Bad', fields: { bio: 'Too long' } });
    expect(errorMessage(error, 'fallback')).toBe('Bad');
  });

  it("keeps the error body's request id when it is one the server makes, and no other", async () => {
    stubFetch(new Response(JSON.stringify({ message: '', code: 'internal_error', requestId: 'req-1a:2.b_3' }), { status: 500 }));
    expect(await api.get('/x').catch((e: unknown) => e)).toMatchObject({ status: 500, requestId: 'req-1a:2.b_3' });
    stubFetch(new Response(JSON.stringify({ message: '', code: 'internal_error', requestId: '<b>x</b>' }), { status: 500 }));
    expect(await api.get('/x').catch((e: unknown) => e)).toMatchObject({ status: 500, requestId: undefined });
  });

  it('clears the session on a 401 to an authenticated call', async () => {
    saveSession(session);
    stubFetch(new Response(JSON.stringify({ message: 'Please sign in to continue', code: 'unauthorized' }), { status: 401 }));
    await expect(api.get('/users/profile')).rejects.toMatchObject({ status: 401 });
    expect(getSession()).toBeNull();
  });

  it('reports a network failure distinctly and uses defaults for bodies without a message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const offline = await api.get('/x').catch((e: unknown) => e);
    expect(isNetworkError(offline)).toBe(true);
    stubFetch(new Response('oops', { status: 500 }));
    const broken = await api.get('/x').catch((e: unknown) => e);
    expect(errorMessage(broken, 'Login failed.')).toBe('Login failed.');
  });

  it('rejects a response that breaks the contract', async () => {
    stubFetch(new Response(JSON.stringify({ id: 'nope' }), { status: 200 }));
    const schema = {
      parse: (v: unknown) => {
        if (typeof (v as { id: unknown }).id !== 'number') throw new Error('bad');
        return v;
      },
    };
    await expect(api.get('/x', { schema })).rejects.toMatchObject({ code: 'bad_response' });
  });
});

describe('withQuery', () => {
  it('adds only the parameters that have a value, encoded', () => {
    expect(withQuery('/friends/suggestions', { search: 'ana b&c', cursor: undefined, limit: 20, empty: '' })).toBe(
      '/friends/suggestions?search=ana+b%26c&limit=20',
    );
    expect(withQuery('/groups/joined', { cursor: undefined })).toBe('/groups/joined');
  });

  describe('a busy server (503 with Retry-After)', () => {
    const busy = (retryAfter?: string) =>
      new Response(JSON.stringify({ message: 'The server is busy. Please try again in a moment.', code: 'server_busy' }), {
        status: 503,
        headers: retryAfter === undefined ? {} : { 'Retry-After': retryAfter },
      });
    const sequence = (...responses: Response[]) => {
      const fn = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => responses.shift()!);
      vi.stubGlobal('fetch', fn);
      return fn;
    };

    it('tries a call marked safe again after Retry-After (capped at 10 s), then succeeds', async () => {
      vi.useFakeTimers();
      try {
        const fetchMock = sequence(busy('2'), busy('60'), new Response(JSON.stringify({ ok: true }), { status: 200 }));
        const result = api.post('/api/auth/login', { a: 1 }, { auth: false, retryWhenBusy: true });
        await vi.advanceTimersByTimeAsync(1_999);
        expect(fetchMock).toHaveBeenCalledTimes(1);
        await vi.advanceTimersByTimeAsync(1);
        expect(fetchMock).toHaveBeenCalledTimes(2);
        await vi.advanceTimersByTimeAsync(9_999);
        expect(fetchMock).toHaveBeenCalledTimes(2);
        await vi.advanceTimersByTimeAsync(1);
        await expect(result).resolves.toEqual({ ok: true });
        expect(fetchMock).toHaveBeenCalledTimes(3);
        expect(fetchMock.mock.calls[2]![1]!.body).toBe('{"a":1}');
      } finally {
        vi.useRealTimers();
      }
    });

    it('gives up after 3 retries with the server message', async () => {
      vi.useFakeTimers();
      try {
        const fetchMock = sequence(busy('1'), busy('1'), busy('1'), busy('1'), busy('1'));
        const result = api.post('/api/auth/register', {}, { auth: false, retryWhenBusy: true }).catch((e: unknown) => e);
        await vi.advanceTimersByTimeAsync(5_000);
        const error = await result;
        expect(fetchMock).toHaveBeenCalledTimes(4);
        expect(error).toMatchObject({ status: 503, code: 'server_busy', message: 'The server is busy. Please try again in a moment.' });
      } finally {
        vi.useRealTimers();
      }
    });

    it('does not retry a call not marked safe, nor a 503 without Retry-After', async () => {
      let fetchMock = sequence(busy('1'), new Response('{}', { status: 200 }));
      await expect(api.post('/groups/1/discussions', {})).rejects.toMatchObject({ status: 503 });
      expect(fetchMock).toHaveBeenCalledTimes(1);
      fetchMock = sequence(busy(), new Response('{}', { status: 200 }));
      await expect(api.post('/api/auth/login', {}, { auth: false, retryWhenBusy: true })).rejects.toMatchObject({ status: 503 });
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });
  });
});
