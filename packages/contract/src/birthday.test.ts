import { describe, expect, it } from 'vitest';
import { BIRTHDAY_MESSAGES, calendarDate, latestCalendarDate, parseIsoDate, validateBirthday } from './birthday';

const today = { y: 2026, m: 11, d: 21 };

describe('validateBirthday', () => {
  it('allows empty', () => {
    expect(validateBirthday('', today)).toBeNull();
    expect(validateBirthday(null, today)).toBeNull();
  });
  it.each([
    ['abc', BIRTHDAY_MESSAGES.invalid],
    ['2001-02-29', BIRTHDAY_MESSAGES.invalid],
    ['2000-13-01', BIRTHDAY_MESSAGES.invalid],
    ['2026-11-22', BIRTHDAY_MESSAGES.future],
    ['2008-11-22', BIRTHDAY_MESSAGES.tooYoung],
    ['1899-12-31', BIRTHDAY_MESSAGES.tooOld],
  ])('%s → %s', (value, message) => expect(validateBirthday(value, today)).toBe(message));
  it.each(['2008-11-21', '1900-01-01', '2000-02-29', '2026-11-21'.replace('2026', '1990')])('accepts %s', (value) =>
    expect(validateBirthday(value, today)).toBeNull(),
  );
  it('uses the typographic apostrophe of the spec', () => expect(BIRTHDAY_MESSAGES.future).toBe('Date can\u2019t be in the future.'));
  it('counts a leap-day birthday as 18 on Mar 1 of a common year', () => {
    expect(validateBirthday('2008-02-29', { y: 2026, m: 2, d: 28 })).toBe(BIRTHDAY_MESSAGES.tooYoung);
    expect(validateBirthday('2008-02-29', { y: 2026, m: 3, d: 1 })).toBeNull();
  });
});

describe('dates', () => {
  it('parses strictly', () => {
    expect(parseIsoDate('1990-03-05')).toEqual({ y: 1990, m: 3, d: 5 });
    expect(parseIsoDate('1990-3-5')).toBeNull();
  });
  it('takes the calendar date at an offset', () => {
    const instant = new Date('2026-11-21T23:30:00Z');
    expect(calendarDate(instant, 0)).toEqual({ y: 2026, m: 11, d: 21 });
    expect(calendarDate(instant, 60)).toEqual({ y: 2026, m: 11, d: 22 });
    expect(latestCalendarDate(new Date('2026-11-21T10:00:00Z'))).toEqual({ y: 2026, m: 11, d: 22 });
  });
});
