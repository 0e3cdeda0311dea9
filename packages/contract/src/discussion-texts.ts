/**
 * Limits, texts and path rules of discussions and comments, apart from the schemas: this module never imports zod,
 * so the web app's first load can use them without loading zod (docs/decisions/0040-zod-stays-off-the-first-load.md).
 * `discussions.ts` re-exports everything here.
 */

import { appPaths } from './routes';

export const DISCUSSION_LIMITS = {
  /** A post's text after the SPEC §5 paste cleaning. */
  contentMax: 20_000,
  /** A comment's or reply's text after the same cleaning. */
  commentMax: 5_000,
  /** Images attached to a post (`mediaUrls`). */
  mediaMax: 10,
  /** Distinct own uploads a post's text may show inline (pasted images inserted as bracketed addresses). */
  inlineImagesMax: 20,
  /** Longest `mediaUrls` entry accepted (an upload path is about 45 characters). */
  mediaUrlMax: 500,
  /** An image's description (alt text), after cleaning to one line (issue 18 §4). */
  altMax: 1_000,
  /** Page sizes: the default when `limit` is absent, and the largest `limit` accepted. */
  feedPageDefault: 10,
  commentsPageDefault: 20,
  repliesPageDefault: 10,
  pageMax: 50,
  /** Rate limits per user (points per window in seconds); RATE_LIMIT=off disables them. */
  postsPerWindow: 30,
  commentsPerWindow: 120,
  likesPerWindow: 600,
  /** Edits of discussions, comments and blogs per user, together (each edit may notify people newly @mentioned). */
  editsPerWindow: 30,
  writeWindowSeconds: 10 * 60,
} as const;

/**
 * Texts the server sends as `message` (SPEC §8: the UI shows a server message as it arrives). The spec's exact
 * texts where it has one ("Comment cannot be empty", "Comment added!", "Reply added!").
 */
export const DISCUSSION_MESSAGES = {
  created: 'Post created',
  updated: 'Post updated',
  deleted: 'Post deleted',
  pinned: 'Post pinned',
  unpinned: 'Post unpinned',
  commentAdded: 'Comment added!',
  replyAdded: 'Reply added!',
  commentDeleted: 'Comment deleted',
  commentUpdated: 'Comment updated',
  authorOnlyEditComment: 'Only the author can edit this comment',
  /** 404 for a post that does not exist, was deleted, or belongs to another community than the path's. */
  notFound: 'Post not found',
  commentNotFound: 'Comment not found',
  contentRequired: 'Write something first',
  contentTooLong: `A post can be at most ${DISCUSSION_LIMITS.contentMax.toLocaleString('en-US')} characters`,
  commentRequired: 'Comment cannot be empty',
  commentTooLong: `A comment can be at most ${DISCUSSION_LIMITS.commentMax.toLocaleString('en-US')} characters`,
  tooManyImages: `A post can have at most ${DISCUSSION_LIMITS.mediaMax} images`,
  tooManyInlineImages: `A post's text can show at most ${DISCUSSION_LIMITS.inlineImagesMax} uploaded images`,
  imageNotUploaded: 'Images must be uploaded through Agora',
  altTooLong: `An image description can be at most ${DISCUSSION_LIMITS.altMax.toLocaleString('en-US')} characters`,
  altsWithoutImages: 'Each image description must belong to an image of the post',
  altNotText: 'An image description must be text',
  invalidParent: 'The comment you are replying to is not on this post',
  loginToPost: 'Please log in to post in this community',
  loginToComment: 'Please log in to comment',
  loginToLike: 'Please log in to like posts',
  memberToPost: 'Join the group to start posting!',
  memberToComment: 'Join the group to comment on its posts',
  memberToLike: 'Join the group to like its posts',
  authorOnlyEdit: 'Only the author can edit this post',
  cannotDelete: 'Only the author, the owner or an admin can delete this post',
  cannotDeleteComment: 'Only the author, the owner or an admin can delete this comment',
  cannotPin: 'Only the owner or an admin can pin posts',
  tooManyPosts: 'You are posting too often. Please try again later.',
  tooManyComments: 'You are commenting too often. Please try again later.',
  tooManyLikes: 'Too many likes. Please try again later.',
  tooManyEdits: 'You are editing too often. Please try again later.',
} as const;

/**
 * What a comment deleted while it has replies shows in place of its text and its author's name (issue 15 §1):
 * the thread keeps its replies, the words and the name are gone.
 */
export const DELETED_COMMENT_TEXT = '[deleted]';

/**
 * What a removed top-level comment that still has readable replies shows in place of its text and its author's name
 * to everyone but its author and the community's staff (issue 15 §3, as Lemmy does): the replies read on.
 */
export const REMOVED_COMMENT_TEXT = '[removed]';

/** Error codes of this feature (errors.ts lists them among ERROR_CODES). */
export const DISCUSSION_ERROR_CODES = ['discussion_not_found', 'comment_not_found'] as const;

/**
 * A post image: the path `POST /upload/image` answered (`/uploads/post/<random>.webp`, or `.jpg`). `mediaUrls`
 * accepts nothing else: no foreign URL, no other kind of upload.
 */
export const POST_IMAGE_PATH_PATTERN = /^\/uploads\/post\/[A-Za-z0-9_-]+\.(webp|jpg)$/;

/** Post image paths anywhere in a text (pasted images are inserted as bracketed addresses, with or without host). */
export const POST_IMAGE_PATH_IN_TEXT = /\/uploads\/post\/[A-Za-z0-9_-]+\.(?:webp|jpg)(?![A-Za-z0-9_-])/g;

/** The distinct post image paths a text shows, in order of first appearance. */
export function postImagePathsIn(text: string): string[] {
  return [...new Set(text.match(POST_IMAGE_PATH_IN_TEXT) ?? [])];
}

/** A database id in a path: digits without a leading zero within int4; anything else names nothing (null). */
export function parsePathId(value: string): number | null {
  if (!/^[1-9][0-9]{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}

/** Where a notification about a post or one of its comments leads (SPEC §2 Notifications panel). */
export function discussionLink(groupId: number, discussionId: number): string {
  return appPaths.discussion(groupId, discussionId);
}

/** `/groups/{groupId}/discussions/{discussionId}` → the two ids (a notification link opens the post panel). */
export function parseDiscussionLink(link: string | null | undefined): { groupId: number; discussionId: number } | null {
  const match = /^\/groups\/([1-9][0-9]{0,9})\/discussions\/([1-9][0-9]{0,9})\/?$/.exec(link ?? '');
  if (!match) return null;
  const groupId = parsePathId(match[1]!);
  const discussionId = parsePathId(match[2]!);
  return groupId && discussionId ? { groupId, discussionId } : null;
}
