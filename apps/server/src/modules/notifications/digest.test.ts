import { eq, sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@agora/contract';
import { notifications, notificationSettings } from '../../db/schema';
import { jobHandlers } from '../../jobs/handlers';
import { JobQueue } from '../../jobs/queue';
import { createMailer } from '../../mail/transport';
import { createUser, type TestUser } from '../../test/factories';
import { startSmtpServer } from '../../test/smtp';
import { useTestApp } from '../../test/test-app';
import { sendDigest, sendDigests } from './digest.service';

// Issue 14 §6: the email digest, sent by the job queue to a real SMTP server. The run's clock is passed in (never
// the machine's time or time zone); notifications are written with fixed times around it. Every test uses its own
// week, so people of earlier tests have nothing unread in a later run's period.
const t = useTestApp({ rateLimit: false });
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let worker: JobQueue;
let handlers: ReturnType<typeof jobHandlers>;
beforeAll(async () => {
  smtp = await startSmtpServer();
  const mailer = createMailer({ smtpUrl: smtp.url, from: 'Agora <no-reply@agora.test>', dir: '' }, { info: () => {} });
  handlers = jobHandlers(t.app.ctx, mailer);
  worker = await JobQueue.start(t.databaseUrl, {
    work: true,
    handlers,
    log: { info: () => {}, warn: () => {} },
    pollingIntervalSeconds: 0.5,
  });
});
afterAll(async () => {
  await worker?.stop();
  await smtp?.close();
});

const HOUR = 60 * 60 * 1000;
const at = (base: Date, hours: number) => new Date(base.getTime() + hours * HOUR);

async function chooseDigest(user: TestUser, digest: 'off' | 'daily' | 'weekly') {
  const res = await t.app.inject({ method: 'PUT', url: '/api/notifications/settings', headers: user.auth, payload: { digest } });
  expect(res.statusCode).toBe(200);
}

/** A notification for `user` from `sender`, written at a fixed time. */
async function notification(user: TestUser, sender: TestUser, content: string, createdAt: Date, read = false) {
  await t.database.db.insert(notifications).values({
    userId: user.id,
    senderId: sender.id,
    notiType: 'comment',
    notiContent: content,
    notiLink: `/groups/1/discussions/${Math.floor(Math.random() * 1000) + 1}`,
    isRead: read,
    createdAt,
  });
}

/** The mails that reached `user` so far, after waiting for `count` of them. */
async function mailsTo(user: TestUser, count: number): Promise<ParsedMail[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mine = smtp.received.filter((m) => m.to && !Array.isArray(m.to) && m.to.text === user.email);
    if (mine.length >= count) return mine;
    if (Date.now() > deadline) throw new Error(`expected ${count} mails to ${user.email}, got ${mine.length}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const digestSentAt = async (user: TestUser) =>
  (
    await t.database.db
      .select({ at: notificationSettings.digestSentAt })
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, user.id))
  )[0]?.at ?? null;

/** The one-click link of a digest mail, and its token. */
function unsubscribeLink(mail: ParsedMail): { url: string; token: string } {
  const url = /https?:\/\/\S+\/unsubscribe\?token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '');
  expect(url).not.toBeNull();
  return { url: url![0], token: url![1]! };
}

describe('email digest', () => {
  it('daily: mails exactly the unread notifications of the day, once per period, with working links', async () => {
    // Tuesday 2030-01-08, 08:00 UTC.
    const now = new Date('2030-01-08T08:00:00Z');
    const ada = await createUser(t.database.db);
    const bob = await createUser(t.database.db);
    await chooseDigest(ada, 'daily');
    await notification(ada, bob, 'bob commented on your post', at(now, -2));
    await notification(ada, bob, 'bob replied to your comment', at(now, -20));
    await notification(ada, bob, 'already read today', at(now, -3), true);
    await notification(ada, bob, 'unread but from the day before', at(now, -30));

    expect(await sendDigests(t.app.ctx, now)).toBe(1);
    const [mail] = await mailsTo(ada, 1);
    expect(mail!.subject).toBe('Your daily digest: 2 unread notifications | Agora');
    const publicUrl = t.config.publicUrl;
    for (const part of [mail!.text ?? '', mail!.html || '']) {
      expect(part).toContain('bob commented on your post');
      expect(part).toContain('bob replied to your comment');
      expect(part).not.toContain('already read today');
      expect(part).not.toContain('unread but from the day before');
      expect(part).toContain(`${publicUrl}/groups/1/discussions/`);
      expect(part).toContain(`${publicUrl}/settings`);
      expect(part).toContain(`${publicUrl}/unsubscribe?token=`);
      expect(part).toContain('Agora');
    }
    // The newest first.
    expect(mail!.text!.indexOf('bob commented')).toBeLessThan(mail!.text!.indexOf('bob replied'));
    const { url } = unsubscribeLink(mail!);
    expect(mail!.headers.get('list')).toMatchObject({ unsubscribe: { url } });
    expect((await digestSentAt(ada))?.toISOString()).toBe(now.toISOString());

    // A second run in the same period (a retry, a run on another node) sends nothing.
    expect(await sendDigests(t.app.ctx, at(now, 1))).toBe(0);
    // The next day: only what arrived since the last digest.
    await notification(ada, bob, 'a new comment after the digest', at(now, 5));
    expect(await sendDigests(t.app.ctx, at(now, 24))).toBe(1);
    const mails = await mailsTo(ada, 2);
    expect(mails[1]!.subject).toBe('Your daily digest: 1 unread notification | Agora');
    expect(mails[1]!.text).toContain('a new comment after the digest');
    expect(mails[1]!.text).not.toContain('bob commented on your post');
    // And the day after, nothing new is unread: no mail, the last digest stays where it was.
    expect(await sendDigests(t.app.ctx, at(now, 48))).toBe(0);
    expect((await digestSentAt(ada))?.toISOString()).toBe(at(now, 24).toISOString());
  });

  it('sends nothing when nothing is unread, or to someone who keeps the digest off', async () => {
    const now = new Date('2030-02-12T08:00:00Z');
    const ada = await createUser(t.database.db);
    const off = await createUser(t.database.db);
    const bob = await createUser(t.database.db);
    await chooseDigest(ada, 'daily');
    await notification(ada, bob, 'read already', at(now, -2), true);
    await notification(off, bob, 'unread, but no digest chosen', at(now, -2));
    expect(await sendDigests(t.app.ctx, now)).toBe(0);
    expect(await digestSentAt(ada)).toBeNull();
  });

  it('weekly: on Mondays only, the unread of the past seven days', async () => {
    const monday = new Date('2030-03-04T08:00:00Z');
    const cara = await createUser(t.database.db);
    const bob = await createUser(t.database.db);
    await chooseDigest(cara, 'weekly');
    await notification(cara, bob, 'six days ago', at(monday, -6 * 24));
    await notification(cara, bob, 'eight days ago', at(monday, -8 * 24));
    // The Sunday before: the daily run does not send weekly digests.
    expect(await sendDigests(t.app.ctx, at(monday, -24))).toBe(0);
    expect(await sendDigests(t.app.ctx, monday)).toBe(1);
    const [mail] = await mailsTo(cara, 1);
    expect(mail!.subject).toBe('Your weekly digest: 1 unread notification | Agora');
    expect(mail!.text).toContain('six days ago');
    expect(mail!.text).not.toContain('eight days ago');
    expect(mail!.text).toContain('from the past week');
    // Later that Monday: already sent this week.
    expect(await sendDigests(t.app.ctx, at(monday, 3))).toBe(0);
  });

  it('two runs at once (two app nodes) send one digest', async () => {
    const now = new Date('2030-04-09T08:00:00Z');
    const dan = await createUser(t.database.db);
    const bob = await createUser(t.database.db);
    await chooseDigest(dan, 'daily');
    await notification(dan, bob, 'one for the race', at(now, -1));
    // The runs and, past their candidate queries, the per-person sends themselves.
    const sent = await Promise.all([
      sendDigests(t.app.ctx, now),
      sendDigests(t.app.ctx, now),
      sendDigest(t.app.ctx, dan.id, 'daily', now),
      sendDigest(t.app.ctx, dan.id, 'daily', now),
    ]);
    expect(sent.reduce<number>((a, b) => a + Number(b), 0)).toBe(1);
    const [mail] = await mailsTo(dan, 1);
    expect(mail!.text).toContain('one for the race');
  });

  it('the mail’s link turns the digest off without signing in, once; a forged or used token is 400', async () => {
    const now = new Date('2030-05-14T08:00:00Z');
    const eve = await createUser(t.database.db);
    const bob = await createUser(t.database.db);
    await chooseDigest(eve, 'daily');
    await notification(eve, bob, 'something to read', at(now, -1));
    expect(await sendDigests(t.app.ctx, now)).toBe(1);
    const [mail] = await mailsTo(eve, 1);
    const { token } = unsubscribeLink(mail!);

    const url = '/api/notifications/digest/unsubscribe';
    const forged = await t.app.inject({ method: 'POST', url, payload: { token: 'A'.repeat(43) } });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ code: 'token_invalid', message: ACCOUNT_MESSAGES.tokenInvalid });
    const malformed = await t.app.inject({ method: 'POST', url, payload: { token: 'not a token!' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(ACCOUNT_MESSAGES.tokenInvalid);
    expect((await t.app.inject({ method: 'POST', url, payload: {} })).statusCode).toBe(400);

    // No authorization header: the token is the proof.
    const ok = await t.app.inject({ method: 'POST', url, payload: { token } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: ACCOUNT_MESSAGES.digestOff });
    const settings = await t.app.inject({ method: 'GET', url: '/api/notifications/settings', headers: eve.auth });
    expect(settings.json().digest).toBe('off');

    const again = await t.app.inject({ method: 'POST', url, payload: { token } });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'token_invalid', message: ACCOUNT_MESSAGES.tokenInvalid });

    // Off means off: the next day's unread brings no mail.
    await notification(eve, bob, 'after turning it off', at(now, 5));
    expect(await sendDigests(t.app.ctx, at(now, 24))).toBe(0);
    // The other links of earlier digests are used up with it.
    const live = await t.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM account_tokens WHERE user_id = ${eve.id} AND purpose = 'digest_off' AND used_at IS NULL`,
    );
    expect([...live][0]?.n).toBe(0);

    // Expired links are of no use: the hourly sweep deletes them (one row per digest mail would otherwise pile up).
    await t.database.db.execute(sql`UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE user_id = ${eve.id}`);
    await handlers.sweep({}, { id: 'test', retryCount: 0 });
    const left = await t.database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM account_tokens WHERE user_id = ${eve.id}`);
    expect([...left][0]?.n).toBe(0);
  });
});
