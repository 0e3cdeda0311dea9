import { defineTexts, plural } from '@/lib/i18n';

/** Texts of the `@mention` suggestions (issue 16 §4). */
export const MENTION_TEXTS = defineTexts('mentions', {
  listLabel: 'People to mention',
  friend: 'Friend',
  member: 'Member',
  noMatch: (term: string) => `No one matches @${term}`,
  /** What a screen reader hears as the list opens. */
  count: (n: number) =>
    plural(n, {
      one: '# person found. Arrow keys to choose, Enter to mention.',
      other: '# people found. Arrow keys to choose, Enter to mention.',
    }),
});
