import { AUTH_MESSAGES, type LoginRequest, type RegisterRequest } from '@agora/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { uniqueViolation } from '../../lib/pg-errors';
import type { Limiters } from '../../lib/rate-limiter';
import { hashToken, newSessionToken } from '../../lib/tokens';
import { deleteSession, findUserByIdentifier, insertSession, insertUser, type UserRow } from './auth.queries';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';

export type AuthDeps = { db: Db; limiters: Limiters; sessionTtlMs: number };
export type ClientInfo = { ip: string; userAgent: string | undefined };

/** Creates an account. Username and email are unique without regard to case; the database is the judge. */
export async function registerUser(deps: AuthDeps, input: RegisterRequest, client: ClientInfo): Promise<{ id: number; username: string }> {
  const { registrationsPerIp } = deps.limiters;
  const wait = registrationsPerIp.blockedFor(client.ip);
  if (wait > 0) throw AppError.tooManyRequests(AUTH_MESSAGES.tooManyRegistrations, wait);
  registrationsPerIp.hit(client.ip);
  const passwordHash = await hashPassword(input.password);
  try {
    return await insertUser(deps.db, {
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      username: input.username,
      passwordHash,
    });
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === 'users_username_lower_uq') throw AppError.conflict('username_taken', AUTH_MESSAGES.usernameTaken, 'username');
    if (constraint === 'users_email_lower_uq') throw AppError.conflict('email_taken', AUTH_MESSAGES.emailTaken, 'email');
    throw error;
  }
}

/**
 * Signs in with email or username. Failures say the same thing and cost the same argon2 work whether or not the
 * account exists; failed attempts are limited per IP and per identifier.
 */
export async function login(deps: AuthDeps, input: LoginRequest, client: ClientInfo): Promise<{ token: string; user: UserRow }> {
  const { failedLoginsPerIp, failedLoginsPerAccount } = deps.limiters;
  const accountKey = input.emailOrUsername.toLowerCase();
  const wait = Math.max(failedLoginsPerIp.blockedFor(client.ip), failedLoginsPerAccount.blockedFor(accountKey));
  if (wait > 0) throw AppError.tooManyRequests(AUTH_MESSAGES.tooManyLogins, wait);

  const user = await findUserByIdentifier(deps.db, input.emailOrUsername);
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!user || !ok) {
    failedLoginsPerIp.hit(client.ip);
    failedLoginsPerAccount.hit(accountKey);
    throw new AppError(401, 'invalid_credentials', AUTH_MESSAGES.invalidCredentials);
  }
  failedLoginsPerAccount.reset(accountKey);
  const token = newSessionToken();
  await insertSession(deps.db, {
    userId: user.id,
    tokenHash: hashToken(token),
    ip: client.ip.slice(0, 64),
    userAgent: client.userAgent?.slice(0, 300),
    expiresAt: new Date(Date.now() + deps.sessionTtlMs),
  });
  return { token, user };
}

/** Revokes the presented session; the token stops working at once. */
export async function logout(deps: AuthDeps, token: string): Promise<void> {
  await deleteSession(deps.db, hashToken(token));
}
