import { birthdayMonthDay } from '@agora/contract';
import { MOBILE_BREAKPOINT_PX } from './ui-constants';
import { formatRelative, formatShortDate } from './i18n';
import { COMMON_TEXTS } from './texts';

/**
 * Timestamp and date display (SPEC §9). Pure functions: `now` is passed in, so tests are deterministic.
 * All calendar comparisons use the viewer's local time zone.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type Viewport = 'mobile' | 'desktop';

export function isMobileWidth(width: number): boolean {
  return width < MOBILE_BREAKPOINT_PX;
}

function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}

/** "MMM D" in the current year, "MMM D YYYY" otherwise (in English; in the language's order otherwise). */
function calendarLabel(date: Date, now: Date): string {
  return formatShortDate(date, date.getFullYear() !== now.getFullYear());
}

function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/**
 * Mobile: "Just now" under a minute, then "Nm" / "Nh" while on the same local day, then a date.
 * Desktop: "Just now" under a minute, then "5 minutes ago" / "3 hours ago" under 24 hours, then a date.
 * A timestamp slightly in the future (clock skew) reads "Just now".
 */
export function formatTimestamp(value: Date | string | number, now: Date, viewport: Viewport): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const elapsed = now.getTime() - date.getTime();
  if (elapsed < MINUTE) return COMMON_TEXTS.justNow;

  if (viewport === 'mobile') {
    if (sameDay(date, now)) {
      return elapsed < HOUR ? COMMON_TEXTS.minutesShort(Math.floor(elapsed / MINUTE)) : COMMON_TEXTS.hoursShort(Math.floor(elapsed / HOUR));
    }
    return calendarLabel(date, now);
  }

  if (elapsed < HOUR) return formatRelative(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return formatRelative(-Math.floor(elapsed / HOUR), 'hour');
  return calendarLabel(date, now);
}

/**
 * "1990-03-05" → "Mar 5th". The stored value is a calendar date, so it is read as one: never through
 * `new Date('YYYY-MM-DD')`, which is UTC midnight and shows the previous day west of Greenwich.
 * Returns '' for an empty or unreadable value.
 */
export function formatBirthday(value: string | null | undefined): string {
  if (!value) return '';
  // "YYYY-MM-DD", or "--MM-DD" when the server keeps the year from this viewer (decision 0012 b).
  const date = birthdayMonthDay(value);
  if (!date) return '';
  // A local Date built from the parts (in a leap year, for 29 February): the same calendar day in every zone.
  return COMMON_TEXTS.birthday(formatShortDate(new Date(2000, date.m - 1, date.d), false), date.d);
}

/** Today's local calendar date as "YYYY-MM-DD" (for a date input's `max`). */
export function isoDateOf(date: { y: number; m: number; d: number }): string {
  return `${String(date.y).padStart(4, '0')}-${String(date.m).padStart(2, '0')}-${String(date.d).padStart(2, '0')}`;
}
