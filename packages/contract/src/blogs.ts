import { z } from 'zod';
import { removedInfoSchema } from './removals';
import { blogAbilitiesSchema } from './abilities';
import { nextCursorSchema } from './pagination';
import { textField } from './text';
import { cleanLine } from './text-rules';
import { BLOG_LIMITS, BLOG_MESSAGES } from './blog-texts';

export * from './blog-texts';

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
  /** ISO 8601 (UTC): the last edit, null if never edited (issue 15 §1; the history is GET …/blogs/{blogId}/history). */
  edited_at: z.string().nullable(),
  likes_count: z.number().int(),
  share_count: z.number().int(),
  /** The viewer liked it; false for visitors. */
  is_liked: z.boolean(),
  group_name: z.string(),
  group_dp: z.string().nullable(),
  group_verified: zeroOne,
  /** What the viewer may do with it (the blog policy); on a single blog's responses (additive). */
  abilities: blogAbilitiesSchema.optional(),
  /** Removed by the community's staff (issue 15 §3), as its author and the staff see it; null otherwise (additive). */
  removed: removedInfoSchema.nullable().optional(),
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
