import { LIMITS } from './limits';

/** The exact texts of SPEC §5. Note the typographic apostrophe in "can’t". */
export const BIRTHDAY_MESSAGES = {
  invalid: 'Invalid date.',
  future: 'Date can’t be in the future.',
  tooYoung: 'You must be at least 18 years old.',
  tooOld: 'Please enter a realistic birth date.',
} as const;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses a calendar date "YYYY-MM-DD" strictly (no time zone, no rollover of 2001-02-30). */
export function parseIsoDate(value: string): { y: number; m: number; d: number } | null {
  const match = ISO_DATE.exec(value.trim());
  if (!match) return null;
  const y = Number(match[1]);
  const m = Number(match[2]);
  const d = Number(match[3]);
  if (m < 1 || m > 12 || d < 1) return null;
  const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  if (d > daysInMonth) return null;
  return { y, m, d };
}

function toKey(date: { y: number; m: number; d: number }): number {
  return date.y * 10000 + date.m * 100 + date.d;
}

/** Today's calendar date for the given instant in the given UTC offset (minutes east of UTC). */
export function calendarDate(now: Date, offsetMinutes = -now.getTimezoneOffset()): { y: number; m: number; d: number } {
  const shifted = new Date(now.getTime() + offsetMinutes * 60_000);
  return { y: shifted.getUTCFullYear(), m: shifted.getUTCMonth() + 1, d: shifted.getUTCDate() };
}

/**
 * Validates a birthday (SPEC §5). Empty is allowed. `today` is the calendar date the rule is judged on:
 * the browser passes its local date; the server passes the latest calendar date on Earth (UTC+14) so it never
 * rejects a date that a browser in any time zone accepted.
 * Returns the message to show, or null when valid.
 */
export function validateBirthday(value: string | null | undefined, today: { y: number; m: number; d: number }): string | null {
  if (value == null || value.trim() === '') return null;
  const date = parseIsoDate(value);
  if (!date) return BIRTHDAY_MESSAGES.invalid;
  const key = toKey(date);
  if (key > toKey(today)) return BIRTHDAY_MESSAGES.future;
  // Born on Feb 29: turns 18 on Mar 1 in non-leap years; comparing keys handles it (yyyy0229 > yyyy0228).
  if (key > toKey({ ...today, y: today.y - LIMITS.minAgeYears })) return BIRTHDAY_MESSAGES.tooYoung;
  const earliest = parseIsoDate(LIMITS.earliestBirthDate)!;
  if (key < toKey(earliest)) return BIRTHDAY_MESSAGES.tooOld;
  return null;
}

/** The latest calendar date anywhere (UTC+14), used by the server. */
export function latestCalendarDate(now = new Date()): { y: number; m: number; d: number } {
  return calendarDate(now, 14 * 60);
}

/**
 * A birthday without its year, "--MM-DD" (ISO 8601's form for a recurring date), as GET /users/{id} gives it to
 * viewers who are neither the user nor a friend: the profile still shows "Mar 5th", the age stays private
 * (decision 0012 b). Null and unreadable values stay null.
 */
export function yearlessBirthday(value: string | null): string | null {
  const date = value === null ? null : parseIsoDate(value);
  return date ? `--${String(date.m).padStart(2, '0')}-${String(date.d).padStart(2, '0')}` : null;
}

const YEARLESS_DATE = /^--(\d{2})-(\d{2})$/;

/** Month and day of "YYYY-MM-DD" or "--MM-DD" (29 February allowed without a year), or null. */
export function birthdayMonthDay(value: string): { m: number; d: number } | null {
  const yearless = YEARLESS_DATE.exec(value.trim());
  const date = yearless ? parseIsoDate(`2000-${yearless[1]}-${yearless[2]}`) : parseIsoDate(value);
  return date ? { m: date.m, d: date.d } : null;
}
