import type { PushPayload } from '@agora/contract';
import webpush from 'web-push';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { createJobSender } from '../../jobs/queue';
import {
  deletePushSubscription,
  findNotificationForWebPush,
  findPushSubscription,
  markPushFailure,
  markPushSuccess,
  pushSubscriptionIdsOf,
} from './push.queries';

/**
 * Sending (decision 0145). The notification writer enqueues one `push` job per subscription of the recipient in
 * the transaction that writes the notification (so it exists only once that commits); the job, when it runs,
 * sends nothing if the recipient has an open socket on any node (their tab shows it) or the notification is gone.
 */

/** How long a push service keeps an undelivered message (the device is off): a day, then it is stale. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** Failed deliveries in a row (after retries) that drop a subscription: the device is gone or broken. */
export const PUSH_MAX_FAILURES = 5;
/** Deliveries tried per message when the push service answers 429 or 5xx (or cannot be reached). */
export const PUSH_MAX_ATTEMPTS = 4;
/** Longest wait before a retry, whatever Retry-After asks. */
const RETRY_MAX_SECONDS = 3600;
const SEND_TIMEOUT_MS = 10_000;

export const pushJob = z.object({ n: z.number().int(), s: z.number().int(), attempt: z.number().int().min(1).default(1) });
export type PushJob = z.infer<typeof pushJob>;

let sender: ReturnType<typeof createJobSender> | null = null;

/**
 * In the writer's transaction: one job per subscription of the recipient (none without any, the usual case: one
 * indexed probe). Never throws for push's sake: a failure to enqueue must not lose the notification, so it is
 * done in a savepoint and forgotten.
 */
export async function enqueueWebPush(tx: DbOrTx, userId: number, notificationId: number): Promise<void> {
  const ids = await pushSubscriptionIdsOf(tx, userId);
  if (ids.length === 0) return;
  const jobs = (sender ??= createJobSender(tx));
  await tx
    .transaction(async (savepoint) => {
      for (const s of ids) await jobs.send('push', { n: notificationId, s, attempt: 1 } satisfies PushJob, { tx: savepoint });
    })
    .catch(() => {});
}

/** The message: what the notification panel shows, nothing more (docs/SECURITY.md). */
export function pushPayloadOf(notification: { id: number; content: string; link: string | null }): PushPayload {
  return { title: 'Agora', body: notification.content, url: notification.link ?? '/', tag: `n${notification.id}` };
}

/** Seconds asked by a Retry-After header (seconds or an HTTP date), or null. */
function retryAfterSeconds(header: string | null): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

export type PushOutcome = 'sent' | 'skipped' | 'gone' | 'retry' | 'failed' | 'dropped';

/** Runs one `push` job (jobs/handlers.ts). */
export async function deliverWebPush(ctx: AppContext, data: unknown): Promise<PushOutcome> {
  const job = pushJob.parse(data);
  const vapid = ctx.push.vapid;
  if (!vapid) return 'skipped';
  const notification = await findNotificationForWebPush(ctx.db, job.n);
  const subscription = await findPushSubscription(ctx.db, job.s);
  if (!notification || !subscription || subscription.userId !== notification.userId) return 'skipped';
  if (await ctx.push.isOnline(notification.userId)) return 'skipped';

  const payload = pushPayloadOf({ id: job.n, content: notification.content, link: notification.link });
  const request = webpush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    JSON.stringify(payload),
    { vapidDetails: vapid, TTL: PUSH_TTL_SECONDS, urgency: 'normal', topic: payload.tag, contentEncoding: 'aes128gcm' },
  );
  let status: number;
  let retryAfter: string | null = null;
  try {
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: request.body as Buffer,
      redirect: 'manual',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    status = response.status;
    retryAfter = response.headers.get('retry-after');
    await response.body?.cancel();
  } catch {
    status = 0; // unreachable or timed out: like a 5xx
  }
  if (status >= 200 && status < 300) {
    await markPushSuccess(ctx.db, subscription.id);
    return 'sent';
  }
  // The browser unsubscribed or the subscription expired: it will never work again.
  if (status === 404 || status === 410) {
    await deletePushSubscription(ctx.db, subscription.id);
    return 'gone';
  }
  if ((status === 0 || status === 429 || status >= 500) && job.attempt < PUSH_MAX_ATTEMPTS) {
    const wait = Math.min(RETRY_MAX_SECONDS, retryAfterSeconds(retryAfter) ?? 30 * 2 ** (job.attempt - 1));
    await ctx.jobs.send('push', { ...job, attempt: job.attempt + 1 }, { startAfter: wait });
    return 'retry';
  }
  const failures = await markPushFailure(ctx.db, subscription.id);
  if (failures >= PUSH_MAX_FAILURES) {
    await deletePushSubscription(ctx.db, subscription.id);
    return 'dropped';
  }
  return 'failed';
}
