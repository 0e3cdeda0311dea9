import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notifications, pushSubscriptions } from '../../db/schema';

/** One stored subscription, as the sender needs it. */
export type PushSubscriptionRow = { id: number; userId: number; endpoint: string; p256dh: string; auth: string };

const subscriptionColumns = {
  id: pushSubscriptions.id,
  userId: pushSubscriptions.userId,
  endpoint: pushSubscriptions.endpoint,
  p256dh: pushSubscriptions.p256dh,
  auth: pushSubscriptions.auth,
};

/**
 * Stores the device's subscription for `userId`, by endpoint: a browser subscribing again (new keys) or another
 * account signing in on the same browser takes the row over, with its failures forgotten.
 */
export async function upsertPushSubscription(
  tx: DbOrTx,
  row: { userId: number; endpoint: string; p256dh: string; auth: string },
): Promise<void> {
  await tx
    .insert(pushSubscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId: row.userId, p256dh: row.p256dh, auth: row.auth, failureCount: 0, createdAt: sql`now()` },
    });
}

/** Deletes the user's oldest subscriptions beyond `keep` (the per-person cap). */
export async function trimPushSubscriptions(tx: DbOrTx, userId: number, keep: number): Promise<void> {
  await tx.execute(sql`DELETE FROM push_subscriptions WHERE id IN (
    SELECT id FROM push_subscriptions WHERE user_id = ${userId}::int ORDER BY created_at DESC, id DESC OFFSET ${keep}::int)`);
}

/** Deletes the user's subscription with this endpoint; whether there was one. */
export async function deleteOwnPushSubscription(tx: DbOrTx, userId: number, endpoint: string): Promise<boolean> {
  const deleted = await tx
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return deleted.length > 0;
}

/** Ids of the user's subscriptions, oldest first. */
export async function pushSubscriptionIdsOf(tx: DbOrTx, userId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.id));
  return rows.map((r) => r.id);
}

export async function findPushSubscription(tx: DbOrTx, id: number): Promise<PushSubscriptionRow | null> {
  const [row] = await tx.select(subscriptionColumns).from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  return row ?? null;
}

export async function deletePushSubscription(tx: DbOrTx, id: number): Promise<void> {
  await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function markPushSuccess(tx: DbOrTx, id: number): Promise<void> {
  await tx
    .update(pushSubscriptions)
    .set({ failureCount: 0, lastSuccessAt: sql`now()` })
    .where(eq(pushSubscriptions.id, id));
}

/** Counts one more failure in a row; returns the new count (0 when the row is gone). */
export async function markPushFailure(tx: DbOrTx, id: number): Promise<number> {
  const [row] = await tx
    .update(pushSubscriptions)
    .set({ failureCount: sql`${pushSubscriptions.failureCount} + 1` })
    .where(eq(pushSubscriptions.id, id))
    .returning({ failures: pushSubscriptions.failureCount });
  return row?.failures ?? 0;
}

/** A notification as the panel shows it: its recipient, text and link (nothing else reaches a push). */
export async function findNotificationForWebPush(
  tx: DbOrTx,
  id: number,
): Promise<{ userId: number; content: string; link: string | null } | null> {
  const [row] = await tx
    .select({ userId: notifications.userId, content: notifications.notiContent, link: notifications.notiLink })
    .from(notifications)
    .where(eq(notifications.id, id));
  return row ?? null;
}
