import {
  ACCOUNT_MESSAGES,
  AUTH_MESSAGES,
  type AccountSession,
  type AccountState,
  type ChangeEmailRequest,
  type ChangePasswordRequest,
  type ResetPasswordRequest,
} from '@agora/contract';
import { isCommonPassword } from '@agora/contract/common-passwords';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isSiteAdmin } from '../../policies';
import { clientKey } from '../../lib/client-ip';
import { uniqueViolation } from '../../lib/pg-errors';
import { hashToken, newSessionToken } from '../../lib/tokens';
import { describeDevice } from '../../lib/user-agent';
import { hashPassword, verifyPassword } from '../auth/passwords';
import {
  consumeAccountToken,
  deleteUserSession,
  deleteUserSessions,
  findUserByEmail,
  findUserById,
  insertAccountToken,
  isLiveToken,
  listSessions,
  markEmailVerified,
  pendingEmailChange,
  retireAccountTokens,
  setEmail,
  setPasswordHash,
  type TokenPurpose,
} from './account.queries';
import {
  emailChangeMail,
  emailChangeNoticeMail,
  passwordChangedMail,
  resetMail,
  TOKEN_LIFETIME_MS,
  verificationMail,
} from './account.mails';

/** Where a request comes from: the mail and token limits are per address (lib/client-ip.ts). */
export type Client = { ip: string };

const invalidToken = () => new AppError(400, 'token_invalid', ACCOUNT_MESSAGES.tokenInvalid);

/** A new single-use token of this purpose for the user (older unused ones retired), stored hashed; the raw token. */
async function issueToken(tx: DbOrTx, userId: number, purpose: TokenPurpose, newEmail?: string): Promise<string> {
  await retireAccountTokens(tx, userId, purpose);
  const token = newSessionToken();
  await insertAccountToken(tx, {
    userId,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS[purpose]),
    ...(newEmail ? { newEmail } : {}),
  });
  return token;
}

/**
 * A new link token that turns the email digest off (notifications/digest.service.ts), stored hashed. Earlier ones
 * stay valid until used or expired: an older digest's link keeps working.
 */
export async function issueDigestOffToken(tx: DbOrTx, userId: number): Promise<string> {
  const token = newSessionToken();
  await insertAccountToken(tx, {
    userId,
    purpose: 'digest_off',
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS.digest_off),
  });
  return token;
}

/** Uses up a digest link token and every other of that person's; their user id, or null for an unknown, used or expired one. */
export async function spendDigestOffToken(tx: DbOrTx, token: string): Promise<number | null> {
  const used = await consumeAccountToken(tx, 'digest_off', hashToken(token));
  if (!used) return null;
  await retireAccountTokens(tx, used.userId, 'digest_off');
  return used.userId;
}

/** Ends sessions and disconnects their sockets at once (as logout does). */
function endSessions(ctx: AppContext, ids: number[]): void {
  for (const id of ids) ctx.events.emit('sessionEnded', id);
}

/**
 * Queues the confirmation mail of a new account inside its registration transaction (auth.service registerUser):
 * the account and its mail are committed together.
 */
export async function queueVerificationMail(ctx: AppContext, tx: DbOrTx, user: { id: number; email: string; username: string }) {
  const token = await issueToken(tx, user.id, 'verify_email');
  await ctx.jobs.send('mail', verificationMail(ctx.publicUrl, user, token), { tx });
}

/** GET /api/account: the caller's address, whether it is confirmed, and an email change waiting for its link. */
export async function getAccountState(ctx: AppContext, actor: UserRow): Promise<AccountState> {
  return {
    email: actor.email,
    emailVerified: actor.emailVerifiedAt !== null,
    pendingEmail: await pendingEmailChange(ctx.db, actor.id),
    siteAdmin: isSiteAdmin(actor),
  };
}

/** POST /api/auth/verify-email: confirms the address of the token's account (no sign-in needed: the link is the proof). */
export async function verifyEmail(ctx: AppContext, input: { token: string; client: Client }): Promise<void> {
  await ctx.limiters.tokenAttemptsPerIp.consume(clientKey(input.client.ip));
  await ctx.db.transaction(async (tx) => {
    const used = await consumeAccountToken(tx, 'verify_email', hashToken(input.token));
    if (!used) throw invalidToken();
    await markEmailVerified(tx, used.userId);
  });
}

/** POST /api/auth/verify-email/resend: a new confirmation link for the signed-in, unconfirmed caller. */
export async function resendVerification(ctx: AppContext, actor: UserRow, input: { client: Client }): Promise<'sent' | 'already'> {
  if (actor.emailVerifiedAt) return 'already';
  await ctx.limiters.accountMailsPerIp.consume(clientKey(input.client.ip));
  await ctx.limiters.accountMailsPerAddress.consume(actor.email.toLowerCase());
  await ctx.db.transaction((tx) => queueVerificationMail(ctx, tx, actor));
  return 'sent';
}

/**
 * POST /api/auth/password/forgot: the same answer, after the same work, whether or not an account uses the
 * address (no enumeration by answer or by time): the request only enqueues a job with the address; the job
 * (`sendPasswordReset`) looks the account up and mails it a link when there is one.
 */
export async function requestPasswordReset(ctx: AppContext, input: { email: string; client: Client }): Promise<void> {
  await ctx.limiters.accountMailsPerIp.consume(clientKey(input.client.ip));
  await ctx.limiters.accountMailsPerAddress.consume(input.email.toLowerCase());
  await ctx.jobs.send('account', { kind: 'password_reset', email: input.email });
}

/** The `account` job of a reset request: a token and its mail, committed together, for an address that has an account. */
export async function sendPasswordReset(ctx: AppContext, email: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user) return;
    const token = await issueToken(tx, user.id, 'reset_password');
    await ctx.jobs.send('mail', resetMail(ctx.publicUrl, user, token), { tx });
  });
}

/** A password the registration rules accept (length by the schema, the common-password list here). */
function assertAcceptablePassword(password: string, field: string): void {
  if (isCommonPassword(password)) throw AppError.badRequest(AUTH_MESSAGES.passwordTooCommon, { [field]: AUTH_MESSAGES.passwordTooCommon });
}

/**
 * POST /api/auth/password/reset: sets the password of the token's account, uses up the token, ends every session
 * of the account (their sockets too) and mails a notice. An expired, used or unknown token changes nothing.
 */
export async function resetPassword(ctx: AppContext, input: ResetPasswordRequest & { client: Client }): Promise<void> {
  const ip = clientKey(input.client.ip);
  await ctx.limiters.tokenAttemptsPerIp.consume(ip);
  assertAcceptablePassword(input.password, 'password');
  const tokenHash = hashToken(input.token);
  // Checked before argon2, so a guessed token costs no hashing; the use below is what decides.
  if (!(await isLiveToken(ctx.db, 'reset_password', tokenHash))) throw invalidToken();
  const passwordHash = await ctx.passwordWork.run(() => hashPassword(input.password), { ip });
  const ended = await ctx.db.transaction(async (tx) => {
    const used = await consumeAccountToken(tx, 'reset_password', tokenHash);
    if (!used) throw invalidToken();
    const user = await findUserById(tx, used.userId);
    if (!user) throw invalidToken();
    await setPasswordHash(tx, user.id, passwordHash);
    // Whoever knew the link proved the mailbox: the address is confirmed too.
    await markEmailVerified(tx, user.id);
    await retireAccountTokens(tx, user.id, 'reset_password');
    await ctx.jobs.send('mail', passwordChangedMail(ctx.publicUrl, user), { tx });
    return deleteUserSessions(tx, user.id, null);
  });
  endSessions(ctx, ended);
}

/**
 * Checks the caller's current password through the argon2 queue; a wrong one answers 400 and counts toward the
 * account's failed sign-in limit (so this form cannot be used to guess it faster than the sign-in page).
 */
async function assertCurrentPassword(ctx: AppContext, actor: UserRow, password: string, client: Client): Promise<void> {
  const account = `id:${actor.id}`;
  await ctx.limiters.failedLoginsPerAccount.consume(account);
  const ok = await ctx.passwordWork.run(() => verifyPassword(actor.passwordHash, password), { ip: clientKey(client.ip), account });
  if (!ok)
    throw new AppError(400, 'wrong_password', ACCOUNT_MESSAGES.currentPasswordWrong, {
      currentPassword: ACCOUNT_MESSAGES.currentPasswordWrong,
    });
  await ctx.limiters.failedLoginsPerAccount.reward(account);
}

/** POST /api/auth/password/change: the caller's current password, then the new one; every other session ends. */
export async function changePassword(
  ctx: AppContext,
  actor: UserRow,
  input: ChangePasswordRequest & { client: Client; sessionId: number | null },
): Promise<void> {
  await assertCurrentPassword(ctx, actor, input.currentPassword, input.client);
  assertAcceptablePassword(input.newPassword, 'newPassword');
  const passwordHash = await ctx.passwordWork.run(() => hashPassword(input.newPassword), { ip: clientKey(input.client.ip) });
  const ended = await ctx.db.transaction(async (tx) => {
    await setPasswordHash(tx, actor.id, passwordHash);
    await retireAccountTokens(tx, actor.id, 'reset_password');
    await ctx.jobs.send('mail', passwordChangedMail(ctx.publicUrl, actor), { tx });
    return deleteUserSessions(tx, actor.id, input.sessionId);
  });
  endSessions(ctx, ended);
}

/**
 * POST /api/auth/email/change: after the current password, mails a confirmation link to the new address and a
 * notice to the old one; the address changes only when the link is opened. A taken address is 409.
 */
export async function requestEmailChange(ctx: AppContext, actor: UserRow, input: ChangeEmailRequest & { client: Client }): Promise<void> {
  const newEmail = input.newEmail;
  if (newEmail.toLowerCase() === actor.email.toLowerCase())
    throw AppError.badRequest(ACCOUNT_MESSAGES.sameEmail, { newEmail: ACCOUNT_MESSAGES.sameEmail });
  await ctx.limiters.accountMailsPerIp.consume(clientKey(input.client.ip));
  await ctx.limiters.accountMailsPerAddress.consume(newEmail.toLowerCase());
  await assertCurrentPassword(ctx, actor, input.password, input.client);
  if (await findUserByEmail(ctx.db, newEmail)) throw AppError.conflict('email_taken', AUTH_MESSAGES.emailTaken, 'newEmail');
  await ctx.db.transaction(async (tx) => {
    const token = await issueToken(tx, actor.id, 'change_email', newEmail);
    await ctx.jobs.send('mail', emailChangeMail(ctx.publicUrl, { newEmail, username: actor.username }, token), { tx });
    await ctx.jobs.send('mail', emailChangeNoticeMail(ctx.publicUrl, actor, newEmail), { tx });
  });
}

/** POST /api/auth/email/confirm: the link of an email change; the address changes (and counts as confirmed). */
export async function confirmEmailChange(ctx: AppContext, input: { token: string; client: Client }): Promise<void> {
  await ctx.limiters.tokenAttemptsPerIp.consume(clientKey(input.client.ip));
  try {
    await ctx.db.transaction(async (tx) => {
      const used = await consumeAccountToken(tx, 'change_email', hashToken(input.token));
      if (!used?.newEmail) throw invalidToken();
      await setEmail(tx, used.userId, used.newEmail);
    });
  } catch (error) {
    // Taken meanwhile by another account: nothing changed (the transaction rolled back, the link still works).
    if (uniqueViolation(error) === 'users_email_lower_uq') throw AppError.conflict('email_taken', AUTH_MESSAGES.emailTaken, 'newEmail');
    throw error;
  }
}

/** GET /api/auth/sessions: the caller's sign-ins, this one marked current. */
export async function listOwnSessions(ctx: AppContext, actor: UserRow, input: { sessionId: number | null }): Promise<AccountSession[]> {
  const rows = await listSessions(ctx.db, actor.id);
  return rows.map((s) => ({
    id: s.id,
    created: s.createdAt.toISOString(),
    lastSeen: s.lastSeenAt.toISOString(),
    device: describeDevice(s.userAgent),
    current: s.id === input.sessionId,
  }));
}

/** DELETE /api/auth/sessions/{id}: ends one of the caller's sessions; another person's id is 404 (not "forbidden"). */
export async function endOwnSession(ctx: AppContext, actor: UserRow, input: { id: number }): Promise<void> {
  const id = await deleteUserSession(ctx.db, actor.id, input.id);
  if (id === null) throw AppError.notFound(ACCOUNT_MESSAGES.sessionNotFound, 'session_not_found');
  endSessions(ctx, [id]);
}

/** DELETE /api/auth/sessions?others=1: ends every session of the caller but this one. */
export async function endOtherSessions(ctx: AppContext, actor: UserRow, input: { sessionId: number | null }): Promise<number> {
  const ended = await deleteUserSessions(ctx.db, actor.id, input.sessionId);
  endSessions(ctx, ended);
  return ended.length;
}
