import { z } from 'zod';

/**
 * What the viewer may do with an object, as the server's policy for its kind decided (apps/server/src/policies).
 * Responses carry these so clients show the buttons without recomputing roles. Additive: older responses lack them.
 */

/** A community (GET /groups/{id}). */
export const communityAbilitiesSchema = z.object({
  /** Members, discussions, comments and blogs are open: public, or the viewer is a member or the owner. */
  read: z.boolean(),
  /** Post, comment and like: a member or the owner. */
  contribute: z.boolean(),
  /** Answer join requests, invite, remove and re-role members ranked below: owner, admin or moderator. */
  moderate: z.boolean(),
  /** Delete anyone's post or comment, pin posts, publish blogs: owner or admin. */
  manage: z.boolean(),
  /** Change the settings, privacy and pictures, transfer and delete the community: the owner. */
  update: z.boolean(),
});
export type CommunityAbilities = z.infer<typeof communityAbilitiesSchema>;

/**
 * A discussion: edit = author; delete = author, owner or admin; pin = owner or admin (SPEC §6); like (and comment)
 * = a member or the owner (decision 0012 (a)).
 */
export const discussionAbilitiesSchema = z.object({
  edit: z.boolean(),
  delete: z.boolean(),
  pin: z.boolean(),
  like: z.boolean(),
  /** Remove with a reason / restore (issue 15 §3): staff outranking the author; additive. */
  remove: z.boolean().optional(),
  restore: z.boolean().optional(),
});
export type DiscussionAbilities = z.infer<typeof discussionAbilitiesSchema>;

/**
 * A comment: edit = its author (issue 15 §1; not once it is deleted); delete = its author, the owner or an admin;
 * remove / restore = staff outranking its author (issue 15 §3). `edit`, `remove` and `restore` are additive: older
 * responses lack them.
 */
export const commentAbilitiesSchema = z.object({
  edit: z.boolean().optional(),
  delete: z.boolean(),
  remove: z.boolean().optional(),
  restore: z.boolean().optional(),
});
export type CommentAbilities = z.infer<typeof commentAbilitiesSchema>;

/** A blog: edit and delete = the owner, or the admin who wrote it; like = a member or the owner (SPEC §6). */
export const blogAbilitiesSchema = z.object({
  edit: z.boolean(),
  delete: z.boolean(),
  like: z.boolean(),
  remove: z.boolean().optional(),
  restore: z.boolean().optional(),
});
export type BlogAbilities = z.infer<typeof blogAbilitiesSchema>;
