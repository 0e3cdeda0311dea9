/**
 * The error codes of posting limits and filters (issue 15 §7), alone in a module: a composer names them on a first
 * load without loading posting-rules.ts (which holds the look-alike tables of blocked-word matching).
 */
export const POSTING_ERROR_CODES = ['slow_mode', 'account_too_new', 'blocked_word', 'duplicate_post'] as const;
