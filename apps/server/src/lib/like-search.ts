/** Substring search over names (communities, members): the LIKE pattern and the trigram strategy's thresholds. */

/** Escapes LIKE wildcards so a search for "a_b" or "50%" matches those characters. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Search terms of 3+ characters can use the trigram indexes; shorter ones cannot (pg_trgm extracts no trigram from
 * them), so they take the ordered walk, which a 1–2 character term usually ends early (it is common).
 */
export const TRIGRAM_MIN = 3;
/**
 * At most this many site-wide matches are collected through the trigram index before the other strategy is taken.
 * Below it, the matches are joined to the community (cost: the matches, whatever the community's size); above it
 * the term is common, so walking the community's member index in order finds a page of matches quickly. The
 * planner cannot choose between the two itself: the community id is only known at run time (it may come from a
 * slug), and it plans for an average-sized community (measured: 1.1 s for a rare term in a 100,000-member
 * community with the walk, under 1 ms with the trigram path).
 */
export const TRIGRAM_CANDIDATES_MAX = 2000;
