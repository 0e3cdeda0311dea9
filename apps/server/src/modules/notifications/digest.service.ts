import { ACCOUNT_MESSAGES } from '@agora/contract';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { notificationSettings } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { clientKey } from '../../lib/client-ip';
import { composeMail, type MailMessage } from '../../mail/compose';
import { issueDigestOffToken, spendDigestOffToken } from '../account/account.service';

/**
 * The email digest (issue 14 §6, decision 0106). One scheduled run a day at 08:00 UTC (jobs/queue.ts SCHEDULES)
 * mails each person who chose a digest the unread notifications of their period: every day for `daily`, on
 * Mondays for `weekly`. The period starts at the last digest, or one period before the run when there was none
 * (or it was longer ago). Nothing is sent when nothing is unread. Muted communities and discussions and turned-off
 * types are not in it: those notifications were never written.
 */
export type DigestFrequency = 'daily' | 'weekly';

const HOUR_MS = 60 * 60 * 1000;
const PERIOD_MS: Record<DigestFrequency, number> = { daily: 24 * HOUR_MS, weekly: 7 * 24 * HOUR_MS };
/**
 * A person is due when their last digest is at least this old: less than a period, so a run that starts late
 * (the queue was busy, the app restarted) still sends the next one; more than half a period, so a second run in the
 * same period (a retried job, a run by hand) finds the last digest too recent and sends nothing.
 */
const DUE_AFTER_MS: Record<DigestFrequency, number> = { daily: 20 * HOUR_MS, weekly: 6 * 24 * HOUR_MS };
/** At most this many notifications are listed; the mail says how many more wait in the app. */
export const DIGEST_MAX_ITEMS = 20;
/** People looked at per query (keyset pages), so a large site never loads every subscriber at once. */
const BATCH = 200;

/** Which digests a run at `now` sends: daily ones always, weekly ones on Mondays (UTC, as the schedule). */
export function digestsDueAt(now: Date): DigestFrequency[] {
  return now.getUTCDay() === 1 ? ['daily', 'weekly'] : ['daily'];
}

/** The start of a period: the later of the last digest and one period before `now`. */
function periodStart(frequency: DigestFrequency, now: Date, lastSentAt: Date | null): Date {
  const start = new Date(now.getTime() - PERIOD_MS[frequency]);
  return lastSentAt && lastSentAt > start ? lastSentAt : start;
}

type DigestItem = { content: string; link: string | null; groupName: string | null };

/** An absolute link into the app for a notification's path (only paths on this site; anything else opens the home page). */
function appLink(publicUrl: string, link: string | null): string {
  if (link && link.startsWith('/') && !link.startsWith('//') && !link.startsWith('/\\') && !/[\s<>"]/.test(link))
    return `${publicUrl}${link}`;
  return `${publicUrl}/`;
}

/** The digest mail: a line per unread notification with its link, where to change settings, and the one-click off link. */
export function digestMail(
  publicUrl: string,
  to: { email: string; username: string },
  input: { frequency: DigestFrequency; items: DigestItem[]; total: number; token: string },
): MailMessage {
  const { frequency, items, total } = input;
  const noun = total === 1 ? 'notification' : 'notifications';
  const more = total - items.length;
  return composeMail({
    to: to.email,
    subject: `Your ${frequency} digest: ${total} unread ${noun}`,
    greeting: `Hello ${to.username},`,
    paragraphs: [
      `You have ${total} unread ${noun} from the past ${frequency === 'daily' ? 'day' : 'week'}:`,
      ...(more > 0 ? [`…and ${more} more waiting for you.`] : []),
    ],
    items: items.map((item) => ({
      text: item.groupName ? `${item.content} (${item.groupName})` : item.content,
      url: appLink(publicUrl, item.link),
    })),
    action: { label: 'Open Agora', url: `${publicUrl}/` },
    settingsUrl: `${publicUrl}/settings`,
    unsubscribe: { label: 'Turn off this digest', url: `${publicUrl}/unsubscribe?token=${input.token}` },
  });
}

type Candidate = { userId: number; digest: DigestFrequency };

/** People with this digest who are due at `now` and have something unread in their period, after `afterId`. */
async function dueCandidates(db: DbOrTx, frequencies: DigestFrequency[], now: Date, afterId: number): Promise<Candidate[]> {
  const at = now.toISOString();
  const rows = await db.execute<{ user_id: number; digest: DigestFrequency }>(sql`
    SELECT s.user_id, s.digest
    FROM notification_settings s
    JOIN users u ON u.id = s.user_id AND u.deleted_at IS NULL
    WHERE s.user_id > ${afterId}::int
      AND s.digest IN (${sql.join(
        frequencies.map((f) => sql`${f}`),
        sql`, `,
      )})
      AND (s.digest_sent_at IS NULL OR s.digest_sent_at <= ${at}::timestamptz - CASE s.digest
        WHEN 'daily' THEN ${`${DUE_AFTER_MS.daily} milliseconds`}::interval ELSE ${`${DUE_AFTER_MS.weekly} milliseconds`}::interval END)
      AND EXISTS (SELECT 1 FROM notifications n WHERE n.user_id = s.user_id AND NOT n.is_read AND n.created_at <= ${at}::timestamptz
        AND n.created_at > greatest(s.digest_sent_at, ${at}::timestamptz - CASE s.digest
          WHEN 'daily' THEN ${`${PERIOD_MS.daily} milliseconds`}::interval ELSE ${`${PERIOD_MS.weekly} milliseconds`}::interval END))
    ORDER BY s.user_id
    LIMIT ${BATCH}`);
  return [...rows].map((r) => ({ userId: r.user_id, digest: r.digest }));
}

/**
 * One person's digest, in one transaction: the settings row is locked and checked again (another run or node may
 * have sent it meanwhile), the unread notifications of the period are read, `digest_sent_at` moves to `now`, a
 * one-click off token is stored (hashed) and the mail is enqueued, all committed together. Returns whether a mail
 * was enqueued.
 */
export async function sendDigest(ctx: AppContext, userId: number, frequency: DigestFrequency, now: Date): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ digest: notificationSettings.digest, sentAt: notificationSettings.digestSentAt })
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, userId))
      .for('update');
    if (!row || row.digest !== frequency) return false;
    if (row.sentAt && now.getTime() - row.sentAt.getTime() < DUE_AFTER_MS[frequency]) return false;
    const since = periodStart(frequency, now, row.sentAt);
    const items = [
      ...(await tx.execute<{ content: string; link: string | null; group_name: string | null; total: number }>(sql`
        SELECT n.noti_content AS content, n.noti_link AS link, g.group_name, count(*) OVER ()::int AS total
        FROM notifications n LEFT JOIN groups g ON g.id = n.group_id
        WHERE n.user_id = ${userId}::int AND NOT n.is_read
          AND n.created_at > ${since.toISOString()}::timestamptz AND n.created_at <= ${now.toISOString()}::timestamptz
        ORDER BY n.created_at DESC, n.id DESC
        LIMIT ${DIGEST_MAX_ITEMS}`)),
    ];
    if (items.length === 0) return false;
    const [user] = [
      ...(await tx.execute<{ email: string; username: string }>(
        sql`SELECT email, username FROM users WHERE id = ${userId}::int AND deleted_at IS NULL`,
      )),
    ];
    if (!user) return false;
    await tx.update(notificationSettings).set({ digestSentAt: now }).where(eq(notificationSettings.userId, userId));
    const token = await issueDigestOffToken(tx, userId);
    const mail = digestMail(ctx.publicUrl, user, {
      frequency,
      items: items.map((i) => ({ content: i.content, link: i.link, groupName: i.group_name })),
      total: items[0]!.total,
      token,
    });
    await ctx.jobs.send('mail', mail, { tx });
    return true;
  });
}

/**
 * The scheduled run at `now` (injectable, so tests fix the clock): every due person's digest, one transaction each
 * (a failure for one person does not hold back the others; the run's retry sends nobody twice). The number sent.
 */
export async function sendDigests(ctx: AppContext, now: Date): Promise<number> {
  const frequencies = digestsDueAt(now);
  let sent = 0;
  let afterId = 0;
  for (;;) {
    const page = await dueCandidates(ctx.db, frequencies, now, afterId);
    for (const candidate of page) if (await sendDigest(ctx, candidate.userId, candidate.digest, now)) sent += 1;
    if (page.length < BATCH) return sent;
    afterId = page.at(-1)!.userId;
  }
}

/**
 * POST /api/notifications/digest/unsubscribe: the link of a digest mail turns the digest off, without signing in
 * (the random single-purpose token is the proof). The token is used up, and so are the person's other digest links.
 */
export async function unsubscribeDigest(ctx: AppContext, input: { token: string; client: { ip: string } }): Promise<void> {
  await ctx.limiters.tokenAttemptsPerIp.consume(clientKey(input.client.ip));
  await ctx.db.transaction(async (tx) => {
    const userId = await spendDigestOffToken(tx, input.token);
    if (userId === null) throw new AppError(400, 'token_invalid', ACCOUNT_MESSAGES.tokenInvalid);
    await tx
      .update(notificationSettings)
      .set({ digest: 'off', updatedAt: sql`now()` })
      .where(eq(notificationSettings.userId, userId));
  });
}
