import {
  PUSH_MAX_SUBSCRIPTIONS,
  PUSH_MESSAGES,
  type PushKeyResponse,
  type PushSubscriptionRequest,
  type PushUnsubscribeRequest,
} from '@agora/contract';
import type { AppContext, SignedIn } from '../../context';
import { AppError } from '../../lib/app-error';
import { isPushServiceEndpoint } from './push.policy';
import { deleteOwnPushSubscription, trimPushSubscriptions, upsertPushSubscription } from './push.queries';

/** The VAPID public key a browser subscribes with (public by nature). */
export function pushKey(ctx: AppContext): PushKeyResponse {
  if (!ctx.push.vapid) throw AppError.notFound();
  return { publicKey: ctx.push.vapid.publicKey };
}

/**
 * Turns push on for the caller's device: stores the browser's subscription (by endpoint: subscribing again
 * updates it), keeping the person's newest PUSH_MAX_SUBSCRIPTIONS devices.
 */
export async function subscribePush(ctx: AppContext, actor: SignedIn, input: PushSubscriptionRequest): Promise<{ message: string }> {
  if (!isPushServiceEndpoint(input.endpoint, ctx.push.allowLocalEndpoints)) {
    throw AppError.badRequest(PUSH_MESSAGES.endpoint, { endpoint: PUSH_MESSAGES.endpoint });
  }
  await ctx.db.transaction(async (tx) => {
    await upsertPushSubscription(tx, { userId: actor.id, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth });
    await trimPushSubscriptions(tx, actor.id, PUSH_MAX_SUBSCRIPTIONS);
  });
  return { message: PUSH_MESSAGES.subscribed };
}

/** Turns push off for one of the caller's devices; someone else's endpoint is "not subscribed" like an unknown one. */
export async function unsubscribePush(ctx: AppContext, actor: SignedIn, input: PushUnsubscribeRequest): Promise<{ message: string }> {
  if (!(await deleteOwnPushSubscription(ctx.db, actor.id, input.endpoint))) throw AppError.notFound(PUSH_MESSAGES.notFound);
  return { message: PUSH_MESSAGES.unsubscribed };
}
