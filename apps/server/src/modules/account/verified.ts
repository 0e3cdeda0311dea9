import { ACCOUNT_MESSAGES } from '@agora/contract';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/** What an unconfirmed account is held back from (issue 14 §2). */
export type GatedAction = 'create_group' | 'post' | 'friend_request';

/**
 * The one check of an unconfirmed address. With REQUIRE_EMAIL_VERIFICATION, creating communities, posting
 * (discussions, comments, blogs) and friend requests wait for the confirmation (403). Without it (the default, so
 * a client written against SPEC.md keeps working) an unconfirmed account may do everything, within tighter daily
 * limits: 1 new community and 10 friend requests (docs/SECURITY.md).
 */
export async function assertMayAct(ctx: AppContext, actor: UserRow, action: GatedAction): Promise<void> {
  if (actor.emailVerifiedAt) return;
  if (ctx.requireEmailVerification) throw new AppError(403, 'verification_required', ACCOUNT_MESSAGES.verificationRequired);
  if (action === 'create_group') await ctx.limiters.unverifiedGroupCreatesPerUser.consume(String(actor.id));
  if (action === 'friend_request') await ctx.limiters.unverifiedFriendRequestsPerUser.consume(String(actor.id));
}
