import { eq, sql } from 'drizzle-orm';
import { ADMIN_MESSAGES, type SiteLogQuery, type SiteLogResponse, type SuspendedUsersResponse, type SuspendRequest } from '@agora/contract';
import type { AppContext, SignedIn } from '../../context';
import type { DbOrTx } from '../../db/client';
import { sessions, siteLog, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { decodeCursor, keysetPage } from '../../lib/cursor';
import { activeSuspension, authorizeSiteAdmin, authorizeSuspend } from '../../policies';
import { findLiveUserByUsername, lockLiveUser, selectSiteLog, selectSuspendedUsers } from './admin.queries';

/**
 * Site staff (issue 15 §8). The actor is a signed-in site admin (through the API) or the operator (the command
 * line, `npm run agora -- user:…`), who may do everything, including making and unmaking site admins.
 */
export const OPERATOR = Object.freeze({ operator: true as const });
export type SiteActor = SignedIn | typeof OPERATOR;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows per page of the site log (docs/SECURITY.md). */
export const SITE_LOG_PAGE = 50;

function isOperator(actor: SiteActor): actor is typeof OPERATOR {
  return 'operator' in actor;
}

function actorId(actor: SiteActor): number | null {
  return isOperator(actor) ? null : actor.id;
}

function userNotFound(): AppError {
  return AppError.notFound(ADMIN_MESSAGES.userNotFound, 'user_not_found');
}

/** Ends every session of an account inside `tx`; the caller disconnects their sockets after commit. */
async function endAllSessions(tx: DbOrTx, userId: number): Promise<number[]> {
  const rows = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  return rows.map((r) => r.id);
}

/**
 * POST /api/admin/users/{id}/suspend (and `user:suspend`): sign-in refused with the reason and the end, every
 * session ended and its sockets closed at once; the person's content stays. Logged in the same transaction.
 */
export async function suspendUser(
  ctx: AppContext,
  actor: SiteActor,
  input: SuspendRequest & { userId: number },
): Promise<{ message: string }> {
  if (!isOperator(actor)) authorizeSiteAdmin(actor);
  const ended = await ctx.db.transaction(async (tx) => {
    const target = await lockLiveUser(tx, input.userId);
    if (!target) throw userNotFound();
    if (!isOperator(actor)) authorizeSuspend(actor, target);
    const until = input.days ? new Date(Date.now() + input.days * DAY_MS) : null;
    await tx
      .update(users)
      .set({ suspendedAt: sql`now()`, suspendedUntil: until, suspendedReason: input.reason, suspendedBy: actorId(actor) })
      .where(eq(users.id, target.id));
    await tx.insert(siteLog).values({ actorId: actorId(actor), action: 'suspend', targetUserId: target.id, reason: input.reason, until });
    return endAllSessions(tx, target.id);
  });
  for (const id of ended) ctx.events.emit('sessionEnded', id);
  return { message: ADMIN_MESSAGES.suspended };
}

/** POST /api/admin/users/{id}/unsuspend (and `user:unsuspend`): the account may sign in again at once. */
export async function unsuspendUser(ctx: AppContext, actor: SiteActor, input: { userId: number }): Promise<{ message: string }> {
  if (!isOperator(actor)) authorizeSiteAdmin(actor);
  await ctx.db.transaction(async (tx) => {
    const target = await lockLiveUser(tx, input.userId);
    if (!target) throw userNotFound();
    if (!activeSuspension(target)) throw AppError.badRequest(ADMIN_MESSAGES.notSuspended);
    await tx
      .update(users)
      .set({ suspendedAt: null, suspendedUntil: null, suspendedReason: null, suspendedBy: null })
      .where(eq(users.id, target.id));
    await tx.insert(siteLog).values({ actorId: actorId(actor), action: 'unsuspend', targetUserId: target.id });
  });
  return { message: ADMIN_MESSAGES.unsuspended };
}

/** `user:admin` / `user:unadmin`: only the operator makes or unmakes site staff (there is no API for it). */
export async function setSiteAdmin(ctx: AppContext, _actor: typeof OPERATOR, input: { username: string; admin: boolean }) {
  return ctx.db.transaction(async (tx) => {
    const found = await findLiveUserByUsername(tx, input.username);
    if (!found) return null;
    await tx.update(users).set({ siteAdmin: input.admin }).where(eq(users.id, found.id));
    await tx.insert(siteLog).values({ actorId: null, action: input.admin ? 'grant_admin' : 'revoke_admin', targetUserId: found.id });
    return found;
  });
}

/** The id of a live account by username (the command line names people by username). */
export async function userIdByUsername(ctx: AppContext, username: string): Promise<number | null> {
  return (await findLiveUserByUsername(ctx.db, username))?.id ?? null;
}

/** GET /api/admin/users/suspended: accounts suspended now. */
export async function listSuspendedUsers(ctx: AppContext, actor: SignedIn): Promise<SuspendedUsersResponse> {
  authorizeSiteAdmin(actor);
  const rows = await selectSuspendedUsers(ctx.db);
  return {
    users: rows.map((r) => ({
      id: r.id,
      username: r.username,
      profile_image: r.profileImage,
      reason: r.reason ?? '',
      suspended_at: r.suspendedAt!.toISOString(),
      suspended_until: r.suspendedUntil?.toISOString() ?? null,
      suspended_by: r.suspendedBy,
    })),
  };
}

/** GET /api/admin/log: every site action, newest first. */
export async function listSiteLog(ctx: AppContext, actor: SignedIn, query: SiteLogQuery): Promise<SiteLogResponse> {
  authorizeSiteAdmin(actor);
  const cursor = decodeCursor(query.cursor, ['int'] as const);
  const rows = await selectSiteLog(ctx.db, cursor ? cursor[0] : null, SITE_LOG_PAGE);
  const { page, nextCursor } = keysetPage(rows, SITE_LOG_PAGE, (r) => [r.id]);
  return {
    entries: page.map((r) => ({
      id: r.id,
      action: r.action,
      actor: r.actor,
      target_user: r.targetId === null ? null : { id: r.targetId, username: r.targetUsername!, profile_image: r.targetImage },
      reason: r.reason,
      until: r.until?.toISOString() ?? null,
      created: r.createdAt.toISOString(),
    })),
    nextCursor,
  };
}
