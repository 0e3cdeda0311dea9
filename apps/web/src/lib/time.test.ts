import { describe, expect, it } from 'vitest';
import { formatBirthday, formatTimestamp, isMobileWidth } from './time';

// Local-time constructors: the rules are about the viewer's calendar day.
const now = new Date(2025, 5, 15, 14, 30, 0); // Jun 15 2025, 14:30 local
const ago = (ms: number) => new Date(now.getTime() - ms);
const MIN = 60_000;
const HOUR = 60 * MIN;

describe('formatTimestamp on mobile', () => {
  it('says "Just now" under a minute', () => {
    expect(formatTimestamp(ago(59_000), now, 'mobile')).toBe('Just now');
    expect(formatTimestamp(now, now, 'mobile')).toBe('Just now');
  });

  it('shows minutes then hours on the same day', () => {
    expect(formatTimestamp(ago(MIN), now, 'mobile')).toBe('1m');
    expect(formatTimestamp(ago(59 * MIN), now, 'mobile')).toBe('59m');
    expect(formatTimestamp(ago(HOUR), now, 'mobile')).toBe('1h');
    expect(formatTimestamp(new Date(2025, 5, 15, 0, 5), now, 'mobile')).toBe('14h');
  });

  it('shows a date once the day changed, even if under 24 hours', () => {
    expect(formatTimestamp(new Date(2025, 5, 14, 23, 50), now, 'mobile')).toBe('Jun 14');
  });

  it('adds the year for another year', () => {
    expect(formatTimestamp(new Date(2024, 11, 31, 12), now, 'mobile')).toBe('Dec 31 2024');
  });
});

describe('formatTimestamp on desktop', () => {
  it('says "Just now" under a minute', () => {
    expect(formatTimestamp(ago(30_000), now, 'desktop')).toBe('Just now');
  });

  it('uses relative time under 24 hours, across midnight too', () => {
    expect(formatTimestamp(ago(MIN), now, 'desktop')).toBe('1 minute ago');
    expect(formatTimestamp(ago(5 * MIN), now, 'desktop')).toBe('5 minutes ago');
    expect(formatTimestamp(ago(HOUR), now, 'desktop')).toBe('1 hour ago');
    expect(formatTimestamp(ago(23 * HOUR + 59 * MIN), now, 'desktop')).toBe('23 hours ago');
  });

  it('shows "MMM D" from 24 hours on, with the year when it differs', () => {
    expect(formatTimestamp(ago(24 * HOUR), now, 'desktop')).toBe('Jun 14');
    expect(formatTimestamp(new Date(2025, 0, 3, 9), now, 'desktop')).toBe('Jan 3');
    expect(formatTimestamp(new Date(2023, 6, 4, 9), now, 'desktop')).toBe('Jul 4 2023');
  });

  it('accepts ISO strings and treats a future instant as "Just now"', () => {
    expect(formatTimestamp(ago(2 * HOUR).toISOString(), now, 'desktop')).toBe('2 hours ago');
    expect(formatTimestamp(new Date(now.getTime() + 5 * MIN), now, 'desktop')).toBe('Just now');
    expect(formatTimestamp('not a date', now, 'desktop')).toBe('');
  });
});

describe('isMobileWidth', () => {
  it('uses the 768 px breakpoint', () => {
    expect(isMobileWidth(390)).toBe(true);
    expect(isMobileWidth(767)).toBe(true);
    expect(isMobileWidth(768)).toBe(false);
  });
});

describe('formatBirthday', () => {
  it('shows a birthday without its year ("--MM-DD", decision 0012 b) the same way, 29 February included', () => {
    expect(formatBirthday('--03-05')).toBe('Mar 5th');
    expect(formatBirthday('--02-29')).toBe('Feb 29th');
    expect(formatBirthday('--02-30')).toBe('');
  });

  it('shows month and ordinal day', () => {
    expect(formatBirthday('1990-03-05')).toBe('Mar 5th');
    expect(formatBirthday('1985-01-01')).toBe('Jan 1st');
    expect(formatBirthday('1985-12-22')).toBe('Dec 22nd');
    expect(formatBirthday('1985-07-23')).toBe('Jul 23rd');
    expect(formatBirthday('1985-07-11')).toBe('Jul 11th');
    expect(formatBirthday('1985-07-31')).toBe('Jul 31st');
  });

  it('says "th" for the teens', () => {
    expect(['1985-07-11', '1985-07-12', '1985-07-13', '1985-07-21', '1985-07-22', '1985-07-23'].map(formatBirthday)).toEqual([
      'Jul 11th',
      'Jul 12th',
      'Jul 13th',
      'Jul 21st',
      'Jul 22nd',
      'Jul 23rd',
    ]);
  });

  it('never shifts the day, whatever the time zone (first of the month is the classic victim)', () => {
    expect(formatBirthday('2000-03-01')).toBe('Mar 1st');
  });

  it('is empty for nothing or nonsense', () => {
    expect(formatBirthday(null)).toBe('');
    expect(formatBirthday('')).toBe('');
    expect(formatBirthday('2001-02-30')).toBe('');
  });
});

describe('test environment', () => {
  it('runs west of Greenwich, where reading a calendar date as UTC shows the previous day', () => {
    expect(new Date('2000-03-01').getDate()).toBe(29);
  });
});
