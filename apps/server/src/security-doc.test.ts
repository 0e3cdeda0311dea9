import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  ADMIN_LIMITS,
  BAN_LIMITS,
  BLOCK_LIMITS,
  DISCUSSION_LIMITS,
  EDIT_HISTORY_MAX,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  POSTING_LIMITS,
  REMOVAL_LIMITS,
  REPORT_LIMITS,
  resolveReportRequestSchema,
} from '@agora/contract';
import { describe, expect, it } from 'vitest';
import { LIMIT_VALUES } from './lib/rate-limiter';
import { SUSPENDED_LIST_MAX } from './modules/admin/admin.queries';
import { SITE_LOG_PAGE } from './modules/admin/admin.service';
import { REPORT_QUEUE_PAGE } from './modules/reports/reports.service';

/**
 * docs/SECURITY.md's "Every limit" lists every limit of issue 15 with the value the code enforces: each row named
 * here must exist and carry the values, read from the constants themselves (a changed constant fails this test).
 */

const DOC = readFileSync(fileURLToPath(new URL('../../../docs/SECURITY.md', import.meta.url)), 'utf8');
const n = (value: number) => value.toLocaleString('en-US');
/** "0 (off), 1, 5, … or 1,440": a list of allowed values as the table writes it. */
const choices = (values: readonly number[], zero: string) => {
  const rest = values.slice(1).map(n);
  return `0 (${zero}), ${rest.slice(0, -1).join(', ')} or ${rest.at(-1)}`;
};
const tenMinutes = (limit: { points: number; duration: number }) => {
  expect(limit.duration).toBe(600);
  return `${limit.points} per`;
};

function row(label: string): string {
  const line = DOC.split('\n').find((l) => l.startsWith(`| ${label}`));
  expect(line, `docs/SECURITY.md has a row "${label}"`).toBeDefined();
  return line!;
}

const resolveDays = resolveReportRequestSchema.shape.days.unwrap();

const ROWS: [label: string, values: string[]][] = [
  ['Removal reason', [`1–${n(REMOVAL_LIMITS.reasonMax)} characters`]],
  ['A ban from a community', [`${BAN_LIMITS.daysMin} to ${n(BAN_LIMITS.daysMax)} days`, `reason 1 to ${n(BAN_LIMITS.reasonMax)} characters`]],
  [
    'Reports (issue 15 §2)',
    [`${tenMinutes(LIMIT_VALUES.reportsPerUser)} person per 10 minutes`, `at most ${n(REPORT_LIMITS.noteMax)} characters`],
  ],
  [
    'Resolving a report',
    [`1–${n(REPORT_LIMITS.reasonMax)} characters`, `${resolveDays.minValue}–${n(resolveDays.maxValue!)} days`],
  ],
  ['Report queue', [`${REPORT_QUEUE_PAGE} reported items a page`]],
  ['Moderation log and bans list', [`pages of ${PAGE_SIZE_DEFAULT}`, `at most ${PAGE_SIZE_MAX}`]],
  ['Blocks', ['no cap', `pages of ${BLOCK_LIMITS.pageDefault}`, `at most ${BLOCK_LIMITS.pageMax}`]],
  ['Suspensions (site staff)', [`1–${n(ADMIN_LIMITS.reasonMax)} characters`, `1–${n(ADMIN_LIMITS.daysMax)} days`]],
  ['Site log and suspended accounts', [`pages of ${SITE_LOG_PAGE}`, `at most ${SUSPENDED_LIST_MAX}`]],
  [
    'New accounts (first 24 hours)',
    [`${POSTING_LIMITS.newAccountDiscussions} discussions and ${POSTING_LIMITS.newAccountComments} comments`],
  ],
  ['The same text again', [`${POSTING_LIMITS.duplicateWindowSeconds / 60} minutes`]],
  ['Community slow mode', [`${choices(POSTING_LIMITS.slowModeMinutes, 'off')} minutes`]],
  ['Community minimum account age', [`${choices(POSTING_LIMITS.minAccountAgeHours, 'none')} hours`]],
  ['Community blocked words', [`at most ${POSTING_LIMITS.blockedWordsMax}`, `each at most ${POSTING_LIMITS.blockedWordMax} characters`]],
  ['Edits of posts, comments and blogs', [`${tenMinutes(LIMIT_VALUES.editsPerUser)} 10 minutes`]],
  ['Edit history', [`${EDIT_HISTORY_MAX} newest versions`]],
];

describe('docs/SECURITY.md lists every limit of issue 15 with its value', () => {
  it('new accounts are new for 24 hours, as the row says', () => {
    expect(POSTING_LIMITS.newAccountHours).toBe(24);
    expect(DISCUSSION_LIMITS.editsPerWindow).toBe(LIMIT_VALUES.editsPerUser.points);
  });

  it.each(ROWS)('%s', (label, values) => {
    const line = row(label);
    for (const value of values) expect(line, `the row "${label}"`).toContain(value);
  });
});
