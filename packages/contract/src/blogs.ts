import { z } from 'zod';
import { nextCursorSchema, PAGE_SIZE_MAX } from './pagination';
import { toRole } from './roles';
import { cleanLine, textField } from './text';

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
  pageMax: PAGE_SIZE_MAX,
  /** Shares per user per window: every share counts, but a script cannot inflate a count. */
  sharesPerWindow: 30,
  shareWindowSeconds: 10 * 60,
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
  createForbidden: 'Only the owner and admins of this community can publish blog posts',
  editForbidden: 'Only the community owner, or an admin who wrote it, can change this blog post',
  tooManyShares: 'You have shared too many times recently. Please try again later.',
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
  return `/group/${groupSlugOrId}/blogs/blogpage/${blogId}`;
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

// ---------------------------------------------------------------------------------------------------------------
// Entities (SPEC §3)

const zeroOne = z.union([z.literal(0), z.literal(1)]);

/**
 * A blog as every response carries it. `blog_author` is the author's user id (null once the account is gone: the
 * page then says "Unknown Author"); `username` and `profileImage` are the author's. `slug`, `group_name`, `group_dp`
 * and `group_verified` are the community's. In lists `blog_content` is the first `previewChars` characters and
 * `content_truncated` says whether there is more; GET /groups/blog/{blogId} carries the whole text.
 */
export const blogSchema = z.object({
  id: z.number().int(),
  group_id: z.number().int(),
  slug: z.string(),
  blog_title: z.string(),
  blog_content: z.string(),
  content_truncated: z.boolean(),
  blog_img: z.string().nullable(),
  blog_author: z.number().int().nullable(),
  username: z.string().nullable(),
  profileImage: z.string().nullable(),
  /** ISO 8601 (UTC). */
  date_published: z.string(),
  /** ISO 8601 (UTC): the last edit, equal to date_published until the blog is edited. */
  date_updated: z.string(),
  likes_count: z.number().int(),
  share_count: z.number().int(),
  /** The viewer liked it; false for visitors. */
  is_liked: z.boolean(),
  group_name: z.string(),
  group_dp: z.string().nullable(),
  group_verified: zeroOne,
});
export type Blog = z.infer<typeof blogSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Requests

/** `{id}` is the community (id or slug), `{blogId}` the blog. A blog id that is not a positive int4 is a 404. */
export const blogGroupParamsSchema = z.object({ id: z.string().min(1).max(200) });
export const blogIdParamsSchema = z.object({ blogId: z.string().min(1).max(20) });
export const groupBlogParamsSchema = z.object({ id: z.string().min(1).max(200), blogId: z.string().min(1).max(20) });

export const blogListQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(BLOG_LIMITS.pageMax).optional(),
});
export type BlogListQuery = z.input<typeof blogListQuerySchema>;

/** A title is one line: zero-width characters removed, spaces collapsed, trimmed (SPEC §5: non-blank after trimming). */
export const blogTitleField = textField({
  max: BLOG_LIMITS.titleMax,
  tooLong: BLOG_MESSAGES.titleTooLong,
  required: BLOG_MESSAGES.titleRequired,
  clean: cleanLine,
});
/** The content is cleaned like pasted text (SPEC §5), then must not be blank. */
export const blogContentField = textField({
  max: BLOG_LIMITS.contentMax,
  tooLong: BLOG_MESSAGES.contentTooLong,
  required: BLOG_MESSAGES.contentRequired,
});

/** true/false, also 1/0 and their strings (a multipart field is text). */
const looseFlag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['true', 'false', '1', '0', ''])], { error: 'removeImage must be true or false' })
  .transform((v) => v === true || v === 1 || v === 'true' || v === '1');

/**
 * The text fields of POST /groups/{id}/posts and PUT /groups/{id}/blogs/{blogId} (multipart, or JSON without an
 * image). The header image is the multipart file `image` (optional). On PUT an absent image keeps the current one;
 * `removeImage=true` (without a new image) removes it.
 */
export const blogFieldsSchema = z.object({
  title: blogTitleField,
  content: blogContentField,
  removeImage: looseFlag.optional().default(false),
});
export type BlogFields = z.input<typeof blogFieldsSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Responses

export const blogPostsResponseSchema = z.object({ posts: z.array(blogSchema), nextCursor: nextCursorSchema });
export type BlogPostsResponse = z.infer<typeof blogPostsResponseSchema>;
export const joinedBlogsResponseSchema = z.object({ blogs: z.array(blogSchema), nextCursor: nextCursorSchema });
export type JoinedBlogsResponse = z.infer<typeof joinedBlogsResponseSchema>;
export const blogResponseSchema = z.object({ blog: blogSchema });
export type BlogResponse = z.infer<typeof blogResponseSchema>;
export const createBlogResponseSchema = z.object({ message: z.string(), post: blogSchema });
export type CreateBlogResponse = z.infer<typeof createBlogResponseSchema>;
export const updateBlogResponseSchema = z.object({ message: z.string(), blog: blogSchema });
export type UpdateBlogResponse = z.infer<typeof updateBlogResponseSchema>;
export const blogMessageResponseSchema = z.object({ message: z.string() });
export const blogLikeStatusResponseSchema = z.object({ liked: z.boolean() });
export type BlogLikeStatusResponse = z.infer<typeof blogLikeStatusResponseSchema>;
export const blogLikeResponseSchema = z.object({ liked: z.boolean(), likes_count: z.number().int() });
export type BlogLikeResponse = z.infer<typeof blogLikeResponseSchema>;
export const blogShareResponseSchema = z.object({ share_count: z.number().int() });
export type BlogShareResponse = z.infer<typeof blogShareResponseSchema>;
