import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { linksIn, type MailMessage } from './compose';

/** Sends one composed message; rejects when the server refuses it or cannot be reached (the job retries). */
export type Mailer = { send(message: MailMessage): Promise<{ messageId: string }>; close(): void };

export type MailSettings = { smtpUrl: string | undefined; from: string; dir: string };

/**
 * The outgoing mail transport. With `smtpUrl`, through that server (nodemailer's SMTP transport: STARTTLS when
 * the server offers it, `smtps://` for implicit TLS). Without one (the embedded default), every message is
 * written as `<time>-<id>.eml` under `dir` (written whole, then renamed, so a reader never sees half a file) and
 * its subject and links are logged, so a person running `npm start` can follow a reset link without a mail server.
 */
export function createMailer(settings: MailSettings, log: { info(message: string): void }): Mailer {
  if (settings.smtpUrl) {
    const transport = nodemailer.createTransport(settings.smtpUrl, { from: settings.from });
    return {
      async send(message) {
        const info = await transport.sendMail({ from: settings.from, ...message });
        return { messageId: info.messageId };
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: settings.from, ...message });
      await mkdir(settings.dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const file = path.join(settings.dir, name);
      await writeFile(`${file}.tmp`, info.message as Buffer);
      await rename(`${file}.tmp`, file);
      const links = linksIn(message.text);
      log.info(`Mail to ${message.to}: "${message.subject}" written to ${file}${links.length ? ` — ${links.join(' ')}` : ''}`);
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}
