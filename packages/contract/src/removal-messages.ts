/**
 * Removal with a reason (issue 15 §3): limits, texts, error codes and the author's notification text, zod-free so
 * a feed's first load can name them without loading the schemas (removals.ts).
 */

/** 409 codes: the item is already in the state asked for. */
export const REMOVAL_ERROR_CODES = ['already_removed', 'not_removed'] as const;

export const REMOVAL_LIMITS = { reasonMax: 500 } as const;

export const REMOVAL_MESSAGES = {
  reasonRequired: 'Give a reason for the removal',
  reasonTooLong: `The reason must be at most ${REMOVAL_LIMITS.reasonMax} characters`,
  forbidden: 'Only the community’s staff can remove or restore what a member ranked below them wrote',
  alreadyRemoved: 'This was already removed',
  notRemoved: 'This is not removed',
  removed: 'Removed',
  restored: 'Restored',
  /** A like, a comment or a reply on a removed item, by its author or the staff (everyone else gets the 404). */
  noInteraction: 'This was removed by a moderator and takes no likes or comments',
} as const;

/** The notification the author gets (type `content_removed`). */
export function removalNotificationText(kind: 'discussion' | 'comment' | 'blog', reason: string): string {
  const what = kind === 'discussion' ? 'post' : kind;
  return `A moderator removed your ${what}: ${reason}`;
}
