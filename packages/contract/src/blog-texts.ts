import { toRole } from './roles';
import { appPaths } from './routes';

/** The zod-free half of the blogs contract: limits, texts, permission rules and paths, for the first pages. */

/**
 * Blogs (SPEC §2 "Blogs page and blog page", §3 Blog, §4 Likes and Blog editor, §5 Blog, §6 Blogs, §7 Blogs).
 * Field names are the spec's (§3).
 *
 * The endpoints (`{id}` = the community's numeric id or slug, current or former; paths without /api also answer
 * under /api):
 *   GET    /api/groups/{id}/posts                       blogListQuerySchema → blogPostsResponseSchema (newest first)
 *   GET    /groups/blog/{blogId}                                            → blogResponseSchema (404 "Blog Post Not Found")
 *   POST   /groups/{id}/posts                           multipart title, content, image? → 201 createBlogResponseSchema
 *   PUT    /groups/{id}/blogs/{blogId}                  multipart title, content, image?, removeImage? → blogResponseSchema
 *   DELETE /groups/{id}/blogs/{blogId}                                      → blogMessageResponseSchema
 *   GET    /groups/{id}/blogs/{blogId}/like-status                          → blogLikeStatusResponseSchema
 *   POST   /groups/{id}/blogs/{blogId}/like            (toggles)            → blogLikeResponseSchema
 *   POST   /groups/{id}/blogs/{blogId}/share           (every share counts) → blogShareResponseSchema
 *   GET    /groups/joined/blogs                         blogListQuerySchema → joinedBlogsResponseSchema (home strip)
 * A blog under another community's path is a 404, like a missing one. Errors are `{ message, code, fields? }`.
 */

export const BLOG_LIMITS = {
  titleMax: 200,
  contentMax: 100_000,
  /** The header image as sent; it is re-encoded within `imageMaxWidth` × `imageMaxHeight` (never enlarged). */
  imageBytes: 10 * 1024 * 1024,
  imageMaxWidth: 1600,
  imageMaxHeight: 2400,
  /** Lists carry the first characters of each blog's content (a card's preview), not the whole text. */
  previewChars: 600,
  pageDefault: 12,
  stripDefault: 10,
  /** The contract's PAGE_SIZE_MAX (pagination.ts imports zod; blogs.test.ts checks they agree). */
  pageMax: 50,
  /** Shares per user per window: every share counts, but a script cannot inflate a count. */
  sharesPerWindow: 30,
  shareWindowSeconds: 10 * 60,
  /**
   * Blogs published per user per window (each @mention notifies): between Lemmy's 6 posts per 10 minutes and
   * Discourse's one post per 5 seconds, for long texts that take minutes each to write.
   */
  postsPerWindow: 10,
  /** Like toggles on blogs per user per window (each new like notifies the author). */
  likesPerWindow: 300,
  /** Both limits above count over 10 minutes, like shares. */
  writeWindowSeconds: 10 * 60,
} as const;

/** Texts shown as they arrive (SPEC §8: the UI shows `message`). Exact SPEC texts where the spec has one. */
export const BLOG_MESSAGES = {
  notFound: 'Blog Post Not Found',
  titleRequired: 'Please enter a title',
  titleTooLong: `The title must be at most ${BLOG_LIMITS.titleMax} characters`,
  contentRequired: 'Please write some content',
  contentTooLong: `The content must be at most ${BLOG_LIMITS.contentMax.toLocaleString('en-US')} characters`,
  imageTooLarge: 'The image is too large (max 10MB)',
  imageAndRemove: 'Send either a new image or removeImage, not both',
  memberToLike: 'Join the group to like its blog posts',
  createForbidden: 'Only the owner and admins of this community can publish blog posts',
  editForbidden: 'Only the community owner, or an admin who wrote it, can change this blog post',
  tooManyShares: 'You have shared too many times recently. Please try again later.',
  tooManyPosts: 'You have published too many blog posts recently. Please try again later.',
  tooManyLikes: 'Too many likes. Please try again later.',
  created: 'Blog post published',
  updated: 'Blog post updated',
  deleted: 'Blog post deleted',
} as const;

/** Error codes of this feature (errors.ts lists them among ERROR_CODES). */
export const BLOG_ERROR_CODES = ['blog_not_found'] as const;

/**
 * SPEC §6: the edit and delete controls are for the community's owner, or an admin on their own blogs. The server
 * enforces it with this rule and the web shows the controls by it. `role` is the viewer's role in the community
 * (null: not a member); `isOwner` is owner_id = viewer (the owner's role is 'owner' too).
 */
export function canManageBlog(viewer: { id: number; role: string | null; isOwner: boolean } | null, authorId: number | null): boolean {
  if (!viewer) return false;
  if (viewer.isOwner || (viewer.role !== null && toRole(viewer.role) === 'owner')) return true;
  return viewer.role !== null && toRole(viewer.role) === 'admin' && authorId !== null && authorId === viewer.id;
}

/** SPEC §6: the create button (and the right to publish) belongs to the owner and the admins. */
export function canCreateBlog(viewer: { role: string | null; isOwner: boolean } | null): boolean {
  if (!viewer) return false;
  if (viewer.isOwner) return true;
  const role = viewer.role === null ? null : toRole(viewer.role);
  return role === 'owner' || role === 'admin';
}

/** The web path of a blog page (notification links, the share link). */
export function blogWebPath(groupSlugOrId: string | number, blogId: number): string {
  return appPaths.blog(groupSlugOrId, blogId);
}

/**
 * The text a reader sees first, for a card's preview and a link's description: code fences, bracketed addresses
 * (images, videos) and bold markers removed, white space collapsed, cut at a word within `max` characters.
 */
export function blogPreviewText(content: string, max = 200): string {
  const text = content
    .replace(/```[^\n]*\n?/g, ' ')
    .replace(/\[[^\]\n]*\]/g, ' ')
    .replace(/\*{2,3}/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  // The cut ends a word when the next character is a space; otherwise go back to the last space.
  const space = text[cut.length] === ' ' ? cut.length : cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
