import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AUTH_MESSAGES } from '@agora/contract';
import type { Db } from '../db/client';
import type { UserRow } from '../db/schema';
import { AppError } from '../lib/app-error';
import { hashToken } from '../lib/tokens';
import { findSessionByHash, type SessionWithUser } from '../modules/auth/auth.queries';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, loaded by `app.requireUser` or `app.optionalUser`; null for visitors. */
    user: UserRow | null;
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
    app.decorate('optionalUser', async (request: FastifyRequest) => {
      request.user = await userForToken(opts.db, bearerToken(request));
    });
    app.decorate('requireUser', async (request: FastifyRequest) => {
      request.user = await userForToken(opts.db, bearerToken(request));
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
