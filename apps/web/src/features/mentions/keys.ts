/** Query keys of the mention suggestions (zod-free leaves). */
export const mentionKeys = {
  all: ['mentions'] as const,
  /** People matching `term` for a text written in `group` (null: outside a community). */
  suggestions: (term: string, group: number | null) => [...mentionKeys.all, term, group] as const,
};
