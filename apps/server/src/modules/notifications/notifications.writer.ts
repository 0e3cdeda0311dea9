import type { DbOrTx } from '../../db/client';
import { notifications } from '../../db/schema';

export type NotificationInsert = typeof notifications.$inferInsert;

/**
 * Stores one notification. Takes the caller's transaction so a notification is written together with the event
 * that causes it (a join, an invite), never before. The notifications feature extends this module (realtime
 * push after commit, preferences); writers elsewhere call only this. Returns the new row's id.
 */
export async function insertNotification(tx: DbOrTx, row: NotificationInsert): Promise<number> {
  const [inserted] = await tx.insert(notifications).values(row).returning({ id: notifications.id });
  return inserted!.id;
}
