import { pgErrorOf } from './pg-errors';

const RETRYABLE = new Set(['40P01', '40001']);

/**
 * Runs a write again (at most 3 times) when PostgreSQL chose it as a deadlock victim or failed it for
 * serialisation: e.g. a reply written while its post is being deleted, both locking the same rows in different
 * orders. The retry starts over with fresh reads, so it answers what is true then (often a 404). `run` must open
 * its own transaction (a retry inside an aborted one would fail again).
 */
export async function withWriteRetry<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const code = pgErrorOf(error)?.code;
      if (code && RETRYABLE.has(code) && attempt < 3) continue;
      throw error;
    }
  }
}
