import {
  OPTIONAL_NOTIFICATION_TYPES,
  type NotificationSettings,
  type OptionalNotificationType,
  type UpdateNotificationSettings,
} from '@agora/contract';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { notificationSettings, type UserRow } from '../../db/schema';

type Stored = { disabledTypes: string[]; digest: NotificationSettings['digest'] };

function toSettings(row: Stored | undefined): NotificationSettings {
  const disabled = new Set(row?.disabledTypes ?? []);
  return {
    types: Object.fromEntries(OPTIONAL_NOTIFICATION_TYPES.map((t) => [t, !disabled.has(t)])) as Record<OptionalNotificationType, boolean>,
    digest: row?.digest ?? 'off',
  };
}

/** GET /api/notifications/settings: every optional type on unless the person turned it off; the digest. */
export async function getNotificationSettings(ctx: AppContext, actor: UserRow): Promise<NotificationSettings> {
  const [row] = await ctx.db
    .select({ disabledTypes: notificationSettings.disabledTypes, digest: notificationSettings.digest })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, actor.id));
  return toSettings(row);
}

/**
 * PUT /api/notifications/settings: changes only what is sent. Friend requests and invitations are not in the
 * schema (they always arrive). One upsert under the row's lock, so two tabs saving at once lose neither change.
 */
export async function updateNotificationSettings(
  ctx: AppContext,
  actor: UserRow,
  input: UpdateNotificationSettings,
): Promise<NotificationSettings> {
  return ctx.db.transaction(async (tx) => {
    await tx.insert(notificationSettings).values({ userId: actor.id }).onConflictDoNothing();
    const [current] = await tx
      .select({ disabledTypes: notificationSettings.disabledTypes, digest: notificationSettings.digest })
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, actor.id))
      .for('update');
    const disabled = new Set<string>(current!.disabledTypes);
    for (const [type, on] of Object.entries(input.types ?? {})) {
      if (on) disabled.delete(type);
      else disabled.add(type);
    }
    const next = { disabledTypes: [...disabled].sort(), digest: input.digest ?? current!.digest };
    await tx
      .update(notificationSettings)
      .set({
        disabledTypes: next.disabledTypes as (typeof notificationSettings.$inferInsert)['disabledTypes'],
        digest: next.digest,
        updatedAt: sql`now()`,
      })
      .where(eq(notificationSettings.userId, actor.id));
    return toSettings(next);
  });
}
