import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isConnectionLoss, loggableError } from './pg-errors';

/** A socket error as postgres.js rejects a query with it (own, non-enumerable `query` and `parameters`). */
function driverSocketError(code: string): Error {
  const error = Object.assign(new Error(`read ${code}`), { code, errno: -104, syscall: 'read' });
  return Object.defineProperties(error, { query: { value: 'select 1' }, parameters: { value: [] } });
}
/** What Node's HTTP server destroys a request stream with when the client goes away mid-body. */
function requestAborted(): Error {
  return Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
}

describe('isConnectionLoss', () => {
  it('counts postgres.js connection codes, SQLSTATE 08xxx and 57P01–57P03', () => {
    for (const code of [
      'CONNECTION_CLOSED',
      'CONNECTION_DESTROYED',
      'CONNECTION_ENDED',
      'CONNECT_TIMEOUT',
      '08006',
      '08001',
      '57P01',
      '57P03',
    ])
      expect(isConnectionLoss(Object.assign(new Error(code), { code })), code).toBe(true);
    expect(isConnectionLoss(new DrizzleQueryError('select 1', [], Object.assign(new Error('x'), { code: 'CONNECTION_CLOSED' })))).toBe(
      true,
    );
  });

  it('counts a socket error the database driver raised', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']) {
      expect(isConnectionLoss(driverSocketError(code)), code).toBe(true);
      const bare = Object.assign(new Error(code), { code });
      expect(isConnectionLoss(new DrizzleQueryError('select 1', [], bare)), `${code} under Drizzle`).toBe(true);
    }
  });

  it('never counts a socket error from the HTTP request (a client aborting an upload)', () => {
    expect(isConnectionLoss(requestAborted())).toBe(false);
    for (const code of ['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ECONNREFUSED'])
      expect(isConnectionLoss(Object.assign(new Error(code), { code })), code).toBe(false);
    // Wrapped by a multipart parser or a stream pipeline: still the request's, not the database's.
    expect(isConnectionLoss(Object.assign(new Error('upload failed'), { cause: requestAborted() }))).toBe(false);
  });

  it('never counts other errors', () => {
    for (const value of [
      null,
      undefined,
      'ECONNRESET',
      42,
      new Error('boom'),
      Object.assign(new Error('x'), { code: '23505', severity: 'ERROR' }),
    ])
      expect(isConnectionLoss(value)).toBe(false);
  });
});

describe('loggableError', () => {
  it('keeps a failed query’s parameters out of the log when the connection was lost (no SQLSTATE to redact)', () => {
    const wrapped = new DrizzleQueryError('select * from users where email = $1', ['leak.me@example.com'], driverSocketError('ECONNRESET'));
    const logged = JSON.stringify(loggableError(wrapped));
    expect(logged).not.toContain('leak.me');
    expect(loggableError(wrapped)).toEqual({ type: 'DrizzleQueryError', code: 'ECONNRESET' });
  });
});
