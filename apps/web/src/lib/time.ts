import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';
import { birthdayMonthDay } from '@agora/contract';
import { MOBILE_BREAKPOINT_PX } from './ui-constants';

/**
 * Timestamp and date display (SPEC §9). Pure functions: `now` is passed in, so tests are deterministic.
 * All calendar comparisons use the viewer's local time zone.
 */

dayjs.extend(advancedFormat);

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

/** "MMM D" in the current year, "MMM D YYYY" otherwise. */
function calendarLabel(date: Date, now: Date): string {
  return dayjs(date).format(date.getFullYear() === now.getFullYear() ? 'MMM D' : 'MMM D YYYY');
}

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
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
  if (elapsed < MINUTE) return 'Just now';

  if (viewport === 'mobile') {
    if (dayjs(date).isSame(now, 'day')) {
      return elapsed < HOUR ? `${Math.floor(elapsed / MINUTE)}m` : `${Math.floor(elapsed / HOUR)}h`;
    }
    return calendarLabel(date, now);
  }

  if (elapsed < HOUR) return plural(Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return plural(Math.floor(elapsed / HOUR), 'hour');
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
  // "Do" is advancedFormat's ordinal.
  return dayjs(new Date(2000, date.m - 1, date.d)).format('MMM Do');
}

/** Today's local calendar date as "YYYY-MM-DD" (for a date input's `max`). */
export function isoDateOf(date: { y: number; m: number; d: number }): string {
  return `${String(date.y).padStart(4, '0')}-${String(date.m).padStart(2, '0')}-${String(date.d).padStart(2, '0')}`;
}
