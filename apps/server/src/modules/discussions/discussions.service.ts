import {
  type createDiscussionRequestSchema,
  discussionLink,
  type DiscussionListResponse,
  type DiscussionMessageResponse,
  type DiscussionResponse,
  type EditHistoryResponse,
  type DiscussionWriteResponse,
  DISCUSSION_LIMITS,
  DISCUSSION_MESSAGES,
  type LikeResponse,
  type LikeStatusResponse,
  type PinResponse,
  postImagePathsIn,
  REMOVAL_MESSAGES,
} from '@agora/contract';
import { liveEvents } from '../../lib/live-events';
import type { z } from 'zod';
import type { Actor, AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { applyLike } from '../../lib/likes';
import { decodeCursor, keysetPage } from '../../lib/cursor';
import { groupNotFound } from '../groups/groups.access';
import { recordGroupPosts } from '../groups/groups.service';
import { mentionedUsernames, notify, notifyMentions } from '../notifications/notifications.writer';
import { claimUpload, deleteUploadFiles, releaseUploads } from '../uploads/uploads.service';
import {
  assertCanContribute,
  assertReadable,
  discussionIdOf,
  discussionNotFound,
  groupRefOf,
  isGoneError,
  withWriteRetry,
} from './discussions.access';
import { isOwnerOrAdminOf, toDiscussion } from './discussions.mapper';
import {
  deleteDiscussionLike,
  deleteDiscussionRow,
  deleteInlineMedia,
  type DiscussionRow,
  findDiscussion,
  findExploreFeed,
  findGroupFeed,
  findHomeFeed,
  findWriteTarget,
  insertDiscussion,
  insertDiscussionLike,
  insertMedia,
  lockDiscussion,
  lockGroupRow,
  mediaOf,
  setMediaAlts,
  moveDiscussionLikes,
  pathsUsedElsewhere,
  setDiscussionPublic,
  setPinned,
  updateDiscussionContent,
  type WriteTarget,
} from './discussions.queries';
import { assertMayAct } from '../account/verified';
import { assertMayPost } from '../posting/posting.service';
import { editHistory, recordEdit } from '../history/history.service';

type PageQuery = { cursor?: string; limit?: number };
/** A post named by a path: the community's `{id}` (id or slug) and the post's `{discussionId}`. */
export type DiscussionPath = { group: string; discussionId: string };

/** A page of `limit + 1` rows → the first `limit` mapped, and the cursor of the last one when more exist. */
function pageOf(rows: DiscussionRow[], limit: number, viewerId: number, cursorOf: (t: DiscussionRow) => (string | number | boolean)[]) {
  const { page, nextCursor } = keysetPage(rows, limit, cursorOf);
  return { discussions: page.map((row) => toDiscussion(row, viewerId)), nextCursor };
}

const pageSize = (query: PageQuery) => query.limit ?? DISCUSSION_LIMITS.feedPageDefault;

// ---------------------------------------------------------------------------------------------------------------
// Reading

/** GET /groups/{id}/discussions: a community's posts, pinned first, then newest; private ones for members only. */
export async function listGroupDiscussions(
  ctx: AppContext,
  actor: Actor,
  input: { group: string } & PageQuery,
): Promise<DiscussionListResponse> {
  const ref = groupRefOf(input.group);
  const cursor = decodeCursor(input.cursor, ['bool', 'ts', 'int'] as const);
  const limit = pageSize(input);
  const viewerId = actor?.id ?? 0;
  const { access, items } = await findGroupFeed(ctx.db, ref, viewerId, {
    cursor: cursor ? { pinned: cursor[0], ts: cursor[1], id: cursor[2] } : null,
    limit: limit + 1,
  });
  assertReadable(access, actor);
  return pageOf(items, limit, viewerId, (row) => [row.isPinned, row.cursorTs, row.id]);
}

/** GET /groups/joined/discussions: the home feed, posts of the communities the actor joined or owns, newest first. */
export async function listHomeFeed(ctx: AppContext, actor: NonNullable<Actor>, input: PageQuery): Promise<DiscussionListResponse> {
  const cursor = decodeCursor(input.cursor, ['ts', 'int'] as const);
  const limit = pageSize(input);
  const rows = await findHomeFeed(ctx.db, actor.id, { cursor: cursor ? { ts: cursor[0], id: cursor[1] } : null, limit: limit + 1 });
  return pageOf(rows, limit, actor.id, (row) => [row.cursorTs, row.id]);
}

/** GET /groups/suggested/discussions: Explore, the newest posts of public communities (visitors too). */
export async function listExploreFeed(ctx: AppContext, actor: Actor, input: PageQuery): Promise<DiscussionListResponse> {
  const cursor = decodeCursor(input.cursor, ['ts', 'int'] as const);
  const limit = pageSize(input);
  const viewerId = actor?.id ?? 0;
  const rows = await findExploreFeed(ctx.db, viewerId, { cursor: cursor ? { ts: cursor[0], id: cursor[1] } : null, limit: limit + 1 });
  return pageOf(rows, limit, viewerId, (row) => [row.cursorTs, row.id]);
}

/** GET /groups/{id}/discussions/{discussionId}: one post; 404 when it is not in that community. */
export async function getDiscussion(ctx: AppContext, actor: Actor, input: DiscussionPath): Promise<DiscussionResponse> {
  const ref = groupRefOf(input.group);
  const discussionId = discussionIdOf(input.discussionId);
  const viewerId = actor?.id ?? 0;
  const { access, items } = await findDiscussion(ctx.db, ref, discussionId, viewerId);
  assertReadable(access, actor);
  const row = items[0];
  if (!row) throw discussionNotFound();
  return { discussion: toDiscussion(row, viewerId) };
}

/**
 * GET /groups/{id}/discussions/{discussionId}/history (issue 15 §1): every version of the post, newest first, for
 * whoever may read it (the same checks as reading the post).
 */
export async function getDiscussionHistory(ctx: AppContext, actor: Actor, input: DiscussionPath): Promise<EditHistoryResponse> {
  const { discussion } = await getDiscussion(ctx, actor, input);
  const { user_id: userId, username, profileImage, date_posted: date } = discussion;
  const original = { userId, username, profileImage, date };
  return editHistory(ctx.db, 'discussion', discussion.id, { title: null, content: discussion.discussion_content, original });
}

/** The post after a write, as the viewer sees it. */
async function readBack(ctx: AppContext, actor: UserRow, groupId: number, discussionId: number) {
  const { items } = await findDiscussion(ctx.db, { id: groupId }, discussionId, actor.id);
  if (!items[0]) throw discussionNotFound();
  return toDiscussion(items[0], actor.id);
}

/** The community and post of a write path, readable by the actor; 404 when the post is not in that community. */
async function writeTargetOf(
  ctx: AppContext,
  actor: Actor,
  path: DiscussionPath,
): Promise<WriteTarget & { discussionId: number; authorId: number }> {
  const ref = groupRefOf(path.group);
  const discussionId = discussionIdOf(path.discussionId);
  const target = await findWriteTarget(ctx.db, ref, discussionId, actor?.id ?? 0);
  assertReadable(target, actor);
  // A removed post exists only for its author and the staff (issue 15 §3).
  if (target.discussionId === null || target.authorId === null || !target.removedVisible) throw discussionNotFound();
  return { ...target, discussionId: target.discussionId, authorId: target.authorId };
}

// ---------------------------------------------------------------------------------------------------------------
// Images: the gallery (`mediaUrls`) and the uploads the text shows inline

/**
 * Attaches the actor's own post upload that a text shows inline; false when the path is not the actor's upload
 * (someone else's image, or one never uploaded): the text may show it, but the post does not keep it alive.
 */
async function claimInline(tx: DbOrTx, actor: UserRow, path: string): Promise<boolean> {
  try {
    await claimUpload(tx, actor, { path, kind: 'post', field: 'content' });
    return true;
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
}

function inlinePathsOf(content: string, gallery: string[]): string[] {
  const paths = postImagePathsIn(content).filter((path) => !gallery.includes(path));
  if (paths.length > DISCUSSION_LIMITS.inlineImagesMax) {
    throw AppError.badRequest(DISCUSSION_MESSAGES.tooManyInlineImages, { content: DISCUSSION_MESSAGES.tooManyInlineImages });
  }
  return paths;
}

/** Releases uploads a post stopped using, unless another post still shows them; returns the files to delete after commit. */
async function releaseUnused(tx: DbOrTx, paths: string[], discussionId: number): Promise<string[]> {
  const used = await pathsUsedElsewhere(tx, paths, discussionId);
  const unused = paths.filter((path) => !used.has(path));
  await releaseUploads(tx, unused);
  return unused;
}

// ---------------------------------------------------------------------------------------------------------------
// Writing posts

type CreateInput = z.output<typeof createDiscussionRequestSchema>;

/**
 * POST /groups/{id}/discussions: a member or the owner posts text with up to 10 of their own uploaded images. In
 * one transaction: the post, its images claimed (someone else's upload: 403; an unknown path: 400), mentions
 * notified, post_count moved.
 */
export async function createDiscussion(
  ctx: AppContext,
  actor: Actor,
  input: { group: string; body: CreateInput },
): Promise<DiscussionWriteResponse> {
  if (!actor) throw AppError.unauthorized(DISCUSSION_MESSAGES.loginToPost);
  const ref = groupRefOf(input.group);
  const target = await findWriteTarget(ctx.db, ref, 0, actor.id);
  assertReadable(target, actor);
  await assertCanContribute(ctx.db, target, actor, {
    visitor: DISCUSSION_MESSAGES.loginToPost,
    outsider: DISCUSSION_MESSAGES.memberToPost,
  });
  const author = actor;
  await ctx.limiters.postsPerUser.consume(String(author.id));
  await assertMayAct(ctx, author, 'post');
  const { content, mediaUrls, mediaAlts } = input.body;
  const inlinePaths = inlinePathsOf(content, mediaUrls);
  const groupId = target.groupId;
  await assertMayPost(ctx, author, groupId, { kind: 'discussion', text: content });
  const discussionId = await withWriteRetry(() =>
    ctx.db.transaction(async (tx) => {
      const inserted = await insertDiscussion(tx, { groupId, userId: author.id, content });
      if (!inserted) throw groupNotFound();
      for (const path of mediaUrls) await claimUpload(tx, author, { path, kind: 'post', field: 'mediaUrls' });
      const inline: string[] = [];
      for (const path of inlinePaths) if (await claimInline(tx, author, path)) inline.push(path);
      await insertMedia(tx, inserted.id, [
        ...mediaUrls.map((url, i) => ({ url, inline: false, alt: mediaAlts[i] ?? '' })),
        ...inline.map((url) => ({ url, inline: true })),
      ]);
      // The group row last: its lock (every post of the community waits for it) is held only until the commit.
      const group = await recordGroupPosts(tx, groupId, 1);
      if (!group) throw groupNotFound();
      // A privacy change that committed after the insert read the old value: the locked row has the final word.
      if (group.isPrivate === inserted.groupIsPublic) await setDiscussionPublic(tx, inserted.id, !group.isPrivate);
      await notifyMentions(tx, {
        text: content,
        groupId,
        groupIsPrivate: group.isPrivate,
        actorId: author.id,
        content: `${author.username} mentioned you in a post`,
        link: discussionLink(groupId, inserted.id),
        discussionId: inserted.id,
      });
      return inserted.id;
    }),
  );
  const discussion = await readBack(ctx, author, groupId, discussionId);
  // After the commit (a refused or rolled-back post is never pushed), to the community's page and members' home feeds.
  ctx.events.emit('live', liveEvents.discussionCreated(discussion));
  return { message: DISCUSSION_MESSAGES.created, discussion };
}

/**
 * PUT /groups/{id}/discussions/{discussionId}: the author changes the text (the gallery stays). Uploads the new text
 * shows inline are claimed, those it stopped showing released (their files deleted after commit), and people
 * newly mentioned are notified.
 */
export async function updateDiscussion(
  ctx: AppContext,
  actor: Actor,
  input: DiscussionPath & { content: string; mediaAlts?: string[] | null },
): Promise<DiscussionWriteResponse> {
  if (!actor) throw AppError.unauthorized();
  const target = await writeTargetOf(ctx, actor, input);
  if (target.authorId !== actor.id) throw AppError.forbidden(DISCUSSION_MESSAGES.authorOnlyEdit);
  const author = actor;
  await ctx.limiters.editsPerUser.consume(String(author.id));
  const { discussionId, groupId } = target;
  await assertMayPost(ctx, author, groupId, { kind: 'discussion', text: input.content, edit: true });
  const released = await withWriteRetry(() =>
    ctx.db.transaction(async (tx) => {
      const old = await lockDiscussion(tx, discussionId);
      if (!old) throw discussionNotFound();
      const media = await mediaOf(tx, discussionId);
      const galleryRows = media.filter((m) => !m.inline);
      // Descriptions (issue 18 §4) by the gallery's order; more than there are images is refused, whole.
      if (input.mediaAlts) {
        if (input.mediaAlts.length > galleryRows.length) throw AppError.badRequest(DISCUSSION_MESSAGES.altsWithoutImages);
        const changed = input.mediaAlts
          .map((alt, i) => ({ id: galleryRows[i]!.id, alt, old: galleryRows[i]!.alt }))
          .filter((m) => m.alt !== m.old);
        await setMediaAlts(tx, discussionId, changed);
      }
      // The same text again is no edit: no history row, the "edited" mark does not move.
      if (old.content === input.content) return [];
      const gallery = galleryRows.map((m) => m.url);
      const shown = media.filter((m) => m.inline).map((m) => m.url);
      const wanted = inlinePathsOf(input.content, gallery);
      const added: string[] = [];
      for (const path of wanted) if (!shown.includes(path) && (await claimInline(tx, author, path))) added.push(path);
      await insertMedia(
        tx,
        discussionId,
        added.map((url) => ({ url, inline: true })),
        media.length,
      );
      const dropped = shown.filter((path) => !wanted.includes(path));
      await deleteInlineMedia(tx, discussionId, dropped);
      const unused = await releaseUnused(tx, dropped, discussionId);
      await recordEdit(tx, 'discussion', { itemId: discussionId, editorId: author.id, content: old.content });
      await updateDiscussionContent(tx, discussionId, input.content);
      const before = new Set(mentionedUsernames(old.content));
      const newlyMentioned = mentionedUsernames(input.content).filter((name) => !before.has(name));
      await notifyMentions(tx, {
        // A removed post reaches nobody new (issue 15 §3): those it would mention could not read it.
        text: target.removed ? '' : newlyMentioned.map((name) => `@${name}`).join(' '),
        groupId,
        groupIsPrivate: target.isPrivate,
        actorId: author.id,
        content: `${author.username} mentioned you in a post`,
        link: discussionLink(groupId, discussionId),
        discussionId,
      });
      return unused;
    }),
  );
  await deleteUploadFiles(ctx, released);
  const discussion = await readBack(ctx, author, groupId, discussionId);
  ctx.events.emit('live', liveEvents.discussionUpdated(discussion));
  return { message: DISCUSSION_MESSAGES.updated, discussion };
}

/**
 * DELETE /groups/{id}/discussions/{discussionId}: by the author, the owner or an admin. The post's comments, likes,
 * images and notifications go with it (cascade), post_count moves, and the image files are deleted after commit.
 */
export async function deleteDiscussion(ctx: AppContext, actor: Actor, input: DiscussionPath): Promise<DiscussionMessageResponse> {
  if (!actor) throw AppError.unauthorized();
  const target = await writeTargetOf(ctx, actor, input);
  if (target.authorId !== actor.id && !isOwnerOrAdminOf(actor.id, target.ownerId, target.viewerRole)) {
    throw AppError.forbidden(DISCUSSION_MESSAGES.cannotDelete);
  }
  const { discussionId, groupId } = target;
  const released = await withWriteRetry(() =>
    ctx.db.transaction(async (tx) => {
      if (!(await lockGroupRow(tx, groupId))) throw groupNotFound();
      const media = await mediaOf(tx, discussionId);
      if (!(await deleteDiscussionRow(tx, discussionId, groupId))) throw discussionNotFound();
      const unused = await releaseUnused(
        tx,
        media.map((m) => m.url),
        discussionId,
      );
      await recordGroupPosts(tx, groupId, -1);
      return unused;
    }),
  );
  await deleteUploadFiles(ctx, released);
  ctx.events.emit('live', liveEvents.discussionDeleted(groupId, discussionId));
  return { message: DISCUSSION_MESSAGES.deleted };
}

/** POST .../pin and .../unpin: the owner or an admin pins a post to the top of the community's feed. */
export async function setDiscussionPinned(
  ctx: AppContext,
  actor: Actor,
  input: DiscussionPath & { pinned: boolean },
): Promise<PinResponse> {
  if (!actor) throw AppError.unauthorized();
  const target = await writeTargetOf(ctx, actor, input);
  if (!isOwnerOrAdminOf(actor.id, target.ownerId, target.viewerRole)) throw AppError.forbidden(DISCUSSION_MESSAGES.cannotPin);
  const pinned = await setPinned(ctx.db, target.discussionId, input.pinned);
  if (pinned === null) throw discussionNotFound();
  ctx.events.emit('live', liveEvents.discussionPinned(target.groupId, target.discussionId, pinned));
  return { message: pinned ? DISCUSSION_MESSAGES.pinned : DISCUSSION_MESSAGES.unpinned, is_pinned: pinned ? 1 : 0 };
}

// ---------------------------------------------------------------------------------------------------------------
// Likes

/** GET .../like-status: whether the viewer likes the post (false for visitors) and its count. */
export async function getLikeStatus(ctx: AppContext, actor: Actor, input: DiscussionPath): Promise<LikeStatusResponse> {
  const target = await writeTargetOf(ctx, actor, input);
  return { liked: actor !== null && target.liked, likeCount: target.likeCount };
}

/**
 * POST .../like: toggles the actor's like (or sets it when `liked` is given), one row per person and post (the
 * primary key), the counter moved by the rows actually inserted or deleted; answers the state after it. A new
 * like notifies the author (never oneself; repeated likes are deduplicated by the notifications writer).
 */
export async function likeDiscussion(ctx: AppContext, actor: Actor, input: DiscussionPath & { liked?: boolean }): Promise<LikeResponse> {
  if (!actor) throw AppError.unauthorized(DISCUSSION_MESSAGES.loginToLike);
  const liker = actor;
  await ctx.limiters.likesPerUser.consume(String(liker.id));
  try {
    return await withWriteRetry(async () => {
      const target = await writeTargetOf(ctx, liker, input);
      // Members and the owner only, like posting and commenting (SPEC §6 "Members: post, like, comment").
      await assertCanContribute(ctx.db, target, liker, {
        visitor: DISCUSSION_MESSAGES.loginToLike,
        outsider: DISCUSSION_MESSAGES.memberToLike,
      });
      if (target.removed) throw AppError.forbidden(REMOVAL_MESSAGES.noInteraction);
      const { discussionId, groupId } = target;
      return ctx.db.transaction(async (tx) => {
        let authorId = 0;
        const outcome = await applyLike(
          tx,
          {
            insert: (t) => insertDiscussionLike(t, discussionId, liker.id),
            remove: (t) => deleteDiscussionLike(t, discussionId, liker.id),
            count: async (t, delta) => {
              const moved = await moveDiscussionLikes(t, discussionId, delta);
              if (moved) authorId = moved.authorId;
              return moved?.likeCount ?? null;
            },
          },
          input.liked,
        );
        if (!outcome) throw discussionNotFound();
        const { liked, likeCount } = outcome;
        if (outcome.added) {
          await notify(tx, {
            recipientId: authorId,
            actorId: liker.id,
            type: 'like',
            content: `${liker.username} liked your post`,
            link: discussionLink(groupId, discussionId),
            groupId,
            discussionId,
          });
        }
        return { liked, likeCount, groupId, discussionId };
      });
    }).then(({ liked, likeCount, groupId, discussionId }) => {
      // After the commit: the new count, everywhere the post shows.
      ctx.events.emit(
        'live',
        liveEvents.likeCount({ target: 'discussion', id: discussionId, group_id: groupId, discussion_id: discussionId, count: likeCount }),
      );
      return { liked, likeCount };
    });
  } catch (error) {
    if (isGoneError(error)) throw discussionNotFound();
    throw error;
  }
}
