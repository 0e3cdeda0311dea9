import { discussionLink } from '@agora/contract';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import {
  commentLikes,
  comments,
  discussionLikes,
  discussionMedia,
  discussions,
  groupMembers,
  groups,
  type notifications,
} from '../db/schema';
import { insertNotification, mentionedUsernames } from '../modules/notifications/notifications.writer';
import { DEMO_DISCUSSIONS } from './demo-discussions';
import { postSceneJpeg } from './images';
import { recordSeedUploads, saveUpload, type SeedUploads } from './uploads';

const HOUR_MS = 3_600_000;
/** Notifications older than this are seeded as read, so a demo bell shows a few unread ones, not all. */
const READ_AFTER_MS = 48 * HOUR_MS;

/**
 * The demo posts (demo-discussions.ts), written in the caller's transaction after the demo communities: pictures
 * generated locally in parallel and recorded as their authors' attached uploads, likes, comments and replies,
 * every counter equal to its rows, and the notifications those events would have sent. `now` fixes the clock.
 */
export async function seedDemoDiscussions(tx: Tx, uploads: SeedUploads, userIds: Map<string, number>, now = new Date()): Promise<void> {
  const id = (username: string) => {
    const value = userIds.get(username);
    if (value === undefined) throw new Error(`Demo discussion refers to unknown demo user ${username}`);
    return value;
  };
  const rows = await tx.select({ id: groups.id, name: groups.groupName, isPrivate: groups.isPrivate }).from(groups);
  const groupByName = new Map(rows.map((g) => [g.name, g]));
  const members = await tx.select({ groupId: groupMembers.groupId, userId: groupMembers.userId }).from(groupMembers);
  const isMember = new Set(members.map((m) => `${m.groupId}:${m.userId}`));
  const usernames = new Map([...userIds].map(([name, userId]) => [userId, name]));

  const posts = Object.entries(DEMO_DISCUSSIONS).flatMap(([groupName, list]) => {
    const group = groupByName.get(groupName);
    if (!group) throw new Error(`Demo discussion refers to unknown demo community ${groupName}`);
    return list.map((post) => ({ group, post }));
  });
  // The pictures first, all at once (sharp works in its own threads).
  let variant = 0;
  const pictures = await Promise.all(
    posts.map(({ post }) =>
      Promise.all(
        (post.images ?? []).map(async (image) => saveUpload(uploads, 'post', await postSceneJpeg(image.scene, image.colors, variant++))),
      ),
    ),
  );

  const at = (ms: number) => new Date(Math.min(ms, now.getTime() - 60_000));
  const notes: (typeof notifications.$inferInsert)[] = [];
  const note = (
    recipient: number,
    sender: number,
    type: NonNullable<(typeof notifications.$inferInsert)['notiType']>,
    content: string,
    when: Date,
    refs: { groupId: number; discussionId: number; commentId?: number },
  ) => {
    if (recipient === sender) return;
    notes.push({
      userId: recipient,
      senderId: sender,
      notiType: type,
      notiContent: content,
      notiLink: discussionLink(refs.groupId, refs.discussionId),
      groupId: refs.groupId,
      discussionId: refs.discussionId,
      commentId: refs.commentId ?? null,
      createdAt: when,
      isRead: now.getTime() - when.getTime() > READ_AFTER_MS,
    });
  };
  const member = (groupId: number, username: string) => {
    const userId = id(username);
    if (!isMember.has(`${groupId}:${userId}`)) throw new Error(`Demo user ${username} is not a member of community ${groupId}`);
    return userId;
  };
  const mentions = (
    groupId: number,
    text: string,
    sender: number,
    when: Date,
    refs: { groupId: number; discussionId: number; commentId?: number },
    where: string,
  ) => {
    for (const name of mentionedUsernames(text)) {
      const recipient = userIds.get(name);
      if (recipient !== undefined && isMember.has(`${groupId}:${recipient}`))
        note(recipient, sender, 'mention', `${usernames.get(sender)} mentioned you in a ${where}`, when, refs);
    }
  };

  for (const [index, { group, post }] of posts.entries()) {
    const authorId = member(group.id, post.by);
    const postedAt = at(now.getTime() - post.hoursAgo * HOUR_MS);
    const [inserted] = await tx
      .insert(discussions)
      .values({
        groupId: group.id,
        userId: authorId,
        content: post.text,
        isPinned: post.pinned ?? false,
        pinnedAt: post.pinned ? postedAt : null,
        groupIsPublic: !group.isPrivate,
        createdAt: postedAt,
        updatedAt: postedAt,
      })
      .returning({ id: discussions.id });
    const discussionId = inserted!.id;
    const refs = { groupId: group.id, discussionId };
    const paths = pictures[index]!;
    if (paths.length > 0) {
      await tx.insert(discussionMedia).values(paths.map((mediaUrl, position) => ({ discussionId, mediaUrl, position })));
      await recordSeedUploads(
        tx,
        paths.map((path) => ({ path, kind: 'post' as const, userId: authorId })),
      );
    }
    mentions(group.id, post.text, authorId, postedAt, refs, 'post');
    for (const [i, liker] of (post.likes ?? []).entries()) {
      const likedAt = at(postedAt.getTime() + (i + 1) * 0.4 * HOUR_MS);
      const likerId = member(group.id, liker);
      await tx.insert(discussionLikes).values({ discussionId, userId: likerId, createdAt: likedAt });
      note(authorId, likerId, 'like', `${liker} liked your post`, likedAt, refs);
    }
    for (const comment of post.comments ?? []) {
      const writerId = member(group.id, comment.by);
      const writtenAt = at(postedAt.getTime() + comment.hoursAfter * HOUR_MS);
      const [top] = await tx
        .insert(comments)
        .values({ discussionId, userId: writerId, content: comment.text, createdAt: writtenAt, updatedAt: writtenAt })
        .returning({ id: comments.id });
      const commentRefs = { ...refs, commentId: top!.id };
      note(authorId, writerId, 'comment', `${comment.by} commented on your post`, writtenAt, commentRefs);
      mentions(group.id, comment.text, writerId, writtenAt, commentRefs, 'comment');
      const threads = [{ id: top!.id, authorId: writerId, likes: comment.likes ?? [], at: writtenAt }];
      for (const reply of comment.replies ?? []) {
        const replierId = member(group.id, reply.by);
        const repliedAt = at(postedAt.getTime() + reply.hoursAfter * HOUR_MS);
        const [row] = await tx
          .insert(comments)
          .values({ discussionId, userId: replierId, parentId: top!.id, content: reply.text, createdAt: repliedAt, updatedAt: repliedAt })
          .returning({ id: comments.id });
        const replyRefs = { ...refs, commentId: row!.id };
        note(writerId, replierId, 'comment_reply', `${reply.by} replied to your comment`, repliedAt, replyRefs);
        if (authorId !== writerId) note(authorId, replierId, 'comment', `${reply.by} commented on your post`, repliedAt, replyRefs);
        threads.push({ id: row!.id, authorId: replierId, likes: reply.likes ?? [], at: repliedAt });
      }
      for (const thread of threads) {
        for (const [i, liker] of thread.likes.entries()) {
          const likedAt = at(thread.at.getTime() + (i + 1) * 0.25 * HOUR_MS);
          const likerId = member(group.id, liker);
          await tx.insert(commentLikes).values({ commentId: thread.id, userId: likerId, createdAt: likedAt });
          note(thread.authorId, likerId, 'comment_like', `${liker} liked your comment`, likedAt, { ...refs, commentId: thread.id });
        }
      }
    }
  }

  // Every counter from its rows, as the API keeps them (docs/DATA-MODEL.md "How counts stay correct").
  await tx.execute(sql`UPDATE ${comments} c SET like_count = (SELECT count(*)::int FROM ${commentLikes} l WHERE l.comment_id = c.id),
    reply_count = (SELECT count(*)::int FROM ${comments} r WHERE r.parent_id = c.id)`);
  await tx.execute(sql`UPDATE ${discussions} d SET like_count = (SELECT count(*)::int FROM ${discussionLikes} l WHERE l.discussion_id = d.id),
    comment_count = (SELECT count(*)::int FROM ${comments} c WHERE c.discussion_id = d.id)`);
  for (const group of rows) {
    await tx
      .update(groups)
      .set({ postCount: sql`(SELECT count(*)::int FROM ${discussions} d WHERE d.group_id = ${group.id})` })
      .where(eq(groups.id, group.id));
  }
  notes.sort((a, b) => (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime());
  for (const row of notes) await insertNotification(tx, row);
}
