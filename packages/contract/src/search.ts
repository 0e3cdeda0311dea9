import { z } from 'zod';
import { blogSchema } from './blogs';
import { commentSchema, discussionSchema } from './discussions';
import { groupSchema } from './groups';
import { nextCursorSchema } from './pagination';
import { SEARCH_LIMITS, SEARCH_MESSAGES, SEARCH_TYPES } from './search-rules';

export * from './search-rules';

/**
 * Search (issue 16). One box finds everything the caller may read right now, nothing else (not a count, a passage or
 * a community's name from a private community they are not in; nothing removed; nothing by someone who blocked them).
 *
 *   GET /api/search?q=&type=&group=&cursor=&limit=   searchQuerySchema   → searchResponseSchema
 *   GET /api/search/mentions?q=&group=&limit=        mentionQuerySchema  → mentionResponseSchema (signed in)
 *
 * The query language is a person's, not an engineer's (websearch_to_tsquery): words (all must match, any inflection),
 * "a quoted phrase", -word to exclude, @username for an author, and the last word as a prefix while one types.
 * An empty or only-punctuation query is a 400 with `SEARCH_MESSAGES.emptyQuery`.
 */

export const searchQuerySchema = z.object({
  q: z.string({ error: SEARCH_MESSAGES.emptyQuery }).max(SEARCH_LIMITS.queryMax, SEARCH_MESSAGES.queryTooLong),
  type: z.enum(SEARCH_TYPES, { error: SEARCH_MESSAGES.typeInvalid }).default('all'),
  /** One community (its id or slug): what "Search this community" sends. */
  group: z.string().min(1).max(200).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(SEARCH_LIMITS.pageMax).optional(),
});
export type SearchQuery = z.input<typeof searchQuerySchema>;

/** The matching passage: plain text with SEARCH_MARK around each matched word (see `highlightParts`). */
const highlight = z.string();

/** A discussion as its card shows it, with the passage and where it opens (`appPaths.discussion`). */
export const discussionHitSchema = discussionSchema.extend({ highlight, link: z.string() });
export type DiscussionHit = z.infer<typeof discussionHitSchema>;

/** A comment or reply with its discussion's community, the passage and where it opens (`appPaths.comment`). */
export const commentHitSchema = commentSchema.extend({
  group_id: z.number().int(),
  slug: z.string(),
  group_name: z.string(),
  highlight,
  link: z.string(),
});
export type CommentHit = z.infer<typeof commentHitSchema>;

export const blogHitSchema = blogSchema.extend({ highlight, link: z.string() });
export type BlogHit = z.infer<typeof blogHitSchema>;

export const communityHitSchema = groupSchema.extend({ highlight });
export type CommunityHit = z.infer<typeof communityHitSchema>;

export const personHitSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  profileImage: z.string().nullable(),
  /** Friends the caller and this person have in common (0 for visitors). */
  mutual_friends: z.number().int(),
  highlight,
});
export type PersonHit = z.infer<typeof personHitSchema>;

/**
 * With `type=all` each list holds at most `SEARCH_LIMITS.perKindInAll` hits and `nextCursor` is null; with one type
 * only that list is filled and `nextCursor` pages it (no duplicates, no gaps while new posts arrive).
 */
export const searchResponseSchema = z.object({
  discussions: z.array(discussionHitSchema),
  comments: z.array(commentHitSchema),
  blogs: z.array(blogHitSchema),
  communities: z.array(communityHitSchema),
  people: z.array(personHitSchema),
  nextCursor: nextCursorSchema,
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

export const mentionQuerySchema = z.object({
  q: z.string().max(50),
  /** The community the text is written in (id or slug): its members come right after friends. */
  group: z.string().min(1).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(SEARCH_LIMITS.mentionMax).optional(),
});
export type MentionQuery = z.input<typeof mentionQuerySchema>;

export const mentionSuggestionSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  profileImage: z.string().nullable(),
  is_friend: z.boolean(),
  /** A member of the `group` asked about (false without one). */
  is_member: z.boolean(),
});
export type MentionSuggestion = z.infer<typeof mentionSuggestionSchema>;

export const mentionResponseSchema = z.object({ people: z.array(mentionSuggestionSchema) });
export type MentionResponse = z.infer<typeof mentionResponseSchema>;
