import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeMail } from '../mail/compose';
import { createMailer } from '../mail/transport';
import { startSmtpServer } from '../test/smtp';
import { useTestApp } from '../test/test-app';
import { jobHandlers } from './handlers';
import { JobQueue, SCHEDULES } from './queue';

const t = useTestApp();
const quiet = { info: () => {}, warn: () => {} };
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const FROM = 'Agora <no-reply@agora.test>';
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());

const message = (to: string, n = 1) =>
  composeMail({
    to,
    subject: `Reset your password ${n}`,
    paragraphs: ['Someone asked to reset the password of your account.'],
    action: { label: 'Choose a new password', url: `http://localhost:3000/reset-password?token=abc${n}` },
  });

/** A worker node: takes mail jobs and sends them through the test SMTP server, retrying after 1 s. */
function startWorker() {
  const mailer = createMailer({ smtpUrl: smtp.url, from: FROM, dir: '' }, quiet);
  return JobQueue.start(t.databaseUrl, {
    work: true,
    handlers: jobHandlers(t.app.ctx, mailer),
    log: quiet,
    pollingIntervalSeconds: 0.5,
    policies: { mail: { retryDelay: 1, retryBackoff: false } },
  });
}

describe('the job queue and mail', () => {
  it('delivers a queued mail through SMTP_URL with a plain-text and an HTML part, the product name and the link', async () => {
    const queue = await startWorker();
    try {
      smtp.received.length = 0;
      await queue.send('mail', message('ada@example.com'));
      const [mail] = await smtp.waitFor(1);
      expect(mail!.subject).toBe('Reset your password 1 | Agora');
      expect(mail!.from?.value).toEqual([{ name: 'Agora', address: 'no-reply@agora.test' }]);
      expect(mail!.to && 'text' in mail!.to ? mail!.to.text : '').toBe('ada@example.com');
      expect(mail!.text).toContain('http://localhost:3000/reset-password?token=abc1');
      expect(mail!.html).toContain('href="http://localhost:3000/reset-password?token=abc1"');
      expect(mail!.text).toContain('— Agora');
    } finally {
      await queue.stop();
    }
  });

  it('tries a refused delivery again (451 twice) and delivers it exactly once', async () => {
    const queue = await startWorker();
    try {
      smtp.received.length = 0;
      smtp.refuse(2);
      await queue.send('mail', message('bea@example.com', 2));
      await smtp.waitFor(1, 20_000);
      // Nothing more arrives: the job completed.
      while ((await queue.pending('mail')) > 0) await new Promise((r) => setTimeout(r, 100));
      expect(smtp.received.map((m) => m.subject)).toEqual(['Reset your password 2 | Agora']);
    } finally {
      await queue.stop();
    }
  }, 30_000);

  it('keeps a mail enqueued by a process that stopped before sending it, and a later process sends it once', async () => {
    // The enqueuing process takes no jobs (as if killed right after the commit): the job waits in PostgreSQL.
    const enqueuer = await JobQueue.start(t.databaseUrl, { work: false, handlers: {}, log: quiet });
    await enqueuer.send('mail', message('cy@example.com', 3));
    await enqueuer.stop();
    smtp.received.length = 0;
    const queue = await startWorker();
    try {
      await smtp.waitFor(1);
      while ((await queue.pending('mail')) > 0) await new Promise((r) => setTimeout(r, 100));
      expect(smtp.received.map((m) => m.subject)).toEqual(['Reset your password 3 | Agora']);
    } finally {
      await queue.stop();
    }
  });

  it('enqueues inside the caller’s transaction: a rolled-back change leaves no job, a committed one leaves one', async () => {
    const queue = await JobQueue.start(t.databaseUrl, { work: false, handlers: {}, log: quiet });
    try {
      const before = await queue.pending('mail');
      await t.database.db
        .transaction(async (tx) => {
          await queue.send('mail', message('dan@example.com', 4), { tx });
          throw new Error('rolled back');
        })
        .catch(() => {});
      expect(await queue.pending('mail')).toBe(before);
      await t.database.db.transaction(async (tx) => {
        await queue.send('mail', message('dan@example.com', 5), { tx });
      });
      expect(await queue.pending('mail')).toBe(before + 1);
      // The job's data is what was composed, bytes for bytes.
      const rows = await t.database.db.execute<{ data: { subject: string } }>(
        sql`SELECT data FROM pgboss.job WHERE name = 'mail' AND data->>'to' = 'dan@example.com'`,
      );
      expect([...rows].map((r) => r.data.subject)).toEqual(['Reset your password 5 | Agora']);
    } finally {
      await queue.stop();
    }
  });

  it('runs the periodic sweeps from the queue’s schedules, once per cluster', async () => {
    const queue = await startWorker();
    try {
      const rows = await t.database.db.execute<{ name: string; cron: string }>(sql`SELECT name, cron FROM pgboss.schedule`);
      expect([...rows].map((r) => [r.name, r.cron])).toEqual(SCHEDULES.map((s) => [s.queue, s.cron]));
    } finally {
      await queue.stop();
    }
  });
});

describe('mail without a mail server (the embedded default)', () => {
  it('writes each mail as an .eml file under DATA_DIR/mail and logs its subject and links', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'agora-mail-'));
    const lines: string[] = [];
    try {
      const mailer = createMailer({ smtpUrl: undefined, from: FROM, dir }, { info: (m) => lines.push(m) });
      await mailer.send(message('eve@example.com', 6));
      const files = readdirSync(dir);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const mail = await simpleParser(readFileSync(path.join(dir, files[0]!)));
      expect(mail.subject).toBe('Reset your password 6 | Agora');
      expect(mail.text).toContain('reset-password?token=abc6');
      expect(mail.html).toContain('reset-password?token=abc6');
      expect(lines.join('\n')).toContain('"Reset your password 6 | Agora"');
      expect(lines.join('\n')).toContain('http://localhost:3000/reset-password?token=abc6');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('composing a mail', () => {
  it('refuses a header injection in the recipient or the subject, and an address that is not one plain address', () => {
    for (const to of [
      'a@example.com\r\nBcc: all@example.com',
      'Ada <a@example.com>',
      'a@example.com, b@example.com',
      `${'a'.repeat(250)}@example.com`,
      'nobody',
    ]) {
      expect(() => composeMail({ to, subject: 'Hi', paragraphs: [] }), JSON.stringify(to)).toThrow('Please enter a valid email address');
    }
    expect(() => composeMail({ to: 'a@example.com', subject: 'Hi\r\nBcc: all@example.com', paragraphs: [] })).toThrow('one line');
  });

  it('escapes what a person wrote in the HTML part', () => {
    const mail = composeMail({ to: 'a@example.com', subject: 'Hi', paragraphs: ['<img src=x onerror=alert(1)> & "you"'] });
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;you&quot;');
    expect(mail.html).not.toContain('<img');
    expect(mail.text).toContain('<img src=x onerror=alert(1)> & "you"');
  });
});
