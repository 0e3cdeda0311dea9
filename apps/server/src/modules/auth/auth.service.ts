import { AUTH_MESSAGES, type LoginRequest, type RegisterRequest } from '@agora/contract';
import { isCommonPassword } from '@agora/contract/common-passwords';
import type { Actor, AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { activeSuspension, suspendedError } from '../../policies';
import { clientKey } from '../../lib/client-ip';
import { uniqueViolation } from '../../lib/pg-errors';
import { hashToken, newSessionToken } from '../../lib/tokens';
import { deleteSession, findUserByIdentifier, insertSession, insertUser } from './auth.queries';
import { queueVerificationMail } from '../account/account.service';
import { isUsernameHeld } from '../account/delete.service';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';

/** Where a sign-in or registration comes from: the limits are per address (lib/client-ip.ts), the session records both. */
export type ClientInfo = { ip: string; userAgent: string | undefined };

/** The per-account limiter's key: the account id when the identifier names one, else the identifier itself. */
function accountKey(user: UserRow | null, identifier: string): string {
  return user ? `id:${user.id}` : `name:${identifier.toLowerCase()}`;
}

/**
 * Creates an account. A registration spends the IP's point before any other work; username and email are
 * unique without regard to case (the database is the judge); the 10,000 most common passwords are refused. A
 * confirmation mail is queued with the account; the account can do everything at once (issue 14 §2).
 */
export async function registerUser(
  ctx: AppContext,
  _actor: Actor,
  input: RegisterRequest & { client: ClientInfo },
): Promise<{ id: number; username: string }> {
  const ip = clientKey(input.client.ip);
  await ctx.limiters.registrationsPerIp.consume(ip);
  if (isCommonPassword(input.password)) {
    throw AppError.badRequest(AUTH_MESSAGES.passwordTooCommon, { password: AUTH_MESSAGES.passwordTooCommon });
  }
  const passwordHash = await ctx.passwordWork
    .run(() => hashPassword(input.password), { ip })
    .catch(async (error: unknown) => {
      // Refused as busy before any work: the attempt does not count against the address.
      if (error instanceof AppError && error.statusCode === 503) await ctx.limiters.registrationsPerIp.reward(ip);
      throw error;
    });
  try {
    // The account and its confirmation mail are committed together (issue 14 §2).
    return await ctx.db.transaction(async (tx) => {
      // A deleted account's name stays taken for 30 days (issue 14 §8).
      if (await isUsernameHeld(tx, input.username)) throw AppError.conflict('username_taken', AUTH_MESSAGES.usernameTaken, 'username');
      const user = await insertUser(tx, {
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        username: input.username,
        passwordHash,
      });
      await queueVerificationMail(ctx, tx, { id: user.id, email: input.email, username: user.username });
      return user;
    });
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === 'users_username_lower_uq') throw AppError.conflict('username_taken', AUTH_MESSAGES.usernameTaken, 'username');
    if (constraint === 'users_email_lower_uq') throw AppError.conflict('email_taken', AUTH_MESSAGES.emailTaken, 'email');
    throw error;
  }
}

/**
 * Signs in with email or username. Consume first: the IP's point is spent before the first await, the account's
 * (keyed by account id, so username and email share it) right after the lookup and before argon2, so parallel
 * attempts cannot all pass an uncounted check. A success gives both back. Failures say the same thing and cost
 * the same argon2 work whether or not the account exists; argon2 runs in the bounded `passwordWork` queue.
 */
export async function login(
  ctx: AppContext,
  _actor: Actor,
  input: LoginRequest & { client: ClientInfo },
): Promise<{ token: string; user: UserRow }> {
  const { failedLoginsPerIp, failedLoginsPerAccount } = ctx.limiters;
  const ip = clientKey(input.client.ip);
  await failedLoginsPerIp.consume(ip);
  const user = await findUserByIdentifier(ctx.db, input.emailOrUsername);
  const key = accountKey(user, input.emailOrUsername);
  await failedLoginsPerAccount.consume(key);
  const hash = user?.passwordHash ?? (await dummyPasswordHash());
  const ok = await ctx.passwordWork
    .run(() => verifyPassword(hash, input.password), { ip, account: key })
    .catch(async (error: unknown) => {
      // Refused as busy before the password was checked: the attempt counts against neither limit.
      if (error instanceof AppError && error.statusCode === 503)
        await Promise.all([failedLoginsPerAccount.reward(key), failedLoginsPerIp.reward(ip)]);
      throw error;
    });
  if (!user || !ok) throw new AppError(401, 'invalid_credentials', AUTH_MESSAGES.invalidCredentials);
  // Told only to someone who knows the password: the reason and the end of the suspension (issue 15 §8).
  const suspension = activeSuspension(user);
  if (suspension) {
    await failedLoginsPerAccount.reset(key);
    throw suspendedError(suspension);
  }

  await Promise.all([failedLoginsPerAccount.reset(key), failedLoginsPerIp.reward(ip)]);
  const token = newSessionToken();
  await insertSession(ctx.db, {
    userId: user.id,
    tokenHash: hashToken(token),
    ip: input.client.ip.slice(0, 64),
    userAgent: input.client.userAgent?.slice(0, 300),
    expiresAt: new Date(Date.now() + ctx.sessionTtlMs),
  });
  return { token, user };
}

/** Revokes the presented session: the token stops working at once and the session's sockets are disconnected. */
export async function logout(ctx: AppContext, _actor: Actor, input: { token: string }): Promise<void> {
  const sessionId = await deleteSession(ctx.db, hashToken(input.token));
  if (sessionId !== null) ctx.events.emit('sessionEnded', sessionId);
}
