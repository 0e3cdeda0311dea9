import { defineTexts, ordinalRule } from './i18n';

const ENGLISH_ORDINALS: Record<Intl.LDMLPluralRule, string> = { zero: 'th', one: 'st', two: 'nd', few: 'rd', many: 'th', other: 'th' };

/** Texts shared by the whole app: time labels, dialogs, loading and error states, the theme and language switches. */
export const COMMON_TEXTS = defineTexts('common', {
  // Timestamps (SPEC §9)
  justNow: 'Just now',
  minutesShort: (n: number) => `${n}m`,
  hoursShort: (n: number) => `${n}h`,
  /** A birthday: "Mar 5th" from "Mar 5". */
  birthday: (monthDay: string, day: number) => `${monthDay}${ENGLISH_ORDINALS[ordinalRule(day)]}`,
});
