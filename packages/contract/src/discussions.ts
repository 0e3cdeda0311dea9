import { z } from 'zod';
import { removedInfoSchema } from './removals';
import { DISCUSSION_LIMITS, DISCUSSION_MESSAGES, POST_IMAGE_PATH_PATTERN } from './discussion-texts';
import { nextCursorSchema } from './pagination';
import { commentAbilitiesSchema, discussionAbilitiesSchema } from './abilities';
import { ROLES } from './roles';
import { textField } from './text';
import { cleanLine, hasControlChars, TEXT_MESSAGES } from './text-rules';

export * from './discussion-texts';

/**
 * Discussions: posts, comments, replies, likes and pins (SPEC §2 "Discussion feed" and "Post panel", §3
 * Discussion and Comment, §4 Likes / Pin / Post editing, §5 Comment and Post creation, §6, §7 "Discussions and
 * comments"). Field names are the spec's (§3), both spellings where the spec gives two.
 *
 * The endpoints (`{id}` = the community's numeric id or slug; `{discussionId}`, `{commentId}` numeric; every path
 * also answers under /api; token optional for reads, required for writes):
 *   GET    /groups/joined/discussions                           feedQuerySchema  → discussionListResponseSchema (home: joined or owned communities)
 *   GET    /groups/suggested/discussions                        feedQuerySchema  → discussionListResponseSchema (Explore: public communities; visitors too)
 *   GET    /groups/{id}/discussions                             feedQuerySchema  → discussionListResponseSchema (pinned first, then newest)
 *   POST   /groups/{id}/discussions                             createDiscussionRequestSchema → 201 discussionWriteResponseSchema
 *   GET    /groups/{id}/discussions/{discussionId}                                → discussionResponseSchema
 *   PUT    /groups/{id}/discussions/{discussionId}              updateDiscussionRequestSchema → discussionWriteResponseSchema (author only)
 *   DELETE /groups/{id}/discussions/{discussionId}                                → discussionMessageResponseSchema (author, owner, admin)
 *   POST   /groups/{id}/discussions/{discussionId}/pin | /unpin                   → pinResponseSchema (owner, admin)
 *   GET    /groups/{id}/discussions/{discussionId}/like-status                    → likeStatusResponseSchema
 *   POST   /groups/{id}/discussions/{discussionId}/like     likeRequestSchema → likeResponseSchema (toggles, or sets `liked`)
 *   GET    /groups/{id}/discussions/{discussionId}/comments     commentListQuerySchema → commentListResponseSchema (top-level, newest first; order=oldest)
 *   POST   /groups/{id}/discussions/{discussionId}/comments     createCommentRequestSchema → 201 commentWriteResponseSchema
 *   GET    /groups/{id}/discussions/{discussionId}/comments/{commentId}/replies  commentsQuerySchema → replyListResponseSchema (oldest first)
 *   POST   /groups/{id}/discussions/{discussionId}/comments/{commentId}/like  likeRequestSchema → likeResponseSchema
 *   PUT    /groups/{id}/discussions/{discussionId}/comments/{commentId}  updateCommentRequestSchema → commentUpdateResponseSchema (author only; issue 15)
 *   DELETE /groups/{id}/discussions/{discussionId}/comments/{commentId}          → commentDeleteResponseSchema (author, owner, admin; beyond the spec;
 *                                                               a comment with replies stays as "[deleted]", one without goes)
 *   GET    /groups/{id}/discussions/{discussionId}/history                        → editHistoryResponseSchema (history.ts; whoever reads the post)
 *   GET    /groups/{id}/discussions/{discussionId}/comments/{commentId}/history   → editHistoryResponseSchema (whoever reads the comment)
 *   POST   /upload/image                                        multipart field `image` → { message, url } (profiles.ts imageUrlResponseSchema)
 *   GET    /users/{id}/activity                                 activityQuerySchema → activityResponseSchema (a person's posts and comments, newest
 *                                                               first, only those the viewer may read; signed-in users; 404 `user_not_found`)
 *
 * Errors are `{ message, code, fields? }` (errors.ts): a missing post, a post under another community's path or a
 * malformed id is 404 `discussion_not_found` ("Post not found"); a missing comment 404 `comment_not_found`; a
 * private community's content read by a non-member 403; writes by a visitor 401, by a non-member 403.
 */

const zeroOne = z.union([z.literal(0), z.literal(1)]);

// ---------------------------------------------------------------------------------------------------------------
// Entities (SPEC §3)

/** An attached image. `alt`: its description (alt text, issue 18 §4), "" when none was written (additive). */
export const discussionMediaSchema = z.object({ id: z.number().int(), media_url: z.string(), alt: z.string().optional() });
export type DiscussionMedia = z.infer<typeof discussionMediaSchema>;

/** A post as every response carries it. Dates are ISO 8601 (UTC, milliseconds). */
export const discussionSchema = z.object({
  id: z.number().int(),
  group_id: z.number().int(),
  /** The community's current slug, for links (/group/{slug}). */
  slug: z.string(),
  group_name: z.string(),
  group_dp: z.string().nullable(),
  group_verified: zeroOne,
  /** The author, under both spellings of SPEC §3. */
  user_id: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  profileImage: z.string().nullable(),
  user_dp: z.string().nullable(),
  /** SPEC §4 "Role in a community": owner if the author owns the community, else the member's role, default member. */
  role: z.enum(ROLES),
  discussion_content: z.string(),
  date_posted: z.string(),
  /** Set when the author edited the text after posting; null otherwise. */
  date_edited: z.string().nullable(),
  /** The same instant under the name comments and blogs use (issue 15 §1): the last edit, null if never edited. */
  edited_at: z.string().nullable(),
  is_pinned: zeroOne,
  commentCount: z.number().int(),
  comment_count: z.number().int(),
  likeCount: z.number().int(),
  likes_count: z.number().int(),
  /** The viewer liked it (false for visitors). */
  isLiked: z.boolean(),
  is_liked: z.boolean(),
  /** The attached images (`mediaUrls`), in the order they were sent. */
  media: z.array(discussionMediaSchema),
  /** What the viewer may do (SPEC §6): edit = author; delete = author, owner or admin; pin = owner or admin. */
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  canPin: z.boolean(),
  /** The same three, as the discussion policy decided them (additive). */
  abilities: discussionAbilitiesSchema.optional(),
  /** Removed by the community's staff (issue 15 §3), as its author and the staff see it; null otherwise (additive). */
  removed: removedInfoSchema.nullable().optional(),
});
export type Discussion = z.infer<typeof discussionSchema>;

/** A comment or a reply (replies have the same fields; `parentCommentId` is null for a top-level comment). */
export const commentSchema = z.object({
  id: z.number().int(),
  discussion_id: z.number().int(),
  comment_content: z.string(),
  content: z.string(),
  parentCommentId: z.number().int().nullable(),
  date_posted: z.string(),
  user_id: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  profileImage: z.string().nullable(),
  isLiked: z.boolean(),
  likeCount: z.number().int(),
  /** Replies of a top-level comment; always 0 for a reply (replies are one level deep). */
  replyCount: z.number().int(),
  /** The viewer may delete it: its author, the community's owner or an admin. */
  canDelete: z.boolean(),
  /** The same, as the comment policy decided it (additive). */
  abilities: commentAbilitiesSchema.optional(),
  /** Removed by the community's staff (issue 15 §3), as its author and the staff see it; null otherwise (additive). */
  removed: removedInfoSchema.nullable().optional(),
  /** The last edit (ISO 8601), null if never edited (issue 15 §1). */
  edited_at: z.string().nullable(),
  /**
   * Deleted while it had replies (issue 15 §1): kept in place so the thread reads on, its text and author's name
   * are `DELETED_COMMENT_TEXT`, its author id 0 and picture null; nobody can like, reply to or edit it. Also true
   * for a removed top-level comment kept for the replies the viewer may read (issue 15 §3): the same, with
   * `REMOVED_COMMENT_TEXT`, and `removed` null (its author and the staff see it whole, with the reason).
   */
  deleted: z.boolean(),
});
export type Comment = z.infer<typeof commentSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Paths and queries

/** `{id}` is the community (id or slug); `{discussionId}` is checked by the server: anything malformed is a 404. */
export const discussionParamsSchema = z.object({ id: z.string().min(1).max(200), discussionId: z.string().min(1).max(20) });
export const commentParamsSchema = discussionParamsSchema.extend({ commentId: z.string().min(1).max(20) });

const pageQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(DISCUSSION_LIMITS.pageMax).optional(),
});
/** Every feed: `?cursor=<nextCursor>&limit=` (default 10, at most 50). */
export const feedQuerySchema = pageQuery;
export type FeedQuery = z.input<typeof feedQuerySchema>;
/** Comments (default 20) and replies (default 10), at most 50 per page. */
export const commentsQuerySchema = pageQuery;
export type CommentsQuery = z.input<typeof commentsQuerySchema>;
/**
 * A post's top-level comments: `order=newest` (the default, what SPEC clients get) or `order=oldest` (a
 * conversation read down, as the web app shows it; decision 0014). A `nextCursor` continues in the order it came from.
 */
export const COMMENT_ORDERS = ['newest', 'oldest'] as const;
export type CommentOrder = (typeof COMMENT_ORDERS)[number];
export const commentListQuerySchema = pageQuery.extend({ order: z.enum(COMMENT_ORDERS).optional() });
export type CommentListQuery = z.input<typeof commentListQuerySchema>;

// ---------------------------------------------------------------------------------------------------------------
// Requests

/** A post's or comment's text: control characters refused, SPEC §5 paste cleaning, then non-empty and bounded. */
export const discussionContentField = textField({
  max: DISCUSSION_LIMITS.contentMax,
  tooLong: DISCUSSION_MESSAGES.contentTooLong,
  required: DISCUSSION_MESSAGES.contentRequired,
});
export const commentContentField = textField({
  max: DISCUSSION_LIMITS.commentMax,
  tooLong: DISCUSSION_MESSAGES.commentTooLong,
  required: DISCUSSION_MESSAGES.commentRequired,
});

/** One `mediaUrls` entry: an upload path of a post image, a query string or fragment dropped (SPEC §5). */
const mediaUrlField = z
  .string({ error: DISCUSSION_MESSAGES.imageNotUploaded })
  .max(DISCUSSION_LIMITS.mediaUrlMax, DISCUSSION_MESSAGES.imageNotUploaded)
  .refine((v) => !hasControlChars(v), DISCUSSION_MESSAGES.imageNotUploaded)
  .transform((v) => v.trim().replace(/[?#].*$/, ''))
  .refine((v) => POST_IMAGE_PATH_PATTERN.test(v), DISCUSSION_MESSAGES.imageNotUploaded);

/** One image description (alt text): control characters refused, cleaned to one line, at most 1,000 characters; "" = none. */
export const altTextField = z
  .string({ error: DISCUSSION_MESSAGES.altNotText })
  .refine((v) => !hasControlChars(v), TEXT_MESSAGES.controlChars)
  .transform(cleanLine)
  .pipe(z.string().max(DISCUSSION_LIMITS.altMax, DISCUSSION_MESSAGES.altTooLong));

/** `mediaAlts`: descriptions by index, parallel to the images; null entries and missing tail entries are "". */
const mediaAltsField = z
  .array(
    altTextField.nullable().transform((v) => v ?? ''),
    { error: DISCUSSION_MESSAGES.altNotText },
  )
  .max(DISCUSSION_LIMITS.mediaMax, DISCUSSION_MESSAGES.altsWithoutImages);

/**
 * POST /groups/{id}/discussions. `mediaUrls`: at most 10 paths from POST /upload/image, uploaded by the poster
 * (the server refuses anyone else's with 403 `forbidden_upload`); repeated paths count once. Absent or null = none.
 * `mediaAlts` (additive, issue 18 §4, optional): `mediaAlts[i]` describes `mediaUrls[i]`; never longer than
 * `mediaUrls`. A repeated path keeps the first non-empty description. Output: `mediaAlts` parallel to the
 * de-duplicated `mediaUrls`.
 */
export const createDiscussionRequestSchema = z
  .object({
    content: discussionContentField,
    mediaUrls: z
      .array(mediaUrlField, { error: DISCUSSION_MESSAGES.imageNotUploaded })
      .max(DISCUSSION_LIMITS.mediaMax, DISCUSSION_MESSAGES.tooManyImages)
      .nullish(),
    mediaAlts: mediaAltsField.nullish(),
  })
  .superRefine((v, ctx) => {
    if ((v.mediaAlts?.length ?? 0) > (v.mediaUrls?.length ?? 0)) {
      ctx.addIssue({ code: 'custom', path: ['mediaAlts'], message: DISCUSSION_MESSAGES.altsWithoutImages });
    }
  })
  .transform((v) => {
    const alts = new Map<string, string>();
    (v.mediaUrls ?? []).forEach((url, i) => {
      if (!alts.get(url)) alts.set(url, v.mediaAlts?.[i] ?? '');
    });
    return { content: v.content, mediaUrls: [...alts.keys()], mediaAlts: [...alts.values()] };
  });
export type CreateDiscussionRequest = z.input<typeof createDiscussionRequestSchema>;

/**
 * PUT /groups/{id}/discussions/{discussionId}: the new text (the images stay as they are). `mediaAlts` (additive,
 * optional): new descriptions of the post's attached images in their order (`media[i]`); absent = unchanged; a
 * shorter list leaves the rest as they are; longer than the images is 400.
 */
export const updateDiscussionRequestSchema = z.object({ content: discussionContentField, mediaAlts: mediaAltsField.nullish() });
export type UpdateDiscussionRequest = z.input<typeof updateDiscussionRequestSchema>;

/** A comment id in a body: a positive int4 as a number or digit string; null, absent or "" = a top-level comment. */
const parentIdField = z
  .union([z.number(), z.string().trim().max(20), z.null()], { error: DISCUSSION_MESSAGES.commentNotFound })
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === null || v === '') return null;
    const n = typeof v === 'number' ? v : /^[0-9]{1,10}$/.test(v) ? Number(v) : NaN;
    if (!Number.isInteger(n) || n < 1 || n > 2_147_483_647) {
      ctx.addIssue({ code: 'custom', message: DISCUSSION_MESSAGES.commentNotFound });
      return z.NEVER;
    }
    return n;
  });

/**
 * POST /groups/{id}/discussions/{discussionId}/comments. A reply carries its parent comment's id; a reply to a
 * reply is attached to that reply's top-level comment (replies are one level deep).
 */
export const createCommentRequestSchema = z.object({ content: commentContentField, parentCommentId: parentIdField });
export type CreateCommentRequest = z.input<typeof createCommentRequestSchema>;

/** PUT .../comments/{commentId}: the new text, by the same rules as a new comment's (issue 15 §1). */
export const updateCommentRequestSchema = z.object({ content: commentContentField });
export type UpdateCommentRequest = z.input<typeof updateCommentRequestSchema>;

/**
 * POST .../like (post or comment). Without a body (or without `liked`) the call toggles, as SPEC §7 describes; with
 * `liked` it sets that state, so a repeated click or a retried request cannot undo itself (the optimistic UI
 * knows the state it wants). Either way the answer is the database's state after the call.
 */
export const likeRequestSchema = z
  .object({ liked: z.boolean({ error: 'liked must be true or false' }).optional() })
  .nullish()
  .transform((v) => v?.liked);
export type LikeRequest = z.input<typeof likeRequestSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Responses

/** Every list of posts: a community's feed, the home feed, Explore. `nextCursor` null on the last page. */
export const discussionListResponseSchema = z.object({ discussions: z.array(discussionSchema), nextCursor: nextCursorSchema });
export type DiscussionListResponse = z.infer<typeof discussionListResponseSchema>;

/** GET one post. */
export const discussionResponseSchema = z.object({ discussion: discussionSchema });
export type DiscussionResponse = z.infer<typeof discussionResponseSchema>;

/** POST (201) and PUT of a post: the post as stored. */
export const discussionWriteResponseSchema = z.object({ message: z.string(), discussion: discussionSchema });
export type DiscussionWriteResponse = z.infer<typeof discussionWriteResponseSchema>;

export const discussionMessageResponseSchema = z.object({ message: z.string() });
export type DiscussionMessageResponse = z.infer<typeof discussionMessageResponseSchema>;

/** Pin and unpin: the stored state after the call. */
export const pinResponseSchema = z.object({ message: z.string(), is_pinned: zeroOne });
export type PinResponse = z.infer<typeof pinResponseSchema>;

/** A like toggle (post or comment): the database's state after the call, so the UI reconciles with it (SPEC §4). */
export const likeResponseSchema = z.object({ liked: z.boolean(), likeCount: z.number().int() });
export type LikeResponse = z.infer<typeof likeResponseSchema>;

/** GET .../like-status: whether the viewer likes the post (false for visitors), and its count. */
export const likeStatusResponseSchema = z.object({ liked: z.boolean(), likeCount: z.number().int() });
export type LikeStatusResponse = z.infer<typeof likeStatusResponseSchema>;

/**
 * `hiddenCount` (issue 15 §6): how many comments of this thread (top-level comments of the post, or one comment's
 * replies) the viewer does not see because they blocked the author; "1 hidden comment from a blocked person".
 * Absent when none is hidden.
 */
const hiddenCount = z.number().int().min(0).optional();

export const commentListResponseSchema = z.object({ comments: z.array(commentSchema), nextCursor: nextCursorSchema, hiddenCount });
export type CommentListResponse = z.infer<typeof commentListResponseSchema>;

export const replyListResponseSchema = z.object({ replies: z.array(commentSchema), nextCursor: nextCursorSchema, hiddenCount });
export type ReplyListResponse = z.infer<typeof replyListResponseSchema>;

/**
 * POST a comment (201): the new comment ("Comment added!" / "Reply added!"), the post's comment count after it
 * (replies count too), and for a reply the parent's reply count after it (null for a top-level comment).
 */
export const commentWriteResponseSchema = z.object({
  message: z.string(),
  comment: commentSchema,
  commentCount: z.number().int(),
  parentReplyCount: z.number().int().nullable(),
});
export type CommentWriteResponse = z.infer<typeof commentWriteResponseSchema>;

/** PUT a comment (issue 15 §1): "Comment updated" and the comment as stored. */
export const commentUpdateResponseSchema = z.object({ message: z.string(), comment: commentSchema });
export type CommentUpdateResponse = z.infer<typeof commentUpdateResponseSchema>;

/**
 * DELETE a comment: the post's comment count after it. `kept` (additive, issue 15 §1): true when the comment had
 * replies and stays in place as "[deleted]"; false when it is gone (with a deleted parent that had no other reply).
 */
export const commentDeleteResponseSchema = z.object({ message: z.string(), commentCount: z.number().int(), kept: z.boolean() });
export type CommentDeleteResponse = z.infer<typeof commentDeleteResponseSchema>;

// ---------------------------------------------------------------------------------------------------------------
// A person's activity (the profile's Activity tab)

/** `?cursor=<nextCursor>&limit=` (default 10, at most 50). */
export const activityQuerySchema = pageQuery;
export type ActivityQuery = z.input<typeof activityQuerySchema>;

/**
 * One entry of GET /users/{id}/activity: a post the person wrote, or a comment (or reply) they wrote with the post
 * it is on. `date_posted` is the entry's own date (the comment's for a comment), the order of the list.
 */
export const activityItemSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('discussion'), date_posted: z.string(), discussion: discussionSchema }),
  z.object({ type: z.literal('comment'), date_posted: z.string(), comment: commentSchema, discussion: discussionSchema }),
]);
export type ActivityItem = z.infer<typeof activityItemSchema>;

/**
 * A person's posts and comments, newest first, in the communities the viewer may read (public ones, and private
 * ones where the viewer is a member or the owner); nothing else is counted or hinted at. `nextCursor` null on the
 * last page.
 */
export const activityResponseSchema = z.object({ items: z.array(activityItemSchema), nextCursor: nextCursorSchema });
export type ActivityResponse = z.infer<typeof activityResponseSchema>;
