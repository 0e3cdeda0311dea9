import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer } from '../test/smtp';
import { createMailer, type Mailer } from './transport';

const message = (n: number) => ({ to: `reader${n}@example.com`, subject: `Mail ${n}`, text: `Text ${n}`, html: `<p>Text ${n}</p>` });

describe('the SMTP transport', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let mailer: Mailer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    mailer = createMailer({ smtpUrl: smtp.url, from: 'Agora <no-reply@agora.test>', dir: '' }, { info: () => {} });
  });
  afterAll(async () => {
    mailer.close();
    await smtp.close();
  });

  // A new connection per mail paid the server's greeting every time (smtp-server waits 100 ms before it, a real MTA
  // adds TLS and AUTH): the queue sent 7.6 mails/s (docs/perf/2026-11-26-mail-queue.md).
  it('sends successive mails over one pooled connection', async () => {
    for (const n of [1, 2, 3]) await mailer.send(message(n));
    await Promise.all([4, 5, 6, 7].map((n) => mailer.send(message(n))));
    await smtp.waitFor(7);
    expect(smtp.received.map((m) => m.subject).sort()).toEqual(['Mail 1', 'Mail 2', 'Mail 3', 'Mail 4', 'Mail 5', 'Mail 6', 'Mail 7']);
    // Sequential mails reuse the first connection; four at once may open up to the pool's limit (5).
    expect(smtp.connections()).toBeGreaterThanOrEqual(1);
    expect(smtp.connections()).toBeLessThanOrEqual(4);
  });

  it('sends again after the server closed the pooled connection', async () => {
    const before = smtp.received.length;
    const opened = smtp.connections();
    smtp.dropConnections();
    await mailer.send(message(8));
    await smtp.waitFor(before + 1);
    expect(smtp.received.at(-1)!.subject).toBe('Mail 8');
    expect(smtp.connections()).toBe(opened + 1);
  });
});
