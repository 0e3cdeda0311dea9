import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on a free port for tests (smtp-server): records every message it accepts, parsed. `refuse(n)`
 * makes it answer the next n messages with a temporary failure (451), as a busy mail server does. With `hold`, it
 * takes every message whole and never answers it (`held` counts them): the sender's delivery is in flight until
 * its connection closes, and nothing is delivered.
 */
export async function startSmtpServer(options: { hold?: boolean } = {}) {
  const received: ParsedMail[] = [];
  let held = 0;
  let refusals = 0;
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // A held delivery keeps its connection open: close it at once when the test ends.
    closeTimeout: 100,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (options.hold) {
          held += 1;
          return waiters.splice(0).forEach((w) => w());
        }
        if (refusals > 0) {
          refusals -= 1;
          return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
        }
        void simpleParser(Buffer.concat(chunks)).then((mail) => {
          received.push(mail);
          waiters.splice(0).forEach((w) => w());
          callback();
        });
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuse(n: number) {
      refusals = n;
    },
    /** Messages taken whole and left unanswered (with `hold`). */
    held: () => held,
    /** Resolves once `count` messages are held (or rejects after `ms`). */
    async waitForHeld(count: number, ms = 15_000): Promise<void> {
      const deadline = Date.now() + ms;
      while (held < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} held mails, got ${held}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    /** Resolves once `count` messages have arrived (or rejects after `ms`). */
    async waitFor(count: number, ms = 15_000): Promise<ParsedMail[]> {
      const deadline = Date.now() + ms;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} mails, got ${received.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
