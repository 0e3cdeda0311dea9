import type { TestContext } from '../../test/test-app';

/** member_count as cached, and the membership rows counted: they must always agree. */
export async function memberCounts(t: TestContext, groupId: number): Promise<{ cached: number; rows: number }> {
  const [row] = await t.database.sql<{ cached: number; rows: number }[]>`
    SELECT member_count AS cached, (SELECT count(*)::int FROM group_members WHERE group_id = ${groupId}) AS rows FROM groups WHERE id = ${groupId}`;
  return row!;
}

/** The person's role in the community, or null when they are not a member. */
export async function roleOf(t: TestContext, groupId: number, userId: number): Promise<string | null> {
  const [row] = await t.database.sql<
    { role: string }[]
  >`SELECT role FROM group_members WHERE group_id = ${groupId} AND user_id = ${userId}`;
  return row?.role ?? null;
}

/** The person's notifications as stored, oldest first. */
export async function notificationsOf(t: TestContext, userId: number) {
  return t.database.sql<{ id: number; noti_type: string; sender_id: number; group_id: number; noti_link: string; noti_content: string }[]>`
    SELECT id, noti_type, sender_id, group_id, noti_link, noti_content FROM notifications WHERE user_id = ${userId} ORDER BY id`;
}
