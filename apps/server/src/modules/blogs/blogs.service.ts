import {
  BLOG_LIMITS,
  BLOG_MESSAGES,
  type Blog,
  blogFieldsSchema,
  type BlogLikeResponse,
  type BlogLikeStatusResponse,
  type BlogPostsResponse,
  type BlogResponse,
  type BlogShareResponse,
  blogWebPath,
  type CreateBlogResponse,
  type EditHistoryResponse,
  type JoinedBlogsResponse,
  REMOVAL_MESSAGES,
  type UpdateBlogResponse,
} from '@agora/contract';
import { liveEvents } from '../../lib/live-events';
import type { Actor, AppContext, SignedIn } from '../../context';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { type FormInput, parseFormFields } from '../../lib/form-fields';
import { applyLike } from '../../lib/likes';
import { decodeCursor, keysetPage } from '../../lib/cursor';
import { resolveGroupForViewer } from '../groups/groups.access';
import { refuseUnlessBanned } from '../moderation/bans.access';
import { authorizeBlog, authorizeCommunity, blogAbilities, canSeeRemoved, removalAbilities } from '../../policies';
import { mentionedUsernames, notify, notifyMentions } from '../notifications/notifications.writer';
import { claimUpload, deleteUploadFiles, releaseUpload, releaseUploads, storeUpload } from '../uploads/uploads.service';
import { toBlog } from './blogs.mapper';
import {
  type BlogDetailRow,
  type BlogListRow,
  deleteBlogRow,
  deleteLike,
  findBlogCards,
  findBlogDetail,
  findBlogInGroup,
  findGroupBlogsPage,
  findJoinedBlogsPage,
  hasLiked,
  insertBlog,
  insertLike,
  insertShare,
  likeCountOf,
  type LockedBlog,
  lockBlog,
  lockLikeToggle,
  moveLikeCount,
  releasableContentPaths,
  updateBlog as updateBlogRow,
} from './blogs.queries';
import { assertMayAct } from '../account/verified';
import { assertMayPost } from '../posting/posting.service';
import { editHistory, recordEdit } from '../history/history.service';

/**
 * Blogs: who may read, publish, edit, delete, like and share (SPEC §6), and the rules of each (SPEC §5). Reads of a
 * private community's blogs are for its members (the owner is one); writes re-check the permission on the locked row.
 */

const INT4_MAX = 2_147_483_647;

/**
 * Blogs by id as lists show them (search hits, issue 16): the caller's own statement decided who may read them.
 * Any order.
 */
export async function blogCards(ctx: AppContext, ids: number[], viewerId: number): Promise<Blog[]> {
  return (await findBlogCards(ctx.db, ids, viewerId)).map(toBlog);
}

export function blogNotFound(): AppError {
  return AppError.notFound(BLOG_MESSAGES.notFound, 'blog_not_found');
}

/** A path's `{blogId}`: digits without a leading zero within int4; anything else names no blog (404). */
export function parseBlogId(value: string): number {
  const text = value.trim();
  if (!/^[1-9][0-9]{0,9}$/.test(text) || Number(text) > INT4_MAX) throw blogNotFound();
  return Number(text);
}

/** The community a path names, after the read check (private: members and the owner only), with the viewer's role. */
async function readableGroup(ctx: AppContext, actor: Actor, idOrSlug: string) {
  const found = await resolveGroupForViewer(ctx, actor, idOrSlug);
  authorizeCommunity(actor, 'read', found.group, found.role);
  return found;
}

function page<T>(rows: BlogListRow[], limit: number, wrap: (blogs: ReturnType<typeof toBlog>[], nextCursor: string | null) => T): T {
  const { page: shown, nextCursor } = keysetPage(rows, limit, (r) => [r.cursorTs, r.id]);
  return wrap(shown.map(toBlog), nextCursor);
}

// ---------------------------------------------------------------------------------------------------------------
// Reading

/** GET /api/groups/{id}/posts: the community's blogs, newest first, `limit` per page (previews of the content). */
export async function listGroupBlogs(
  ctx: AppContext,
  actor: Actor,
  idOrSlug: string,
  query: { cursor?: string; limit?: number },
): Promise<BlogPostsResponse> {
  const cursor = decodeCursor(query.cursor, ['ts', 'int'] as const);
  const limit = query.limit ?? BLOG_LIMITS.pageDefault;
  const { group } = await readableGroup(ctx, actor, idOrSlug);
  const rows = await findGroupBlogsPage(ctx.db, group.id, actor?.id ?? 0, {
    cursor: cursor ? { ts: cursor[0], id: cursor[1] } : null,
    limit: limit + 1,
  });
  return page(rows, limit, (posts, nextCursor) => ({ posts, nextCursor }));
}

/** GET /groups/joined/blogs: the home strip, blogs of every community the actor joined or owns, newest first. */
export async function listJoinedBlogs(
  ctx: AppContext,
  actor: SignedIn,
  query: { cursor?: string; limit?: number },
): Promise<JoinedBlogsResponse> {
  const cursor = decodeCursor(query.cursor, ['ts', 'int'] as const);
  const limit = query.limit ?? BLOG_LIMITS.stripDefault;
  const rows = await findJoinedBlogsPage(ctx.db, actor.id, { cursor: cursor ? { ts: cursor[0], id: cursor[1] } : null, limit: limit + 1 });
  return page(rows, limit, (blogs, nextCursor) => ({ blogs, nextCursor }));
}

/** GET /groups/blog/{blogId}: the whole blog; 404 "Blog Post Not Found", 403 for a private community's outsiders. */
export async function getBlog(ctx: AppContext, actor: Actor, blogIdText: string): Promise<BlogResponse> {
  const row = await findBlogDetail(ctx.db, parseBlogId(blogIdText), actor?.id ?? 0);
  if (!row) throw blogNotFound();
  authorizeCommunity(actor, 'read', { isPrivate: row.groupIsPrivate, ownerId: row.groupOwnerId }, row.viewerRole);
  return { blog: withAbilities(row, actor) };
}

/** A single blog with what the viewer may do with it (the blog policy). */
function withAbilities(row: BlogDetailRow, actor: Actor) {
  const community = { isPrivate: row.groupIsPrivate, ownerId: row.groupOwnerId };
  const removal = removalAbilities(actor, {
    authorId: row.authorId,
    authorRole: row.authorRole,
    community,
    viewerRole: row.viewerRole,
    removed: row.removedAt !== null,
  });
  const base = blogAbilities(actor, community, row.viewerRole, row.authorId);
  // A removed blog takes no likes (issue 15 §3).
  return { ...toBlog(row), abilities: { ...base, like: base.like && row.removedAt === null, ...removal } };
}

/** The blog as its author or editor sees it right after a change. */
async function blogAfterChange(ctx: AppContext, actor: SignedIn, blogId: number) {
  const row = await findBlogDetail(ctx.db, blogId, actor.id);
  if (!row) throw blogNotFound();
  return withAbilities(row, actor);
}

// ---------------------------------------------------------------------------------------------------------------
// Content images: the editor's Add Image uploads a post image and inserts "[/uploads/post/…]" into the text

const CONTENT_IMAGE = /\[[ \t]*(\/uploads\/post\/[A-Za-z0-9_-]+\.(?:webp|jpg))[ \t]*\]/g;

/** The uploaded images a blog's text shows, each once. */
export function contentImagePaths(content: string): string[] {
  return [...new Set([...content.matchAll(CONTENT_IMAGE)].map((m) => m[1]!))];
}

/**
 * Attaches the actor's own uploads that the text now shows, so the hourly sweep keeps them. A path that is not the
 * actor's upload (someone else's image, typed by hand) stays as text: claiming it would be refused anyway.
 */
async function claimContentImages(tx: DbOrTx, actor: SignedIn, paths: string[]): Promise<void> {
  for (const path of paths) {
    try {
      await claimUpload(tx, actor, { path, kind: 'post', field: 'content' });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
}

/** Only the new mentions of an edit notify: someone mentioned before was told already. */
function newMentionsText(before: string, after: string): string {
  const old = new Set(mentionedUsernames(before));
  return mentionedUsernames(after)
    .filter((name) => !old.has(name))
    .map((name) => `@${name}`)
    .join(' ');
}

async function notifyBlogMentions(
  tx: DbOrTx,
  actor: SignedIn,
  blog: { id: number; groupId: number; groupSlug: string; groupIsPrivate: boolean; title: string },
  text: string,
): Promise<void> {
  if (text === '') return;
  await notifyMentions(tx, {
    text,
    groupId: blog.groupId,
    groupIsPrivate: blog.groupIsPrivate,
    actorId: actor.id,
    content: `${actor.username} mentioned you in the blog post "${blog.title}"`,
    link: blogWebPath(blog.groupSlug, blog.id),
    blogId: blog.id,
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Writing

export type BlogForm = FormInput;

/** Stores the form's header image as the actor's upload (rate-limited, re-encoded); null without one. */
async function storeHeaderImage(ctx: AppContext, actor: SignedIn, files: Record<string, Buffer>): Promise<string | null> {
  return files.image ? storeUpload(ctx, actor, { kind: 'blog', data: files.image }) : null;
}

/** Drops a header image stored for a change that did not happen. */
async function discardHeaderImage(ctx: AppContext, path: string | null): Promise<void> {
  if (!path) return;
  await releaseUpload(ctx.db, { path });
  await deleteUploadFiles(ctx, [path]);
}

/**
 * POST /groups/{id}/posts: publishes a blog in the community, by its owner or an admin (SPEC §6). The header image
 * is re-encoded before the transaction and attached in it; a failed write leaves no file behind.
 */
export async function createBlog(ctx: AppContext, actor: SignedIn, idOrSlug: string, form: BlogForm): Promise<CreateBlogResponse> {
  const { group, role } = await resolveGroupForViewer(ctx, actor, idOrSlug);
  await refuseUnlessBanned(ctx.db, group.id, actor.id, () => authorizeBlog(actor, 'create', group, role, null));
  await ctx.limiters.blogPostsPerUser.consume(String(actor.id));
  await assertMayAct(ctx, actor, 'post');
  const input = parseFormFields(blogFieldsSchema, form.fields);
  await assertMayPost(ctx, actor, group.id, { kind: 'blog', title: input.title, text: input.content });
  const image = await storeHeaderImage(ctx, actor, form.files);
  let blogId: number;
  try {
    blogId = await ctx.db.transaction(async (tx) => {
      if (image) await claimUpload(tx, actor, { path: image, kind: 'blog', field: 'image' });
      const id = await insertBlog(tx, {
        groupId: group.id,
        authorId: actor.id,
        title: input.title,
        content: input.content,
        blogImg: image,
      });
      await claimContentImages(tx, actor, contentImagePaths(input.content));
      const blog = { id, groupId: group.id, groupSlug: group.slug, groupIsPrivate: group.isPrivate, title: input.title };
      await notifyBlogMentions(tx, actor, blog, `${input.title}\n${input.content}`);
      return id;
    });
  } catch (error) {
    await discardHeaderImage(ctx, image);
    throw error;
  }
  // After the commit: the blog as lists show it to a reader (preview text), to the community's page and home feeds.
  const [card] = await blogCards(ctx, [blogId], 0);
  if (card) ctx.events.emit('live', liveEvents.blogCreated(card));
  return { message: BLOG_MESSAGES.created, post: await blogAfterChange(ctx, actor, blogId) };
}

/** The locked blog, when it is in this community and the actor may change it (SPEC §6); 404 or 403 otherwise. */
async function lockManageable(tx: DbOrTx, actor: SignedIn, groupId: number, blogId: number): Promise<LockedBlog> {
  const locked = await lockBlog(tx, blogId, actor.id);
  if (!locked || locked.groupId !== groupId) throw blogNotFound();
  authorizeBlog(actor, 'edit', { isPrivate: false, ownerId: locked.groupOwnerId }, locked.actorRole, locked.authorId);
  return locked;
}

/**
 * PUT /groups/{id}/blogs/{blogId}: new title and content, by the community's owner or an admin who wrote it. A new
 * `image` replaces the header image, `removeImage` removes it, neither keeps it. Files the blog stops using (the old
 * header image, content images no other blog shows) are deleted after the commit.
 */
export async function updateBlog(
  ctx: AppContext,
  actor: SignedIn,
  idOrSlug: string,
  blogIdText: string,
  form: BlogForm,
): Promise<UpdateBlogResponse> {
  const blogId = parseBlogId(blogIdText);
  const { group } = await resolveGroupForViewer(ctx, actor, idOrSlug);
  const input = parseFormFields(blogFieldsSchema, form.fields);
  if (input.removeImage && form.files.image)
    throw AppError.badRequest(BLOG_MESSAGES.imageAndRemove, { image: BLOG_MESSAGES.imageAndRemove });
  // Refuse before storing anything: the locked row is checked again below.
  await ctx.db.transaction((tx) => lockManageable(tx, actor, group.id, blogId));
  await ctx.limiters.editsPerUser.consume(String(actor.id));
  await assertMayPost(ctx, actor, group.id, { kind: 'blog', title: input.title, text: input.content, edit: true });
  const image = await storeHeaderImage(ctx, actor, form.files);
  let released: string[] = [];
  try {
    released = await ctx.db.transaction(async (tx) => {
      const locked = await lockManageable(tx, actor, group.id, blogId);
      const keepsImage = !image && !input.removeImage;
      if (image) await claimUpload(tx, actor, { path: image, kind: 'blog', field: 'image' });
      const files: string[] = [];
      if (!keepsImage && locked.blogImg) {
        const old = await releaseUpload(tx, { path: locked.blogImg });
        if (old) files.push(old);
      }
      const before = contentImagePaths(locked.content);
      const after = contentImagePaths(input.content);
      await claimContentImages(
        tx,
        actor,
        after.filter((p) => !before.includes(p)),
      );
      const edited = locked.title !== input.title || locked.content !== input.content;
      if (edited) await recordEdit(tx, 'blog', { itemId: blogId, editorId: actor.id, title: locked.title, content: locked.content });
      await updateBlogRow(tx, blogId, { title: input.title, content: input.content, blogImg: keepsImage ? locked.blogImg : image }, edited);
      const dropped = await releasableContentPaths(
        tx,
        before.filter((p) => !after.includes(p)),
        [locked.authorId, actor.id],
        blogId,
      );
      await releaseUploads(tx, dropped);
      const blog = {
        id: blogId,
        groupId: locked.groupId,
        groupSlug: locked.groupSlug,
        groupIsPrivate: locked.groupIsPrivate,
        title: input.title,
      };
      await notifyBlogMentions(tx, actor, blog, newMentionsText(`${locked.title}\n${locked.content}`, `${input.title}\n${input.content}`));
      return [...files, ...dropped];
    });
  } catch (error) {
    await discardHeaderImage(ctx, image);
    throw error;
  }
  await deleteUploadFiles(ctx, released);
  return { message: BLOG_MESSAGES.updated, blog: await blogAfterChange(ctx, actor, blogId) };
}

/**
 * DELETE /groups/{id}/blogs/{blogId}, by the community's owner or an admin who wrote it: the blog, its likes, shares
 * and notifications (cascade), then its header image and the content images no other blog shows.
 */
export async function deleteBlog(ctx: AppContext, actor: SignedIn, idOrSlug: string, blogIdText: string): Promise<{ message: string }> {
  const blogId = parseBlogId(blogIdText);
  const { group } = await resolveGroupForViewer(ctx, actor, idOrSlug);
  const files = await ctx.db.transaction(async (tx) => {
    const locked = await lockManageable(tx, actor, group.id, blogId);
    const content = await releasableContentPaths(tx, contentImagePaths(locked.content), [locked.authorId, actor.id], blogId);
    await deleteBlogRow(tx, blogId);
    const header = locked.blogImg ? await releaseUpload(tx, { path: locked.blogImg }) : null;
    await releaseUploads(tx, content);
    return [...(header ? [header] : []), ...content];
  });
  await deleteUploadFiles(ctx, files);
  return { message: BLOG_MESSAGES.deleted };
}

// ---------------------------------------------------------------------------------------------------------------
// Likes and shares (signed-in readers)

/** The blog named by the path, readable by the actor: 404 when it is missing or belongs to another community. */
async function readableBlog(ctx: AppContext, actor: Actor, idOrSlug: string, blogIdText: string) {
  const blogId = parseBlogId(blogIdText);
  const { group, role } = await readableGroup(ctx, actor, idOrSlug);
  const blog = await findBlogInGroup(ctx.db, blogId, group.id);
  if (!blog) throw blogNotFound();
  // A removed blog exists only for its author and the staff (issue 15 §3), and takes no likes or shares.
  if (blog.removed && !canSeeRemoved(actor, { authorId: blog.authorId, community: group, viewerRole: role })) throw blogNotFound();
  return { group, role, blog };
}

/**
 * GET /groups/{id}/blogs/{blogId}/history (issue 15 §1): every version of the title and text, newest first, for
 * whoever may read the blog (the same checks as its like status: the community's read rule, the blog in it).
 */
export async function getBlogHistory(ctx: AppContext, actor: Actor, idOrSlug: string, blogIdText: string): Promise<EditHistoryResponse> {
  const { blog } = await readableBlog(ctx, actor, idOrSlug, blogIdText);
  const row = await findBlogDetail(ctx.db, blog.id, actor?.id ?? 0);
  if (!row) throw blogNotFound();
  const original = { userId: row.authorId, username: row.username, profileImage: row.profileImage, date: row.publishedAt };
  return editHistory(ctx.db, 'blog', blog.id, { title: row.title, content: row.content, original });
}

/** GET /groups/{id}/blogs/{blogId}/like-status: whether the viewer likes it (false for visitors). */
export async function getBlogLikeStatus(
  ctx: AppContext,
  actor: Actor,
  idOrSlug: string,
  blogIdText: string,
): Promise<BlogLikeStatusResponse> {
  const { blog } = await readableBlog(ctx, actor, idOrSlug, blogIdText);
  return { liked: actor ? await hasLiked(ctx.db, blog.id, actor.id) : false };
}

/**
 * POST /groups/{id}/blogs/{blogId}/like: toggles the actor's like. Toggles of one person on one blog run one at a
 * time (a lock on the pair), so each click flips the state exactly once however fast they come; the like row is the
 * truth and like_count moves by the rows actually inserted or deleted. A new like notifies the author (never
 * oneself); an unlike notifies nobody.
 */
export async function toggleBlogLike(ctx: AppContext, actor: SignedIn, idOrSlug: string, blogIdText: string): Promise<BlogLikeResponse> {
  await ctx.limiters.blogLikesPerUser.consume(String(actor.id));
  const { group, role, blog } = await readableBlog(ctx, actor, idOrSlug, blogIdText);
  // Members and the owner only, like posts (SPEC §6 "Members: post, like, comment"); sharing stays open to readers.
  await refuseUnlessBanned(ctx.db, group.id, actor.id, () => authorizeBlog(actor, 'like', group, role, blog.authorId));
  if (blog.removed) throw AppError.forbidden(REMOVAL_MESSAGES.noInteraction);
  const response = await ctx.db.transaction(async (tx) => {
    const outcome = await applyLike(tx, {
      lock: (t) => lockLikeToggle(t, blog.id, actor.id),
      insert: (t) => insertLike(t, blog.id, actor.id),
      remove: (t) => deleteLike(t, blog.id, actor.id),
      count: (t, delta) => (delta === 0 ? likeCountOf(t, blog.id) : moveLikeCount(t, blog.id, delta)),
    });
    if (!outcome) throw blogNotFound();
    const { liked, likeCount } = outcome;
    if (outcome.added && blog.authorId !== null) {
      await notify(tx, {
        recipientId: blog.authorId,
        actorId: actor.id,
        type: 'like',
        content: `${actor.username} liked your blog post "${blog.title}"`,
        link: blogWebPath(group.slug, blog.id),
        groupId: group.id,
        blogId: blog.id,
      });
    }
    // SPEC §3: a blog answers likes_count (posts and comments answer likeCount).
    return { liked, likes_count: likeCount };
  });
  ctx.events.emit(
    'live',
    liveEvents.likeCount({ target: 'blog', id: blog.id, group_id: group.id, blog_id: blog.id, count: response.likes_count }),
  );
  return response;
}

/**
 * POST /groups/{id}/blogs/{blogId}/share: every share counts (SPEC §7), each recorded with its sharer; at most
 * BLOG_LIMITS.sharesPerWindow per user per window (the point is spent before the check of the blog).
 */
export async function shareBlog(ctx: AppContext, actor: SignedIn, idOrSlug: string, blogIdText: string): Promise<BlogShareResponse> {
  await ctx.limiters.blogSharesPerUser.consume(String(actor.id));
  const { blog } = await readableBlog(ctx, actor, idOrSlug, blogIdText);
  if (blog.removed) throw AppError.forbidden(REMOVAL_MESSAGES.noInteraction);
  const shares = await ctx.db.transaction((tx) => insertShare(tx, blog.id, actor.id));
  return { share_count: shares };
}
