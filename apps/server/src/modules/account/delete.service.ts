import { unlink } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { ACCOUNT_MESSAGES } from '@agora/contract';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { clientKey } from '../../lib/client-ip';
import { randomName } from '../../lib/tokens';
import { verifyPassword } from '../auth/passwords';
import { deleteUploadFiles } from '../uploads/uploads.service';

/** A deleted account's name is free again after this long (issue 14 §8). */
export const USERNAME_HOLD_MS = 30 * 24 * 60 * 60 * 1000;

/** The name every deleted account shows on what it left (decision 0093: a thread does not lose its middle). */
export const DELETED_USERNAME = 'Deleted user';

const ids = async (db: DbOrTx, query: ReturnType<typeof sql>) => [...(await db.execute<{ id: number }>(query))].map((r) => r.id);
const intArray = (values: number[]) => sql`${`{${values.join(',')}}`}::int[]`;

/** Whether a username is held after its account's deletion (registration refuses it as taken). */
export async function isUsernameHeld(db: DbOrTx, username: string): Promise<boolean> {
  const rows = await db.execute(sql`SELECT 1 FROM released_usernames WHERE username_lower = lower(${username}) AND available_at > now()`);
  return [...rows].length > 0;
}

/**
 * DELETE /api/account: deletes the caller's account after their password. Refused (409) while they own a
 * community. In one transaction: their sessions, tokens, exports, friendships, requests, invitations,
 * notifications (received and sent), likes and memberships go, with every affected counter recounted; with
 * `deleteContent` their discussions, comments and blogs go too (counters recounted), else those stay under
 * "Deleted user" with the default picture. The row itself is scrubbed (names, email, password, profile, pictures)
 * and its username held for 30 days. After the commit the sessions' sockets are closed and the files deleted:
 * the profile pictures, and the post images only when the posts went.
 */
export async function deleteAccount(
  ctx: AppContext,
  actor: UserRow,
  input: { password: string; deleteContent: boolean; client: { ip: string } },
): Promise<void> {
  const account = `id:${actor.id}`;
  await ctx.limiters.failedLoginsPerAccount.consume(account);
  const ok = await ctx.passwordWork.run(() => verifyPassword(actor.passwordHash, input.password), {
    ip: clientKey(input.client.ip),
    account,
  });
  if (!ok)
    throw new AppError(400, 'wrong_password', ACCOUNT_MESSAGES.currentPasswordWrong, { password: ACCOUNT_MESSAGES.currentPasswordWrong });
  await ctx.limiters.failedLoginsPerAccount.reward(account);

  const me = actor.id;
  const { sessions, files, exportFiles } = await ctx.db.transaction(async (tx) => {
    // The row lock orders this deletion against anything else writing as this user.
    await tx.execute(sql`SELECT id FROM users WHERE id = ${me} AND deleted_at IS NULL FOR UPDATE`);
    const owned = [
      ...(await tx.execute<{ name: string }>(sql`SELECT group_name AS name FROM groups WHERE owner_id = ${me} ORDER BY group_name`)),
    ];
    if (owned.length > 0) {
      throw AppError.conflict('owns_communities', ACCOUNT_MESSAGES.ownsCommunities(owned.map((g) => g.name).join(', ')));
    }

    // What the counters depend on, gathered before the rows go.
    const likedDiscussions = await ids(tx, sql`SELECT discussion_id AS id FROM discussion_likes WHERE user_id = ${me}`);
    const likedComments = await ids(tx, sql`SELECT comment_id AS id FROM comment_likes WHERE user_id = ${me}`);
    const likedBlogs = await ids(tx, sql`SELECT blog_id AS id FROM blog_likes WHERE user_id = ${me}`);
    const groupsJoined = await ids(tx, sql`SELECT group_id AS id FROM group_members WHERE user_id = ${me}`);
    let postGroups: number[] = [];
    let commentedDiscussions: number[] = [];
    let repliedComments: number[] = [];
    let postFiles: string[] = [];
    if (input.deleteContent) {
      postGroups = await ids(tx, sql`SELECT DISTINCT group_id AS id FROM discussions WHERE user_id = ${me}`);
      commentedDiscussions = await ids(tx, sql`SELECT DISTINCT discussion_id AS id FROM comments WHERE user_id = ${me}`);
      repliedComments = await ids(tx, sql`SELECT DISTINCT parent_id AS id FROM comments WHERE user_id = ${me} AND parent_id IS NOT NULL`);
      postFiles = [
        ...(await tx.execute<{ path: string }>(sql`
          SELECT dm.media_url AS path FROM discussion_media dm JOIN discussions d ON d.id = dm.discussion_id WHERE d.user_id = ${me}
          UNION SELECT blog_img FROM blogs WHERE author_id = ${me} AND blog_img IS NOT NULL
          UNION SELECT path FROM uploads WHERE user_id = ${me} AND kind NOT IN ('profile', 'banner')`)),
      ].map((r) => r.path);
      await tx.execute(sql`DELETE FROM blogs WHERE author_id = ${me}`);
      await tx.execute(sql`DELETE FROM comments WHERE user_id = ${me}`);
      await tx.execute(sql`DELETE FROM discussions WHERE user_id = ${me}`);
      await tx.execute(sql`DELETE FROM uploads WHERE user_id = ${me} AND kind NOT IN ('profile', 'banner')`);
    }
    await tx.execute(sql`DELETE FROM discussion_likes WHERE user_id = ${me}`);
    await tx.execute(sql`DELETE FROM comment_likes WHERE user_id = ${me}`);
    await tx.execute(sql`DELETE FROM blog_likes WHERE user_id = ${me}`);
    await tx.execute(sql`DELETE FROM group_members WHERE user_id = ${me}`);
    await tx.execute(sql`DELETE FROM group_join_requests WHERE user_id = ${me}`);
    await tx.execute(sql`DELETE FROM friendships WHERE requester_id = ${me} OR addressee_id = ${me}`);
    await tx.execute(sql`DELETE FROM notifications WHERE user_id = ${me} OR sender_id = ${me}`);
    await tx.execute(sql`DELETE FROM account_tokens WHERE user_id = ${me}`);
    await tx.execute(sql`DELETE FROM notification_settings WHERE user_id = ${me}`);
    await tx.execute(sql`DELETE FROM group_mutes WHERE user_id = ${me}`);
    await tx.execute(sql`DELETE FROM discussion_mutes WHERE user_id = ${me}`);
    const exportFiles = [
      ...(await tx.execute<{ file: string | null }>(sql`DELETE FROM account_exports WHERE user_id = ${me} RETURNING file_name AS file`)),
    ]
      .map((r) => r.file)
      .filter((f): f is string => f !== null);
    const ownFiles = [
      ...(await tx.execute<{ path: string }>(
        sql`DELETE FROM uploads WHERE user_id = ${me} AND kind IN ('profile', 'banner') RETURNING path`,
      )),
    ].map((r) => r.path);
    const sessions = await ids(tx, sql`DELETE FROM sessions WHERE user_id = ${me} RETURNING id`);

    // Every counter the deletions touched, recounted from the rows that are the truth.
    const recount = async (table: string, column: string, idList: number[], count: ReturnType<typeof sql>) => {
      if (idList.length === 0) return;
      await tx.execute(sql`UPDATE ${sql.raw(table)} t SET ${sql.raw(column)} = ${count} WHERE t.id = ANY(${intArray(idList)})`);
    };
    await recount(
      'discussions',
      'like_count',
      likedDiscussions,
      sql`(SELECT count(*) FROM discussion_likes l WHERE l.discussion_id = t.id)`,
    );
    await recount('comments', 'like_count', likedComments, sql`(SELECT count(*) FROM comment_likes l WHERE l.comment_id = t.id)`);
    await recount('blogs', 'like_count', likedBlogs, sql`(SELECT count(*) FROM blog_likes l WHERE l.blog_id = t.id)`);
    await recount('groups', 'member_count', groupsJoined, sql`(SELECT count(*) FROM group_members m WHERE m.group_id = t.id)`);
    await recount('groups', 'post_count', postGroups, sql`(SELECT count(*) FROM discussions d WHERE d.group_id = t.id)`);
    await recount(
      'discussions',
      'comment_count',
      commentedDiscussions,
      sql`(SELECT count(*) FROM comments c WHERE c.discussion_id = t.id AND c.deleted_at IS NULL)`,
    );
    await recount('comments', 'reply_count', repliedComments, sql`(SELECT count(*) FROM comments c WHERE c.parent_id = t.id)`);

    await tx.execute(sql`
      INSERT INTO released_usernames (username_lower, available_at) VALUES (lower(${actor.username}), ${new Date(Date.now() + USERNAME_HOLD_MS).toISOString()}::timestamptz)
      ON CONFLICT (username_lower) DO UPDATE SET available_at = EXCLUDED.available_at`);
    await tx.execute(sql`
      UPDATE users SET username = ${DELETED_USERNAME}, email = ${`deleted-${me}@deleted.invalid`}, first_name = 'Deleted',
        last_name = 'user', password_hash = ${`!deleted:${randomName()}`}, bio = '', about = '', birthday = NULL, user_link = '',
        profile_image = NULL, banner_image = NULL, last_seen_at = NULL, email_verified_at = NULL, deleted_at = now(), updated_at = now()
      WHERE id = ${me}`);
    return { sessions, files: [...ownFiles, ...postFiles], exportFiles };
  });
  for (const id of sessions) ctx.events.emit('sessionEnded', id);
  await deleteUploadFiles(ctx, files);
  await Promise.all(exportFiles.map((f) => unlink(path.join(ctx.exportsDir, f)).catch(() => {})));
}
