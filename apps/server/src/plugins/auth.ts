import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AUTH_MESSAGES } from '@agora/contract';
import type { Db } from '../db/client';
import type { UserRow } from '../db/schema';
import { AppError } from '../lib/app-error';
import { loggableError } from '../lib/pg-errors';
import { hashToken } from '../lib/tokens';
import { findSessionByHash, touchSession, type SessionWithUser } from '../modules/auth/auth.queries';

/** A session's "last seen" is written at most this often (one UPDATE a minute per active session, not per request). */
const LAST_SEEN_EVERY_MS = 60_000;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, loaded by `app.requireUser` or `app.optionalUser`; null for visitors. */
    user: UserRow | null;
    /** The session the request was made with (GET /api/auth/sessions marks it current); null for visitors. */
    sessionId: number | null;
  }
  interface FastifyInstance {
    requireUser: (request: FastifyRequest) => Promise<void>;
    optionalUser: (request: FastifyRequest) => Promise<void>;
  }
}

/** The bearer token of a request, or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** Resolves a token to its live session and user in one query (session joined to user). */
export async function sessionForToken(db: Db, token: string | null | undefined): Promise<SessionWithUser | null> {
  if (!token || token.length > 200) return null;
  return findSessionByHash(db, hashToken(token));
}

/** Resolves a token to its user, or null. */
export async function userForToken(db: Db, token: string | null | undefined): Promise<UserRow | null> {
  return (await sessionForToken(db, token))?.user ?? null;
}

export const authPlugin = fp(
  async (app: FastifyInstance, opts: { db: Db }) => {
    app.decorateRequest('user', null);
    app.decorateRequest('sessionId', null);
    const load = async (request: FastifyRequest) => {
      const session = await sessionForToken(opts.db, bearerToken(request));
      request.user = session?.user ?? null;
      request.sessionId = session?.sessionId ?? null;
      if (session && Date.now() - session.lastSeenAt.getTime() > LAST_SEEN_EVERY_MS) {
        // Not awaited: the answer never waits for bookkeeping, and a failed write only leaves an older time.
        touchSession(opts.db, session.sessionId).catch((error: unknown) =>
          request.log.warn({ err: loggableError(error) }, 'session touch failed'),
        );
      }
    };
    app.decorate('optionalUser', load);
    app.decorate('requireUser', async (request: FastifyRequest) => {
      await load(request);
      if (!request.user) throw AppError.unauthorized(AUTH_MESSAGES.signInRequired);
    });
  },
  { name: 'auth' },
);

/** The signed-in user of a route guarded by `app.requireUser`. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw AppError.unauthorized(AUTH_MESSAGES.signInRequired);
  return request.user;
}
